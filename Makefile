# metro-timer: build, install and uninstall the release build, package it, and regenerate the
# manual pages.
#
#   make                             # the release build: static Swift runtime, nothing else to install
#   make install PREFIX=~/.local     # binaries (stripped), man pages (en, uk), bash/zsh/fish completions,
#                                    # the published timetable (share/metro-timer)
#   make uninstall PREFIX=~/.local   # the same files, and the directories install created (when empty)
#   make dist                        # dist/: the tarball and the .deb, each with a .sha256
#   make man                         # rewrite man/*.1 from the command specs (a test checks them)
#
# Variables: PREFIX (/usr/local), DESTDIR (for packaging), SCRATCH (the build directory, .build),
# SWIFT (swift), SWIFTFLAGS (more flags for 'swift build'), STRIP (the strip program install -s
# uses; empty: do not strip), STATIC (--static-swift-stdlib; empty: link the toolchain's
# runtime). 'make install' after 'make' does not rebuild: it installs what was built. Nothing
# here needs network access or root (unless PREFIX is a system directory).

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
SWIFTFLAGS ?=
STRIP ?= strip
STATIC ?= --static-swift-stdlib
INSTALL ?= install
# The build directory ('swift build --scratch-path'); any path gives the same bytes.
SCRATCH ?= .build

# The release binary, small and quick to start (bench/README.md has the numbers): each function
# in a section of its own, so the linker's --gc-sections drops the unused ones; identical
# functions folded (gold's --icf=all); and a position-dependent executable (-no-pie), which the
# loader need not patch with a PIE's 39,000 relocations at every start (0.9 MB of the file). The
# cost of the last: the executable's own code sits at a fixed address (its libraries, stack and
# heap are still randomised).
RELEASEFLAGS = -Xswiftc -Xfrontend -Xswiftc -function-sections -Xlinker --icf=all -Xswiftc -Xclang-linker -Xswiftc -no-pie
# The same bytes from any checkout path and any build directory (docs/decisions/0061). What
# carried the path was the compiler's incremental LLVM code generation: it writes a hash of each
# object's LLVM module into a .swift_modhash section that is linked into the binary, and the
# module names its source and output paths; -disable-incremental-llvm-codegen leaves the hash
# out (it only saves recompiling an unchanged object, which a release build from clean never
# does). Besides: no debug information (stripped anyway), source paths mapped to '.' for whatever
# else names them, and the version stamp (commit and its date, never the time or place of the
# build) in a generated file. The build ID is a hash of the linked output, so with the rest fixed
# it is fixed too. And the SIL optimizer's common-subexpression elimination is left out
# (-sil-disable-pass=cse): its result depends on where the compiler's objects lie in memory, so
# with address randomisation one function or another came out different from one build to the
# next, and without it the code differed by checkout path; with it off, every build at any path
# gives the same bytes. It costs about 5 % more instructions at start-up (docs/decisions/0061).
REPROFLAGS = -Xswiftc -Xfrontend -Xswiftc -disable-incremental-llvm-codegen \
	-Xswiftc -Xllvm -Xswiftc -sil-disable-pass=cse \
	-Xswiftc -gnone -Xswiftc -file-prefix-map -Xswiftc $(CURDIR)=. -Xswiftc -debug-prefix-map -Xswiftc $(CURDIR)=.
# No run path ($ORIGIN): the binaries load no library from beside them.
BUILDFLAGS = -c release --disable-local-rpath --scratch-path $(SCRATCH) $(STATIC) $(RELEASEFLAGS) $(REPROFLAGS) -Xswiftc -DMETRO_TIMER_STAMPED $(SWIFTFLAGS)
BIN = $(SCRATCH)/release
# One command on PATH (and the generator): the alert check is a mode of metro-timer.
PRODUCTS = metro-timer timetable-gen
STAMP = Sources/CLIKit/Release+Stamp.swift

BINDIR = $(DESTDIR)$(PREFIX)/bin
DATADIR = $(DESTDIR)$(PREFIX)/share
MANDIR = $(DATADIR)/man
BASHDIR = $(DATADIR)/bash-completion/completions
ZSHDIR = $(DATADIR)/zsh/site-functions
FISHDIR = $(DATADIR)/fish/vendor_completions.d
DOCDIR = $(DATADIR)/doc/metro-timer
SHAREDIR = $(DATADIR)/metro-timer
# The published timetable: what 'timetable-gen install' and 'timetable-gen gtfs' read by default.
DATAFILES = $(sort $(wildcard Data/kyiv-*.csv)) Data/README.md
# Every directory install may create, deepest last; uninstall removes, deepest first, those it
# created (listed in DOCDIR/installed-directories) once they are empty.
DIRS = $(DESTDIR)$(PREFIX) $(BINDIR) $(DATADIR) $(MANDIR) $(MANDIR)/man1 $(MANDIR)/uk $(MANDIR)/uk/man1 \
	$(DATADIR)/bash-completion $(BASHDIR) $(DATADIR)/zsh $(ZSHDIR) $(DATADIR)/fish $(FISHDIR) $(DATADIR)/doc $(DOCDIR) $(SHAREDIR)
STRIPFLAG = $(if $(STRIP),-s --strip-program=$(STRIP))

.PHONY: all build stamp install uninstall man dist clean-dist

all: build

build: stamp
	$(SWIFT) build $(BUILDFLAGS) --product metro-timer
	$(SWIFT) build $(BUILDFLAGS) --product timetable-gen

# What --version names: the commit (with -dirty when tracked files differ from it) and the
# commit's date in UTC; "unknown" outside git. Rewritten only when it changes (no rebuild).
stamp:
	@commit=$$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown); \
	git diff --quiet HEAD 2>/dev/null || [ "$$commit" = unknown ] || commit="$$commit-dirty"; \
	date=$$(TZ=UTC git log -1 --date=format-local:%Y-%m-%d --format=%cd 2>/dev/null || echo unknown); \
	text=$$(printf '%s\n' '// Written by make (the stamp target) for a release build; not checked in.' '#if METRO_TIMER_STAMPED' \
	  'extension Release {' "    public static let stamp: Stamp? = Stamp(commit: \"$$commit\", date: \"$$date\")" '}' '#endif'); \
	[ "$$(cat $(STAMP) 2>/dev/null)" = "$$text" ] || printf '%s\n' "$$text" > $(STAMP)

# Built only when missing: 'make install' after 'make' installs what was built.
$(addprefix $(BIN)/,$(PRODUCTS)):
	$(MAKE) build

# The completion scripts are written by the binary being installed, so they match it.
install: $(addprefix $(BIN)/,$(PRODUCTS))
	@set -e; created=""; \
	for dir in $(DIRS); do [ -d "$$dir" ] || { $(INSTALL) -d -m 0755 "$$dir"; created="$$created$$dir\n"; }; done; \
	$(INSTALL) -m 0755 $(STRIPFLAG) $(addprefix $(BIN)/,$(PRODUCTS)) "$(BINDIR)/"; \
	$(INSTALL) -m 0644 man/metro-timer.1 "$(MANDIR)/man1/metro-timer.1"; \
	$(INSTALL) -m 0644 man/uk/metro-timer.1 "$(MANDIR)/uk/man1/metro-timer.1"; \
	$(INSTALL) -m 0644 man/timetable-gen.1 "$(MANDIR)/man1/timetable-gen.1"; \
	"$(BIN)/metro-timer" completions bash > "$(BASHDIR)/metro-timer"; \
	"$(BIN)/metro-timer" completions zsh > "$(ZSHDIR)/_metro-timer"; \
	"$(BIN)/metro-timer" completions fish > "$(FISHDIR)/metro-timer.fish"; \
	chmod 0644 "$(BASHDIR)/metro-timer" "$(ZSHDIR)/_metro-timer" "$(FISHDIR)/metro-timer.fish"; \
	$(INSTALL) -m 0644 $(DATAFILES) "$(SHAREDIR)/"; \
	printf "$$created" | sed 's|^$(DESTDIR)||' >> "$(DOCDIR)/installed-directories"; \
	chmod 0644 "$(DOCDIR)/installed-directories"; \
	echo "Installed metro-timer into $(DESTDIR)$(PREFIX) (binaries in $(BINDIR))."

# Also the helper binary metro-timer-alerts that earlier releases installed (docs/decisions/0060).
uninstall:
	@rm -f $(addprefix "$(BINDIR)/",$(PRODUCTS)) \
	  "$(MANDIR)/man1/metro-timer.1" "$(MANDIR)/uk/man1/metro-timer.1" "$(MANDIR)/man1/timetable-gen.1" \
	  "$(BASHDIR)/metro-timer" "$(ZSHDIR)/_metro-timer" "$(FISHDIR)/metro-timer.fish" \
	  $(addprefix "$(SHAREDIR)/",$(notdir $(DATAFILES))) "$(BINDIR)/metro-timer-alerts"
	@list="$(DOCDIR)/installed-directories"; \
	if [ -f "$$list" ]; then \
	  dirs=$$(cat "$$list"); rm -f "$$list"; \
	  for dir in $$(printf '%s\n' $$dirs | sort -r); do rmdir "$(DESTDIR)$$dir" 2>/dev/null || true; done; \
	fi
	@echo "Removed metro-timer from $(DESTDIR)$(PREFIX). Your trips and settings are kept (see 'metro-timer about')."

man:
	$(SWIFT) build --product metro-timer
	$(SWIFT) build --product timetable-gen
	@bin="$$($(SWIFT) build --show-bin-path)" && set -e && \
	"$$bin/metro-timer" __manual en > man/metro-timer.1.tmp && mv man/metro-timer.1.tmp man/metro-timer.1 && \
	"$$bin/metro-timer" __manual uk > man/uk/metro-timer.1.tmp && mv man/uk/metro-timer.1.tmp man/uk/metro-timer.1 && \
	"$$bin/timetable-gen" __manual en > man/timetable-gen.1.tmp && mv man/timetable-gen.1.tmp man/timetable-gen.1

# The release archives (packaging/dist.sh): the tarball ripgrep-style and a .deb, from the same
# stripped binaries, byte-identical for a given commit and SOURCE_DATE_EPOCH (default: the last
# commit's time) from any checkout path and build directory (.ci/check-release.sh compares two).
dist: build
	SWIFT="$(SWIFT)" BIN="$(BIN)" bash packaging/dist.sh

clean-dist:
	rm -rf dist
