import FoundationEssentials

/// The service hours at every boarding: before the first train, after the last, the last soon.
extension ScheduleEngine {
    /// Service hours checked at every boarding: the origin at its departure, and each new line at
    /// the moment the passenger reaches its platform.
    func findings(stops: [Schedule.Stop], route: Route, transfers: [Schedule.TransferTiming]) -> [ServiceFinding] {
        var boardings: [(station: String, leg: Leg, at: Date, onKnownTrain: Bool)] = []
        if let first = stops.first, let leg = route.legs.first {
            boardings.append((first.station, leg, first.departure!, false))
        }
        for (number, transfer) in transfers.enumerated() where number + 1 < route.legs.count {
            boardings.append(
                (transfer.entry, route.legs[number + 1], transfer.platformArrival, transfer.realTrain != nil))
        }
        var result: [ServiceFinding] = []
        for boarding in boardings {
            guard let window = network.serviceWindow(station: boarding.station, direction: boarding.leg.direction),
                let toward = network.terminal(line: boarding.leg.line, direction: boarding.leg.direction)
            else { continue }
            let position = clock.position(of: boarding.at)
            let first = clock.date(position.serviceDay, seconds: window.firstDeparture)
            let last = clock.date(position.serviceDay, seconds: window.lastDeparture)
            // The first boarding that cannot be made is the ride's one warning: the boardings
            // after it (a change made in the next service day's small hours) are moot.
            if boarding.at < first && boarding.onKnownTrain {
                // Waiting on the platform for the first train there is the plan, not a finding.
                continue
            } else if boarding.at < first {
                result.append(
                    .beforeFirstTrain(station: boarding.station, line: boarding.leg.line, toward: toward, first: first))
                break
            } else if boarding.at > last {
                result.append(
                    .afterLastTrain(station: boarding.station, line: boarding.leg.line, toward: toward, last: last))
                break
            } else if last.timeIntervalSince(boarding.at) <= TimeInterval(lastTrainWarning) {
                result.append(
                    .lastTrainSoon(station: boarding.station, line: boarding.leg.line, toward: toward, last: last))
            }
        }
        return result
    }
}
