"""An independent connection scan over our GTFS feed checks plan's choice of route.

For a rider standing at the origin at a clock time T, two earliest arrivals are found in the feed:
- free: a connection scan (CSA) over every train of the service day, with the feed's own transfers
  (min_transfer_time) as the walks between the halves of a node, at the start, between trains and
  at the end; any number of changes;
- plan's route: the route `metro-timer plan ORIGIN DESTINATION --at T --json` chose, ridden in the
  feed (walk, then the first train of each leg that leaves at or after the rider reaches its
  platform, to the leg's last stop, and so on).
A ride is counted when the free ride arrives more than GAIN seconds earlier than plan's route.

Nothing here reads metro-timer's code: the feed and `plan --json` are all it needs.

Usage:
  python3 check-fastest.py FEED.zip METRO-TIMER [--full [--at HH:MM]] [--route lookup|fastest] [--once-per-pair]
    (default) CI's sample: the pairs around the centre's three nodes and a spread of others, at
              six times of a weekday, planned both ways (--route lookup and the default); fails
              unless the default leaves fewer counted rides than the lookup, and unless no free
              ride arrives earlier than plan's own range allows (arrival.earliest, less TOLERANCE
              seconds). The goal, a tenth of the lookup's, is printed, not required: the choice
              is made by the booked waits, and the feed's trains have phases no one publishes.
    --full    every ordered pair of stations, a weekday, a departure every 30 min 05:40-22:40;
              prints the figures (docs/guide/planning.md quotes them); --at, one time only.
    --once-per-pair  plan each pair once (at 12:00) and ride that route at every time: only for
              a planner whose route has no time input (the lookup of metro-timer 0.x and earlier).
"""
import bisect
import collections
import concurrent.futures
import datetime as dt
import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gtfs_tables import seconds, tables  # noqa: E402

GAIN = 60  # seconds: a ride counts when another route arrives this much earlier
TOLERANCE = 30  # seconds: how far below plan's earliest arrival the feed may land (rounding, dwell)
DAY = "2026-11-30"  # a Monday: the weekday service
SERVICE = "weekday"

argv = sys.argv[1:]
VALUED = ("--route", "--at")
args = [a for i, a in enumerate(argv) if not a.startswith("--") and (i == 0 or argv[i - 1] not in VALUED)]
flags = [a for a in argv if a.startswith("--")]
FEED, BINARY = args[0], args[1]
FULL = "--full" in flags
ONCE = "--once-per-pair" in flags
ROUTE = argv[argv.index("--route") + 1] if "--route" in argv else None
AT = argv[argv.index("--at") + 1] if "--at" in argv else None

stops_rows, trip_rows, stop_times, transfer_rows = tables(FEED, "stops.txt", "trips.txt", "stop_times.txt", "transfers.txt")
codes = [row["stop_id"] for row in stops_rows]
names = {row["stop_id"]: row["stop_name"] for row in stops_rows}
walk = {(row["from_stop_id"], row["to_stop_id"]): int(row["min_transfer_time"]) for row in transfer_rows}
partner = {a: b for (a, b) in walk}
service_trips = {row["trip_id"] for row in trip_rows if row["service_id"] == SERVICE}

# Each trip's stops in order, as (stop, arrival, departure) in seconds of the service day.
by_trip = collections.defaultdict(list)
for row in stop_times:
    if row["trip_id"] in service_trips:
        by_trip[row["trip_id"]].append((int(row["stop_sequence"]), row["stop_id"], seconds(row["arrival_time"]), seconds(row["departure_time"])))
connections = []  # (departure, arrival, from, to, trip)
departures = collections.defaultdict(list)  # (stop, next stop) -> [(departure, trip)]
at_stop = {}  # (trip, stop) -> arrival
for trip, rows in by_trip.items():
    rows.sort()
    for (_, a, _, dep), (_, b, arr, _) in zip(rows, rows[1:]):
        connections.append((dep, arr, a, b, trip))
        departures[(a, b)].append((dep, trip))
    for _, stop, arr, _ in rows:
        at_stop[(trip, stop)] = arr
connections.sort()
starts = [c[0] for c in connections]
for key in departures:
    departures[key].sort()


def free_scan(origin, t):
    """Earliest arrival at every stop for a rider at ORIGIN at T (CSA, any route)."""
    best = collections.defaultdict(lambda: float("inf"))
    best[origin] = t
    if origin in partner:
        best[partner[origin]] = t + walk[(origin, partner[origin])]
    boarded = set()
    for dep, arr, a, b, trip in connections[bisect.bisect_left(starts, t):]:
        if dep > t + 3 * 3600:
            break
        if trip in boarded or best[a] <= dep:
            boarded.add(trip)
            if arr < best[b]:
                best[b] = arr
                if b in partner:
                    best[partner[b]] = min(best[partner[b]], arr + walk[(b, partner[b])])
    return best


def ride(route, t):
    """The arrival of plan's route ridden in the feed by a rider at its origin at T."""
    for kind, value in route:
        if kind == "walk":
            t += value
            continue
        board, following, alight = value
        options = departures[(board, following)]
        index = bisect.bisect_left(options, (t, ""))
        while index < len(options) and (options[index][1], alight) not in at_stop:
            index += 1  # a train that turns short of the leg's end
        if index == len(options):
            return None
        t = at_stop[(options[index][1], alight)]
    return t


def local(iso):
    moment = dt.datetime.fromisoformat(iso)
    return (moment.date() - dt.date.fromisoformat(DAY)).days * 86400 + moment.hour * 3600 + moment.minute * 60 + moment.second


def plan(origin, destination, clock, route_rule):
    command = [BINARY, "plan", origin, destination, "--date", DAY, "--at", clock, "--json", "--no-calibration"]
    if route_rule:
        command += ["--route", route_rule]
    result = subprocess.run(command, capture_output=True, text=True,
                            env={"NO_COLOR": "1", "PATH": "/usr/bin:/bin", "METRO_TIMER_CONFIG": "/nonexistent/ci-config"})
    if result.returncode != 0:
        return None
    document = json.loads(result.stdout)
    if any(f.get("blocking") for f in document.get("findings", [])) or not document.get("legs"):
        return None
    steps = []
    if document.get("walkBeforeBoarding"):
        steps.append(("walk", document["walkBeforeBoarding"]["walkSeconds"]))
    for index, leg in enumerate(document["legs"]):
        codes_ = [stop["station"]["code"] for stop in leg["stops"]]
        if index > 0:
            steps.append(("walk", walk[(document["legs"][index - 1]["stops"][-1]["station"]["code"], codes_[0])]))
        steps.append(("leg", (codes_[0], codes_[1], codes_[-1])))
    if document.get("walkAfterAlighting"):
        steps.append(("walk", document["walkAfterAlighting"]["walkSeconds"]))
    arrival = document["arrival"]
    # The range is the last train's; a walk at the end adds the same to each end.
    extra = local(document["finalArrival"]) - local(arrival["time"])
    return {"steps": steps, "earliest": local(arrival.get("earliest", arrival["time"])) + extra,
            "legs": [leg["line"] for leg in document["legs"]]}


def clock(t):
    return f"{t // 3600:02d}:{t // 60 % 60:02d}"


def measure(pairs, times, route_rule, once):
    """Every ride of PAIRS x TIMES: (counted gains, outside-range rides, rides measured)."""
    queries = [(o, d, t) for (o, d) in pairs for t in times]
    plans = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=int(os.environ.get("JOBS", "4"))) as pool:
        keys = sorted({(o, d, 12 * 3600 if once else t) for (o, d, t) in queries})
        for key, result in zip(keys, pool.map(lambda k: plan(k[0], k[1], clock(k[2]), route_rule), keys)):
            plans[key] = result
    scans = {}
    gains, outside, measured = [], [], 0
    for origin, destination, t in queries:
        planned = plans[(origin, destination, 12 * 3600 if once else t)]
        if planned is None:
            continue
        mine = ride(planned["steps"], t)
        if mine is None:
            continue
        if (origin, t) not in scans:
            scans[(origin, t)] = free_scan(origin, t)
        free = scans[(origin, t)][destination]
        measured += 1
        if mine - free > GAIN:
            gains.append((mine - free, origin, destination, t, planned["legs"]))
        # plan at T has its train leaving at T: the feed's ride from T (its first wait
        # included) must not arrive before the earliest plan's range allows.
        if not once and free < planned["earliest"] - TOLERANCE:
            outside.append((planned["earliest"] - free, origin, destination, t))
    return gains, outside, measured


def report(label, gains, outside, measured):
    print(f"{label}: {measured} rides; another route earlier by more than {GAIN} s in {len(gains)}", end="")
    if gains:
        values = sorted(g[0] for g in gains)
        q = statistics.quantiles(values, n=10) if len(values) > 1 else values
        pairs = collections.Counter((g[1], g[2]) for g in gains)
        print(f" ({len(gains) / measured:.2%}; {len(pairs)} pairs; gain median {statistics.median(values):.0f} s, "
              f"p90 {q[-1]:.0f} s, max {values[-1]} s, over 5 min in {sum(1 for v in values if v > 300)})")
        for (o, d), n in pairs.most_common(8):
            print(f"  {names[o]} -> {names[d]}: {n}")
    else:
        print()
    print(f"{label}: earlier than plan's range allows (by more than {TOLERANCE} s): {len(outside)}")
    for miss, o, d, t in sorted(outside, reverse=True)[:8]:
        print(f"  {names[o]} -> {names[d]} at {clock(t)}: {miss} s before plan's earliest")


if FULL:
    pairs = [(o, d) for o in codes for d in codes if o != d and partner.get(o) != d]
    times = [seconds(AT)] if AT else list(range(5 * 3600 + 40 * 60, 23 * 3600 + 1, 30 * 60))
    gains, outside, measured = measure(pairs, times, ROUTE, ONCE)
    report(f"full scan ({ROUTE or 'default'})", gains, outside, measured)
    sys.exit(0)

# CI's sample: every ordered pair among the nodes' six stations and their neighbours on each
# line, and a spread of the others, at six times of the day.
order = {code: i for i, code in enumerate(codes)}
near = set()
for code in partner:
    i = order[code]
    for j in (i - 1, i, i + 1):
        if 0 <= j < len(codes) and codes[j][:2] == code[:2]:
            near.add(codes[j])
pairs = [(o, d) for o in sorted(near) for d in sorted(near) if o != d and partner.get(o) != d]
pairs += [(codes[i], codes[(i * 17 + 11) % len(codes)]) for i in range(len(codes)) if codes[i] != codes[(i * 17 + 11) % len(codes)]]
times = [seconds(t) for t in ("06:10", "08:40", "12:10", "15:40", "19:10", "22:10")]
lookup = measure(pairs, times, "lookup", False)
report("lookup", *lookup)
fastest = measure(pairs, times, None, False)
report("plan", *fastest)
ok = len(fastest[0]) < len(lookup[0]) and not fastest[1] and fastest[2] > 1000
goal = "met" if len(fastest[0]) * 10 <= len(lookup[0]) else "not met"
print(f"fastest: {'passed' if ok else 'FAILED'} ({len(fastest[0])} counted rides against the lookup's {len(lookup[0])}, "
      f"the goal of a tenth {goal}; {len(fastest[1])} outside plan's range)")
sys.exit(0 if ok else 1)
