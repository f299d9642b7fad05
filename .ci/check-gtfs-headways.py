"""Checks the GTFS feed's trains against the city's published intervals, from the feed itself
(the zip's stop_times, trips, stops and shapes) and the published data (Data/kyiv-headways.csv,
Data/kyiv-stations.csv), never from the generator's code:

- at every station, in each direction and day type, no two departures less than 90 s apart;
- every interval between consecutive departures at a station within the published pair of its
  hour, +-30 s (the pair of the hour each train left its first station; across an hour's end
  either hour's pair; before the first published hour the first, after the last the last);
  at the morning start-up, between two trains that both began mid-line (depot trains and the
  trains joining with them, whose ends are published first departures, so that no even split
  of the gap need fit: the worst, 1,023 s on M2 at the weekend, splits into two of 511 s against
  7:15-7:30), +-90 s;
- shape_dist_traveled on every shape point and stop time, rising along each trip and shape;
- every stop's stop_code the official station code.

Usage: python3 check-gtfs-headways.py FEED.zip Data/
Prints the worst cases and ends with 'N passed, N failed'; exits 1 on any failure.
"""
import csv
import io
import sys
import zipfile
from collections import defaultdict

FEED, DATA = sys.argv[1], sys.argv[2].rstrip("/")
SLACK, STARTUP_SLACK, MIN_GAP = 30, 90, 90
passed = failed = 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name} {detail}")


def table(archive, name):
    with archive.open(name) as f:
        return list(csv.DictReader(io.TextIOWrapper(f, encoding="utf-8")))


def seconds(text):
    parts = [int(p) for p in text.split(":")]
    return parts[0] * 3600 + parts[1] * 60 + (parts[2] if len(parts) > 2 else 0)


def mmss(value):
    return f"{value // 60}:{value % 60:02d}"


# The published intervals: (line, day type, direction) -> {hour: (low, high)}.
published = defaultdict(dict)
with open(f"{DATA}/kyiv-headways.csv", encoding="utf-8") as f:
    for row in csv.DictReader(f):
        hour = int(row["period"].split(":")[0])
        # One published value missing (M1 18:00 weekday forward): the other stands alone.
        values = [seconds("0:" + v) for v in (row["first_interval"], row["second_interval"]) if v]
        pair = sorted(values)
        published[(row["line"], row["day_type"], row["direction"])][hour] = (pair[0], pair[-1])

with open(f"{DATA}/kyiv-stations.csv", encoding="utf-8") as f:
    official = {row["code"] for row in csv.DictReader(f)}


def pair(key, hour):
    hours = published[key]
    return hours[min(max(hour, min(hours)), max(hours))]


with zipfile.ZipFile(FEED) as archive:
    trips = {row["trip_id"]: row for row in table(archive, "trips.txt")}
    stop_times = table(archive, "stop_times.txt")
    stops = table(archive, "stops.txt")
    shapes = table(archive, "shapes.txt")

# Stops: the official code as stop_code.
check("stop_code present", all(s.get("stop_code") for s in stops), "stops without stop_code")
check("stop_code official", all(s.get("stop_code") in official for s in stops),
      [s.get("stop_code") for s in stops if s.get("stop_code") not in official][:5])

# shape_dist_traveled: on every row, rising.
check("shapes carry shape_dist_traveled", all(r.get("shape_dist_traveled", "") != "" for r in shapes))
by_shape = defaultdict(list)
for r in shapes:
    by_shape[r["shape_id"]].append((int(r["shape_pt_sequence"]), float(r.get("shape_dist_traveled") or "nan")))
check("shape distances rise", all(all(b[1] >= a[1] for a, b in zip(sorted(p), sorted(p)[1:])) for p in by_shape.values()))
check("stop times carry shape_dist_traveled", all(r.get("shape_dist_traveled", "") != "" for r in stop_times))

# Departures by station, direction and day type, with the hour each train left its first stop.
by_trip = defaultdict(list)
for r in stop_times:
    by_trip[r["trip_id"]].append(r)
departures = defaultdict(list)
dist_ok = True
# Each line's terminal in each direction: the first stop of its longest trips.
terminal = {}
for trip_id, rows in by_trip.items():
    trip = trips[trip_id]
    key = (trip["route_id"], trip["direction_id"])
    if len(rows) > terminal.get(key, (0, None))[0]:
        terminal[key] = (len(rows), min(rows, key=lambda r: int(r["stop_sequence"]))["stop_id"])
for trip_id, rows in by_trip.items():
    rows.sort(key=lambda r: int(r["stop_sequence"]))
    trip = trips[trip_id]
    direction = "forward" if trip["direction_id"] == "0" else "reverse"
    key = (trip["route_id"], trip["service_id"], direction)
    origin_hour = seconds(rows[0]["departure_time"]) // 3600
    mid_line = rows[0]["stop_id"] != terminal[(trip["route_id"], trip["direction_id"])][1]
    distances = [float(r.get("shape_dist_traveled") or "nan") for r in rows]
    dist_ok &= all(b > a for a, b in zip(distances, distances[1:]))
    for r in rows[:-1]:  # a train's arrival at its terminus is no departure
        departures[key + (r["stop_id"],)].append((seconds(r["departure_time"]), origin_hour, trip_id, mid_line))
check("stop time distances rise along each trip", dist_ok)

bunched, outside, startup = [], [], []
count = 0
for (line, service, direction, stop), times in sorted(departures.items()):
    times.sort()
    key = (line, service, direction)
    for (t1, h1, id1, mid1), (t2, h2, id2, mid2) in zip(times, times[1:]):
        count += 1
        gap = t2 - t1
        if gap < MIN_GAP:
            bunched.append((gap, stop, id1, id2))
        lows, highs = zip(*(pair(key, h) for h in {h1, h2}))
        slack = STARTUP_SLACK if mid1 and mid2 else SLACK
        low, high = min(lows) - slack, max(highs) + slack
        if not low <= gap <= high:
            outside.append((gap, f"{mmss(low + slack)}–{mmss(high - slack)}", stop, id1, id2))
        elif not min(lows) - SLACK <= gap <= max(highs) + SLACK:
            startup.append((gap, stop, id1, id2))

print(f"{count} intervals at {len(departures)} station-directions; {len(bunched)} under {MIN_GAP} s; "
      f"{len(outside)} outside the published pair +-{SLACK} s (+-{STARTUP_SLACK} s at the start-up); "
      f"{len(startup)} start-up intervals past +-{SLACK} s within +-{STARTUP_SLACK} s")
for gap, stop, a, b in sorted(bunched)[:10]:
    print(f"  bunched: {gap} s at {stop}: {a} -> {b}")
for gap, published_pair, stop, a, b in sorted(outside, key=lambda o: -abs(o[0]))[:10]:
    print(f"  outside: {gap} s (published {published_pair}) at {stop}: {a} -> {b}")
check(f"no two departures under {MIN_GAP} s apart", not bunched, len(bunched))
check(f"every interval within the hour's published pair +-{SLACK} s", not outside, len(outside))

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
