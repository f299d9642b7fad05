/// What a journal says about accuracy, grouped: per route, per line and direction ridden, and
/// the arrival errors binned for a histogram. Measured on the passenger's own confirmed rides.
package struct JournalReport: Equatable, Sendable {
    /// The figures of one group of records.
    package struct Group: Equatable, Sendable {
        package var rides = 0
        /// Confirmed arrivals and their errors (confirmed − countdown, seconds).
        package var errors: [Int] = []
        package var missed = 0
        var missedKnown = 0
        package var late = 0
        var lateKnown = 0
        package var corrections = JournalRecord.CorrectionCounts(behind: 0, ahead: 0, at: 0, departed: 0)
        /// Absolute errors of the rides planned without and with calibration.
        package var uncalibratedErrors: [Int] = []
        package var calibratedErrors: [Int] = []

        package init() {}

        mutating func add(_ record: JournalRecord) {
            rides += 1
            if let error = record.errorSeconds {
                errors.append(error)
                if record.calibrated == true {
                    calibratedErrors.append(abs(error))
                } else {
                    uncalibratedErrors.append(abs(error))
                }
            }
            if let missedStation = record.missedStation {
                missedKnown += 1
                if missedStation { missed += 1 }
            }
            corrections.behind += record.corrections.behind
            corrections.ahead += record.corrections.ahead
            corrections.at += record.corrections.at
            corrections.departed += record.corrections.departed
        }

        /// A late verdict (`RideSpans.Alert.late`; nil: not known).
        mutating func judge(_ wasLate: Bool?) {
            guard let wasLate else { return }
            lateKnown += 1
            if wasLate { late += 1 }
        }

        package var medianError: Double? { Statistics.quantile(errors.map(Double.init), 0.5) }
        package var p90AbsError: Double? { Statistics.quantile(errors.map { Double(abs($0)) }, 0.9) }
        package var missedShare: Double? { missedKnown == 0 ? nil : Double(missed) / Double(missedKnown) }
        package var lateShare: Double? { lateKnown == 0 ? nil : Double(late) / Double(lateKnown) }
        package var medianAbsErrorBefore: Double? { Statistics.quantile(uncalibratedErrors.map(Double.init), 0.5) }
        package var medianAbsErrorAfter: Double? { Statistics.quantile(calibratedErrors.map(Double.init), 0.5) }
    }

    /// A route, from → to (station codes), in order of first appearance.
    package var routes: [(key: String, from: String, to: String, group: Group)]
    /// Each line and direction the records' routes ride.
    package var legs: [(line: String, direction: Direction, group: Group)]
    package var overall: Group
    /// The histogram: bins of `binSeconds` from `binStart`, counts of confirmed errors; the
    /// first and last bins also hold everything beyond them.
    package var binStart: Int
    package var binSeconds: Int
    package var bins: [Int]

    package static func == (a: JournalReport, b: JournalReport) -> Bool {
        a.overall == b.overall && a.bins == b.bins && a.binStart == b.binStart
            && a.routes.map(\.key) == b.routes.map(\.key)
    }

    /// `engine` gives the published patterns the late verdict measures the trains against
    /// (its calibration is not used).
    package init(_ records: [JournalRecord], engine: ScheduleEngine, binSeconds: Int = 15, binCount: Int = 16) {
        var builder = Builder(engine: engine)
        for record in records { builder.add(record) }
        self = builder.report(binSeconds: binSeconds, binCount: binCount)
    }

    /// The report gathered one record at a time, as a journal is read: it keeps the groups'
    /// figures, never the records (`journal report` on a 200 MB journal, bench/README.md).
    ///
    /// "Late" is judged as the field pool judges it (`RideSpans`): by the train's place that the
    /// ride's own `at` confirmations on its last leg measured, else the place fitted over every
    /// span of the journal, else the final model's last step. The fit needs the whole journal,
    /// so each ride keeps the few figures its verdict needs until the report is made.
    package struct Builder {
        let engine: ScheduleEngine
        var network: Network { engine.network }
        var routes: [String: (from: String, to: String, legKeys: [String], route: Route?, group: Group)] = [:]
        var order: [String] = []
        var legs: [String: (line: String, direction: Direction, group: Group)] = [:]
        var overall = Group()
        var fit = SpanFit()
        var unjudged: [(key: String, alert: RideSpans.Alert, lastLeg: RideSpans.Sums)] = []

        package init(engine: ScheduleEngine) {
            var engine = engine
            engine.calibration = nil
            self.engine = engine
        }

        /// Whether a record was added.
        package var isEmpty: Bool { overall.rides == 0 }

        package mutating func add(_ record: JournalRecord) {
            let key = record.from + ">" + record.to + (record.via.map { " via " + $0 } ?? "")
            if routes[key] == nil {
                // A route's legs found once (the one it was ridden on: the lookup, or round the
                // triangle through the line the record keeps), not per ride.
                var legKeys: [String] = []
                let route = try? RouteChoice.kept(
                    network: network, changes: ServiceChanges(), from: record.from, to: record.to, via: record.via)
                for leg in route?.legs ?? [] {
                    let legKey = leg.line + " " + leg.direction.rawValue
                    if legs[legKey] == nil { legs[legKey] = (leg.line, leg.direction, Group()) }
                    legKeys.append(legKey)
                }
                routes[key] = (record.from, record.to, legKeys, route, Group())
                order.append(key)
            }
            routes[key]!.group.add(record)
            overall.add(record)
            for legKey in routes[key]!.legKeys { legs[legKey]!.group.add(record) }
            // A record before the journal kept the ride's moments: the final model's last step.
            guard let moments = record.ride, let route = routes[key]!.route else {
                judge(record.alertWasLate, key: key)
                return
            }
            let spans = RideSpans(steps: moments.steps, route: route, engine: engine)
            spans.add(to: &fit)
            if let alert = RideSpans.Alert(moments: moments, confirmed: record.confirmedSeconds, route: route) {
                unjudged.append((key, alert, spans.lastLeg))
            }
        }

        mutating func judge(_ late: Bool?, key: String) {
            routes[key]!.group.judge(late)
            overall.judge(late)
            for legKey in routes[key]!.legKeys { legs[legKey]!.group.judge(late) }
        }

        package func report(binSeconds: Int = 15, binCount: Int = 16) -> JournalReport {
            var judged = self
            let fitted = fit.result
            for (key, alert, lastLeg) in unjudged {
                let lastRun = routes[key]!.route.flatMap { lastLeg.lastRun(route: $0, fitted: fitted, engine: engine) }
                judged.judge(alert.late(lastRun: lastRun), key: key)
            }
            return JournalReport(
                routes: judged.order.map {
                    (key: $0, from: judged.routes[$0]!.from, to: judged.routes[$0]!.to, group: judged.routes[$0]!.group)
                },
                legs: judged.legs.sorted { $0.key < $1.key }.map {
                    (line: $0.value.line, direction: $0.value.direction, group: $0.value.group)
                },
                overall: judged.overall, binSeconds: binSeconds, binCount: binCount)
        }
    }

    init(
        routes: [(key: String, from: String, to: String, group: Group)],
        legs: [(line: String, direction: Direction, group: Group)],
        overall: Group, binSeconds: Int, binCount: Int
    ) {
        self.routes = routes
        self.legs = legs
        self.overall = overall
        self.binSeconds = binSeconds
        // Centred on zero: the dangerous side (−, earlier than the countdown) on the left.
        binStart = -binSeconds * binCount / 2
        var bins = [Int](repeating: 0, count: binCount)
        for error in overall.errors {
            let index = Int((Double(error - binStart) / Double(binSeconds)).rounded(.down))
            bins[min(max(index, 0), binCount - 1)] += 1
        }
        self.bins = bins
    }
}
