"""Checks the GTFS feed's trains against the city's published intervals, from the feed itself
(the zip's stop_times, trips, stops and shapes) and the published data (Data/kyiv-headways.csv,
Data/kyiv-stations.csv), never from the generator's code:

- at every station, in each direction and day type, no two departures less than 90 s apart;
- every interval between consecutive departures at a station within the published pair of its
  hour, +-30 s (the pair of the hour each train left its first station; across an hour's end
  either hour's pair; before the first published hour the first, after the last the last);
  except where the published data themselves forbid it: when the two published trains around
  an interval (trains that leave their first station at its published first departure,
  Data/kyiv-timetable.csv) are so far apart at that station that no number of trains between
  them could keep every interval within the pair +-30 s, the interval must be within 30 s of
  the best any such cut could reach (the worst: 1,194 s at Darnytsia, M1 at the weekend, where
  the best cut, 3 x 398 s, is 52 s short of 7:30-9:00, and 1,023 s at Palats "Ukraina", M2 at
  the weekend, 2 x 511.5 s, 61.5 s past 7:15-7:30);
- the check itself: the same feed with one joining train moved 35 s (M1-forward-weekend-005,
  still within the old allowance of +-90 s for start-up trains) must fail it;
- shape_dist_traveled on every shape point and stop time, rising along each trip and shape;
- every stop's stop_code the official station code;
- timepoint 1 (exact) on exactly the stop times whose departure is that station's published
  first or last departure in the trip's direction (Data/kyiv-timetable.csv), 0 (approximate) on
  every other: only what is published is certain.

Usage: python3 check-gtfs-headways.py FEED.zip Data/
Prints the worst cases and ends with 'N passed, N failed'; exits 1 on any failure.
"""
import csv
import sys
from collections import defaultdict

from gtfs_tables import seconds, tables

FEED, DATA = sys.argv[1], sys.argv[2].rstrip("/")
SLACK, MIN_GAP = 30, 90
passed = failed = 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name} {detail}")


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

# The published first departure at each station in each direction (layer 13).
with open(f"{DATA}/kyiv-timetable.csv", encoding="utf-8") as f:
    timetable_rows = list(csv.DictReader(f))
    first_departure = {(row["station"], row["direction"]): seconds(row["first_departure"])
                       for row in timetable_rows if row["first_departure"]}
    # Service-day seconds: a last departure after midnight counts past 24:00, as the feed's.
    last_departure = {(row["station"], row["direction"]): seconds(row["last_departure"]) + (86400 if seconds(row["last_departure"]) < 3 * 3600 else 0)
                      for row in timetable_rows if row["last_departure"]}


def pair(key, hour):
    hours = published[key]
    return hours[min(max(hour, min(hours)), max(hours))]


trip_rows, stop_times, stops, shapes = tables(FEED, "trips.txt", "stop_times.txt", "stops.txt", "shapes.txt")
trips = {row["trip_id"]: row for row in trip_rows}

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

# timepoint: exact exactly where the departure is a published first or last one.
last_stop = {}
for r in stop_times:
    last_stop[r["trip_id"]] = max(last_stop.get(r["trip_id"], 0), int(r["stop_sequence"]))
wrong_timepoints = []
exact = 0
for r in stop_times:
    direction = "forward" if trips[r["trip_id"]]["direction_id"] == "0" else "reverse"
    key = (r["stop_id"], direction)
    departs = int(r["stop_sequence"]) < last_stop[r["trip_id"]]
    is_published = departs and seconds(r["departure_time"]) in (first_departure.get(key), last_departure.get(key))
    exact += r.get("timepoint") == "1"
    if r.get("timepoint") != ("1" if is_published else "0"):
        wrong_timepoints.append((r["trip_id"], r["stop_id"], r["departure_time"], r.get("timepoint")))
check("timepoint 1 exactly on the published first and last departures", not wrong_timepoints, wrong_timepoints[:5])
print(f"  timepoint 1 on {exact} of {len(stop_times)} stop times")

# Departures by station, direction and day type, with the hour each train left its first stop and
# whether it is a published train (it leaves its first station at that station's published first
# departure).
by_trip = defaultdict(list)
for r in stop_times:
    by_trip[r["trip_id"]].append(r)
dist_ok = True
for trip_id, rows in by_trip.items():
    rows.sort(key=lambda r: int(r["stop_sequence"]))
    distances = [float(r.get("shape_dist_traveled") or "nan") for r in rows]
    dist_ok &= all(b > a for a, b in zip(distances, distances[1:]))
check("stop time distances rise along each trip", dist_ok)


def departures_of(by_trip):
    result = defaultdict(list)
    for trip_id, rows in by_trip.items():
        trip = trips[trip_id]
        direction = "forward" if trip["direction_id"] == "0" else "reverse"
        key = (trip["route_id"], trip["service_id"], direction)
        start = seconds(rows[0]["departure_time"])
        published_train = first_departure.get((rows[0]["stop_id"], direction)) == start
        for r in rows[:-1]:  # a train's arrival at its terminus is no departure
            result[key + (r["stop_id"],)].append((seconds(r["departure_time"]), start // 3600, trip_id, published_train))
    return result


def outside_band(value, low, high):
    """How far a value lies outside [low, high], 0 inside."""
    return max(0, low - value, value - high)


def best_cut(gap, low, high):
    """The least, over every number of trains, of how far the evenly cut intervals of `gap` lie
    outside [low, high] (an even cut is the best cut into that many parts)."""
    return min(outside_band(gap / parts, low, high) for parts in range(1, gap // max(low, 1) + 2))


def problems(departures):
    bunched, outside, forced, count = [], [], [], 0
    for (line, service, direction, stop), times in sorted(departures.items()):
        times.sort()
        key = (line, service, direction)
        for index, ((t1, h1, id1, _), (t2, h2, id2, _)) in enumerate(zip(times, times[1:])):
            count += 1
            gap = t2 - t1
            if gap < MIN_GAP:
                bunched.append((gap, stop, id1, id2))
            lows, highs = zip(*(pair(key, h) for h in {h1, h2}))
            low, high = min(lows), max(highs)
            off = outside_band(gap, low, high)
            if off <= SLACK:
                continue
            published_pair = f"{mmss(low)}-{mmss(high)}"
            before = [t for t in times[:index + 1] if t[3]]
            after = [t for t in times[index + 1:] if t[3]]
            if not before or not after:
                outside.append((off, gap, published_pair, stop, id1, id2, "no published train on both sides"))
                continue
            span = after[0][0] - before[-1][0]
            best = best_cut(span, low, high)
            if best <= SLACK:
                outside.append((off, gap, published_pair, stop, id1, id2,
                                f"the {span} s between {before[-1][2]} and {after[0][2]} can be cut within +-{SLACK} s"))
            elif off > best + SLACK:
                outside.append((off, gap, published_pair, stop, id1, id2,
                                f"{off} s outside, the best cut of the {span} s {best:.1f} s"))
            else:
                forced.append((off, best, span, stop, id1, id2))
    return bunched, outside, forced, count


bunched, outside, forced, count = problems(departures_of(by_trip))
print(f"{count} intervals at {len(departures_of(by_trip))} station-directions; {len(bunched)} under {MIN_GAP} s; "
      f"{len(outside)} outside the published pair +-{SLACK} s where a cut within it exists; "
      f"{len(forced)} past +-{SLACK} s where the published trains around them allow no cut within it, "
      f"each within {SLACK} s of the best cut")
for gap, stop, a, b in sorted(bunched)[:10]:
    print(f"  bunched: {gap} s at {stop}: {a} -> {b}")
for off, gap, published_pair, stop, a, b, why in sorted(outside, reverse=True)[:10]:
    print(f"  outside: {gap} s (published {published_pair}) at {stop}: {a} -> {b}: {why}")
for off, best, span, stop, a, b in sorted(forced, reverse=True)[:5]:
    print(f"  forced: {off} s outside at {stop}: {a} -> {b} (between published trains {span} s apart; "
          f"the best cut is {best:.1f} s outside)")
check(f"no two departures under {MIN_GAP} s apart", not bunched, len(bunched))
check(f"every interval within the hour's published pair +-{SLACK} s, or within {SLACK} s of the best cut "
      "where the published trains allow none", not outside, len(outside))

# The check itself: one joining train moved 35 s later must be seen.
moved = "M1-forward-weekend-005"
if moved in by_trip:
    doctored = dict(by_trip)
    doctored[moved] = [dict(r, departure_time=f"{(seconds(r['departure_time']) + 35) // 3600:02d}:"
                            f"{(seconds(r['departure_time']) + 35) // 60 % 60:02d}:{(seconds(r['departure_time']) + 35) % 60:02d}")
                       for r in by_trip[moved]]
    seen = [o for o in problems(departures_of(doctored))[1] if moved in o[4:6]]
    check(f"the check sees {moved} moved 35 s", seen, "not seen")
else:
    check(f"the check's own test: trip {moved} exists", False, "missing")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
