#!/usr/bin/env bash
# The release archives as a packager and a user without Swift get them: 'make dist' builds the
# tarball and the .deb; a second clone of the same commit at another path, with another build
# directory, builds them again: neither may name a checkout path or build directory, and the
# archives are compared byte for byte (docs/decisions/0061); lintian reads the .deb; then, in
# a mount namespace where the toolchain's directory is an empty directory (and, for one set of
# checks, /usr/share/zoneinfo too), the binaries from the tarball and from the .deb (dpkg-deb -x)
# run the main jobs, timetable-gen works from the unpacked tarball alone, the tarball's
# install.sh installs into a scratch prefix and --uninstall leaves nothing, lexgrog reads both
# manual pages, the installed size is at most 32 MB, the C library floor from objdump matches
# the .deb's Depends, the README and docs/guide/install.md, the README's links work inside the
# tarball, and dpkg installs and removes the .deb in a scratch root (--root), not on this machine.
# Ends with 'release: N passed, N failed'. Takes about two release builds (the second clone's).
set -uo pipefail
cd "$(dirname "$0")/.."
passed=0 failed=0
check() {  # check NAME COMMAND...
    local name="$1"; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $name"; fi
}
finish() { echo "release: $passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit $?; }

make dist >/dev/null || { echo "FAIL: make dist"; failed=1; finish; }
version=$(.build/release/metro-timer --version | awk '{print $2}')
tarball="dist/metro-timer-$version-linux-$(uname -m).tar.gz"
deb="dist/metro-timer_${version}-1_$(dpkg --print-architecture).deb"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

check "checksums" bash -c "cd dist && sha256sum -c --quiet '$(basename "$tarball").sha256' '$(basename "$deb").sha256'"
tar -C "$work" -xzf "$tarball"
tree="$work/metro-timer-$version-linux-$(uname -m)"
check "the tarball is one folder of its own name" test "$(tar -tzf "$tarball" | cut -d/ -f1 | sort -u)" = "$(basename "$tree")"
for f in install.sh bin/metro-timer bin/timetable-gen share/man/man1/metro-timer.1 share/man/uk/man1/metro-timer.1 \
    share/man/man1/timetable-gen.1 share/bash-completion/completions/metro-timer share/zsh/site-functions/_metro-timer \
    share/fish/vendor_completions.d/metro-timer.fish share/metro-timer/kyiv-stations.csv share/metro-timer/kyiv-timetable.csv \
    README.md LICENSE DATA.md COPYRIGHT; do
    check "tarball has $f" test -s "$tree/$f"
done
check "one command on PATH: bin/ holds metro-timer and timetable-gen only" test "$(ls "$tree/bin" | tr '\n' ' ')" = "metro-timer timetable-gen "
# The README inside the tarball links the guide (and the guide its images and the decisions):
# every relative link in every Markdown file of the tarball leads to a file or folder in it.
for f in docs/guide/install.md docs/guide/planning.md docs/guide/images/ride-card.png; do check "tarball has $f" test -s "$tree/$f"; done
check "every relative link in the tarball's Markdown resolves inside it" python3 -c '
import os, re, sys
root = sys.argv[1]; broken = []
for folder, _, files in os.walk(root):
    for name in files:
        if not name.endswith(".md"): continue
        page = os.path.join(folder, name)
        for target in re.findall(r"\]\(([^)#\s]+)", open(page, encoding="utf-8").read()):
            if re.match(r"^[a-z]+:", target): continue
            path = os.path.normpath(os.path.join(folder, target))
            if not path.startswith(root + os.sep) or not os.path.exists(path): broken.append(os.path.relpath(page, root) + " -> " + target)
for b in broken: print("  broken: " + b)
sys.exit(1 if broken else 0)' "$tree"
check "the published timetable is in the tarball (every Data/kyiv-*.csv)" bash -c "[ \"\$(cd Data && ls kyiv-*.csv)\" = \"\$(cd '$tree/share/metro-timer' && ls kyiv-*.csv)\" ]"
check "and in the .deb" bash -c "[ \"\$(dpkg-deb -c '$deb' | grep -c 'usr/share/metro-timer/kyiv-.*\\.csv')\" = \"\$(ls Data/kyiv-*.csv | wc -l)\" ]"
timetable=$(grep -o '"resourcesDated":"[0-9-]*"' Sources/MetroCore/Network/Network+EmbeddedJSON.swift | head -1 | cut -d'"' -f4)
expected="metro-timer $version (commit $(git rev-parse --short=12 HEAD), $(TZ=UTC git log -1 --date=format-local:%Y-%m-%d --format=%cd); timetable $timetable)"
check "--version names the commit, its date and the timetable" test "$("$tree/bin/metro-timer" --version)" = "$expected"
size=$(stat -c %s "$tree/bin/metro-timer")
echo "metro-timer in the tarball: $size bytes (stripped)"
check "metro-timer is at most 16.5 MB (16,500,000 bytes)" test "$size" -le 16500000
# The rider's binary links the core, never the lab or the data compiler: no symbol mangled with
# their modules' names (8MetroLab, 9MetroData) or their main types' (the simulator, the
# compiler, the feed, the feed's generated trains, the field pool, the backtest); timetable-gen
# has them.
lab='8MetroLab|9MetroData|9Simulator|17TimetableCompiler|8GTFSFeed|13ServiceTrains|9FieldPool|8Backtest'
check "metro-timer carries no code of MetroLab or MetroData (nm), and MetroCore's" bash -c "symbols=\$(nm .build/release/metro-timer) && ! grep -qE '$lab' <<<\"\$symbols\" && grep -q '9MetroCore' <<<\"\$symbols\""
check "timetable-gen carries both (nm), the generated trains too" bash -c "symbols=\$(nm .build/release/timetable-gen) && grep -q '8MetroLab' <<<\"\$symbols\" && grep -q '9MetroData' <<<\"\$symbols\" && grep -q '13ServiceTrains' <<<\"\$symbols\""
for product in metro-timer timetable-gen; do
    check "$product is stripped" bash -c "! readelf -S '$tree/bin/$product' | grep -q '\.symtab'"
    check "$product links no Swift runtime library and has no run path" bash -c "! readelf -d '$tree/bin/$product' | grep -q 'libswift\|libFoundation\|libdispatch\|RUNPATH\|RPATH'"
done
check "the same commit makes the same tarball" bash -c "sum=\$(sha256sum < '$tarball'); BIN=.build/release bash packaging/dist.sh >/dev/null && [ \"\$(sha256sum < '$tarball')\" = \"\$sum\" ]"

# Byte-identical from another checkout path and another build directory: a clone of the same
# commit, deeper and differently named, built with its own SCRATCH. (A tree with uncommitted
# changes cannot be compared with its commit: commit first.)
if git diff --quiet HEAD; then
    other="$work/another/checkout-at-a-longer-path/metro-timer"
    git clone -q --no-hardlinks "$PWD" "$other" && git -C "$other" checkout -q --detach "$(git rev-parse HEAD)"
    started=$(date +%s)
    if (cd "$other" && make dist SCRATCH="$work/another-build-dir" >/dev/null 2>"$work/other-build.log"); then
        echo "the second clone's release build and dist took $(( $(date +%s) - started )) s"
        # Fatal: no checkout path or build directory in any binary of either build.
        for product in metro-timer timetable-gen; do
            check "$product names neither checkout path nor build directory" bash -c "! tar -xzOf '$other/$tarball' '$(basename "$tree")/bin/$product' \
                | cat '$tree/bin/$product' - | grep -q -a -F -e '$PWD' -e '$other' -e '$work/another-build-dir'"
        done
        # The byte comparison, fatal: with the SIL optimizer's CSE left out of the release build
        # (the Makefile's REPROFLAGS) the compiler gives the same code at any path and from one
        # run to the next (docs/decisions/0061).
        for archive in "$tarball" "$deb"; do
            check "$(basename "$archive") is byte-identical from another path and build directory" cmp "$archive" "$other/$archive"
        done
        # When they differ, where: the ELF sections of the stripped binaries that differ, and the
        # functions of the unstripped ones whose sizes differ (with CSE on, the compiler gave one
        # function or another other registers from one run to the next: swiftlang/swift#77168;
        # docs/decisions/0061).
        for product in metro-timer timetable-gen; do
            theirs="$work/theirs-$product"; tar -xzOf "$other/$tarball" "$(basename "$tree")/bin/$product" > "$theirs"
            cmp -s "$tree/bin/$product" "$theirs" && continue
            echo "  $product differs from another path in $(cmp -l "$tree/bin/$product" "$theirs" | wc -l) bytes; by section:"
            python3 -c '
import subprocess, sys
a, b = (open(f, "rb").read() for f in sys.argv[1:3])
sections = []
for line in subprocess.run(["readelf", "-SW", sys.argv[1]], capture_output=True, text=True).stdout.splitlines():
    fields = line.split("]", 1)[-1].split()
    if "[" in line and len(fields) > 4 and fields[1] not in ("NOBITS", "Type"):
        sections.append((fields[0], int(fields[3], 16), int(fields[4], 16)))
counts = {}
for i in (i for i in range(min(len(a), len(b))) if a[i] != b[i]):
    name = next((n for n, o, z in sections if o <= i < o + z), "(no section)")
    counts[name] = counts.get(name, 0) + 1
for name, n in sorted(counts.items(), key=lambda x: -x[1]): print("    %s: %d bytes" % (name, n))' "$tree/bin/$product" "$theirs"
            echo "  functions whose sizes differ (nm -S of the unstripped builds):"
            diff <(nm -S ".build/release/$product" 2>/dev/null | awk '{print $2, $4}' | sort -k2) \
                <(nm -S "$work/another-build-dir/release/$product" 2>/dev/null | awk '{print $2, $4}' | sort -k2) | grep '^[<>]' | head -10 | sed 's/^/    /'
        done
    else
        tail -20 "$work/other-build.log"; check "the second clone builds" false
    fi
else
    check "the tree is committed (the two-path comparison builds a clone of HEAD)" false
fi

# lintian: errors fail the run; warnings and the rest are printed for the record.
lintian_out=$(lintian --tag-display-limit 0 "$deb" 2>&1)
echo "lintian says:"; echo "${lintian_out:-  (nothing)}" | sed 's/^/  /'
check "lintian reports no errors" bash -c "! grep -q '^E:' <<<\"\$1\"" _ "$lintian_out"
check "lintian reports no warning that is not explained in packaging/lintian-overrides" bash -c "! grep -q '^W:' <<<\"\$1\"" _ "$lintian_out"
# The C library floor: the newest GLIBC_ symbol version the binaries need, said by the .deb's
# Depends and by docs/guide/install.md ("glibc X.Y or later").
floor=$(objdump -T "$tree/bin/metro-timer" "$tree/bin/timetable-gen" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -Vu | tail -1)
echo "glibc floor (objdump -T): $floor"
check "Depends names libc6 (>= $floor)" bash -c "dpkg-deb -f '$deb' Depends | grep -qF 'libc6 (>= $floor)'"
for document in README.md docs/guide/install.md; do check "$document says glibc $floor or later" grep -qF "glibc $floor or later" "$document"; done
check "tzdata is recommended, not required (Kyiv time has a built-in rule)" bash -c "dpkg-deb -f '$deb' Recommends | grep -q tzdata && ! dpkg-deb -f '$deb' Depends | grep -q tzdata"
check "Section is utils" test "$(dpkg-deb -f "$deb" Section)" = utils
check "every file is root's" bash -c "! dpkg-deb -c '$deb' | awk '{print \$2}' | grep -v '^root/root$'"
dpkg-deb -x "$deb" "$work/deb"

# The toolchain hidden, as on a machine without Swift: an empty directory over its root.
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
empty="$work/empty"; mkdir -p "$empty"
hidden() { unshare -m sh -c 'mount --bind "$0" "$1" && shift && exec "$@"' "$empty" "$toolchain" "$@"; }
# The toolchain and the time-zone database hidden: a minimal container.
nozone() { unshare -m sh -c 'mount --bind "$0" "$1" && mount --bind "$0" /usr/share/zoneinfo && shift && exec "$@"' "$empty" "$toolchain" "$@"; }
check "hiding the toolchain works (the debug build cannot start)" bash -c '
    hidden() { unshare -m sh -c "mount --bind \"\$0\" \"\$1\" && shift && exec \"\$@\"" "'"$empty"'" "'"$toolchain"'" "$@"; }
    hidden "'"$(swift build --show-bin-path)"'/metro-timer" --version >/dev/null 2>&1; [ $? -eq 127 ]'

run_set() {  # run_set LABEL BINDIR MANDIR
    local label="$1" bin="$2" man="$3" home="$work/home-$1"
    mkdir -p -m 700 "$home"
    export METRO_TIMER_HOME="$home" XDG_DATA_HOME="$home/data" NO_COLOR=1 LANG=C.UTF-8 METRO_TIMER_CONFIG="$home/config"
    check "$label: plan" bash -c "$(declare -f hidden); empty='$empty' toolchain='$toolchain'; [[ \"\$(hidden '$bin/metro-timer' plan Lisova Teremky --at 08:15 --date 2026-11-30 | head -1)\" == 'Lisova → Teremky' ]]"
    check "$label: a short start --speed" bash -c "$(declare -f hidden); empty='$empty' toolchain='$toolchain'; hidden '$bin/metro-timer' start Lisova Teremky --speed 600 --at 08:15 --date 2026-11-30 --events </dev/null | tail -1 | grep -q '\"event\":\"end\"'"
    # A real trip for status, at a moment trains run whatever the hour CI runs at: the clock
    # set with libfaketime (the binaries link the C library dynamically, so it reaches them).
    check "$label: start then status (at 08:15 on a weekday, by faketime)" bash -c "$(declare -f hidden); empty='$empty' toolchain='$toolchain'
        export TZ=UTC FAKETIME_DONT_FAKE_MONOTONIC=1
        hidden faketime -f '@2026-11-30 06:15:00' '$bin/metro-timer' start Dnipro Teremky --events </dev/null >/dev/null & pid=\$!
        for _ in \$(seq 100); do [ -s '$home/trip.json' ] && break; sleep 0.1; done; sleep 0.3; kill -TERM \$pid; wait \$pid
        out=\$(hidden faketime -f '@2026-11-30 06:16:00' '$bin/metro-timer' status) && echo \"\$out\" | grep -q 'stops · arrival in' \
            && hidden faketime -f '@2026-11-30 06:16:30' '$bin/metro-timer' stop >/dev/null"
    check "$label: station" bash -c "$(declare -f hidden); empty='$empty' toolchain='$toolchain'; hidden '$bin/metro-timer' station Khreshchatyk | grep -q 'Maidan Nezalezhnosti'"
    check "$label: completions" bash -c "$(declare -f hidden); empty='$empty' toolchain='$toolchain'; hidden '$bin/metro-timer' completions bash | grep -q 'complete '"
    check "$label: about" bash -c "$(declare -f hidden); empty='$empty' toolchain='$toolchain'; hidden '$bin/metro-timer' about | grep -q 'Nothing is sent'"
    check "$label: Kyiv time without ICU (an ISO time with +02:00 in winter)" bash -c "$(declare -f hidden); empty='$empty' toolchain='$toolchain'; hidden '$bin/metro-timer' plan Lisova Teremky --at 08:15 --date 2026-11-30 --json | grep -q '2026-11-30T08:15:00+02:00'"
    check "$label: the alert fetch runs as its own mode" bash -c "$(declare -f hidden); empty='$empty' toolchain='$toolchain'; echo 'http://127.0.0.1:9/none' | hidden '$bin/metro-timer' __alerts 2000 | grep -q '^unknown: the feed cannot be reached'"
    check "$label: timetable-gen --version" bash -c "$(declare -f hidden); empty='$empty' toolchain='$toolchain'; hidden '$bin/timetable-gen' --version | grep -q '^timetable-gen $version'"
    # Without tzdata too: the zone directory hidden as well. --version, help, completions and
    # about say nothing of it; a plan is in Kyiv time with one warning line.
    check "$label: zoneinfo hidden: --version, --help, completions, about need no zone" bash -c "$(declare -f nozone); empty='$empty' toolchain='$toolchain'
        for args in '--version' '--help' 'completions bash' 'about'; do
            out=\$(nozone '$bin/metro-timer' \$args 2>&1 >/dev/null) && [ -z \"\$out\" ] || { echo \"  \$args: \$out\"; exit 1; }
        done"
    check "$label: zoneinfo hidden: a plan is in Kyiv time, with one warning line" bash -c "$(declare -f nozone); empty='$empty' toolchain='$toolchain'
        nozone '$bin/metro-timer' plan Lisova Teremky --at 08:15 --date 2026-11-30 --json 2>'$home/warn' | grep -q '2026-11-30T08:15:00+02:00' \
            && [ \"\$(wc -l < '$home/warn')\" = 1 ] && grep -q '^warning: there is no time-zone file /usr/share/zoneinfo/Europe/Kyiv' '$home/warn'"
    # From the unpacked archive alone: no --data, run from a directory that is no checkout, the
    # shipped share/metro-timer is found beside bin/.
    mkdir -p "$home/elsewhere"
    check "$label: timetable-gen gtfs from the shipped data" bash -c "$(declare -f hidden); empty='$empty' toolchain='$toolchain'
        cd '$home/elsewhere' && hidden '$bin/timetable-gen' gtfs --output '$home/feed.zip' >/dev/null && unzip -l '$home/feed.zip' | grep -q stop_times.txt"
    check "$label: timetable-gen install from the shipped data, then --remove" bash -c "$(declare -f hidden); empty='$empty' toolchain='$toolchain'
        cd '$home/elsewhere' && hidden '$bin/timetable-gen' install >/dev/null && hidden '$bin/metro-timer' about | grep -q 'installed' \
        && hidden '$bin/timetable-gen' install --remove >/dev/null && ! hidden '$bin/metro-timer' about | grep -q 'installed'"
    # The English pages in the C locale, as a reader with no UTF-8 locale has them; the Ukrainian one in UTF-8.
    for page in "$man"/man1/metro-timer.1* "$man"/man1/timetable-gen.1* "$man"/uk/man1/metro-timer.1*; do
        locale=C; case "$page" in */uk/*) locale=C.UTF-8;; esac
        check "$label: LANG=$locale man -l ${page#"$man"/} renders cleanly" bash -c "out=\$(LANG=$locale MANWIDTH=80 man -l '$page' 2>&1 >/dev/null); [ -z \"\$out\" ] || { echo \"\$out\" | head -5; false; }"
    done
    unset METRO_TIMER_HOME XDG_DATA_HOME METRO_TIMER_CONFIG
}
run_set tarball "$tree/bin" "$tree/share/man"
run_set deb "$work/deb/usr/bin" "$work/deb/usr/share/man"

# whatis and apropos: lexgrog reads each NAME line whole (a word cut with \c came out split).
# The expected line is the page's own NAME section, joined and unescaped.
name_line() { sed -n '/^\.SH "\(NAME\|НАЗВА\)"/,/^\.SH/{/^\.SH/d;p}' "$1" | tr '\n' ' ' | sed -e 's/\\-/-/g' -e 's/ *$//'; }
for page in share/man/man1/metro-timer.1 share/man/uk/man1/metro-timer.1 share/man/man1/timetable-gen.1; do
    check "lexgrog reads $page whole" bash -c "[ \"\$(LC_ALL=C.UTF-8 lexgrog '$tree/$page')\" = \"$tree/$page: \\\"\$1\\\"\" ]" _ "$(name_line "$tree/$page")"
done

# The tarball's install.sh into a scratch prefix, used from there, then --uninstall.
prefix="$work/prefix"; mkdir -p "$prefix"
check "install.sh --prefix installs" bash -c "'$tree/install.sh' --prefix '$prefix' >/dev/null"
for f in bin/metro-timer bin/timetable-gen share/man/man1/metro-timer.1 share/man/uk/man1/metro-timer.1 share/man/man1/timetable-gen.1 \
    share/bash-completion/completions/metro-timer share/zsh/site-functions/_metro-timer share/fish/vendor_completions.d/metro-timer.fish \
    share/metro-timer/kyiv-stations.csv; do
    check "install.sh placed $f" test -s "$prefix/$f"
done
check "man finds the page in the prefix" bash -c "[ \"\$(man -M '$prefix/share/man' -w metro-timer)\" = '$prefix/share/man/man1/metro-timer.1' ]"
check "bash completion from the prefix" bash -c "source '$prefix/share/bash-completion/completions/metro-timer'; PATH='$prefix/bin':\$PATH; COMP_WORDS=(metro-timer plan Luk); COMP_CWORD=2; _metro_timer; [[ \"\${COMPREPLY[*]}\" == Lukianivska ]]"
installed=$(find "$prefix" -type f -printf '%s\n' | awk '{s += $1} END {print s}')
echo "installed by install.sh: $installed bytes in $(find "$prefix" -type f | wc -l) files"
# 32 MB (31,381,379 bytes on 2026-12-05, with the lab and the data compiler out of metro-timer).
check "everything installed is at most 32 MB (32,000,000 bytes)" test "$installed" -le 32000000
check "the .deb installs at most 32 MB too" test "$(dpkg-deb -f "$deb" Installed-Size)" -le 31250
check "install.sh --uninstall leaves nothing" bash -c "'$tree/install.sh' --uninstall --prefix '$prefix' >/dev/null && [ -z \"\$(find '$prefix' -mindepth 1)\" ] || { find '$prefix' -mindepth 1 | head; false; }"

# Installed and removed by dpkg itself, into a scratch root with a database of its own (dpkg
# --root), never into this machine's /usr: the package's own file list, unpacked and configured
# as dpkg does it, used from there, then removed to nothing. The scratch database holds no
# libc6, so the Depends (checked above against objdump) are forced past.
droot="$work/dpkg-root"
host_status=$(sha256sum < /var/lib/dpkg/status)
mkdir -p "$droot/var/lib/dpkg/info" "$droot/var/lib/dpkg/updates" && : > "$droot/var/lib/dpkg/status"
if dpkg --root="$droot" --log=/dev/null --force-depends -i "$deb" >"$work/dpkg.log" 2>&1; then
    check "dpkg --root -i: the package is installed there" bash -c "dpkg --root='$droot' -s metro-timer | grep -q '^Status: install ok installed'"
    check "dpkg --root -i: its usr/bin/metro-timer plans" bash -c "$(declare -f hidden); empty='$empty' toolchain='$toolchain'; hidden '$droot/usr/bin/metro-timer' plan Lisova Teremky --at 08:15 --date 2026-11-30 | head -1 | grep -q 'Lisova → Teremky'"
    check "dpkg --root -i: man finds the page" bash -c "[ \"\$(man -M '$droot/usr/share/man' -w metro-timer)\" = '$droot/usr/share/man/man1/metro-timer.1.gz' ]"
    dpkg --root="$droot" --log=/dev/null -r metro-timer >/dev/null 2>&1
    check "dpkg --root -r removes every file it installed" bash -c "[ -z \"\$(find '$droot' -mindepth 1 -not -path '$droot/var' -not -path '$droot/var/*')\" ] || { find '$droot' -mindepth 1 -not -path '$droot/var/*' | head; false; }"
else
    cat "$work/dpkg.log"; check "dpkg --root -i installs the .deb into a scratch root" false
fi
check "this machine's dpkg database is as it was (nothing installed on the host)" test "$(sha256sum < /var/lib/dpkg/status)" = "$host_status"
finish
