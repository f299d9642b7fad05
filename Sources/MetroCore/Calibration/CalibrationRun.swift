import FoundationEssentials

/// A dedicated measuring ride: the passenger presses a key each time the train stops at a
/// station and each time it starts moving again. Each press closes one measurement: a running
/// time (moving → stopped) or a dwell (stopped → moving). The walk and the wait at a transfer
/// measure nothing.
package struct CalibrationRun: Sendable {
    package enum Expecting: Equatable, Sendable {
        /// The next press is the train stopping at this stop.
        case arrival(Int)
        /// The next press is the train leaving this stop.
        case departure(Int)
        case done
    }

    package let stops: [Schedule.Stop]
    package private(set) var expecting: Expecting
    private var lastPress: Date
    let network: Network

    /// Starts when the train leaves the origin (t₀).
    package init(route: Route, engine: ScheduleEngine, t0: Date) {
        stops = engine.plannedStops(route)
        network = engine.network
        expecting = stops.count > 1 ? .arrival(1) : .done
        lastPress = t0
    }

    /// A press at `time`: what it measured, if anything.
    package mutating func press(at time: Date) -> RideMeasurement? {
        let elapsed = time.timeIntervalSince(lastPress)
        lastPress = time
        switch expecting {
        case .done:
            return nil
        case .arrival(let index):
            let from = stops[index - 1].station
            let to = stops[index].station
            switch stops[index].role {
            case .destination: expecting = .done
            case .transferExit: expecting = .departure(index + 1)  // walk, wait, then the new train leaves
            default: expecting = .departure(index)
            }
            return RideMeasurement(kind: .running(from: from, to: to), seconds: elapsed, weight: 1)
        case .departure(let index):
            expecting = .arrival(index + 1)
            guard stops[index].role == .intermediate else { return nil }  // boarding after a transfer
            let direction = network.direction(from: stops[index - 1].station, to: stops[index].station) ?? .forward
            return RideMeasurement(
                kind: .dwell(station: stops[index].station, direction: direction), seconds: elapsed, weight: 1)
        }
    }
}
