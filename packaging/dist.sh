#!/usr/bin/env bash
# The release archives, from the release build in $BIN (.build/release; run by 'make dist',
# which builds it first):
#   dist/metro-timer-VERSION-linux-ARCH.tar.gz   one folder of the same name: install.sh, bin/,
#                                                share/ (man pages, completions, the published
#                                                timetable in metro-timer/), README, LICENSE, DATA.md
#                                                and the pages the README links (docs/guide/, ...)
#   dist/metro-timer_VERSION-1_DEBARCH.deb        files under /usr, built with dpkg-deb
# each with a .sha256 beside it. Binaries are stripped; file times, owners and order are fixed,
# so the same SOURCE_DATE_EPOCH (default: the last commit's time) gives the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${BIN:-.build/release}"
products="metro-timer timetable-gen"
for product in $products; do
    [ -x "$bin/$product" ] || { echo "dist: $bin/$product is missing; run 'make' first" >&2; exit 1; }
done
for tool in dpkg-deb dpkg-shlibdeps strip gzip tar sha256sum; do
    command -v "$tool" >/dev/null 2>&1 || { echo "dist: '$tool' is missing (Debian: apt-get install dpkg-dev binutils)" >&2; exit 1; }
done

version=$("$bin/metro-timer" --version | awk '{print $2}')
arch=$(uname -m)
debarch=$(dpkg --print-architecture)
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
export TZ=UTC LC_ALL=C.UTF-8
umask 022
mkdir -p dist
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Files in the order and with the modes a package wants; `place SRC DEST MODE`.
place() { install -D -m "$3" "$1" "$2"; }
stripped() { install -D -m 0755 "$1" "$2"; strip --strip-unneeded --remove-section=.comment --remove-section=.note "$2"; }
completions() {  # completions BINARY BASHFILE ZSHFILE FISHFILE
    mkdir -p "$(dirname "$2")" "$(dirname "$3")" "$(dirname "$4")"
    "$1" completions bash > "$2"; "$1" completions zsh > "$3"; "$1" completions fish > "$4"
    chmod 0644 "$2" "$3" "$4"
}
# The published timetable, where timetable-gen looks beside its bin/ (share/metro-timer).
shipdata() { for file in Data/kyiv-*.csv Data/README.md; do place "$file" "$1/${file#Data/}" 0644; done; }
stamp() { find "$1" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +; }
# The documents the README leads to: every file a relative link in README.md reaches, and on
# through the Markdown pages it reaches (the guide, its images, the decisions, ...), kept at their
# paths so that the links in the tarball's README work there too. A link to a folder takes its
# README.md; a link out of the checkout is not followed.
linked() {
    local todo=(README.md) seen=" " file link target
    while [ ${#todo[@]} -gt 0 ]; do
        file=${todo[0]}; todo=("${todo[@]:1}")
        case "$seen" in *" $file "*) continue ;; esac
        seen="$seen$file "
        [ -f "$file" ] || continue
        echo "$file"
        case "$file" in *.md) ;; *) continue ;; esac
        while IFS= read -r link; do
            target=$(realpath -m --relative-to=. "$(dirname "$file")/$link")
            case "$target" in ../*|.) continue ;; esac
            [ -d "$target" ] && target="$target/README.md"
            todo+=("$target")
        done < <(grep -o '](\([^)#]*\)' "$file" | sed 's/^](//' | grep -v '^[a-z][a-z]*:' | grep -v '^$' || true)
    done
}

# The tarball, ripgrep-style.
name="metro-timer-$version-linux-$arch"
tree="$work/$name"
for product in $products; do stripped "$bin/$product" "$tree/bin/$product"; done
place packaging/install.sh "$tree/install.sh" 0755
place man/metro-timer.1 "$tree/share/man/man1/metro-timer.1" 0644
place man/uk/metro-timer.1 "$tree/share/man/uk/man1/metro-timer.1" 0644
place man/timetable-gen.1 "$tree/share/man/man1/timetable-gen.1" 0644
completions "$tree/bin/metro-timer" "$tree/share/bash-completion/completions/metro-timer" \
    "$tree/share/zsh/site-functions/_metro-timer" "$tree/share/fish/vendor_completions.d/metro-timer.fish"
shipdata "$tree/share/metro-timer"
for file in $(linked); do place "$file" "$tree/$file" 0644; done
place LICENSE "$tree/LICENSE" 0644
place Data/README.md "$tree/DATA.md" 0644
place packaging/copyright "$tree/COPYRIGHT" 0644
stamp "$tree"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" -C "$work" -cf - "$name" \
    | gzip -n -9 > "dist/$name.tar.gz"
(cd dist && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")

# The .deb: Debian's places, compressed man pages and changelog, the machine-readable copyright.
root="$work/deb"
for product in $products; do stripped "$bin/$product" "$root/usr/bin/$product"; done
shipdata "$root/usr/share/metro-timer"
for page in man1/metro-timer.1:man/metro-timer.1 uk/man1/metro-timer.1:man/uk/metro-timer.1 man1/timetable-gen.1:man/timetable-gen.1; do
    mkdir -p "$(dirname "$root/usr/share/man/${page%%:*}")"
    gzip -n -9 -c "${page#*:}" > "$root/usr/share/man/${page%%:*}.gz"
    chmod 0644 "$root/usr/share/man/${page%%:*}.gz"
done
completions "$root/usr/bin/metro-timer" "$root/usr/share/bash-completion/completions/metro-timer" \
    "$root/usr/share/zsh/vendor-completions/_metro-timer" "$root/usr/share/fish/vendor_completions.d/metro-timer.fish"
doc="$root/usr/share/doc/metro-timer"
place packaging/copyright "$doc/copyright" 0644
# The warnings left on purpose, each with its reason (packaging/lintian-overrides).
place packaging/lintian-overrides "$root/usr/share/lintian/overrides/metro-timer" 0644
place Data/README.md "$doc/DATA.md" 0644
gzip -n -9 -c README.md > "$doc/README.md.gz"; chmod 0644 "$doc/README.md.gz"
printf 'metro-timer (%s-1) unstable; urgency=medium\n\n  * Release %s.\n\n -- %s  %s\n' \
    "$version" "$version" "$(sed -n 's/^Maintainer: //p' packaging/control)" "$(date -R -d "@$SOURCE_DATE_EPOCH")" \
    | gzip -n -9 > "$doc/changelog.Debian.gz"
chmod 0644 "$doc/changelog.Debian.gz"

# Depends: the shared libraries the binaries link, as dpkg-shlibdeps finds them (it wants a
# debian/control to read): the C library's version floor comes from here. tzdata is recommended
# (Kyiv time falls back to the built-in rule without it).
mkdir -p "$work/src/debian"
printf 'Source: metro-timer\n\nPackage: metro-timer\nArchitecture: any\n' > "$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O -e"$root/usr/bin/metro-timer" -e"$root/usr/bin/timetable-gen" 2>/dev/null \
    | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "dist: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size=$(du -sk --apparent-size "$root/usr" | cut -f1)
mkdir -p "$root/DEBIAN"
sed -e "s/@VERSION@/$version-1/" -e "s/@ARCH@/$debarch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
    packaging/control > "$root/DEBIAN/control"
(cd "$root" && find usr -type f | sort | xargs md5sum > DEBIAN/md5sums)
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 0755 {} +
stamp "$root"
deb="metro-timer_${version}-1_$debarch.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "dist/$deb" >/dev/null
(cd dist && sha256sum "$deb" > "$deb.sha256")

ls -l "dist/$name.tar.gz" "dist/$deb"
echo "Depends: $depends"
