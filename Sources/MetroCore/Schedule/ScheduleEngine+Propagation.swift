import FoundationEssentials

/// An anchor applied to one pass: the times from its stop onward, through every change.
extension ScheduleEngine {
    /// Which wait after a transfer a pass books.
    enum WaitChoice {
        case booked, none, alert, longest
    }

    /// Applies an anchor to one pass: `timing` is the pass's pattern, `early` the fast pattern
    /// the alert's wait is capped with, `wait` the wait it books after a transfer.
    func propagate(
        _ stops: inout [Schedule.Stop], route: Route, anchor: Anchor, transfers: inout [Schedule.TransferTiming?],
        timing: RouteTiming, early: RouteTiming, wait: WaitChoice
    ) {
        let k = anchor.stop
        let boards = stops[k].role == .origin || stops[k].role == .transferEntry
        // Waiting at a boarding stop is not dwell: an anchor there is the departure.
        if boards || anchor.event == .departure {
            stops[k].departure = anchor.time
            if boards { stops[k].arrival = nil }
        } else {
            stops[k].arrival = anchor.time
            stops[k].departure = departureAfterArrival(stops, k, timing: timing)
        }
        stops[k].uncertain = false
        // Every change whose new train has left by this anchor is confirmed.
        for (number, entry) in timing.entries.enumerated() where k >= entry && transfers[number] != nil {
            transfers[number]?.confirmed = true
        }
        // The train is at stop k at the anchor's time: every stop before it has been passed, so
        // none may be timed after it (a passenger who says "at Hidropark" early has the train
        // past Chernihivska, whatever the model thought).
        let limit = stops[k].arrival ?? stops[k].departure ?? anchor.time
        for index in 0..<k {
            if let arrival = stops[index].arrival, arrival > limit { stops[index].arrival = limit }
            if let departure = stops[index].departure, departure > limit { stops[index].departure = limit }
            stops[index].uncertain = false
        }
        var index = k
        while index < stops.count - 1 {
            let next = index + 1
            let number = stops[index].leg
            if stops[index].role == .transferExit, route.transferWalks.indices.contains(number) {
                let walk = route.transferWalks[number]
                let platform = stops[index].arrival!.addingTimeInterval(TimeInterval(walk.walkSeconds))
                let leg = route.legs[stops[next].leg]
                let (headway, shortest, longest) = waitAfterTransfer(
                    line: leg.line, direction: leg.direction, platform: platform,
                    fromTerminal: timing.fromTerminal.indices.contains(number) ? timing.fromTerminal[number] : 0)
                var booked = Int((Double(headway) * bookedWaitFraction).rounded())
                var alert = alertWait(booked: booked, shortest: shortest, stops: stops, early: early)
                var waited = switch wait {
                case .booked: booked
                case .none: 0
                case .alert: alert
                case .longest: longest
                }
                // Where the trains are known (near the first and the last), each pass boards the
                // train it reaches: the fast passes the earliest the rider can catch, the slow one
                // the latest (the next train when the slow rider would have under a minute).
                // The fast passes lean early across the choice too: a train the rider could make
                // were the trains faster than the fastest published one by the alerts' lean (a
                // share of the time since the anchor, `alertLead`) counts as catchable.
                let lean = wait == .alert || wait == .none ? alertLead(platform, since: anchor.time, uncertain: true, corrected: false) : 0
                let train = knownTrain(
                    station: stops[next].station, line: leg.line, direction: leg.direction, platform: platform.addingTimeInterval(-lean),
                    margin: wait == .longest ? Self.slowSideMargin : 0)
                if let train {
                    waited = max(0, Int(train.timeIntervalSince(platform).rounded()))
                    booked = waited
                    alert = waited
                }
                transfers[number] = .init(
                    exit: stops[index].station, entry: stops[next].station, walkSeconds: walk.walkSeconds,
                    platformArrival: platform, headwaySeconds: headway, longestWaitSeconds: train == nil ? longest : waited,
                    shortestWaitSeconds: train == nil ? shortest : waited, bookedWaitSeconds: booked, alertWaitSeconds: alert, confirmed: false,
                    realTrain: train)
                stops[next].arrival = nil
                stops[next].departure = platform.addingTimeInterval(TimeInterval(waited))
                stops[next].uncertain = true
            } else {
                let run = timing.run[next]
                stops[next].arrival = stops[index].departure!.addingTimeInterval(run.seconds)
                stops[next].departure = departureAfterArrival(stops, next, timing: timing)
                stops[next].uncertain = stops[index].uncertain
                stops[next].calibrated = run.source == .calibrated || (stops[next].role == .intermediate && timing.dwell[next].source == .calibrated)
            }
            index = next
        }
    }

    /// How long before a known train the slow rider must be on its platform for the range to
    /// count on it: under a minute, the train after it is as likely (a connection of 0–2 s is
    /// no connection to promise).
    static let slowSideMargin = 60

    /// The service model's train a rider on `station`'s platform at `platform` boards, where the
    /// trains are known (within `ServiceTrains.edgeSpan` of the first and the last departure):
    /// the first leaving at least `margin` seconds later, else the first leaving at all (the
    /// last, if it is that close); nil in the middle of the day, when the wait is the interval's,
    /// and once the last train has gone.
    func knownTrain(station: String, line: String, direction: Direction, platform: Date, margin: Int) -> Date? {
        guard let window = network.serviceWindow(station: station, direction: direction) else { return nil }
        let position = clock.position(of: platform)
        let seconds = position.seconds
        // The middle of the day and after the last train: nothing to look up (most rides).
        if seconds > window.lastDeparture { return nil }
        if seconds > window.firstDeparture + ServiceTrains.edgeSpan && seconds < window.lastDeparture - ServiceTrains.edgeSpan { return nil }
        if headwayOverrides[line] == nil {
            // The service model's departures there, looked up by bisection (this runs for every
            // change of every pass, and `--arrive-by` tries hundreds of starts).
            let trains = network.serviceTrains.departures(station: station, line: line, direction: direction, dayType: position.dayType, engine: self)
            func firstIndex(atOrAfter moment: Int) -> Int {
                var low = 0, high = trains.count
                while low < high {
                    let middle = (low + high) / 2
                    if trains[middle] < moment { low = middle + 1 } else { high = middle }
                }
                return low
            }
            let reached = firstIndex(atOrAfter: max(seconds, window.firstDeparture))
            guard trains.indices.contains(reached), trains[reached] <= window.lastDeparture else { return nil }
            let later = firstIndex(atOrAfter: seconds + margin)
            let chosen = margin > 0 && trains.indices.contains(later) && trains[later] <= window.lastDeparture ? later : reached
            return clock.date(position.serviceDay, seconds: trains[chosen])
        }
        let trains = ServiceTrains(engine: self)
        guard let departures = trains.departures(station: station, direction: direction, on: position.serviceDay),
            case .train(let reached) = departures.boarding(atOrAfter: seconds)
        else { return nil }
        if margin > 0, case .train(let later) = departures.boarding(atOrAfter: seconds + margin) {
            return trains.date(position.serviceDay, later)
        }
        return trains.date(position.serviceDay, reached)
    }

    /// Dwell belongs to the arriving segment: the published departure-to-departure gap into a
    /// station includes the stop there. None where the passenger gets off.
    func departureAfterArrival(_ stops: [Schedule.Stop], _ index: Int, timing: RouteTiming) -> Date? {
        guard stops[index].role == .intermediate, index > 0, let arrival = stops[index].arrival else { return nil }
        // A closed station: the train passes through without stopping.
        if closedStations.contains(stops[index].station) { return arrival }
        return arrival.addingTimeInterval(timing.dwell[index].seconds)
    }
}
