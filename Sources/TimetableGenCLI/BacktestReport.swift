import CLIKit
import FoundationEssentials
import MetroCore
import MetroData
import MetroLab

#if canImport(Glibc)
import Glibc
#endif

/// `timetable-gen backtest`: the accuracy report, as Markdown tables.
enum BacktestReport {
    static func render(_ document: NetworkDocument) -> String {
        var out = "# Accuracy backtest (published timetable, not field data)\n\n"
        out +=
            "Source: resources dated \(document.source.resourcesDated); dwell \(document.assumptions.dwellSeconds) s assumed.\n\n"
        guard let clock = ServiceClock.kyiv() else {
            return out + "The time zone Europe/Kyiv is not available (install tzdata).\n"
        }
        let engine = ScheduleEngine(network: Network(document: document), clock: clock)
        let day = ServiceClock.ServiceDay(year: 2026, month: 11, day: 30)
        out += shipped(engine, day: day)
        out += policy(engine, document: document)
        out += leaveOneOut(document)
        out += """
            ## What this cannot test

            - How real trains run on a given day: the city publishes only each station's first and last departure and an
              interval per hour, so every "published train" here is a first or a last train. Midday running is assumed to
              lie between those two patterns; only the journal (`metro-timer journal`) measures it.
            - The dwell (assumed \(document.assumptions.dwellSeconds) s everywhere) and the transfer walks (one measured, two
              estimated): the published gaps include the dwell, so the split between running and standing is untested.
            - The \(document.segments.filter { $0.basis == .mirror }.count) mirrored segments (a direction with no plausible sample borrows the other's) and
              the \(document.segments.filter { $0.sampleGaps.count == 1 }.count) one-sample segments' missing pattern: nothing published to compare with.
            - Transfers: no published train changes lines, so the wait after a change is modelled (uniform over the
              interval), never observed. The policy table above is exact arithmetic on that model.

            """
        return out
    }

    /// The engine as shipped against every published first and last train.
    static func shipped(_ engine: ScheduleEngine, day: ServiceClock.ServiceDay) -> String {
        let predictions = Backtest.shipped(engine, day: day)
        var out = "## The model as shipped, against every published train\n\n"
        out +=
            "Each published first and last train, planned by the shipped engine from every station of its run to every later one "
        out +=
            "(\(predictions.count) one-line rides), started at its published departure. Error: the plan's best estimate of the "
        out +=
            "arrival minus the published one (departure less the dwell), in seconds; + the plan is later than the train.\n\n"
        out +=
            "| slice | rides | mean signed | median abs | p90 abs | max abs | inside the range |\n|---|---:|---:|---:|---:|---:|---:|\n"
        func row(_ label: String, _ slice: [Backtest.ShippedPrediction]) -> String {
            let summary = Backtest.summarize(slice.map(\.error))
            let covered = slice.filter(\.covered).count
            return
                "| \(label) | \(slice.count) | \(format(Backtest.mean(slice.map(\.error)))) | \(format(summary.median)) | "
                + "\(format(summary.p90)) | \(summary.max) | \(percent(Double(covered) / Double(max(1, slice.count)))) |\n"
        }
        out += row("all", predictions)
        for kind in [Backtest.Train.Kind.first, .last] {
            out += row("\(kind.rawValue) trains", predictions.filter { $0.kind == kind })
        }
        for line in engine.network.lines.map(\.id) {
            for direction in Direction.allCases {
                out += row(
                    "\(line) \(direction.rawValue)", predictions.filter { $0.line == line && $0.direction == direction }
                )
            }
        }
        let covered = predictions.filter(\.covered).count
        out +=
            "\nRange coverage: \(covered) of \(predictions.count) published arrivals lie inside the range the plan gives "
        out +=
            "(\(percent(Double(covered) / Double(max(1, predictions.count))))). The range runs from the fast pattern to the slow one; "
        out += "the best estimate lies midway, so first trains come out early of it and last trains late.\n\n"

        // The one-sample segments: the shipped correction against the sample alone.
        let crossing = predictions.filter(\.crossesSingleSample)
        let uncorrected = Backtest.shipped(
            ScheduleEngine(
                network: Network(document: Backtest.withoutSingleSampleCorrection(engine.network.document)),
                clock: engine.clock),
            day: day
        ).filter(\.crossesSingleSample)
        out += "### Segments with one published sample\n\n"
        out +=
            "\(engine.network.document.segments.filter { $0.sampleGaps.count == 1 }.count) segments have only the last train's gap "
        out +=
            "(the first train joins from a depot there). Their slow pattern is estimated with the network's first-to-last ratio, "
        out += "and their best estimate lies midway, like every other segment's.\n\n"
        out +=
            "| rides crossing them | rides | mean signed | median abs | max abs | inside the range |\n|---|---:|---:|---:|---:|---:|\n"
        for (label, slice) in [("the sample alone, as before", uncorrected), ("corrected (shipped)", crossing)] {
            let summary = Backtest.summarize(slice.map(\.error))
            out +=
                "| \(label) | \(slice.count) | \(format(Backtest.mean(slice.map(\.error)))) | \(format(summary.median)) | \(summary.max) | "
            out += "\(percent(Double(slice.filter(\.covered).count) / Double(max(1, slice.count)))) |\n"
        }
        out +=
            "\nAlmost every published train that crosses these segments is a last train, the fast pattern: moving the best "
        out +=
            "estimate midway makes it later than that train by half the estimated spread, the same half-spread every other "
        out +=
            "segment shows against its last train (the last trains' row above). The correction is for consistency and for "
        out +=
            "the range, which now reaches the slow pattern there too; the published data cannot say it is more accurate.\n"
        return out + "\n"
    }

    /// The alert policy, cell by cell.
    static func policy(_ engine: ScheduleEngine, document: NetworkDocument) -> String {
        let cells = Backtest.policy(engine)
        var out = "## \"Yours is next\" after a change: the policy, cell by cell\n\n"
        out +=
            "A ride that changes onto a line reaches its platform at a moment uniform within the interval and does not press "
        out +=
            "\"departed\". The displayed times book a quarter of the interval. \"Yours is next\" is computed on the fast "
        out +=
            "published pattern and books a wait capped at the last step (fast pattern, from the alert's moment to the "
        out +=
            "arrival) less \(ScheduleEngine.warnedAtLeastSeconds) s plus 1% of the interval. Missed: the train reaches the "
        out += "station before the alert (on the fast pattern, "
        out +=
            "the worst case). Late: the alert after the train reached the stop before. Earliness: the median time by which "
        out +=
            "the alert precedes that (fast pattern; the slow one adds its spread). Each cell takes its hour's shorter "
        out +=
            "interval and its line's shortest last step, the worst case; exact, not sampled, over \(cells.count) cells.\n\n"
        let worst = cells.max { $0.missed < $1.missed }!
        let worstOld = cells.max { $0.missedUncapped < $1.missedUncapped }!
        let capped = cells.filter { $0.alertWait < $0.bookedWait }.count
        out +=
            "| rule | missed (mean) | missed (worst cell) | late (mean) | median earliness (mean of cells, s) |\n|---|---:|---:|---:|---:|\n"
        out +=
            "| ¼ interval, best estimate (before) | \(percent(cells.map(\.missedUncapped).reduce(0, +) / Double(cells.count))) | "
        out +=
            "\(percent(worstOld.missedUncapped)) (\(name(worstOld))) | 25.0% | \(format(cells.map { $0.headway / 4 }.reduce(0, +) / Double(cells.count))) |\n"
        out +=
            "| capped, fast pattern (shipped) | \(percent(cells.map(\.missed).reduce(0, +) / Double(cells.count))) | "
        out +=
            "\(percent(worst.missed)) (\(name(worst))) | \(percent(cells.map(\.late).reduce(0, +) / Double(cells.count))) | "
        out += "\(format(cells.map(\.medianEarliness).reduce(0, +) / Double(cells.count))) |\n\n"
        out +=
            "The cap binds in \(capped) of \(cells.count) cells (long intervals, short last steps); elsewhere a quarter of the "
        out +=
            "interval is already under it. Every alert also leans early by a share of the time since the last confirmed point: "
        out += "\(Int((engine.alertLeanShare * 100).rounded()))% while it rests on a change nobody confirmed, "
        out += "\(Int((engine.confirmedLeanShare * 100).rounded()))% on rides with no change, "
        out +=
            "\(Int((engine.correctedLeanShare * 100).rounded()))% once departed is pressed or the ride corrected (the running "
        out +=
            "and dwells since then are still unknown; see `timetable-gen simulate --world all`). The lean is left out here, so these "
        out += "exact missed and late figures are upper bounds and the earliness a lower one.\n"
        for dayType in DayType.allCases {
            out += "\n### \(dayType.rawValue): missed / late / median earliness (s) by hour\n\n"
            out +=
                "| hour | "
                + document.lines.flatMap { line in Direction.allCases.map { "\(line.id) \($0.rawValue)" } }.joined(
                    separator: " | ") + " |\n"
            out += "|---|" + String(repeating: "---|", count: document.lines.count * 2) + "\n"
            for hour in Set(cells.map(\.hour)).sorted() {
                var row: [String] = []
                for line in document.lines {
                    for direction in Direction.allCases {
                        guard
                            let cell = cells.first(where: {
                                $0.line == line.id && $0.direction == direction && $0.dayType == dayType
                                    && $0.hour == hour
                            })
                        else {
                            row.append("—")
                            continue
                        }
                        row.append("\(percent(cell.missed)) / \(percent(cell.late)) / \(format(cell.medianEarliness))")
                    }
                }
                out += "| \(TimeOfDay.pad(hour)):00 | " + row.joined(separator: " | ") + " |\n"
            }
        }
        return out + "\n"
    }

    static func name(_ cell: Backtest.PolicyCell) -> String {
        "\(cell.line) \(cell.direction.rawValue) \(cell.dayType.rawValue) \(TimeOfDay.pad(cell.hour)):00"
    }

    /// Leave one train out, with the signed error by pattern.
    static func leaveOneOut(_ document: NetworkDocument) -> String {
        var out = ""
        let predictions = Backtest.leaveOneOut(document)
        let trains = Backtest.trains(document)
        out += "## Leave one train out\n\n"
        out +=
            "\(trains.count) published trains (first and last, each line and direction, split where a train joins from a depot); "
        out += "each rebuilt without its own samples, anchored at every station, predicting every later departure. "
        out +=
            "With only two trains per segment this predicts each pattern from the other: it measures the gap between the "
        out +=
            "patterns more than the model. Absolute error in seconds, and the mean signed error (+ later than the train).\n\n"
        out += "| slice | predictions | mean signed | median | p90 | max |\n|---|---:|---:|---:|---:|---:|\n"
        func row(_ label: String, _ slice: [Backtest.Prediction]) -> String {
            let summary = Backtest.summarize(slice.map(\.error))
            return
                "| \(label) | \(summary.count) | \(format(Backtest.mean(slice.map(\.error)))) | \(format(summary.median)) | \(format(summary.p90)) | \(summary.max) |\n"
        }
        out += row("all", predictions)
        for kind in [Backtest.Train.Kind.first, .last] {
            out += row("\(kind.rawValue) trains", predictions.filter { $0.kind == kind })
        }
        for line in document.lines.map(\.id) { out += row(line, predictions.filter { $0.line == line }) }
        for bucket in ["1", "2–4", "5–9", "10+"] {
            out += row(
                bucket == "1" ? "1 stop" : "\(bucket) stops",
                predictions.filter { Backtest.stopBucket($0.stops) == bucket })
        }
        let late = predictions.filter { $0.error > 0 }.count
        out += "\nThe model was later than the published train in \(late) of \(predictions.count) predictions "
        out += "(\(percent(Double(late) / Double(max(1, predictions.count))))).\n\n"
        return out
    }

    static func format(_ value: Double) -> String {
        let value = abs(value) < 0.05 ? 0 : value
        return value == value.rounded() ? String(Int(value)) : Format.c("%.1f", value)
    }

    static func percent(_ value: Double) -> String { Format.c("%.1f%%", value * 100) }
}
