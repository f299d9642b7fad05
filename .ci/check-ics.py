"""Reads metro-timer's calendar cards with an independent RFC 5545 parser (the `icalendar`
package) and checks them against the same plan's JSON: the zone, the start and end, and that
each alarm fires at the schedule's "change is next" / "yours is next" moment.

Usage: python check-ics.py PATH/TO/metro-timer
"""
import datetime as dt
import json
import subprocess
import sys
import zoneinfo

import icalendar

BINARY = sys.argv[1]
KYIV = zoneinfo.ZoneInfo("Europe/Kyiv")
CASES = [
    # (from, to, date, time, language): a transfer in winter, a transfer in summer (EEST), a
    # single line, both languages, a route that ends with a walk through a node. (plan exits 1 for
    # a ride after the last train, so every case is one that can be made.)
    ("Lisova", "Teremky", "2026-11-30", "08:15", "en"),
    ("Лісова", "Теремки", "2026-11-30", "08:15", "uk"),
    ("Akademmistechko", "Syrets", "2026-07-06", "17:40", "en"),
    ("Heroiv Dnipra", "Lybidska", "2026-07-11", "22:10", "uk"),
    ("Teremky", "Khreshchatyk", "2026-03-29", "12:00", "en"),
]
failures = 0
passed = 0


def run(*args):
    # Bytes, not text mode: text mode would turn the CRLF line ends into LF.
    result = subprocess.run([BINARY, *args], capture_output=True, env={"NO_COLOR": "1", "PATH": "/usr/bin:/bin"})
    if result.returncode != 0:
        raise SystemExit(f"{args}: exit {result.returncode}: {result.stderr.decode()}")
    return result.stdout.decode("utf-8")


def moment(text):
    return dt.datetime.fromisoformat(text)


def check(label, condition, detail=""):
    global failures, passed
    if condition:
        passed += 1
    else:
        failures += 1
        print(f"FAIL {label} {detail}")


for origin, destination, date, time, language in CASES:
    common = ["plan", origin, destination, "--date", date, "--at", time, "--lang", language]
    plan = json.loads(run(*common, "--json"))
    raw = run(*common, "--ics", "-")
    name = f"{origin}→{destination} {date} {time} {language}"
    check(name + " CRLF", "\r\n" in raw and "\n" not in raw.replace("\r\n", ""))
    check(name + " folded", all(len(line.encode()) <= 75 for line in raw.split("\r\n")))
    calendar = icalendar.Calendar.from_ical(raw)
    check(name + " a VTIMEZONE for Europe/Kyiv", [str(z["TZID"]) for z in calendar.walk("VTIMEZONE")] == ["Europe/Kyiv"])
    events = calendar.walk("VEVENT")
    check(name + " one event", len(events) == 1)
    event = events[0]
    start = event.decoded("DTSTART")
    end = event.decoded("DTEND")
    check(name + " DTSTART is the departure", start == moment(plan["departure"]), f"{start} vs {plan['departure']}")
    check(name + " DTSTART in Kyiv time", event["DTSTART"].params.get("TZID") == "Europe/Kyiv")
    check(name + " the zone's offset", start.astimezone(KYIV).utcoffset() == moment(plan["departure"]).utcoffset())
    check(name + " DTEND is the arrival", end == moment(plan["finalArrival"]), f"{end} vs {plan['finalArrival']}")
    triggers = sorted(alarm.decoded("TRIGGER") for alarm in event.walk("VALARM"))
    expected = sorted(moment(plan[key]["time"]) for key in ("transferAlert", "alert") if plan.get(key))
    check(name + " alarms at the alert moments", triggers == expected, f"{triggers} vs {expected}")
    check(name + " every alarm displays text", all(str(a["ACTION"]) == "DISPLAY" and str(a["DESCRIPTION"]) for a in event.walk("VALARM")))
    description = str(event["DESCRIPTION"])
    check(name + " stops in the description", plan["to"]["nameUk" if language == "uk" else "nameEn"] in description)
    if "earliest" in plan["arrival"]:
        # The card gives the final arrival's range: the arrival's, plus any walk at the end.
        walk = moment(plan["finalArrival"]) - moment(plan["arrival"]["time"])
        for key in ("earliest", "latest"):
            expected_time = (moment(plan["arrival"][key]) + walk).strftime("%H:%M:%S")
            check(name + f" the arrival's {key} time", expected_time in description, f"{expected_time} not in the description")
    check(name + " the language", any("\u0400" <= c <= "\u04ff" for c in str(event["SUMMARY"])) == (language == "uk"))

print(f"calendar cards: {passed} passed, {failures} failed")
sys.exit(1 if failures else 0)
