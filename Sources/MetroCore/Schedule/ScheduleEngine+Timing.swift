import FoundationEssentials

/// The route's stops, and their running times and dwells looked up once per pattern.
extension ScheduleEngine {
    /// The stops of the route in travel order, with roles and no times yet.
    public func plannedStops(_ route: Route) -> [Schedule.Stop] {
        var stops: [Schedule.Stop] = []
        for (legIndex, leg) in route.legs.enumerated() {
            for (index, station) in leg.stations.enumerated() {
                let role: Schedule.Role
                if index == 0 {
                    role = legIndex == 0 ? .origin : .transferEntry
                } else if index == leg.stations.count - 1 {
                    role = legIndex == route.legs.count - 1 ? .destination : .transferExit
                } else {
                    role = .intermediate
                }
                stops.append(.init(station: station, leg: legIndex, role: role, arrival: nil, departure: nil, uncertain: false))
            }
        }
        return stops
    }

    /// A route's running times (into each stop from the one before) and dwells (at each stop)
    /// for one pattern, looked up once: a trip's fold applies hundreds of anchors to the same
    /// route, and looking each figure up by station names every time dominated `status`.
    struct RouteTiming: Sendable {
        var run: [(seconds: Double, source: SegmentSource)]
        var dwell: [(seconds: Double, source: SegmentSource)]
        /// For each change, from the new leg's terminal to the change's entry, departure to
        /// departure.
        var fromTerminal: [TimeInterval]
        /// Each change's entry: the first stop of every leg after the first.
        var entries: [Int]
    }

    func timing(_ stops: [Schedule.Stop], pattern: RunningPattern) -> RouteTiming {
        var run: [(seconds: Double, source: SegmentSource)] = [(0, .official)]
        var dwell: [(seconds: Double, source: SegmentSource)] = [(0, .official)]
        for index in stops.indices.dropFirst() {
            run.append(running(from: stops[index - 1].station, to: stops[index].station, pattern: pattern))
            dwell.append(self.dwell(at: stops[index].station, arrivingFrom: stops[index - 1].station, pattern: pattern))
        }
        let entries = stops.indices.filter { stops[$0].role == .transferEntry }
        let fromTerminal = entries.map { entry in
            let line = network.station(stops[entry].station)?.line ?? ""
            let direction = entry + 1 < stops.count ? network.direction(from: stops[entry].station, to: stops[entry + 1].station) ?? .forward : .forward
            return secondsFromTerminal(line: line, direction: direction, to: stops[entry].station)
        }
        return RouteTiming(run: run, dwell: dwell, fromTerminal: fromTerminal, entries: entries)
    }

    /// Departure to departure, from the line's terminal in `direction` to `station`.
    func secondsFromTerminal(line: String, direction: Direction, to station: String) -> TimeInterval {
        guard let stations = network.line(line)?.stations else { return 0 }
        let ordered = direction == .forward ? stations : stations.reversed()
        var total: TimeInterval = 0
        for (from, to) in zip(ordered, ordered.dropFirst()) {
            if from == station { break }
            total += running(from: from, to: to).seconds + dwell(at: to, arrivingFrom: from).seconds
        }
        return total
    }
}
