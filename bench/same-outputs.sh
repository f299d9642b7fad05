#!/usr/bin/env bash
# A behaviour-unchanged check for a refactoring: the same sample of outputs from two builds,
# byte for byte. `plan` on 132 station pairs at five moments of two day types, in text and JSON
# (2,640 outputs), `plan --last`, `--arrive-by`, a closure and Ukrainian (another 96), the help
# of every command and the GTFS archive. Each case's standard output, standard error and exit
# status go to a file; the two trees are compared with diff. Every case runs at the same frozen
# moment (libfaketime: `--last` counts from now), Monday 2026-12-07 10:00:00 Kyiv time.
#
#   bench/same-outputs.sh OLD_BIN_DIR NEW_BIN_DIR     # each holds metro-timer and timetable-gen
#
# Prints the number of cases and "identical", or the differing cases (and exits 1).
set -euo pipefail
command -v faketime >/dev/null || { echo "bench/same-outputs.sh needs faketime (Debian package faketime)" >&2; exit 1; }
old=${1:?usage: bench/same-outputs.sh OLD_BIN_DIR NEW_BIN_DIR}
new=${2:?usage: bench/same-outputs.sh OLD_BIN_DIR NEW_BIN_DIR}
cd "$(dirname "$0")/.."
root=$(pwd)
scratch=$(mktemp -d /tmp/metro-timer-same.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

stations=(Lisova Teremky Akademmistechko Boryspilska "Heroiv Dnipra" Syrets Vokzalna Khreshchatyk
    Arsenalna Obolon Osokorky Lukianivska)
cases() {  # one case per line: NAME<TAB>ARGUMENTS separated by |
    local i j at date
    for date in 2026-12-07 2026-12-05; do
        for at in 05:40 08:15 13:00 22:40 00:10; do
            for i in "${!stations[@]}"; do
                for j in "${!stations[@]}"; do
                    [ "$i" = "$j" ] && continue
                    printf 'plan-%s-%s-%s-%s\tplan|%s|%s|--at|%s|--date|%s\n' "$date" "$at" "$i" "$j" "${stations[$i]}" "${stations[$j]}" "$at" "$date"
                    printf 'json-%s-%s-%s-%s\tplan|%s|%s|--at|%s|--date|%s|--json\n' "$date" "$at" "$i" "$j" "${stations[$i]}" "${stations[$j]}" "$at" "$date"
                done
            done
        done
    done
    for i in "${!stations[@]}"; do
        j=$(( (i + 5) % ${#stations[@]} ))
        printf 'last-%s\tplan|%s|%s|--last|--date|2026-12-07|--json\n' "$i" "${stations[$i]}" "${stations[$j]}"
        printf 'lasttext-%s\tplan|%s|%s|--last|--date|2026-12-07\n' "$i" "${stations[$i]}" "${stations[$j]}"
        for by in 06:15 09:00 23:30; do
            printf 'by-%s-%s\tplan|%s|%s|--arrive-by|%s|--date|2026-12-07\n' "$i" "$by" "${stations[$i]}" "${stations[$j]}" "$by"
        done
        printf 'closed-%s\tplan|%s|%s|--at|10:00|--date|2026-12-07|--closed|Khreshchatyk\n' "$i" "${stations[$i]}" "${stations[$j]}"
        printf 'uk-%s\tplan|%s|%s|--at|10:00|--date|2026-12-07|--lang|uk\n' "$i" "${stations[$i]}" "${stations[$j]}"
        printf 'ukjson-%s\tplan|%s|%s|--at|10:00|--date|2026-12-07|--lang|uk|--json\n' "$i" "${stations[$i]}" "${stations[$j]}"
        printf 'station-%s\tstation|%s|--date|2026-12-07\n' "$i" "${stations[$i]}"
    done
    for command in plan start status stations station card journal routes calibration changes alerts about arrived; do
        printf 'help-%s\t%s|--help\n' "$command" "$command"
    done
}

run() {  # run BIN_DIR OUT_DIR
    local bin=$1 out=$2 name args home
    mkdir -p "$out"
    home=$(mktemp -d "$scratch/home.XXXXXX")
    while IFS=$'\t' read -r name args; do
        IFS='|' read -r -a argv <<< "$args"
        local status=0
        env -i PATH=/usr/bin:/bin HOME="$home" METRO_TIMER_HOME="$home/state" METRO_TIMER_CONFIG="$home/config" \
            COLUMNS=100 TZ=Europe/Kyiv FAKETIME_SHARED=1 faketime -f '2026-12-07 10:00:00' "$bin/metro-timer" "${argv[@]}" > "$out/$name.out" 2> "$out/$name.err" || status=$?
        echo "$status" > "$out/$name.status"
    done < <(cases)
    (cd "$out" && "$bin/timetable-gen" gtfs --data "$root/Data" --output feed.zip > gtfs.out 2> gtfs.err)
}

run "$old" "$scratch/old"
run "$new" "$scratch/new"
count=$(cases | wc -l)
if diff -r -q "$scratch/old" "$scratch/new" > "$scratch/diff"; then
    echo "$count cases and the GTFS archive: identical"
else
    cat "$scratch/diff"
    echo "$count cases: $(wc -l < "$scratch/diff") files differ" >&2
    exit 1
fi
