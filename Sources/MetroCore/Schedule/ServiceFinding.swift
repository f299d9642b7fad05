import FoundationEssentials

/// What the published service hours say about a boarding.
package enum ServiceFinding: Equatable, Sendable {
    /// The first train in this direction has not left yet.
    case beforeFirstTrain(station: String, line: String, toward: String, first: Date)
    /// The last train has gone: the route cannot be completed from here.
    case afterLastTrain(station: String, line: String, toward: String, last: Date)
    /// The last train leaves within the warning window.
    case lastTrainSoon(station: String, line: String, toward: String, last: Date)

    /// The boarding station the finding is about.
    package var station: String {
        switch self {
        case .beforeFirstTrain(let station, _, _, _), .afterLastTrain(let station, _, _, _),
            .lastTrainSoon(let station, _, _, _):
            return station
        }
    }

    /// Whether the route cannot be ridden as planned.
    package var isBlocking: Bool {
        if case .afterLastTrain = self { return true }
        return false
    }

    /// Whether the ride cannot be made at the planned time: after the last train or before the
    /// first (`plan` still prints it, and exits 1).
    package var preventsTheRide: Bool {
        switch self {
        case .afterLastTrain, .beforeFirstTrain: return true
        case .lastTrainSoon: return false
        }
    }
}
