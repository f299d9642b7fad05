#!/usr/bin/env bash
# Benchmarks for metro-timer: release builds, each figure against a baseline measured in the same
# run, medians of repeated runs. Installs nothing: it says what is missing.
#
#   bench/run.sh              # all of it (about 3 minutes, 60 s of which is the idle countdown)
#   IDLE_SECONDS=20 bench/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

missing=()
command -v hyperfine >/dev/null 2>&1 || missing+=("hyperfine")
command -v python3 >/dev/null 2>&1 || missing+=("python3")
command -v tmux >/dev/null 2>&1 || missing+=("tmux")
[ -x /usr/bin/time ] || missing+=("time")
if [ ${#missing[@]} -gt 0 ]; then
    echo "bench: missing: ${missing[*]}. On Debian: apt-get install ${missing[*]}" >&2
    exit 1
fi

RUNS=${RUNS:-40}
IDLE_SECONDS=${IDLE_SECONDS:-60}
out="$root/bench/out"
rm -rf "$out"; mkdir -p "$out"
home="$out/state"

echo "== building release binaries (same toolchain and flags for the baseline)" >&2
swift build -c release --product metro-timer >&2
swift build -c release --product timetable-gen >&2
(cd bench/hello && swift build -c release >&2)
bin="$root/.build/release"
hello="$root/bench/hello/.build/release/hello"

echo "== whole-process time: plan and status against hello world" >&2
# An active trip for status to read (t₀ now; SIGTERM leaves the trip in its file).
METRO_TIMER_HOME="$home" "$bin/metro-timer" start Lisova Teremky --events </dev/null >/dev/null &
starter=$!
for _ in $(seq 50); do [ -s "$home/trip.json" ] && break; sleep 0.1; done
[ -s "$home/trip.json" ] || { echo "bench: 'metro-timer start' wrote no trip: outside service hours (about 05:35-00:00 Kyiv time) no train runs to start. Run the bench while the metro runs." >&2; exit 1; }
kill -TERM "$starter"; wait "$starter" 2>/dev/null || true
export METRO_TIMER_HOME="$home" NO_COLOR=1
# The same trip with the most corrections a trip keeps (300), for status at the cap.
capped="$out/capped"
mkdir -p "$capped" && cp "$home/trip.json" "$capped/"
for i in $(seq 150); do
    METRO_TIMER_HOME="$capped" "$bin/metro-timer" adjust +1 >/dev/null
    METRO_TIMER_HOME="$capped" "$bin/metro-timer" adjust -1 >/dev/null
done
# The capped trip again, with a full journal (1,000 records, the cap) beside it: status reads the
# journal while a trip runs, to see an ending already recorded.
journaled="$out/journaled"
mkdir -p "$journaled" "$out/seed" && cp "$home/trip.json" "$out/seed/"
METRO_TIMER_HOME="$out/seed" "$bin/metro-timer" stop >/dev/null
python3 - "$out/seed/journal.jsonl" "$journaled/journal.jsonl" <<'PY'
import json, sys
record = json.loads(open(sys.argv[1]).readline())
with open(sys.argv[2], "w") as out:
    for i in range(1000):
        record["id"] = f"bench-{i:04d}"
        out.write(json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n")
PY
chmod 600 "$journaled/journal.jsonl"
cp "$capped/trip.json" "$journaled/"
hyperfine -N --warmup 5 --runs "$RUNS" --export-json "$out/startup.json" \
    -n hello "$hello" \
    -n plan "$bin/metro-timer plan Lisova Teremky --at 08:15 --date 2026-11-30" \
    -n status "$bin/metro-timer status" >&2
# status at the cap, against its own hello measured in the same invocation.
METRO_TIMER_HOME="$capped" hyperfine -N --warmup 5 --runs "$RUNS" --export-json "$out/capped.json" \
    -n hello "$hello" \
    -n "status (300 corrections)" "$bin/metro-timer status" >&2
METRO_TIMER_HOME="$journaled" hyperfine -N --warmup 5 --runs "$RUNS" --export-json "$out/journaled.json" \
    -n hello "$hello" \
    -n "status (300 corrections, 1,000-record journal)" "$bin/metro-timer status" >&2

echo "== timetable-gen on the real data and on synthetic networks 10x and 100x" >&2
python3 bench/synth_network.py 10 "$out/synth10"
python3 bench/synth_network.py 100 "$out/synth100"
hyperfine -N --warmup 2 --runs "$(( RUNS / 4 > 5 ? RUNS / 4 : 5 ))" --export-json "$out/generator.json" \
    -n hello "$hello" \
    -n "real (52 stations)" "$bin/timetable-gen --data Data --output $out/real.json" \
    -n "10x (520 stations)" "$bin/timetable-gen --data $out/synth10 --output $out/synth10.json" \
    -n "100x (5200 stations)" "$bin/timetable-gen --data $out/synth100 --output $out/synth100.json" >&2

echo "== peak memory (/usr/bin/time, median of 5)" >&2
peak() {  # prints the median peak RSS in KiB of 5 runs of the command
    for _ in 1 2 3 4 5; do /usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -n 1; done | sort -n | sed -n 3p
}
{
    echo "hello $(peak "$hello")"
    echo "plan $(peak "$bin/metro-timer" plan Lisova Teremky --at 08:15 --date 2026-11-30)"
    echo "status $(peak "$bin/metro-timer" status)"
    echo "timetable-gen-real $(peak "$bin/timetable-gen" --data Data --output "$out/real.json")"
    echo "timetable-gen-10x $(peak "$bin/timetable-gen" --data "$out/synth10" --output "$out/synth10.json")"
    echo "timetable-gen-100x $(peak "$bin/timetable-gen" --data "$out/synth100" --output "$out/synth100.json")"
} > "$out/memory.txt"

echo "== the live countdown idling under a real terminal for ${IDLE_SECONDS} s" >&2
# Baseline in the same run: an idle 'sleep' in the same kind of tmux pane.
socket="metro-bench-$$"
tmux -L "$socket" new-session -d -s ride -x 80 -y 24 \
    "exec env METRO_TIMER_HOME=$out/idle TERM=xterm-256color $bin/metro-timer start Lisova Teremky"
tmux -L "$socket" new-session -d -s base -x 80 -y 24 "exec sleep $(( IDLE_SECONDS + 30 ))"
sleep 1
ride_pid=$(tmux -L "$socket" display -p -t ride '#{pane_pid}')
base_pid=$(tmux -L "$socket" display -p -t base '#{pane_pid}')
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
ride_before=$(cpu "$ride_pid"); base_before=$(cpu "$base_pid")
sleep "$IDLE_SECONDS"
ride_after=$(cpu "$ride_pid"); base_after=$(cpu "$base_pid")
ride_hwm=$(awk '/VmHWM/ {print $2}' "/proc/$ride_pid/status")
tmux -L "$socket" kill-server
# The trips end, and with them the alert notifiers they started.
for dir in "$home" "$capped" "$journaled" "$out/idle"; do METRO_TIMER_HOME="$dir" "$bin/metro-timer" stop >/dev/null 2>&1 || true; done
ticks=$(getconf CLK_TCK)
echo "$(( ride_after - ride_before )) $(( base_after - base_before )) $ticks $IDLE_SECONDS $ride_hwm" > "$out/idle.txt"

python3 - "$out" <<'PY'
import json, sys, platform, subprocess, datetime
out = sys.argv[1]
def load(name):
    return {r["command"]: r for r in json.load(open(f"{out}/{name}.json"))["results"]}
startup, generator = load("startup"), load("generator")
memory = dict(line.split() for line in open(f"{out}/memory.txt"))
ride_ticks, base_ticks, hz, seconds, ride_hwm = map(int, open(f"{out}/idle.txt").read().split())
ms = lambda r: r["median"] * 1000
swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
cpu = subprocess.run(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], capture_output=True, text=True).stdout.strip()
lines = []
lines.append(f"Measured {datetime.date.today()} on {platform.machine()}, {cpu}, {subprocess.run(['nproc'], capture_output=True, text=True).stdout.strip()} cores; {swift}.")
lines.append("")
lines.append("### Whole-process time (median of hyperfine runs; baseline: Foundation hello world, same flags)")
lines.append("")
lines.append("| command | median ms | × hello | target | peak RSS MiB |")
lines.append("|---|---:|---:|---|---:|")
base = ms(startup["hello"])
for name, target in [("hello", ""), ("plan", "≤ 1.5×"), ("status", "≤ 1.5×")]:
    r = startup[name]
    lines.append(f"| {name} | {ms(r):.1f} | {ms(r)/base:.2f} | {target} | {int(memory[name])/1024:.1f} |")
capped = load("capped")
r = capped["status (300 corrections)"]
lines.append(f"| status (300 corrections) | {ms(r):.1f} | {ms(r)/ms(capped['hello']):.2f} | ≤ 1.5× | |")
journaled = load("journaled")
r = journaled["status (300 corrections, 1,000-record journal)"]
lines.append(f"| status (300 corrections, 1,000-record journal) | {ms(r):.1f} | {ms(r)/ms(journaled['hello']):.2f} | | |")
lines.append("")
lines.append("### timetable-gen (median; synthetic networks copy the real lines with new codes)")
lines.append("")
lines.append("| input | median ms | µs per station | × real | peak RSS MiB |")
lines.append("|---|---:|---:|---:|---:|")
gen_base = ms(generator["real (52 stations)"])
for name, stations in [("real (52 stations)", 52), ("10x (520 stations)", 520), ("100x (5200 stations)", 5200)]:
    r = generator[name]
    mem = f"{int(memory[{52: 'timetable-gen-real', 520: 'timetable-gen-10x', 5200: 'timetable-gen-100x'}[stations]])/1024:.1f}"
    lines.append(f"| {name} | {ms(r):.1f} | {ms(r)*1000/stations:.0f} | {ms(r)/gen_base:.1f} | {mem} |")
lines.append(f"| hello (floor) | {ms(generator['hello']):.1f} | | | |")
lines.append("")
lines.append(f"### Live countdown idling {seconds} s under a real terminal (tmux)")
lines.append("")
per_minute = ride_ticks / hz * 60 / seconds
lines.append(f"| process | CPU s per minute | target | peak RSS MiB |")
lines.append(f"|---|---:|---|---:|")
lines.append(f"| metro-timer start | {per_minute:.3f} | < 0.1 | {ride_hwm/1024:.1f} |")
lines.append(f"| sleep (baseline) | {base_ticks / hz * 60 / seconds:.3f} | | |")
open(f"{out}/results.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
PY
