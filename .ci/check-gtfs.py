"""Validates the GTFS feed with a validator of the canonical rule set (gtfs-validator from PyPI,
a pure-Python implementation) and fails on any ERROR notice, or on a WARNING that the guide does
not explain. To show that the validator is really looking, a copy of the feed with a stop time
naming a stop that does not exist must be reported with an error.

Usage: python check-gtfs.py VALIDATOR FEED.zip docs/guide/gtfs.md
Ends with 'N passed, N failed'.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile

from gtfs_tables import header, table, text

VALIDATOR, FEED, GUIDE = sys.argv[1:4]
passed = failed = 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name} {detail}")


def validate(feed, workdir):
    out = os.path.join(workdir, "report")
    subprocess.run([VALIDATOR, "-i", feed, "-o", out, "-c", "UA", "-d", "2026-11-30"], check=True, capture_output=True)
    with open(os.path.join(out, "report.json"), encoding="utf-8") as f:
        report = json.load(f)
    with open(os.path.join(out, "system_errors.json"), encoding="utf-8") as f:
        system = json.load(f)
    return report["notices"], system["notices"]


# Warnings the guide explains (docs/guide/gtfs.md): lines of the form "- `code`: why".
with open(GUIDE, encoding="utf-8") as f:
    explained = set(re.findall(r"^- `([a-z_]+)`: ", f.read(), re.M))

with tempfile.TemporaryDirectory() as work:
    notices, system = validate(FEED, work)
    errors = [n for n in notices if n["severity"] == "ERROR"]
    warnings = [n for n in notices if n["severity"] == "WARNING"]
    infos = [n for n in notices if n["severity"] == "INFO"]
    check("no system errors", not system, json.dumps(system)[:500])
    check("no errors", not errors, json.dumps([(n["code"], n["totalNotices"]) for n in errors]))
    for notice in warnings:
        check(f"warning {notice['code']} is explained in docs/guide/gtfs.md", notice["code"] in explained,
              json.dumps(notice.get("sampleNotices", [])[:2])[:400])
    print(f"gtfs-validator: {len(errors)} errors, {len(warnings)} warnings "
          f"{sorted(n['code'] for n in warnings)}, {len(infos)} infos {sorted(n['code'] for n in infos)}")

    # A broken copy: one stop time names a stop that is not in stops.txt.
    broken = os.path.join(work, "broken.zip")
    with zipfile.ZipFile(FEED) as source, zipfile.ZipFile(broken, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "stop_times.txt":
                rows = table(source, "stop_times.txt")
                rows[0]["stop_id"] = "no_such_stop"
                data = text(header(source, "stop_times.txt"), rows).encode("utf-8")
            target.writestr(item.filename, data)
    os.makedirs(os.path.join(work, "b"))
    notices, _ = validate(broken, os.path.join(work, "b"))
    codes = {n["code"] for n in notices if n["severity"] == "ERROR"}
    check("the validator reports a broken copy", bool(codes), "it found nothing wrong with a dangling stop_id")
    print(f"the broken copy: errors {sorted(codes)}")

print(f"gtfs: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
