#!/usr/bin/env bash
# Installs into a temporary prefix with the Makefile, then uses what was installed, from there:
# the binaries, both man pages, the three completion scripts and the published timetable.
# Ends with 'N passed, N failed'.
set -uo pipefail
cd "$(dirname "$0")/.."
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
passed=0 failed=0
check() {  # check NAME COMMAND...
    local name="$1"; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $name"; fi
}

make install PREFIX="$prefix" >/dev/null || { echo "FAIL: make install"; echo "install: 0 passed, 1 failed"; exit 1; }
bin="$prefix/bin"
export PATH="$bin:/usr/bin:/bin" NO_COLOR=1 LANG=C.UTF-8

check "installed binary plans a ride" bash -c '[[ "$(metro-timer plan Lisova Teremky --at 08:15 --date 2026-11-30 | head -1)" == "Lisova → Teremky" ]]'
check "the binary is the installed one" bash -c '[[ "$(command -v metro-timer)" == "'"$bin"'/metro-timer" ]]'
check "one command on PATH (and the generator)" test "$(ls "$bin" | tr '\n' ' ')" = "metro-timer timetable-gen "
check "the published timetable is installed" test -s "$prefix/share/metro-timer/kyiv-stations.csv"
check "timetable-gen finds it from elsewhere" bash -c 'cd "'"$prefix"'" && timetable-gen gtfs --output "'"$prefix"'/feed.zip" >/dev/null && rm "'"$prefix"'/feed.zip"'
check "about runs" bash -c 'metro-timer about | grep -q "Nothing is sent"'
for page in "$prefix/share/man/man1/metro-timer.1" "$prefix/share/man/uk/man1/metro-timer.1"; do
    check "man page $page is lint-clean" bash -c '[[ -z "$(mandoc -T lint "'"$page"'" 2>&1)" ]]'
done
check "man finds the page in the prefix" bash -c '[[ "$(man -M "'"$prefix"'/share/man" -w metro-timer)" == "'"$prefix"'/share/man/man1/metro-timer.1" ]]'
check "the page renders" bash -c 'mandoc -T ascii "'"$prefix"'/share/man/man1/metro-timer.1" | sed "s/.\x08//g" | grep -qF "metro-timer plan <from> [<to>]"'
check "bash completion from the prefix" bash -c '
    source "'"$prefix"'/share/bash-completion/completions/metro-timer"
    COMP_WORDS=(metro-timer plan Luk); COMP_CWORD=2; _metro_timer
    [[ "${COMPREPLY[*]}" == "Lukianivska" ]]'
check "zsh completion from the prefix" zsh -f -c '
    fpath=("'"$prefix"'/share/zsh/site-functions" $fpath); autoload -U compinit; compinit -u -d "'"$prefix"'/zcd"
    [[ "${_comps[metro-timer]}" == "_metro-timer" ]]'
check "fish completion from the prefix" bash -c '[[ "$(fish -N -c "source '"$prefix"'/share/fish/vendor_completions.d/metro-timer.fish; complete -C \"metro-timer plan Лук\"")" == "Лук'"'"'янівська" ]]'

make uninstall PREFIX="$prefix" >/dev/null
check "uninstall leaves no file" bash -c '[[ -z "$(find "'"$prefix"'" -type f ! -name zcd)" ]]'

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
