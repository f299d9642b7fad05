#!/usr/bin/env bash
# The release archives as a user without Swift gets them: 'make dist' builds the tarball and the
# .deb; lintian reads the .deb; then, in a mount namespace where the toolchain's directory is an
# empty directory, the binaries from the tarball and from the .deb (dpkg-deb -x) run the main
# jobs, and the .deb is installed with dpkg -i and removed with dpkg -r.
# Ends with 'release: N passed, N failed'.
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
for f in bin/metro-timer bin/metro-timer-alerts bin/timetable-gen share/man/man1/metro-timer.1 share/man/uk/man1/metro-timer.1 \
    share/man/man1/timetable-gen.1 share/bash-completion/completions/metro-timer share/zsh/site-functions/_metro-timer \
    share/fish/vendor_completions.d/metro-timer.fish README.md LICENSE DATA.md COPYRIGHT; do
    check "tarball has $f" test -s "$tree/$f"
done
size=$(stat -c %s "$tree/bin/metro-timer")
echo "metro-timer in the tarball: $size bytes (stripped)"
check "metro-timer is at most 16 MB (16,000,000 bytes)" test "$size" -le 16000000
for product in metro-timer metro-timer-alerts timetable-gen; do
    check "$product is stripped" bash -c "! readelf -S '$tree/bin/$product' | grep -q '\.symtab'"
    check "$product links no Swift runtime library and has no run path" bash -c "! readelf -d '$tree/bin/$product' | grep -q 'libswift\|libFoundation\|libdispatch\|RUNPATH\|RPATH'"
done
check "the same commit makes the same tarball" bash -c "sum=\$(sha256sum < '$tarball'); bash packaging/dist.sh >/dev/null && [ \"\$(sha256sum < '$tarball')\" = \"\$sum\" ]"

# lintian: errors fail the run; warnings and the rest are printed for the record.
lintian_out=$(lintian --tag-display-limit 0 "$deb" 2>&1)
echo "lintian says:"; echo "${lintian_out:-  (nothing)}" | sed 's/^/  /'
check "lintian reports no errors" bash -c "! grep -q '^E:' <<<\"\$1\"" _ "$lintian_out"
check "Depends has tzdata and the C libraries" bash -c "dpkg-deb -f '$deb' Depends | grep -q 'libc6.*tzdata'"
check "Section is utils" test "$(dpkg-deb -f "$deb" Section)" = utils
check "every file is root's" bash -c "! dpkg-deb -c '$deb' | awk '{print \$2}' | grep -v '^root/root$'"
dpkg-deb -x "$deb" "$work/deb"

# The toolchain hidden, as on a machine without Swift: an empty directory over its root.
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
empty="$work/empty"; mkdir -p "$empty"
hidden() { unshare -m sh -c 'mount --bind "$0" "$1" && shift && exec "$@"' "$empty" "$toolchain" "$@"; }
check "hiding the toolchain works (the debug build cannot start)" bash -c '
    hidden() { unshare -m sh -c "mount --bind \"\$0\" \"\$1\" && shift && exec \"\$@\"" "'"$empty"'" "'"$toolchain"'" "$@"; }
    hidden "'"$(swift build --show-bin-path)"'/metro-timer" --version >/dev/null 2>&1; [ $? -eq 127 ]'

run_set() {  # run_set LABEL BINDIR MANDIR
    local label="$1" bin="$2" man="$3" home="$work/home-$1"
    mkdir -p "$home"
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
    check "$label: the air-raid helper runs" bash -c "$(declare -f hidden); empty='$empty' toolchain='$toolchain'; echo 'http://127.0.0.1:9/none' | hidden '$bin/metro-timer-alerts' 2000 | grep -q '^unknown: the feed cannot be reached'"
    check "$label: timetable-gen --version" bash -c "$(declare -f hidden); empty='$empty' toolchain='$toolchain'; hidden '$bin/timetable-gen' --version | grep -q '^timetable-gen $version'"
    check "$label: timetable-gen install --data, then --remove" bash -c "$(declare -f hidden); empty='$empty' toolchain='$toolchain'
        hidden '$bin/timetable-gen' install --data '$PWD/Data' >/dev/null && hidden '$bin/metro-timer' about | grep -q 'installed' \
        && hidden '$bin/timetable-gen' install --remove >/dev/null && ! hidden '$bin/metro-timer' about | grep -q 'installed'"
    # The English pages in the C locale, as the issue's reader had it; the Ukrainian one in UTF-8.
    for page in "$man"/man1/metro-timer.1* "$man"/man1/timetable-gen.1* "$man"/uk/man1/metro-timer.1*; do
        locale=C; case "$page" in */uk/*) locale=C.UTF-8;; esac
        check "$label: LANG=$locale man -l ${page#"$man"/} renders cleanly" bash -c "out=\$(LANG=$locale MANWIDTH=80 man -l '$page' 2>&1 >/dev/null); [ -z \"\$out\" ] || { echo \"\$out\" | head -5; false; }"
    done
    unset METRO_TIMER_HOME XDG_DATA_HOME METRO_TIMER_CONFIG
}
run_set tarball "$tree/bin" "$tree/share/man"
run_set deb "$work/deb/usr/bin" "$work/deb/usr/share/man"

# Installed for real on this machine, then removed.
if dpkg -i "$deb" >/dev/null 2>&1; then
    check "dpkg -i: /usr/bin/metro-timer plans" bash -c "$(declare -f hidden); empty='$empty' toolchain='$toolchain'; hidden /usr/bin/metro-timer plan Lisova Teremky --at 08:15 --date 2026-11-30 | head -1 | grep -q 'Lisova → Teremky'"
    check "dpkg -i: man finds the page" bash -c "[ \"\$(man -w metro-timer)\" = /usr/share/man/man1/metro-timer.1.gz ]"
    dpkg -r metro-timer >/dev/null 2>&1
    check "dpkg -r removes it" bash -c "! [ -e /usr/bin/metro-timer ]"
else
    check "dpkg -i installs the .deb" false
fi
finish
