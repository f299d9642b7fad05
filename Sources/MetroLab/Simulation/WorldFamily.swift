import MetroCore
import MetroData

/// A family of simulated worlds: a name, whether the alert policy may be tuned on it, and its
/// assumptions (a `SimulationAssumptions`, whose fields are the family's parameters). Every
/// family is reported; only the tunable ones may inform the policy's numbers, so the others
/// test it out of sample.

package struct WorldFamily: Equatable, Sendable {
    package var name: String
    /// The policy's numbers may be chosen by looking at this family's figures.
    package var tunable: Bool
    /// Late alerts may reach 10 % here, not 5 % (trains faster than any published one).
    package var fast: Bool = false
    package var assumptions: SimulationAssumptions

    /// Today's world: a hidden factor per cell between the fast and the slow published patterns
    /// (± the spread), ±2 % / ±2 s per segment, a hidden dwell of 20–35 s per station, taps
    /// 0–3 s late.
    package static func today(spread: Double) -> WorldFamily {
        WorldFamily(name: "today", tunable: true, assumptions: SimulationAssumptions(spread: spread))
    }

    /// Today's world plus a day-level offset (every run of a line and direction ±3 % for the
    /// day) and AR(1) variation along the line (ρ = 0.7, σ = 3 % of each run).
    package static func correlated(spread: Double) -> WorldFamily {
        var a = SimulationAssumptions(spread: spread)
        a.dayOffsetShare = 0.03
        a.correlation = 0.7
        a.correlatedShare = 0.03
        return WorldFamily(name: "correlated", tunable: true, assumptions: a)
    }

    /// Today's world plus a heavy tail: 2 % of segments run 2–3× longer, and 3 % of dwells are
    /// holds 30–120 s longer.
    static func heavyTail(spread: Double) -> WorldFamily {
        var a = SimulationAssumptions(spread: spread)
        a.tailProbability = 0.02
        a.holdProbability = 0.03
        return WorldFamily(name: "heavy-tail", tunable: false, assumptions: a)
    }

    /// Trains at or beyond the fast published pattern: the factor at most 0 (down to −spread),
    /// each cell up to 3 % faster still, hidden dwells of 15–25 s.
    package static func fast(spread: Double) -> WorldFamily {
        var a = SimulationAssumptions(spread: spread)
        a.factorCeiling = 0
        a.speedUpShare = 0.03
        a.dwellMeanRange = 15...25
        return WorldFamily(name: "fast", tunable: false, fast: true, assumptions: a)
    }

    /// Today's world with the rider tapping "start" 0–30 s after the train moves.
    static func lateTaps(spread: Double) -> WorldFamily {
        var a = SimulationAssumptions(spread: spread)
        a.startTapDelayMax = 30
        return WorldFamily(name: "late-taps", tunable: false, assumptions: a)
    }

    /// Today's world whose factor moves from day to day: ± half a pattern gap per line ×
    /// direction × service day (what calibration must not chase).
    static func nonStationary(spread: Double) -> WorldFamily {
        var a = SimulationAssumptions(spread: spread)
        a.dailyFactorShift = 0.5
        return WorldFamily(name: "non-stationary", tunable: false, assumptions: a)
    }

    /// Every family, in the order they are reported.
    package static func all(spread: Double) -> [WorldFamily] {
        [
            today(spread: spread), correlated(spread: spread), heavyTail(spread: spread), fast(spread: spread),
            lateTaps(spread: spread), nonStationary(spread: spread),
        ]
    }

    package static let names = ["today", "correlated", "heavy-tail", "fast", "late-taps", "non-stationary"]

    package static func named(_ name: String, spread: Double) -> WorldFamily? {
        all(spread: spread).first { $0.name == name }
    }
}
