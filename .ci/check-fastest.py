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
  python3 check-fastest.py FEED.zip METRO-TIMER --drawn K [--full [--at HH:MM]]
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
    --drawn K  the same count in K feeds whose trains are not the model's: every trip between a
              line's published first and last train (no stop time with timepoint 1) is moved by
              one offset per line x direction x hour of its first departure, drawn uniformly
              within that hour's headway (seeds 1..K), the way the real trains' phases are
              unknown. Three choosers are ridden in every feed: the lookup, plan's chosen route
              (the booked waits), and "phases", the one of plan's two candidates that arrives
              first in the model's own feed (choosing by the trains' computed phases). Prints
              the counts in the model's feed and their mean over the drawn feeds; on CI's sample
              fails unless plan leaves fewer counted rides than the lookup in the drawn feeds.
"""
import bisect
import collections
import concurrent.futures
import datetime as dt
import json
import os
import random
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
VALUED = ("--route", "--at", "--drawn")
args = [a for i, a in enumerate(argv) if not a.startswith("--") and (i == 0 or argv[i - 1] not in VALUED)]
flags = [a for a in argv if a.startswith("--")]
FEED, BINARY = args[0], args[1]
FULL = "--full" in flags
ONCE = "--once-per-pair" in flags
ROUTE = argv[argv.index("--route") + 1] if "--route" in argv else None
AT = argv[argv.index("--at") + 1] if "--at" in argv else None
DRAWN = int(argv[argv.index("--drawn") + 1]) if "--drawn" in argv else 0

stops_rows, trip_rows, stop_times, transfer_rows = tables(FEED, "stops.txt", "trips.txt", "stop_times.txt", "transfers.txt")
codes = [row["stop_id"] for row in stops_rows]
names = {row["stop_id"]: row["stop_name"] for row in stops_rows}
walk = {(row["from_stop_id"], row["to_stop_id"]): int(row["min_transfer_time"]) for row in transfer_rows}
partner = {a: b for (a, b) in walk}
trips = {row["trip_id"]: row for row in trip_rows if row["service_id"] == SERVICE}
line_stops = collections.defaultdict(list)  # a line's stations in the feed's order
for code in codes:
    line_stops[code[:2]].append(code)

# Each trip's stops in order, as (stop, arrival, departure, timepoint) in seconds of the service day.
by_trip = collections.defaultdict(list)
for row in stop_times:
    if row["trip_id"] in trips:
        by_trip[row["trip_id"]].append((int(row["stop_sequence"]), row["stop_id"], seconds(row["arrival_time"]),
                                        seconds(row["departure_time"]), row.get("timepoint") == "1"))
for rows in by_trip.values():
    rows.sort()


class Feed:
    """The feed's trains, each moved by SHIFT(trip, its stops) seconds (0: the feed as written)."""

    def __init__(self, shift=lambda trip, rows: 0):
        self.connections = []  # (departure, arrival, from, to, trip)
        self.departures = collections.defaultdict(list)  # (stop, next stop) -> [(departure, trip)]
        self.at_stop = {}  # (trip, stop) -> arrival
        for trip, rows in by_trip.items():
            moved = shift(trip, rows)
            for (_, a, _, dep, _), (_, b, arr, _, _) in zip(rows, rows[1:]):
                self.connections.append((dep + moved, arr + moved, a, b, trip))
                self.departures[(a, b)].append((dep + moved, trip))
            for _, stop, arr, _, _ in rows:
                self.at_stop[(trip, stop)] = arr + moved
        self.connections.sort()
        self.starts = [c[0] for c in self.connections]
        for key in self.departures:
            self.departures[key].sort()
        self.scans = {}

    def free(self, origin, t, destination):
        """The earliest arrival at DESTINATION for a rider at ORIGIN at T (CSA, any route)."""
        if (origin, t) not in self.scans:
            best = collections.defaultdict(lambda: float("inf"))
            best[origin] = t
            if origin in partner:
                best[partner[origin]] = t + walk[(origin, partner[origin])]
            boarded = set()
            for dep, arr, a, b, trip in self.connections[bisect.bisect_left(self.starts, t):]:
                if dep > t + 3 * 3600:
                    break
                if trip in boarded or best[a] <= dep:
                    boarded.add(trip)
                    if arr < best[b]:
                        best[b] = arr
                        if b in partner:
                            best[partner[b]] = min(best[partner[b]], arr + walk[(b, partner[b])])
            self.scans[(origin, t)] = best
        return self.scans[(origin, t)][destination]

    def ride(self, route, t):
        """The arrival of a route (walks and legs) ridden in the feed by a rider at its origin at T."""
        for kind, value in route:
            if kind == "walk":
                t += value
                continue
            board, following, alight = value
            options = self.departures[(board, following)]
            index = bisect.bisect_left(options, (t, ""))
            while index < len(options) and (options[index][1], alight) not in self.at_stop:
                index += 1  # a train that turns short of the leg's end
            if index == len(options):
                return None
            t = self.at_stop[(options[index][1], alight)]
        return t


def drawn(seed):
    """The feed with the trains between each line's published first and last moved: one offset per
    line x direction x hour of the trip's first departure, uniform within that hour's headway."""
    firsts = collections.defaultdict(list)
    for trip, rows in by_trip.items():
        row = trips[trip]
        firsts[(row["route_id"], row["direction_id"], rows[0][1])].append(rows[0][3])
    gaps = collections.defaultdict(list)
    for (route, direction, _), times in firsts.items():
        times.sort()
        for a, b in zip(times, times[1:]):
            gaps[(route, direction, a // 3600)].append(b - a)
    rng = random.Random(seed)
    offsets = {}

    def shift(trip, rows):
        if any(row[4] for row in rows):
            return 0  # a published first or last departure stays where it is
        key = (trips[trip]["route_id"], trips[trip]["direction_id"], rows[0][3] // 3600)
        if key not in offsets:
            headway = statistics.median(gaps[key]) if key in gaps else 300
            offsets[key] = round(rng.uniform(-headway / 2, headway / 2))
        return offsets[key]
    return Feed(shift)


MODEL = Feed()


def leg(board, alight):
    stops = line_stops[board[:2]]
    i, j = stops.index(board), stops.index(alight)
    return ("leg", (board, stops[i + (1 if j > i else -1)], alight))


def route_steps(origin, destination, changes):
    """A route from ORIGIN to DESTINATION with CHANGES ((from, to) codes) as walks and legs."""
    out, at = [], origin
    for start, end in changes:
        if at != start:
            out.append(leg(at, start))
        out.append(("walk", walk[(start, end)]))
        at = end
    if at != destination:
        out.append(leg(at, destination))
    return out


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
    # plan's two candidates (the lookup and the way round), when it weighed a way round.
    candidates = {route["kind"]: route_steps(origin, destination, [(c["from"]["code"], c["to"]["code"]) for c in route["changes"]])
                  for route in document.get("routeChoice", {}).get("routes", [])}
    chosen = next((route["kind"] for route in document.get("routeChoice", {}).get("routes", []) if route["chosen"]), "lookup")
    return {"steps": steps, "earliest": local(arrival.get("earliest", arrival["time"])) + extra,
            "legs": [leg["line"] for leg in document["legs"]], "candidates": candidates, "chosen": chosen}


def clock(t):
    return f"{t // 3600:02d}:{t // 60 % 60:02d}"


PLANS = {}  # (origin, destination, time, route rule) -> plan's answer, asked once


def plans_of(queries, route_rule):
    """plan for every (origin, destination, clock time), in parallel."""
    keys = sorted(set(queries) - {key[:3] for key in PLANS if key[3] == route_rule})
    with concurrent.futures.ThreadPoolExecutor(max_workers=int(os.environ.get("JOBS", "4"))) as pool:
        for key, answer in zip(keys, pool.map(lambda k: plan(k[0], k[1], clock(k[2]), route_rule), keys)):
            PLANS[key + (route_rule,)] = answer
    return {key: PLANS[key + (route_rule,)] for key in queries}


def measure(pairs, times, route_rule, once):
    """Every ride of PAIRS x TIMES: (counted gains, outside-range rides, rides measured)."""
    queries = [(o, d, t) for (o, d) in pairs for t in times]
    plans = plans_of([(o, d, 12 * 3600 if once else t) for (o, d, t) in queries], route_rule)
    gains, outside, measured = [], [], 0
    for origin, destination, t in queries:
        planned = plans[(origin, destination, 12 * 3600 if once else t)]
        if planned is None:
            continue
        mine = MODEL.ride(planned["steps"], t)
        if mine is None:
            continue
        free = MODEL.free(origin, t, destination)
        measured += 1
        if mine - free > GAIN:
            gains.append((mine - free, origin, destination, t, planned["legs"]))
        # plan at T has its train leaving at T: the feed's ride from T (its first wait
        # included) must not arrive before the earliest plan's range allows.
        if not once and free < planned["earliest"] - TOLERANCE:
            outside.append((planned["earliest"] - free, origin, destination, t))
    return gains, outside, measured


def measure_drawn(pairs, times, worlds):
    """Counted rides of three choosers in the model's feed and in WORLDS drawn feeds: a dict
    (feed, chooser) -> count, feed "model" or 1..WORLDS; and the rides measured."""
    plans = plans_of([(o, d, t) for (o, d) in pairs for t in times], None)
    feeds = [("model", MODEL)] + [(seed, drawn(seed)) for seed in range(1, worlds + 1)]
    counts = collections.Counter()
    measured = 0
    for (origin, destination, t), planned in sorted(plans.items()):
        if planned is None:
            continue
        # One line (nothing to weigh): the three choosers ride the same route.
        routes = planned["candidates"] or {"lookup": planned["steps"]}
        chosen = planned["chosen"]
        arrivals = {(label, kind): feed.ride(r, t) for label, feed in feeds for kind, r in routes.items()}
        if None in arrivals.values():
            continue
        measured += 1
        phases = min(routes, key=lambda kind: (arrivals[("model", kind)], kind != "lookup"))
        for label, feed in feeds:
            free = feed.free(origin, t, destination)
            for chooser, kind in (("lookup", "lookup"), ("plan", chosen), ("phases", phases)):
                if arrivals[(label, kind)] - free > GAIN:
                    counts[(label, chooser)] += 1
    return counts, measured


def report_drawn(counts, measured, worlds):
    """The drawn feeds' table; returns the mean counts over them per chooser."""
    choosers = ("lookup", "plan", "phases")
    mean = {c: statistics.mean(counts[(seed, c)] for seed in range(1, worlds + 1)) for c in choosers}
    print(f"drawn phases: {measured} rides; another route earlier by more than {GAIN} s, by chooser "
          f"(lookup; plan, the booked waits; phases, the earlier of plan's two routes in the model's feed):")
    print("  feed            " + "".join(f"{c:>9}" for c in choosers))
    print("  model's phases  " + "".join(f"{counts[('model', c)]:>9}" for c in choosers))
    for seed in range(1, worlds + 1):
        print(f"  drawn, seed {seed:<3} " + "".join(f"{counts[(seed, c)]:>9}" for c in choosers))
    print(f"  drawn, mean     " + "".join(f"{mean[c]:>9.1f}" for c in choosers))
    return mean


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
    if DRAWN:
        report_drawn(*measure_drawn(pairs, times, DRAWN), DRAWN)
        sys.exit(0)
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
if DRAWN:
    # In feeds whose phases are not the model's, the booked waits must still beat the lookup.
    mean = report_drawn(*measure_drawn(pairs, times, DRAWN), DRAWN)
    drawn_ok = mean["plan"] < mean["lookup"]
    print(f"drawn phases: {'passed' if drawn_ok else 'FAILED'} (plan {mean['plan']:.1f} against the lookup's "
          f"{mean['lookup']:.1f} counted rides, a mean over {DRAWN} feeds; choosing by the model's phases {mean['phases']:.1f})")
    ok = ok and drawn_ok
sys.exit(0 if ok else 1)
