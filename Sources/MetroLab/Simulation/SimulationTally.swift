import MetroCore
import MetroData

/// The figures of one cell (or of all rides): counts, and the samples their medians come from.

package struct SimulationTally: Equatable, Sendable {
    /// "Yours is next": rides, missed, late, earliness (seconds before the train reached the stop
    /// before).
    package var rides = 0
    package var missed = 0
    package var late = 0
    /// Warned less than 30 s before the train reached the station (missed included).
    var warnedShort = 0
    package var earliness: [Double] = []
    /// "Change at the next stop": the same, per change.
    package var changes = 0
    package var changeMissed = 0
    package var changeLate = 0
    var changeWarnedShort = 0
    var changeEarliness: [Double] = []
    /// The plan's arrival error (best estimate − true arrival, seconds) and whether the range
    /// held the true arrival.
    package var errors: [Double] = []
    package var covered = 0

    package init() {}

    package mutating func add(yours outcome: Simulator.AlertOutcome) {
        rides += 1
        if outcome.missed { missed += 1 }
        if outcome.late { late += 1 }
        if outcome.warnedShort { warnedShort += 1 }
        earliness.append(outcome.earliness)
    }

    package mutating func add(change outcome: Simulator.AlertOutcome) {
        changes += 1
        if outcome.missed { changeMissed += 1 }
        if outcome.late { changeLate += 1 }
        if outcome.warnedShort { changeWarnedShort += 1 }
        changeEarliness.append(outcome.earliness)
    }

    package mutating func add(arrivalError error: Double, covered inside: Bool) {
        errors.append(error)
        if inside { covered += 1 }
    }

    package mutating func merge(_ other: SimulationTally) {
        rides += other.rides
        missed += other.missed
        late += other.late
        warnedShort += other.warnedShort
        earliness += other.earliness
        changes += other.changes
        changeMissed += other.changeMissed
        changeLate += other.changeLate
        changeWarnedShort += other.changeWarnedShort
        changeEarliness += other.changeEarliness
        errors += other.errors
        covered += other.covered
    }

    package var missedShare: Double { Self.share(missed, rides) }
    package var lateShare: Double { Self.share(late, rides) }
    package var changeMissedShare: Double { Self.share(changeMissed, changes) }
    package var changeLateShare: Double { Self.share(changeLate, changes) }
    package var warnedShortShare: Double { Self.share(warnedShort, rides) }
    package var changeWarnedShortShare: Double { Self.share(changeWarnedShort, changes) }
    package var coverage: Double { Self.share(covered, errors.count) }
    package var earlinessMedian: Double? { Statistics.quantile(earliness, 0.5) }
    package var earlinessP90: Double? { Statistics.quantile(earliness, 0.9) }
    package var changeEarlinessMedian: Double? { Statistics.quantile(changeEarliness, 0.5) }
    package var changeEarlinessP90: Double? { Statistics.quantile(changeEarliness, 0.9) }
    package var medianAbsError: Double? { Statistics.quantile(errors.map(abs), 0.5) }
    package var p90AbsError: Double? { Statistics.quantile(errors.map(abs), 0.9) }

    static func share(_ count: Int, _ total: Int) -> Double { total == 0 ? 0 : Double(count) / Double(total) }

}

/// A whole simulated run: every cell's tally and all of them together.
package struct SimulationSummary: Equatable, Sendable {
    package var cells: [SimulatedWorld.Cell: SimulationTally] = [:]
    package var overall = SimulationTally()

    package init() {}

    package mutating func add(_ result: Simulator.RideResult) {
        // In place: a copy out and back would copy every sample array on every ride.
        if let yours = result.yours { cells[result.cell, default: SimulationTally()].add(yours: yours) }
        cells[result.cell, default: SimulationTally()].add(arrivalError: result.arrivalError, covered: result.covered)
        if let yours = result.yours { overall.add(yours: yours) }
        overall.add(arrivalError: result.arrivalError, covered: result.covered)
        for change in result.changes {
            cells[change.cell, default: SimulationTally()].add(change: change)
            overall.add(change: change)
        }
    }

    /// The cells worst first: by missed share, then late share (cells with fewer than
    /// `minimumRides` rides last, their shares say little).
    package func worst(_ count: Int, minimumRides: Int = 1) -> [(cell: SimulatedWorld.Cell, tally: SimulationTally)] {
        cells.sorted { a, b in
            let ka = (
                a.value.rides >= minimumRides ? 1 : 0, a.value.missedShare, a.value.changeMissedShare, a.value.lateShare
            )
            let kb = (
                b.value.rides >= minimumRides ? 1 : 0, b.value.missedShare, b.value.changeMissedShare, b.value.lateShare
            )
            return ka != kb ? ka > kb : a.key < b.key
        }.prefix(count).map { ($0.key, $0.value) }
    }

    /// The largest missed share of any cell, "yours is next" or "change at the next stop".
    package var worstMissedShare: Double {
        cells.values.map { max($0.missedShare, $0.changeMissedShare) }.max() ?? 0
    }
}
