#!/bin/sh
# Installs metro-timer from this unpacked release, or removes what it installed:
#
#   ./install.sh                      # into ~/.local (as root: /usr/local)
#   ./install.sh --prefix DIR         # into DIR: DIR/bin, DIR/share/man, DIR/share/...
#   ./install.sh --uninstall [--prefix DIR]
#
# It places bin/metro-timer and bin/timetable-gen, the manual pages (English, and Ukrainian under
# man/uk), the completions where bash-completion, zsh and fish look (PREFIX/share/...), and the
# published timetable (PREFIX/share/metro-timer, which 'timetable-gen install' and 'gtfs' read).
# Every file it writes, and every directory it creates, is listed in
# PREFIX/share/doc/metro-timer/install-manifest; --uninstall removes exactly those (directories
# only when empty) and nothing else: your trips and settings are not touched.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ "$(id -u)" = 0 ]; then prefix=/usr/local; else prefix="${HOME:?HOME is not set}/.local"; fi
mode=install
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { echo "install.sh: '--prefix' needs a directory" >&2; exit 64; }; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --uninstall) mode=uninstall; shift ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown option '$1' (try --prefix DIR, --uninstall or --help)" >&2; exit 64 ;;
    esac
done
case "$prefix" in /*) ;; *) prefix="$(pwd)/$prefix" ;; esac
manifest="$prefix/share/doc/metro-timer/install-manifest"

if [ "$mode" = uninstall ]; then
    [ -f "$manifest" ] || { echo "install.sh: nothing to remove: $manifest is missing (was metro-timer installed into $prefix with this script?)" >&2; exit 1; }
    # Files first, then the directories this script created, deepest first, when empty.
    created=$(grep '^d ' "$manifest.dirs" 2>/dev/null | cut -c3- | sort -r || true)
    grep '^f ' "$manifest" | cut -c3- | while IFS= read -r file; do rm -f "$file"; done
    rm -f "$manifest" "$manifest.dirs"
    printf '%s\n' "$created" | while IFS= read -r dir; do [ -z "$dir" ] || rmdir "$dir" 2>/dev/null || true; done
    echo "Removed metro-timer from $prefix. Your trips and settings are kept (see 'metro-timer about')."
    exit 0
fi

# The directories, noting those that did not exist.
dirs=""
for dir in "$prefix" "$prefix/bin" "$prefix/share" "$prefix/share/man" "$prefix/share/man/man1" "$prefix/share/man/uk" \
    "$prefix/share/man/uk/man1" "$prefix/share/bash-completion" "$prefix/share/bash-completion/completions" "$prefix/share/zsh" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish" "$prefix/share/fish/vendor_completions.d" "$prefix/share/metro-timer" \
    "$prefix/share/doc" "$prefix/share/doc/metro-timer"; do
    if [ ! -d "$dir" ]; then mkdir -m 0755 "$dir"; dirs="$dirs$dir
"; fi
done
# Kept apart from the file list so that an install over an install keeps the first one's
# directories (they are still this script's to remove).
printf '%s' "$dirs" | sed 's/^/d /' >> "$manifest.dirs"
: > "$manifest"
put() {  # put SOURCE DEST MODE
    cp "$here/$1" "$2.tmp.$$" && chmod "$3" "$2.tmp.$$" && mv -f "$2.tmp.$$" "$2"
    printf 'f %s\n' "$2" >> "$manifest"
}
put bin/metro-timer "$prefix/bin/metro-timer" 0755
put bin/timetable-gen "$prefix/bin/timetable-gen" 0755
put share/man/man1/metro-timer.1 "$prefix/share/man/man1/metro-timer.1" 0644
put share/man/man1/timetable-gen.1 "$prefix/share/man/man1/timetable-gen.1" 0644
put share/man/uk/man1/metro-timer.1 "$prefix/share/man/uk/man1/metro-timer.1" 0644
put share/bash-completion/completions/metro-timer "$prefix/share/bash-completion/completions/metro-timer" 0644
put share/zsh/site-functions/_metro-timer "$prefix/share/zsh/site-functions/_metro-timer" 0644
put share/fish/vendor_completions.d/metro-timer.fish "$prefix/share/fish/vendor_completions.d/metro-timer.fish" 0644
for file in "$here"/share/metro-timer/*; do
    put "share/metro-timer/${file##*/}" "$prefix/share/metro-timer/${file##*/}" 0644
done
chmod 0644 "$manifest" "$manifest.dirs"
echo "Installed metro-timer into $prefix (binaries in $prefix/bin)."
case ":${PATH:-}:" in *":$prefix/bin:"*) ;; *) echo "Note: $prefix/bin is not on your PATH; add it (for example in ~/.profile: PATH=\"$prefix/bin:\$PATH\")." ;; esac
if [ "$prefix" != /usr/local ] && [ "$prefix" != /usr ]; then
    echo "Note: zsh looks for completions in \$fpath: add 'fpath+=($prefix/share/zsh/site-functions)' before compinit in ~/.zshrc."
fi
