import FoundationEssentials

/// The answer to `--arrive-by`.
package enum ArriveByAnswer: Equatable, Sendable {
    /// A ride that can be made: the latest start with the booked wait and, if there is one, the
    /// safe start (slow pattern, whole walks, the longest waits the published trains allow); `clamped` when the
    /// latest start was the last connection's, the requested arrival being later than any ride
    /// that connects.
    case ride(latest: Date, safe: Date?, clamped: LastConnection?)
    /// Asked too early: the first train from the origin, when it arrives, and the plan's range.
    case tooEarly(firstTrain: Date, arrival: Date, earliest: Date, latest: Date)
    /// No start in the three hours before arrives by then.
    case none
}
