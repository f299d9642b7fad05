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
            if let wasLate = record.alertWasLate {
                lateKnown += 1
                if wasLate { late += 1 }
            }
            corrections.behind += record.corrections.behind
            corrections.ahead += record.corrections.ahead
            corrections.at += record.corrections.at
            corrections.departed += record.corrections.departed
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

    package init(_ records: [JournalRecord], network: Network, binSeconds: Int = 15, binCount: Int = 16) {
        var builder = Builder(network: network)
        for record in records { builder.add(record) }
        self = builder.report(binSeconds: binSeconds, binCount: binCount)
    }

    /// The report gathered one record at a time, as a journal is read: it keeps the groups'
    /// figures, never the records (`journal report` on a 200 MB journal, bench/README.md).
    package struct Builder {
        let network: Network
        var routes: [String: (from: String, to: String, legKeys: [String], group: Group)] = [:]
        var order: [String] = []
        var legs: [String: (line: String, direction: Direction, group: Group)] = [:]
        var overall = Group()

        package init(network: Network) {
            self.network = network
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
                routes[key] = (record.from, record.to, legKeys, Group())
                order.append(key)
            }
            routes[key]!.group.add(record)
            overall.add(record)
            for legKey in routes[key]!.legKeys { legs[legKey]!.group.add(record) }
        }

        package func report(binSeconds: Int = 15, binCount: Int = 16) -> JournalReport {
            JournalReport(
                routes: order.map { (key: $0, from: routes[$0]!.from, to: routes[$0]!.to, group: routes[$0]!.group) },
                legs: legs.sorted { $0.key < $1.key }.map {
                    (line: $0.value.line, direction: $0.value.direction, group: $0.value.group)
                },
                overall: overall, binSeconds: binSeconds, binCount: binCount)
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
