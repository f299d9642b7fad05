#!/usr/bin/env python3
"""Turns the JSON of `timetable-gen simulate --world all --json` into the Markdown of
bench/alert-policy-report.md (--overview, the whole page), docs/guide/accuracy.md's simulated
tables (--summary), bench/simulate-cells.md (--cells) and the simulated paragraph of the README's
Accuracy section (--readme), so the documents carry the command's own figures, never retyped ones.

Usage: family_tables.py --overview|--summary|--cells|--readme FILE.json
Every figure is simulated under the assumptions printed above its table.
"""
import json, re, sys


def pct(value):
    return "—" if value is None else "%.2f%%" % (value * 100)


def sec(value):
    return "—" if value is None else "%d" % round(value)


def setting(value):
    return {0: "never", 1: "always"}.get(value, "%d%%" % round(value * 100))


def figure(verdict):
    worst, goal = verdict.get("worst"), verdict["goal"]
    if worst is None:
        return "—"
    if "raises" in goal:
        return "+%d" % worst
    if "×" in goal or "worse" in goal:
        return "%.2f×" % worst
    if "%" in goal:
        return pct(worst)
    return "%s s" % sec(worst)


def cell_name(cell):
    return "%s %s %s %02d:00" % (cell["line"], cell["direction"], cell["dayType"], cell["hour"])


def overview(data):
    """The verdict table (in the report and the guide): one row per family, each
    goal's verdict and worst figure; a goal that is no gate in that family (decision 0031) is
    marked "report"."""
    goals = ["missed", "warned", "late", "median earliness", "departed never raises", "arrival coverage ≥ 90", "arrival coverage ≥ 85",
             "calibration never raises"]
    out = ["| family | missed ≤ 0.5 % | warned < 30 s ≤ 1 % | late ≤ 5 % (fast: 10 %) | median earliness ≤ max(90 s, floor + 90 s) "
           "| departed never raises | coverage ≥ 90 % | coverage ≥ 85 % per cell | calibration never raises |", "|---|---|---|---|---|---|---|---|---|"]
    for family in data["families"]:
        row = []
        for goal in goals:
            found = [v for v in family["verdicts"] if v["goal"].startswith(goal)]
            if not found:
                row.append("—")
                continue
            verdict = found[0]
            text = "%s (%s)" % ("yes" if verdict["holds"] else "**no**", figure(verdict))
            row.append(text if verdict.get("gate", True) else "report: " + text.replace("**", ""))
        out.append("| %s | %s |" % (family["name"], " | ".join(row)))
    return "\n".join(out) + "\n"


EDGE_HOURS = {5, 6, 22, 23, 24}
MIDDAY_HOURS = set(range(10, 17))


def edge_line(family):
    """Alerts on trains of the edges of the day against midday ones (a cell is the hour of the
    last leg's train: after a change, the train boarded there), departed never: "yours is next",
    and "change at the next stop"."""
    def pooled(hours, prefix):
        count = missed = late = 0
        for cell in family["cells"]:
            if cell["hour"] in hours:
                n = cell["departed never"]
                count += n.get("rides" if not prefix else "changes", 0)
                missed += n.get(prefix + ("missed" if not prefix else "Missed"), 0)
                late += n.get(prefix + ("late" if not prefix else "Late"), 0)
        return count, missed, late

    def rate(count, total):
        return "%.2f %%" % (100.0 * count / total) if total else "—"
    parts = []
    for label, prefix in (("\"yours is next\"", ""), ("\"change at the next stop\"", "change")):
        e, m = pooled(EDGE_HOURS, prefix), pooled(MIDDAY_HOURS, prefix)
        parts.append("%s missed %s of %d vs %s of %d, late %s vs %s" % (
            label, rate(e[1], e[0]), e[0], rate(m[1], m[0]), m[0], rate(e[2], e[0]), rate(m[2], m[0])))
    return ("Trains of the edges of the day (05:00–07:00, 22:00 on) against midday (10:00–17:00), departed never: "
            + "; ".join(parts) + ".\n")


def median(values):
    values = sorted(values)
    n = len(values)
    return None if n == 0 else (values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2)


def floor_line(family, per_cell):
    """The earliness floor over the cells: its median, how many cells it puts over 90 s, and how
    far the shipped policy's median earliness stands above it ("departed" never)."""
    floors, gaps = [], []
    for cell in family["cells"]:
        never = cell["departed never"]
        for count, floor, shipped in [("rides", "earlinessFloorSeconds", "earlinessMedianSeconds"),
                                      ("changes", "changeEarlinessFloorSeconds", "changeEarlinessMedianSeconds")]:
            if never.get(count, 0) >= per_cell and cell.get(floor) is not None:
                floors.append(cell[floor])
                if never.get(shipped) is not None:
                    gaps.append(never[shipped] - cell[floor])
    over = sum(1 for f in floors if f > 90)
    line = ("Earliness floor (any policy without corrections, late within the goal at the family's fast edge): "
            "median %s s over %d cell figures, over 90 s in %d; the shipped policy's median earliness "
            "(departed never) stands a median %s s above its cell's floor." % (sec(median(floors)), len(floors), over, sec(median(gaps))))
    floor = family.get("earlinessFloor", {})
    both = floor.get("alsoHolding")
    if both:
        line += (" For a policy that also keeps late alerts within %d %% at the %s family's fast edge (it knows the route "
                 "and the tap, not the family): median %s s, over 90 s in %d of %d." % (
                     round(floor["alsoHoldingLateLimit"] * 100), floor["alsoHoldingFamily"], sec(both.get("medianSeconds")),
                     both["over90"], both["judged"]))
    return line


def summary(data):
    out = [overview(data), briefs(data)]
    for family in data["families"]:
        tuning = "tuning allowed" if family["tunable"] else "not for tuning"
        cells = family["cells"]
        smallest = min(c["departed never"].get("rides", 0) for c in cells)
        out.append("### %s (%s)\n" % (family["name"], tuning))
        out.append("Assumptions (simulated, not measured):\n")
        out += ["- " + line for line in family["assumptions"]]
        out.append("- Seed %s; %d rides (each observed with departed never, after 30 %% of changes and always, "
                   "over the same draws); %d cells; the smallest has %d \"yours is next\" rides.\n"
                   % (data["seed"], family["rides"], len(cells), smallest))
        out.append("| goal | holds | judged | failing | worst | where |\n|---|---|---:|---:|---:|---|")
        for verdict in family["verdicts"]:
            failing = verdict.get("failing")
            gate = "" if verdict.get("gate", True) else " (report only)"
            out.append("| %s | %s | %d | %s | %s | %s |" % (
                verdict["goal"] + gate, "yes" if verdict["holds"] else "**no**", verdict["judged"],
                "—" if failing is None else "%d" % failing, figure(verdict), verdict.get("worstAt", "—")))
        out.append("")
        out.append("| departed | missed | late | earliness med / p90 (s) | changes: missed / late / earliness med (s) | coverage |")
        out.append("|---|---:|---:|---:|---:|---:|")
        for value in data["departedSettings"]:
            o = family["overall"]["departed " + setting(value)]
            out.append("| %s | %s | %s | %s / %s | %s / %s / %s | %s |" % (
                setting(value), pct(o["missedShare"]), pct(o["lateShare"]), sec(o.get("earlinessMedianSeconds")),
                sec(o.get("earlinessP90Seconds")), pct(o["changeMissedShare"]), pct(o["changeLateShare"]),
                sec(o.get("changeEarlinessMedianSeconds")), pct(o["coverage"])))
        out.append("\n" + floor_line(family, data["perCell"]))
        out.append(edge_line(family))
        after = [p for p in family["learning"] if p["rides"] == 10]
        if after:
            p = after[0]
            out.append("\nCalibration after 10 rides of a route: median |error| %.1f s calibrated, %.1f s without, "
                       "%.1f s the oracle (%d rides).\n" % (
                           p["medianAbsErrorSeconds"], p["uncalibratedMedianAbsErrorSeconds"], p["oracleMedianAbsErrorSeconds"], p["samples"]))
        else:
            out.append("")
    return "\n".join(out) + "\n"


# Each family's assumptions in a phrase, under the guide's verdict table (the full lists are under
# each family's own table).
BRIEF = {
    "today": "a hidden running speed per line × direction × day type × hour, up to a whole gap beyond the "
             "fast and slow published trains; ±2 % per run, dwells of 20–35 s, taps 0–3 s late",
    "correlated": "today's, plus a day-level offset (±3 % on every run of a line for the day) and variation "
                  "that carries along the line",
    "heavy-tail": "today's, plus 2 % of runs 2–3× longer and 3 % of dwells held 30–120 s",
    "fast": "trains at or beyond the fastest published one, up to 3 % faster still, dwells of 15–25 s",
    "late-taps": "today's, with `start` tapped 0–30 s after the train moves",
    "non-stationary": "today's, with the speed moving by up to half a gap from one day to the next",
}


def briefs(data):
    """Under the guide's verdict table: what every world keeps, and each family's assumptions in
    a phrase."""
    out = ["Every family: at the edges of the day (within 2 h of a station's published first or last departure) "
           "the world keeps the published first and last trains and spaces its own between them within the "
           "hour's published intervals ±30 s, never the model's computed phase.\n"]
    for family in data["families"]:
        tuning = "the policy may be tuned on it" if family["tunable"] else "held out"
        out.append("- `%s` (%s): %s." % (family["name"], tuning, BRIEF[family["name"]]))
    return "\n".join(out) + "\n"


def count(number):
    """A small count in words, as the README writes one ("six kinds of day")."""
    words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    return words[number] if number < len(words) else "%d" % number


def wrap(text, width=98):
    """A paragraph wrapped as the README's are (at spaces, lines of at most `width`; never inside a
    link's text)."""
    text = re.sub(r"\[[^\]]*\]", lambda link: link.group(0).replace(" ", "\0"), text)
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = word if not line else line + " " + word
    return "\n".join(lines + [line]).replace("\0", " ")


def readme(data):
    """The README's simulated paragraph, short: the headline goal and the range over every family,
    each with its worst figure, the early lean's cost, and where the tables are (the guide's
    Accuracy page, made by --summary)."""
    families = data["families"]

    def verdicts(goal):
        return [(f["name"], v) for f in families for v in f["verdicts"] if v["goal"].startswith(goal)]

    missed = verdicts("missed")
    name, worst = max(missed, key=lambda pair: pair[1]["worst"])
    held = all(v["holds"] for _, v in missed)
    coverage = min(v["worst"] for _, v in verdicts("arrival coverage ≥ 90"))
    earliness = verdicts("median earliness")
    unmet = [(n, v) for n, v in earliness if not v["holds"]]
    text = ("**Simulated, not measured**, %s rides (`simulate --world all --per-cell %d --spread 100 --seed %s`) "
            "in %s kinds of day: \"yours is next\" missed your station in at most %s of a cell's rides "
            "(`%s`; the goal, 0.5 %%, is %s), and the printed range held at least %s of arrivals in every family. "
            % (thousands(sum(f["rides"] for f in families)), data["perCell"], data["seed"], count(len(families)),
               figure(worst), name, "met in every family" if held else "not met in every family", pct(coverage)))
    if unmet:
        low = min(v["worst"] for _, v in unmet)
        high = max(v["worst"] for _, v in unmet)
        where = "every family" if len(unmet) == len(families) else "%s of the %s families" % (
            count(len(unmet)), count(len(families)))
        text += ("The alerts lean early: in %s some cell's median earliness is over its goal (the worst cell's, "
                 "%s–%s s). " % (where, sec(low), sec(high)))
    text += ("Every goal's verdict in each family, the families' assumptions and every cell: "
             "[docs/guide/accuracy.md](docs/guide/accuracy.md); what the policy leaves unmet and why: "
             "[decision 0031](docs/decisions/0031-what-the-alert-policy-leaves-unmet.md).")
    return wrap(text) + "\n"


DECISION = "../docs/decisions/0031-what-the-alert-policy-leaves-unmet.md"


def thousands(value):
    return "{:,}".format(value)


def report(data):
    """bench/alert-policy-report.md: the figures behind decision 0031, from one run. The verdict
    table, every goal a family does not meet with how many figures miss it and where the worst is,
    the earliness floor, the edges of the day against midday, and calibration after 10 rides of a
    route with and without it."""
    families = data["families"]
    out = ["# The alert policy against the owners' goals: one simulated run\n",
           "Generated by `python3 bench/family_tables.py --overview run.json > bench/alert-policy-report.md` from "
           "`timetable-gen simulate --world all --per-cell %d --spread 100 --seed %s --json > run.json` (CONTRIBUTING.md); "
           "do not edit it by hand. The goals, which of them are gates in which family, and what the policy leaves unmet: "
           "[decision 0031](%s). Every figure is simulated under each family's assumptions "
           "([docs/guide/accuracy.md](../docs/guide/accuracy.md)), not measured; every cell is in "
           "[simulate-cells.md](simulate-cells.md).\n" % (data["perCell"], data["seed"], DECISION),
           "%s rides in %d families (at most %s a family), until every line × direction × day type × hour cell had %s "
           "\"yours is next\" rides; each ride is observed with \"departed\" never, after 30 %% of changes and always, over "
           "the same draws.\n" % (thousands(sum(f["rides"] for f in families)), len(families),
                                  thousands(data["maxRidesPerFamily"]), thousands(data["perCell"])),
           "## Verdicts\n",
           "\"report:\" marks a goal that is no gate in that family. In parentheses the worst cell's figure; the earliness "
           "column gives the worst median less the cell's floor where that floor is positive; \"+N\" is the most alerts that "
           "pressing `departed` made missed or late in one cell, over the same rides.\n",
           overview(data),
           "## What does not hold\n",
           "Each goal a family misses, as a gate or reported only: how many of the judged figures (cells × \"departed\" "
           "settings) miss it, the worst, and where.\n"]
    for family in families:
        misses = [v for v in family["verdicts"] if not v["holds"]]
        if not misses:
            out.append("- `%s`: every goal holds." % family["name"])
        for v in misses:
            failing = v.get("failing")
            count = "" if failing is None else "%s of %s, " % (thousands(failing), thousands(v["judged"]))
            out.append("- `%s`: %s%s (%sworst %s, %s)." % (
                family["name"], v["goal"], "" if v.get("gate", True) else " (report only)", count, figure(v), v.get("worstAt", "—")))
    out.append("\n## The earliness floor\n")
    for family in families:
        out.append("- `%s`: %s" % (family["name"], floor_line(family, data["perCell"])))
    out.append("\n## The edges of the day against midday\n")
    for family in families:
        out.append("- `%s`: %s" % (family["name"], edge_line(family).strip()))
    out.append("\n## Calibration after 10 rides of a route\n")
    out.append("The same rides planned with and without the rider's calibration (the learning runs).\n")
    out.append("| family | rides | median error calibrated / without / oracle (s) | calibrated ÷ oracle "
               "| missed with / without | late with / without |")
    out.append("|---|---:|---:|---:|---:|---:|")
    for family in families:
        for p in family["learning"]:
            if p["rides"] != 10:
                continue
            oracle = p["oracleMedianAbsErrorSeconds"]
            counts = [str(p[key]) if key in p else "—" for key in ("missed", "uncalibratedMissed", "late", "uncalibratedLate")]
            out.append("| %s | %d | %.1f / %.1f / %.1f | %s | %s / %s | %s / %s |" % tuple([
                family["name"], p["samples"], p["medianAbsErrorSeconds"], p["uncalibratedMedianAbsErrorSeconds"], oracle,
                "%.2f×" % (p["medianAbsErrorSeconds"] / oracle) if oracle else "—"] + counts))
    return "\n".join(out) + "\n"


def cells(data):
    out = []
    for family in data["families"]:
        out.append("## %s\n" % family["name"])
        out += ["- " + line for line in family["assumptions"]]
        if family.get("earlinessFloor", {}).get("alsoHolding"):
            out.append("- floor: the cell's own / for a policy that also keeps late alerts within %d %% at the %s family's fast edge"
                       % (round(family["earlinessFloor"]["alsoHoldingLateLimit"] * 100), family["earlinessFloor"]["alsoHoldingFamily"]))
        out.append("")
        out.append("| cell | rides | missed | late | earliness med / p90 | floor | changes | missed | late | earliness med / p90 "
                   "| floor | coverage | 30 %: missed / late | always: missed / late |")
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        joint = bool(family.get("earlinessFloor", {}).get("alsoHolding"))

        def floors(cell, own, both):
            return sec(cell.get(own)) + (" / " + sec(cell.get(both)) if joint else "")
        for cell in family["cells"]:
            n, t, a = cell["departed never"], cell["departed 30%"], cell["departed always"]
            out.append("| %s | %d | %s | %s | %s / %s | %s | %d | %s | %s | %s / %s | %s | %s | %s / %s | %s / %s |" % (
                cell_name(cell), n.get("rides", 0), pct(n.get("missedShare")), pct(n.get("lateShare")),
                sec(n.get("earlinessMedianSeconds")), sec(n.get("earlinessP90Seconds")), floors(cell, "earlinessFloorSeconds", "earlinessFloorAlsoHoldingSeconds"),
                n.get("changes", 0), pct(n.get("changeMissedShare")), pct(n.get("changeLateShare")),
                sec(n.get("changeEarlinessMedianSeconds")), sec(n.get("changeEarlinessP90Seconds")),
                floors(cell, "changeEarlinessFloorSeconds", "changeEarlinessFloorAlsoHoldingSeconds"), pct(n.get("coverage")), pct(t.get("missedShare")),
                pct(t.get("lateShare")), pct(a.get("missedShare")), pct(a.get("lateShare"))))
        out.append("")
    return "\n".join(out) + "\n"


def main():
    modes = {"--overview": report, "--summary": summary, "--cells": cells, "--readme": readme}
    if len(sys.argv) != 3 or sys.argv[1] not in modes:
        sys.exit("usage: family_tables.py --overview|--summary|--cells|--readme FILE.json")
    sys.stdout.write(modes[sys.argv[1]](json.load(open(sys.argv[2], encoding="utf-8"))))


if __name__ == "__main__":
    main()
