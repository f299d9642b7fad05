import CLIKit
import MetroCore
import MetroData
import MetroLab

/// `timetable-gen field --json`: `{"version": 1, "measured": true, …}` (docs/shared-journal.md).
extension FieldReport {
    static func rateObject(_ rate: MeasuredRate) -> [String: Any] {
        var object: [String: Any] = ["count": rate.count, "total": rate.total]
        object["share"] = rate.share
        if let interval = rate.interval {
            object["low"] = interval.low
            object["high"] = interval.high
        }
        return object
    }

    static func meanObject(_ mean: MeasuredMean) -> [String: Any] {
        var object: [String: Any] = ["count": mean.count]
        object["mean"] = mean.mean
        object["median"] = mean.median
        if let interval = mean.interval {
            object["low"] = interval.low
            object["high"] = interval.high
        }
        return object
    }

    static func figures(_ f: FieldPool.Figures) -> [String: Any] {
        [
            "rides": f.rides, "confirmed": f.confirmed, "small": f.isSmall,
            "missed": rateObject(f.missed), "late": rateObject(f.late), "warnedUnder30": rateObject(f.warnedUnder30),
            "covered": rateObject(f.covered),
            "arrivalErrorSeconds": meanObject(f.arrivalError),
        ]
    }

    static func signature(_ s: FieldPool.Signature) -> [String: Any] {
        [
            "position": s.position, "dwellExcessSeconds": s.dwellExcess, "startLatenessSeconds": s.startLateness,
            "longSpans": s.longSpans,
        ]
    }

    func fitObject() -> [String: Any] {
        var object: [String: Any] = [
            "spans": pool.fit.count, "assumedDwellSeconds": pool.assumedDwell, "lateFromFit": pool.lateFromFit,
        ]
        if let fitted = pool.fit.result {
            object["place"] = [
                "value": fitted.place, "low": fitted.place - fitted.placeHalf, "high": fitted.place + fitted.placeHalf,
            ]
            object["dwellExcessSeconds"] = [
                "value": fitted.dwellExcess, "low": fitted.dwellExcess - fitted.dwellHalf,
                "high": fitted.dwellExcess + fitted.dwellHalf,
            ]
        }
        return object
    }

    func json() -> String {
        var object: [String: Any] = [
            "version": 1, "measured": true, "minimumCell": FieldPool.minimumCell, "duplicates": duplicates,
            "unrouted": pool.unrouted,
            "files": files.map { file -> [String: Any] in
                var entry: [String: Any] = [
                    "file": file.name, "rides": file.rides,
                    "skipped": file.problems.map { ["line": $0.line, "reason": $0.reason.en] as [String: Any] },
                ]
                entry["refused"] = file.refused?.en
                return entry
            },
            "overall": Self.figures(pool.overall),
            "cells": pool.orderedCells.map { cell, figures -> [String: Any] in
                var entry = Self.figures(figures)
                entry["line"] = cell.line
                entry["direction"] = cell.direction.rawValue
                entry["dayType"] = cell.dayType.rawValue
                entry["hour"] = cell.hour
                entry["position"] = pool.cellPositions[cell].map(Self.meanObject)
                return entry
            },
            "spans": [
                "position": Self.meanObject(pool.position), "longSpans": Self.rateObject(pool.longSpans),
                "fit": fitObject(),
                "segments": pool.segments.sorted { $0.key < $1.key }.map { key, figures -> [String: Any] in
                    var entry: [String: Any] = [
                        "line": key.line, "from": key.from, "to": key.to, "fastSeconds": figures.fast,
                        "slowSeconds": figures.slow,
                        "measuredSeconds": Self.meanObject(figures.measured),
                    ]
                    entry["position"] = figures.position
                    return entry
                },
            ] as [String: Any],
            "changes": [
                "middle": [
                    "booked": Self.meanObject(pool.changeMiddle.booked),
                    "measured": Self.meanObject(pool.changeMiddle.measured),
                    "difference": Self.meanObject(pool.changeMiddle.difference),
                ],
                "edge": [
                    "booked": Self.meanObject(pool.changeEdge.booked),
                    "measured": Self.meanObject(pool.changeEdge.measured),
                    "difference": Self.meanObject(pool.changeEdge.difference),
                ],
            ],
            "startTap": [
                "latenessSeconds": Self.meanObject(pool.startLateness),
                "atLeastSeconds": Self.meanObject(pool.startLatenessAtLeast),
            ],
        ]
        var families: [String: Any] = ["spread": spread, "units": Self.signature(FieldPool.Signature.units)]
        families["measured"] = pool.signature.map(Self.signature)
        families["ranked"] = pool.families(spread: spread)?.map { entry -> [String: Any] in
            ["name": entry.family.name, "distance": entry.distance, "signature": Self.signature(entry.signature)]
        }
        object["families"] = families
        // File names came from the command line, station codes from checked files: still no raw
        // control or bidi character (`Quote.json`).
        return Quote.json(JSONObject.serialize(object, pretty: true)) + "\n"
    }
}
