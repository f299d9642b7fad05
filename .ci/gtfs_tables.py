"""The GTFS feed's tables, read (and, for a deliberately broken copy, written) one way for every
CI check of the feed: check-gtfs.py, check-gtfs-headways.py and compare-raptor.py.

A table is a list of dicts keyed by the file's header, as csv.DictReader gives them; times stay
text ("25:01:30" is past midnight of the service day), and seconds() turns them into seconds.
"""
import csv
import io
import zipfile


def table(archive, name):
    """The rows of NAME (stops.txt, stop_times.txt, …) in an open zipfile.ZipFile."""
    with archive.open(name) as f:
        return list(csv.DictReader(io.TextIOWrapper(f, encoding="utf-8")))


def tables(feed, *names):
    """Several tables of the feed at path FEED, in the order named."""
    with zipfile.ZipFile(feed) as archive:
        return [table(archive, name) for name in names]


def stop_times(feed):
    """stop_times.txt of the feed at path FEED."""
    return tables(feed, "stop_times.txt")[0]


def header(archive, name):
    """NAME's columns, in the file's order."""
    with archive.open(name) as f:
        return next(csv.reader(io.TextIOWrapper(f, encoding="utf-8")))


def text(columns, rows):
    """ROWS written back as a table with COLUMNS, as the feed writes its files (CRLF-free)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def seconds(value):
    """A GTFS time (H:MM:SS, hours past 24 allowed; or H:MM) in seconds."""
    parts = [int(p) for p in value.split(":")]
    return parts[0] * 3600 + parts[1] * 60 + (parts[2] if len(parts) > 2 else 0)
