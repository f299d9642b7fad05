#!/usr/bin/env bash
# The journal readers on a big journal: time and peak memory of
# `journal --json`, `journal`, `routes list`, `journal report` and `arrived` on a journal of
# RECORDS records (default 280,744: about 200 MB), each the median of RUNS runs (default 3),
# with /usr/bin/time -v. A benchmark, never a test: the numbers go to bench/README.md.
#
#   bench/journal.sh                      # release build (swift build -c release)
#   CONFIG=debug RECORDS=20000 RUNS=1 bench/journal.sh
#   COMMANDS="journal --json,arrived" bench/journal.sh   # some of them
#   BASELINE=/path/to/older/metro-timer bench/journal.sh  # that binary too, in the same run,
#                                                         # interleaved, with the ratios
#
# Everything happens under a scratch directory (removed at the end); `arrived` trims the
# journal it appends to, so it runs on a fresh copy each time.
set -euo pipefail
cd "$(dirname "$0")/.."
CONFIG=${CONFIG:-release}
RECORDS=${RECORDS:-280744}
RUNS=${RUNS:-3}
[ -x /usr/bin/time ] || { echo "bench/journal.sh needs /usr/bin/time (Debian package 'time')" >&2; exit 1; }
command -v python3 >/dev/null || { echo "bench/journal.sh needs python3" >&2; exit 1; }

swift build -c "$CONFIG" --product metro-timer >&2
bin="$(swift build -c "$CONFIG" --show-bin-path)/metro-timer"
scratch=$(mktemp -d /tmp/metro-timer-journal-bench.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
chmod 700 "$scratch"
mkdir -m 700 "$scratch/master" "$scratch/config"

# The journal: RECORDS records as metro-timer writes them (sorted keys, no spaces), each its own
# trip id, rides between real stations on successive days.
python3 - "$scratch/master/journal.jsonl" "$RECORDS" <<'PY'
import json, sys, uuid, datetime, random
path, count = sys.argv[1], int(sys.argv[2])
random.seed(44)
names = {"mr18_127": ("Лісова", "Lisova"), "mb18_227": ("Теремки", "Teremky"), "mr01_110": ("Академмістечко", "Akademmistechko"),
         "mg15_326": ("Бориспільська", "Boryspilska"), "mb01_210": ("Героїв Дніпра", "Heroiv Dnipra"), "mr13_122": ("Дніпро", "Dnipro"),
         "mg01_310": ("Сирець", "Syrets"), "mb09_218": ("Площа Українських Героїв", "Ploshcha Ukrainskykh Heroiv")}
pairs = [("mr18_127", "mb18_227"), ("mr01_110", "mg15_326"), ("mb01_210", "mr13_122"), ("mg01_310", "mb09_218")]
start = datetime.datetime(2026, 1, 1, 6, 0, tzinfo=datetime.timezone.utc)
def iso(t): return t.strftime("%Y-%m-%dT%H:%M:%SZ")
with open(path, "w") as out:
    for i in range(count):
        a, b = pairs[i % len(pairs)]
        t0 = start + datetime.timedelta(minutes=7 * i)
        planned = 1800 + random.randint(0, 900)
        final = planned + random.randint(-120, 120)
        record = {
            "calibrated": False, "confirmedArrival": iso(t0 + datetime.timedelta(seconds=final + 30)),
            "confirmedSeconds": final + 30,
            "corrections": {"ahead": random.randint(0, 2), "at": random.randint(0, 2), "behind": random.randint(0, 2), "departed": 0},
            "endedAt": iso(t0 + datetime.timedelta(seconds=final + 30)),
            "finalAlert": iso(t0 + datetime.timedelta(seconds=final - 200)), "finalAlertStop": iso(t0 + datetime.timedelta(seconds=final - 120)),
            "finalArrival": iso(t0 + datetime.timedelta(seconds=final)), "finalSeconds": final,
            "from": a, "fromNameUk": names[a][0], "fromNameEn": names[a][1], "to": b, "toNameUk": names[b][0], "toNameEn": names[b][1],
            "id": str(uuid.UUID(int=random.getrandbits(128))), "outcome": "arrived",
            "plannedAlert": iso(t0 + datetime.timedelta(seconds=planned - 200)), "plannedArrival": iso(t0 + datetime.timedelta(seconds=planned)),
            "plannedSeconds": planned, "t0": iso(t0), "version": 4,
        }
        out.write(json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n")
PY
chmod 600 "$scratch/master/journal.jsonl"
size=$(stat -c %s "$scratch/master/journal.jsonl")
echo "journal: $RECORDS records, $size bytes; $CONFIG build; median of $RUNS runs" >&2

# One measurement: elapsed seconds and peak resident kB of `$bin ARGS` on a fresh copy.
measure() {
    local home="$scratch/home"
    rm -rf "$home"; mkdir -m 700 "$home"
    cp -p "$scratch/master/journal.jsonl" "$home/journal.jsonl"
    if [ "$1" = arrived ]; then
        python3 -c 'import json,sys,time; json.dump({"alertsFired":{},"corrections":[],"destination":"mb18_227","id":"bench-arrived","origin":"mr18_127","t0":time.time()-1800,"version":1},open(sys.argv[1],"w"))' "$home/trip.json"
        chmod 600 "$home/trip.json"
    fi
    METRO_TIMER_HOME="$home" METRO_TIMER_CONFIG="$scratch/config" METRO_TIMER_ALERT_BACKEND=off NO_COLOR=1 \
        /usr/bin/time -v -o "$scratch/time" "$bin" "$@" > /dev/null 2> "$scratch/stderr" || true
    local elapsed kb
    elapsed=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$scratch/time")
    kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$scratch/time")
    echo "$elapsed $kb"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

ours=$bin
if [ -n "${BASELINE:-}" ]; then
    printf '| command | baseline s | s (× baseline) | baseline peak MB | peak MB (× baseline) |\n|---|---:|---:|---:|---:|\n'
else
    printf '| command | seconds (median of %s) | peak MB (median) |\n|---|---:|---:|\n' "$RUNS"
fi
IFS=',' read -r -a commands <<< "${COMMANDS:-journal --json,journal,routes list,journal report,arrived}"
for command in "${commands[@]}"; do
    times=(); mems=(); btimes=(); bmems=()
    for _ in $(seq "$RUNS"); do
        # The baseline and this build take turns, so that the machine's load falls on both.
        if [ -n "${BASELINE:-}" ]; then
            bin=$BASELINE; read -r t m < <(measure $command); btimes+=("$t"); bmems+=("$m")
        fi
        bin=$ours; read -r t m < <(measure $command); times+=("$t"); mems+=("$m")
    done
    t=$(printf '%s\n' "${times[@]}" | median)
    m=$(printf '%s\n' "${mems[@]}" | median)
    if [ -n "${BASELINE:-}" ]; then
        bt=$(printf '%s\n' "${btimes[@]}" | median)
        bm=$(printf '%s\n' "${bmems[@]}" | median)
        printf '| `%s` | %.2f | %.2f (%.2f) | %.0f | %.0f (%.2f) |\n' "$command" "$bt" "$t" "$(echo "$t / $bt" | bc -l)" \
            "$(echo "$bm / 1024" | bc -l)" "$(echo "$m / 1024" | bc -l)" "$(echo "$m / $bm" | bc -l)"
    else
        printf '| `%s` | %.2f | %.0f |\n' "$command" "$t" "$(echo "$m / 1024" | bc -l)"
    fi
done
