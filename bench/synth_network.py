#!/usr/bin/env python3
"""Writes a synthetic data directory SCALE times the size of Kyiv's, for timing timetable-gen.

Each synthetic line copies one real line's timetable with fresh codes and names; transfers are
left out (they do not change how the compiler's cost grows). Usage: synth_network.py SCALE OUTDIR
"""
import csv, os, shutil, sys

def main():
    scale, out = int(sys.argv[1]), sys.argv[2]
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Data")
    os.makedirs(out, exist_ok=True)
    shutil.copy(os.path.join(here, "kyiv-source.csv"), out)
    stations = list(csv.DictReader(open(os.path.join(here, "kyiv-stations.csv"), encoding="utf-8")))
    lines = list(csv.DictReader(open(os.path.join(here, "kyiv-lines.csv"), encoding="utf-8")))
    timetable = list(csv.DictReader(open(os.path.join(here, "kyiv-timetable.csv"), encoding="utf-8")))
    headways = list(csv.DictReader(open(os.path.join(here, "kyiv-headways.csv"), encoding="utf-8")))
    sections = list(csv.DictReader(open(os.path.join(here, "kyiv-sections.csv"), encoding="utf-8")))
    track = list(csv.DictReader(open(os.path.join(here, "kyiv-track.csv"), encoding="utf-8")))
    entrances = {r["station"]: r for r in csv.DictReader(open(os.path.join(here, "kyiv-entrances.csv"), encoding="utf-8"))}
    russian = {r["code"]: r for r in csv.DictReader(open(os.path.join(here, "kyiv-names-ru.csv"), encoding="utf-8"))}
    with open(os.path.join(out, "kyiv-lines.csv"), "w", newline="", encoding="utf-8") as f_lines, \
         open(os.path.join(out, "kyiv-stations.csv"), "w", newline="", encoding="utf-8") as f_st, \
         open(os.path.join(out, "kyiv-timetable.csv"), "w", newline="", encoding="utf-8") as f_tt, \
         open(os.path.join(out, "kyiv-headways.csv"), "w", newline="", encoding="utf-8") as f_hw, \
         open(os.path.join(out, "kyiv-transfers.csv"), "w", newline="", encoding="utf-8") as f_tr, \
         open(os.path.join(out, "kyiv-sections.csv"), "w", newline="", encoding="utf-8") as f_sec, \
         open(os.path.join(out, "kyiv-track.csv"), "w", newline="", encoding="utf-8") as f_trk, \
         open(os.path.join(out, "kyiv-entrances.csv"), "w", newline="", encoding="utf-8") as f_ent, \
         open(os.path.join(out, "kyiv-names-ru.csv"), "w", newline="", encoding="utf-8") as f_ru:
        wl, ws, wt, wh, wsec, wtrk, went, wru = (csv.writer(f, lineterminator="\n") for f in (f_lines, f_st, f_tt, f_hw, f_sec, f_trk, f_ent, f_ru))
        went.writerow(["station", "name_uk", "opens", "closes", "halls", "halls_open"])
        wru.writerow(["code", "name_uk", "names_ru", "former_names_ru"])
        wtrk.writerow(["from", "to", "point", "lat", "lon"])
        wsec.writerow(["line", "from", "to", "kind", "note"])
        wl.writerow(["line", "name_uk", "name_en", "color"])
        ws.writerow(["code", "line", "order", "name_uk", "name_en", "former_names", "above_ground", "transfer", "lat", "lon"])
        wt.writerow(["station", "name_uk", "direction", "first_departure", "last_departure"])
        wh.writerow(["line", "period", "day_type", "direction", "first_interval", "second_interval"])
        f_tr.write("station_a,station_b,walk_seconds,basis,note\n")
        for copy in range(scale):
            for line in lines:
                lid = f"{line['line']}x{copy}"
                wl.writerow([lid, f"{line['name_uk']} {copy}", f"{line['name_en']} {copy}", line["color"]])
                for s in (s for s in stations if s["line"] == line["line"]):
                    code = f"{s['code']}x{copy}"
                    ws.writerow([code, lid, s["order"], f"{s['name_uk']} {copy}", f"{s['name_en']} {copy}", "", s["above_ground"], "", s["lat"], s["lon"]])
                    e = entrances[s["code"]]
                    went.writerow([code, f"{s['name_uk']} {copy}", e["opens"], e["closes"], e["halls"], e["halls_open"]])
                    # The copies have no former names; Russian names must be letters, so each
                    # copy keeps the original's.
                    wru.writerow([code, f"{s['name_uk']} {copy}", russian[s["code"]]["names_ru"], ""])
                    for row in (r for r in timetable if r["station"] == s["code"]):
                        wt.writerow([code, f"{s['name_uk']} {copy}", row["direction"], row["first_departure"], row["last_departure"]])
                for row in (r for r in headways if r["line"] == line["line"]):
                    wh.writerow([lid, row["period"], row["day_type"], row["direction"], row["first_interval"], row["second_interval"]])
                codes = {s["code"] for s in stations if s["line"] == line["line"]}
                for row in (r for r in track if r["from"] in codes):
                    wtrk.writerow([f"{row['from']}x{copy}", f"{row['to']}x{copy}", row["point"], row["lat"], row["lon"]])
                for row in (r for r in sections if r["line"] == line["line"]):
                    wsec.writerow([lid, f"{row['from']}x{copy}", f"{row['to']}x{copy}", row["kind"], row["note"]])

if __name__ == "__main__":
    main()
