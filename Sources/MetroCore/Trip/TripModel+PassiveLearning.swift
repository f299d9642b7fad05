import FoundationEssentials

extension TripModel {
    /// A passive measurement weighs a quarter of a dedicated calibration press: the anchors are
    /// pressed when the passenger notices, not at the instant the doors open.
    static let passiveWeight = 0.25

    /// What an ordinary ride measured: between every two known points on one leg (the departure,
    /// each `at STATION`, a `departed` after the transfer, a confirmed arrival), the elapsed time
    /// shared over the segments in between in proportion to their current figures. Pairs whose
    /// ratio to the model is implausible (under half or over double) teach nothing.
    package func passiveMeasurements(_ trip: Trip, confirmedArrival: Date?) -> [RideMeasurement] {
        let schedule = current(trip)
        let stops = schedule.stops
        guard let departure = stops.first?.departure else { return [] }
        var points: [(stop: Int, arrived: Bool, time: Date)] = [(0, false, departure)]
        for correction in trip.corrections {
            switch correction.kind {
            case .at(let station):
                if let index = stopIndex(of: station, in: schedule) {
                    points.append((index, stops[index].role != .transferEntry, correction.time))
                }
            case .departed:
                // The change it confirmed (on the long way round, the latest one reached then).
                if let entry = anchor(for: correction, in: schedule)?.stop {
                    points.append((entry, false, correction.time))
                }
            case .shift:
                break
            }
        }
        if let confirmedArrival { points.append((stops.count - 1, true, confirmedArrival)) }
        points.sort { ($0.stop, $0.time) < ($1.stop, $1.time) }

        var measurements: [RideMeasurement] = []
        for (a, b) in zip(points, points.dropFirst())
        where b.arrived && b.stop > a.stop && stops[a.stop].leg == stops[b.stop].leg && b.time > a.time {
            var parts: [(RideMeasurement.Kind, Double)] = []
            if a.arrived && stops[a.stop].role == .intermediate {
                let direction =
                    engine.network.direction(from: stops[a.stop - 1].station, to: stops[a.stop].station) ?? .forward
                parts.append(
                    (
                        .dwell(station: stops[a.stop].station, direction: direction),
                        engine.dwell(at: stops[a.stop].station, arrivingFrom: stops[a.stop - 1].station).seconds
                    ))
            }
            for k in a.stop..<b.stop {
                let from = stops[k].station
                let to = stops[k + 1].station
                parts.append((.running(from: from, to: to), engine.running(from: from, to: to).seconds))
                if k + 1 < b.stop, !engine.closedStations.contains(to) {
                    let direction = engine.network.direction(from: from, to: to) ?? .forward
                    parts.append(
                        (.dwell(station: to, direction: direction), engine.dwell(at: to, arrivingFrom: from).seconds))
                }
            }
            let modelled = parts.reduce(0) { $0 + $1.1 }
            let ratio = b.time.timeIntervalSince(a.time) / modelled
            guard modelled > 0, (0.5...2).contains(ratio) else { continue }
            measurements += parts.map { RideMeasurement(kind: $0.0, seconds: $0.1 * ratio, weight: Self.passiveWeight) }
        }
        return measurements
    }
}
