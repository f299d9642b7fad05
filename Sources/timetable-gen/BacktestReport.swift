import Foundation
import MetroCore

/// `timetable-gen backtest`: the accuracy report, as Markdown tables.
enum BacktestReport {
    static func render(_ document: NetworkDocument) -> String {
        var out = "# Accuracy backtest (published timetable, not field data)\n\n"
        out += "Source: resources dated \(document.source.resourcesDated); dwell \(document.assumptions.dwellSeconds) s assumed.\n\n"

        let predictions = Backtest.leaveOneOut(document)
        let trains = Backtest.trains(document)
        out += "## Leave one train out\n\n"
        out += "\(trains.count) published trains (first and last, each line and direction, split where a train joins from a depot); "
        out += "each rebuilt without its own samples, anchored at every station, predicting every later departure. "
        out += "Absolute error in seconds.\n\n"
        out += "| slice | predictions | median | p90 | max |\n|---|---:|---:|---:|---:|\n"
        func row(_ label: String, _ slice: [Backtest.Prediction]) -> String {
            let summary = Backtest.summarize(slice.map(\.error))
            return "| \(label) | \(summary.count) | \(format(summary.median)) | \(format(summary.p90)) | \(summary.max) |\n"
        }
        out += row("all", predictions)
        for line in document.lines.map(\.id) { out += row(line, predictions.filter { $0.line == line }) }
        for bucket in ["1", "2–4", "5–9", "10+"] {
            out += row(bucket == "1" ? "1 stop" : "\(bucket) stops", predictions.filter { Backtest.stopBucket($0.stops) == bucket })
        }
        let late = predictions.filter { $0.error > 0 }.count
        out += "\nThe model was later than the published train in \(late) of \(predictions.count) predictions "
        out += "(\(percent(Double(late) / Double(max(1, predictions.count))))).\n\n"

        let fractions = [0.25, 0.5, 0.0]
        let rows = Backtest.waitPolicy(document, fractions: fractions)
        out += "## Transfer wait policy\n\n"
        out += "The passenger reaches the new platform at a uniformly random moment within the headway and does not press "
        out += "\"departed\". Late: \"yours is next\" after the train reached the stop before the destination. Missed: after it "
        out += "reached the destination (worst case: the line's shortest segment last). Exact expectations over \(rows.count) "
        out += "line × direction × day type × hour cells.\n\n"
        out += "| booked wait | late alert (mean) | missed station (mean) | missed (worst cell) | mean earliness (s) |\n|---|---:|---:|---:|---:|\n"
        for fraction in fractions {
            let outcomes = rows.compactMap { $0.outcomes[fraction] }
            let meanLate = outcomes.map(\.lateAlert).reduce(0, +) / Double(outcomes.count)
            let meanMissed = outcomes.map(\.missed).reduce(0, +) / Double(outcomes.count)
            let worst = rows.max { ($0.outcomes[fraction]?.missed ?? 0) < ($1.outcomes[fraction]?.missed ?? 0) }!
            let earliness = outcomes.map(\.meanEarliness).reduce(0, +) / Double(outcomes.count)
            out += "| \(label(fraction)) | \(percent(meanLate)) | \(percent(meanMissed)) | "
            out += "\(percent(worst.outcomes[fraction]!.missed)) (\(worst.line) \(worst.direction.rawValue) \(worst.dayType.rawValue) \(worst.hour):00) | \(format(earliness)) |\n"
        }
        for fraction in fractions {
            for dayType in DayType.allCases {
                out += "\n### \(label(fraction)), \(dayType.rawValue): late / missed / mean earliness (s) by hour\n\n"
                out += "| hour | " + document.lines.flatMap { line in Direction.allCases.map { "\(line.id) \($0.rawValue)" } }.joined(separator: " | ") + " |\n"
                out += "|---|" + String(repeating: "---|", count: document.lines.count * 2) + "\n"
                for hour in Set(rows.map(\.hour)).sorted() {
                    var cells: [String] = []
                    for line in document.lines {
                        for direction in Direction.allCases {
                            guard let cell = rows.first(where: { $0.line == line.id && $0.direction == direction && $0.dayType == dayType && $0.hour == hour }),
                                let outcome = cell.outcomes[fraction]
                            else { cells.append("—"); continue }
                            cells.append("\(percent(outcome.lateAlert)) / \(percent(outcome.missed)) / \(format(outcome.meanEarliness))")
                        }
                    }
                    out += "| \(TimeOfDay.pad(hour)):00 | " + cells.joined(separator: " | ") + " |\n"
                }
            }
        }
        return out
    }

    static func label(_ fraction: Double) -> String {
        switch fraction {
        case 0.25: return "¼ headway (ours)"
        case 0.5: return "½ headway"
        case 0: return "none"
        default: return "\(fraction)"
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    static func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }
}
