#!/usr/bin/env bash
# The project's own mutation check: each mutant in .ci/mutants.txt is one small planted bug (a sed
# expression on one file); the tests named beside it must fail once it is in.
#
#   bash .ci/mutants.sh            every mutant
#   bash .ci/mutants.sh NAME...    only those (while writing a test, or rewriting a mutant)
#
# The checkout is never touched: the package is copied to a scratch directory (kept under .build,
# with its own .build, so each mutant rebuilds incrementally), the mutant applied there, the
# tests built and run with --filter, and the file put back. A mutant whose expression no longer
# changes its file (the code moved or was reworded), or that no longer compiles, is a failure that
# asks for the mutant to be rewritten: never a silent pass.
#
# Ends on `mutants: N killed, M survived`; exits 1 when a mutant survived or could not be applied.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
list="$root/.ci/mutants.txt"
scratch="${MUTANTS_SCRATCH:-$root/.build/mutants}"
package="$scratch/package"
log="$scratch/log"
mkdir -p "$package" "$log"

# The package as it is in the checkout: its files (git's list when there is one), each copied
# only when it differs, with its time kept, so the scratch .build rebuilds only what changed.
files() {  # NUL-separated paths relative to the directory given
    if [ "$1" = "$root" ] && git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git -C "$root" ls-files -z --cached --others --exclude-standard
    else
        (cd "$1" && find . \( -path ./.build -o -path ./.git -o -path ./.swiftpm \) -prune -o -type f -print0 | sed -z 's#^\./##')
    fi
}
files "$root" | sort -z >"$log/checkout.list"
while IFS= read -r -d '' path; do
    [ -f "$root/$path" ] || continue
    if ! cmp -s "$root/$path" "$package/$path"; then
        mkdir -p "$package/$(dirname "$path")"
        cp -p "$root/$path" "$package/$path"
    fi
done <"$log/checkout.list"
# Files gone from the checkout go from the copy too.
files "$package" | sort -z | comm -z -23 - "$log/checkout.list" | (cd "$package" && xargs -0 -r rm -f)

killed=0 survived=0 broken=0
survivors=() rewrites=()
started=$(date +%s)

build() {  # quietly; prints the errors when it fails
    swift build --package-path "$package" --build-tests >"$log/build.txt" 2>&1 || { grep -E "error:" "$log/build.txt" | head -5 >&2; return 1; }
}

echo "mutants: building the scratch copy in $package"
if ! build; then
    echo "mutants: the unmutated package does not build; nothing checked" >&2
    echo "mutants: 0 killed, 0 survived"
    exit 1
fi

# The mutants asked for: all, or those named.
wanted() {
    [ "$#" -le 1 ] && return 0
    local name="$1"; shift
    for only in "$@"; do [ "$only" = "$name" ] && return 0; done
    return 1
}

# First the tests themselves, unmutated: a test that fails already would "kill" its mutant.
filters=()
while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in ''|'#'*) continue ;; esac
    wanted "${line%% | *}" "$@" || continue
    filters+=("(${line##* | })")
done <"$list"
baseline=$(IFS='|'; echo "${filters[*]}")
t0=$(date +%s)
if ! timeout 900 swift test --package-path "$package" --disable-swift-testing --skip-build --filter "$baseline" >"$log/baseline.txt" 2>&1 </dev/null; then
    grep -E "error: |failed \(" "$log/baseline.txt" | head -10 >&2
    echo "mutants: the tests fail before any mutant is planted (above; $log/baseline.txt); nothing checked"
    echo "mutants: 0 killed, 0 survived"
    exit 1
fi
echo "mutants: the $(grep -oE 'Executed [0-9]+ tests' "$log/baseline.txt" | tail -1 | grep -oE '[0-9]+') tests they name pass unmutated [$(( $(date +%s) - t0 )) s]"

# (The list on descriptor 3: swift reads standard input, which must not be the list.)
while IFS= read -r -u 3 line || [ -n "$line" ]; do
    case "$line" in ''|'#'*) continue ;; esac
    # name | file | sed expression | XCTest filter   (fields split on " | ")
    name="${line%% | *}"; rest="${line#* | }"
    file="${rest%% | *}"; rest="${rest#* | }"
    filter="${rest##* | }"; expression="${rest% | *}"
    wanted "$name" "$@" || continue
    target="$package/$file"
    if [ ! -f "$target" ]; then
        echo "mutant $name: REWRITE THIS MUTANT: $file does not exist"
        broken=$((broken + 1)); rewrites+=("$name"); continue
    fi
    cp -p "$target" "$log/original"
    sed -i -e "$expression" "$target"
    if cmp -s "$target" "$log/original"; then
        echo "mutant $name: REWRITE THIS MUTANT: '$expression' changes nothing in $file (the code moved?)"
        broken=$((broken + 1)); rewrites+=("$name"); continue
    fi
    changed=$(diff "$log/original" "$target" | grep -c '^>')
    t0=$(date +%s)
    if ! build; then
        echo "mutant $name: REWRITE THIS MUTANT: $file does not compile with it"
        cp -p "$log/original" "$target"
        broken=$((broken + 1)); rewrites+=("$name"); continue
    fi
    if timeout 420 swift test --package-path "$package" --disable-swift-testing --skip-build --filter "$filter" >"$log/$name.txt" 2>&1; then
        echo "mutant $name: SURVIVED ($file, $changed line(s); $filter passed) [$(( $(date +%s) - t0 )) s]"
        survived=$((survived + 1)); survivors+=("$name")
    else
        failed=$(grep -oE "[A-Za-z]+Tests\.test[A-Za-z0-9_]+ :" "$log/$name.txt" | sort -u | head -3 | tr -d ' :' | paste -sd, -)
        echo "mutant $name: killed by ${failed:-a crash in $filter} [$(( $(date +%s) - t0 )) s]"
        killed=$((killed + 1))
    fi
    cp -p "$log/original" "$target"
done 3<"$list" </dev/null

echo "mutants: $(( $(date +%s) - started )) s in all"
[ ${#survivors[@]} -gt 0 ] && echo "mutants: survived: ${survivors[*]}"
[ ${#rewrites[@]} -gt 0 ] && echo "mutants: to rewrite (no longer apply): ${rewrites[*]}"
echo "mutants: $killed killed, $survived survived"
[ "$survived" -eq 0 ] && [ "$broken" -eq 0 ]
