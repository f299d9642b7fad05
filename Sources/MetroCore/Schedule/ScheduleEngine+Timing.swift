import FoundationEssentials

/// The route's stops, and their running times and dwells looked up once per pattern.
extension ScheduleEngine {
    /// The stops of the route in travel order, with roles and no times yet.
    package func plannedStops(_ route: Route) -> [Schedule.Stop] {
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
                stops.append(
                    .init(station: station, leg: legIndex, role: role, arrival: nil, departure: nil, uncertain: false))
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
        let (entries, fromTerminal) = terminalOffsets(stops)
        return RouteTiming(run: run, dwell: dwell, fromTerminal: fromTerminal, entries: entries)
    }

    /// The three patterns' timings at once, as `timing(stops, pattern:)` gives each: without a
    /// calibration every figure of a stop comes from one segment (or its mirror), so it is looked
    /// up once instead of six times (a lookup hashes two station names; a plan or a `status`
    /// makes these for every stop of the route, and `--last` for every line it boards).
    func timings(_ stops: [Schedule.Stop]) -> (best: RouteTiming, early: RouteTiming, late: RouteTiming) {
        guard calibration == nil else {
            return (timing(stops, pattern: .best), timing(stops, pattern: .early), timing(stops, pattern: .late))
        }
        let (entries, fromTerminal) = terminalOffsets(stops)
        var best: [(seconds: Double, source: SegmentSource)] = [(0, .official)]
        var early = best
        var late = best
        var dwell = best
        for index in stops.indices.dropFirst() {
            let figures = officialFigures(from: stops[index - 1].station, to: stops[index].station)
            best.append((figures.best, figures.runSource))
            early.append((figures.early, figures.runSource))
            late.append((figures.late, figures.runSource))
            dwell.append((figures.dwell, figures.dwellSource))
        }
        // (The dwells are the same for every pattern: the three share one array.)
        return (
            RouteTiming(run: best, dwell: dwell, fromTerminal: fromTerminal, entries: entries),
            RouteTiming(run: early, dwell: dwell, fromTerminal: fromTerminal, entries: entries),
            RouteTiming(run: late, dwell: dwell, fromTerminal: fromTerminal, entries: entries)
        )
    }

    /// The best estimate's running time from `from` to `to` and dwell at `to` arriving from
    /// `from`, as `running` and `dwell` give them, with one lookup when there is no calibration.
    package func bestFigures(from: String, to: String) -> (run: Double, dwell: Double) {
        guard calibration == nil else {
            return (running(from: from, to: to).seconds, dwell(at: to, arrivingFrom: from).seconds)
        }
        let figures = officialFigures(from: from, to: to)
        return (figures.best, figures.dwell)
    }

    /// Each change's entry (the first stop of every leg after the first) and, for each, the time
    /// from the new leg's terminal to it, departure to departure (the best estimate's figures,
    /// the same for every pattern).
    private func terminalOffsets(_ stops: [Schedule.Stop]) -> (entries: [Int], fromTerminal: [TimeInterval]) {
        let entries = stops.indices.filter { stops[$0].role == .transferEntry }
        let fromTerminal = entries.map { entry in
            let line = network.station(stops[entry].station)?.line ?? ""
            let direction =
                entry + 1 < stops.count
                ? network.direction(from: stops[entry].station, to: stops[entry + 1].station) ?? .forward : .forward
            return secondsFromTerminal(line: line, direction: direction, to: stops[entry].station)
        }
        return (entries, fromTerminal)
    }

    /// Departure to departure, from the line's terminal in `direction` to `station`.
    func secondsFromTerminal(line: String, direction: Direction, to station: String) -> TimeInterval {
        guard let stations = network.line(line)?.stations else { return 0 }
        let ordered = direction == .forward ? stations : stations.reversed()
        var total: TimeInterval = 0
        for (from, to) in zip(ordered, ordered.dropFirst()) {
            if from == station { break }
            let figures = bestFigures(from: from, to: to)
            total += figures.run + figures.dwell
        }
        return total
    }
}
