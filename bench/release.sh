#!/usr/bin/env bash
# Start-up of the release build a user installs (static Swift runtime, stripped, from 'make'),
# against a dynamically linked Foundation hello world (bench/hello), measured in the same run:
# callgrind instruction counts (repeatable on a noisy machine) and hyperfine medians.
#   bench/release.sh            # RUNS=40 by default
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in hyperfine valgrind python3; do
    command -v "$tool" >/dev/null 2>&1 || { echo "bench: missing $tool (Debian: apt-get install $tool)" >&2; exit 1; }
done
RUNS=${RUNS:-40}
out="$PWD/bench/out/release"; rm -rf "$out"; mkdir -p "$out"
make build >/dev/null
(cd bench/hello && swift build -c release >/dev/null)
hello="$PWD/bench/hello/.build/release/hello"
bin="$out/bin"; mkdir -p "$bin"
install -s -m 0755 .build/release/metro-timer "$bin/"  # the alert fetch is a mode of it (docs/decisions/0060)
export METRO_TIMER_HOME="$out/state" NO_COLOR=1 METRO_TIMER_CONFIG="$out/config"
# An active trip for status (SIGTERM leaves it in its file).
"$bin/metro-timer" start Lisova Teremky --events </dev/null >/dev/null & starter=$!
for _ in $(seq 100); do [ -s "$out/state/trip.json" ] && break; sleep 0.1; done
[ -s "$out/state/trip.json" ] || { kill -TERM "$starter" 2>/dev/null || true; echo "bench: 'metro-timer start' wrote no trip: outside service hours (about 05:35-00:00 Kyiv time) no train runs to start. Run the bench while the metro runs." >&2; exit 1; }
sleep 0.3; kill -TERM "$starter"; wait "$starter" 2>/dev/null || true

instructions() {  # instructions COMMAND... -> the program's total Ir under callgrind
    valgrind --tool=callgrind --callgrind-out-file="$out/cg.%p" "$@" >/dev/null 2>"$out/cg.log"
    local file; file=$(ls -t "$out"/cg.* | grep -v log | head -1)
    grep -m1 '^totals:\|^summary:' "$file" | awk '{print $2}'; rm -f "$out"/cg.[0-9]*
}
{
    echo "hello $(instructions "$hello")"
    echo "plan $(instructions "$bin/metro-timer" plan Lisova Teremky --at 08:15 --date 2026-11-30)"
    # At the first train the service model's trains of a line are generated in the process.
    echo "plan-first $(instructions "$bin/metro-timer" plan Darnytsia Olimpiiska --at 05:39 --date 2026-12-09)"
    echo "status $(instructions "$bin/metro-timer" status)"
} > "$out/instructions.txt"
hyperfine -N --warmup 5 --runs "$RUNS" --export-json "$out/startup.json" \
    -n hello "$hello" \
    -n plan "$bin/metro-timer plan Lisova Teremky --at 08:15 --date 2026-11-30" \
    -n plan-first "$bin/metro-timer plan Darnytsia Olimpiiska --at 05:39 --date 2026-12-09" \
    -n status "$bin/metro-timer status" >&2
"$bin/metro-timer" stop >/dev/null 2>&1 || true
python3 - "$out" "$bin/metro-timer" <<'PY'
import json, os, sys
out, binary = sys.argv[1], sys.argv[2]
counts = dict((k, int(v)) for k, v in (line.split() for line in open(f"{out}/instructions.txt")))
results = {r["command"]: r for r in json.load(open(f"{out}/startup.json"))["results"]}
base_ms = results["hello"]["median"] * 1000
print(f"metro-timer (static, stripped): {os.path.getsize(binary):,} bytes")
print()
print("| command | instructions | × hello | median ms | × hello |")
print("|---|---:|---:|---:|---:|")
for name in ["hello", "plan", "plan-first", "status"]:
    ms = results[name]["median"] * 1000
    print(f"| {name} | {counts[name]/1e6:.1f} M | {counts[name]/counts['hello']:.2f} | {ms:.1f} | {ms/base_ms:.2f} |")
PY
