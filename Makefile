# metro-timer: install and uninstall the release build, and regenerate the manual pages.
#
#   make install PREFIX=~/.local     # binaries, man pages (en, uk), bash/zsh/fish completions
#   make uninstall PREFIX=~/.local
#   make man                         # rewrite man/*.1 from the command specs (a test checks them)
#
# DESTDIR is honoured for packaging. Nothing here needs network access or root (unless PREFIX
# is a system directory).

PREFIX ?= /usr/local
DESTDIR ?=
CONFIGURATION ?= release
SWIFT ?= swift

BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: all build install uninstall man

all: build

build:
	$(SWIFT) build -c $(CONFIGURATION) --product metro-timer
	$(SWIFT) build -c $(CONFIGURATION) --product metro-timer-alerts

# The helper goes beside metro-timer: that is where metro-timer looks for it. The completion
# scripts are written by the binary being installed, so they match it.
install: build
	@bin="$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)" && set -e && \
	install -d "$(BINDIR)" "$(MANDIR)/man1" "$(MANDIR)/uk/man1" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)" && \
	install -m 0755 "$$bin/metro-timer" "$$bin/metro-timer-alerts" "$(BINDIR)/" && \
	install -m 0644 man/metro-timer.1 "$(MANDIR)/man1/metro-timer.1" && \
	install -m 0644 man/uk/metro-timer.1 "$(MANDIR)/uk/man1/metro-timer.1" && \
	"$$bin/metro-timer" completions bash > "$(BASHDIR)/metro-timer" && \
	"$$bin/metro-timer" completions zsh > "$(ZSHDIR)/_metro-timer" && \
	"$$bin/metro-timer" completions fish > "$(FISHDIR)/metro-timer.fish" && \
	chmod 0644 "$(BASHDIR)/metro-timer" "$(ZSHDIR)/_metro-timer" "$(FISHDIR)/metro-timer.fish" && \
	echo "Installed metro-timer into $(DESTDIR)$(PREFIX) (binaries in $(BINDIR))."

uninstall:
	rm -f "$(BINDIR)/metro-timer" "$(BINDIR)/metro-timer-alerts" \
	  "$(MANDIR)/man1/metro-timer.1" "$(MANDIR)/uk/man1/metro-timer.1" \
	  "$(BASHDIR)/metro-timer" "$(ZSHDIR)/_metro-timer" "$(FISHDIR)/metro-timer.fish"
	@echo "Removed metro-timer from $(DESTDIR)$(PREFIX). Your trips and settings are kept (see 'metro-timer about')."

man:
	$(SWIFT) build --product metro-timer
	@bin="$$($(SWIFT) build --show-bin-path)" && set -e && \
	"$$bin/metro-timer" __manual en > man/metro-timer.1.tmp && mv man/metro-timer.1.tmp man/metro-timer.1 && \
	"$$bin/metro-timer" __manual uk > man/uk/metro-timer.1.tmp && mv man/uk/metro-timer.1.tmp man/uk/metro-timer.1
	$(SWIFT) build --product timetable-gen && "$$($(SWIFT) build --show-bin-path)/timetable-gen" __manual en > man/timetable-gen.1.tmp && mv man/timetable-gen.1.tmp man/timetable-gen.1
