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
                let (headway, shortestInterval, longestInterval) = waitAfterTransfer(
                    line: leg.line, direction: leg.direction, platform: platform,
                    fromTerminal: timing.fromTerminal.indices.contains(number) ? timing.fromTerminal[number] : 0)
                var booked = Int((Double(headway) * bookedWaitFraction).rounded())
                var (shortest, longest) = (shortestInterval, longestInterval)
                var alert = alertWait(
                    booked: Int((Double(headway) * alertWaitFraction).rounded()), shortest: shortest, stops: stops,
                    early: early)
                var waited =
                    switch wait {
                    case .booked: booked
                    case .none: 0
                    case .alert: alert
                    case .longest: longest
                    }
                // Only what is published is certain: no train leaves before the published first
                // departure, and the rider on the platform by then boards exactly that one; the
                // trains after it are computed, their phase unknown (the wait above, booked and
                // ranged), and none leaves after the published last departure, so every wait
                // ends by it. The fast passes lean early across the choice of the first train:
                // one the rider could make were the trains faster than the fastest published
                // one by the alerts' lean (a share of the time since the anchor) counts as
                // catchable. The slow pass counts on the first only with a minute to spare.
                let lean =
                    wait == .alert || wait == .none
                    ? alertLead(platform, since: anchor.time, uncertain: true, corrected: false) : 0
                var train: Date?
                var lastTrain: Date?
                switch publishedBoarding(
                    station: stops[next].station, direction: leg.direction, platform: platform.addingTimeInterval(-lean)
                ) {
                case .first(let first)
                where wait != .longest || first.timeIntervalSince(platform) >= TimeInterval(Self.slowSideMargin):
                    train = first
                    waited = max(0, Int(first.timeIntervalSince(platform).rounded()))
                    (booked, alert, shortest, longest) = (waited, waited, waited, waited)
                case .first(let first):
                    // The slow rider may just miss the first: then the next, a computed train
                    // within an interval of it.
                    waited = max(0, Int(first.timeIntervalSince(platform).rounded())) + longest
                case .computed(let last):
                    let spare = max(0, Int(last.timeIntervalSince(platform).rounded(.down)))
                    if waited >= spare { lastTrain = last }
                    (waited, booked, alert) = (min(waited, spare), min(booked, spare), min(alert, spare))
                    (shortest, longest) = (min(shortest, spare), min(longest, spare))
                case .gone, .unknown:
                    break
                }
                transfers[number] = .init(
                    exit: stops[index].station, entry: stops[next].station, walkSeconds: walk.walkSeconds,
                    platformArrival: platform, headwaySeconds: headway, longestWaitSeconds: longest,
                    shortestWaitSeconds: shortest, bookedWaitSeconds: booked, alertWaitSeconds: alert, confirmed: false,
                    realTrain: train, lastTrain: lastTrain)
                stops[next].arrival = nil
                stops[next].departure = platform.addingTimeInterval(TimeInterval(waited))
                stops[next].uncertain = true
            } else {
                let run = timing.run[next]
                stops[next].arrival = stops[index].departure!.addingTimeInterval(run.seconds)
                stops[next].departure = departureAfterArrival(stops, next, timing: timing)
                stops[next].uncertain = stops[index].uncertain
                stops[next].calibrated =
                    run.source == .calibrated
                    || (stops[next].role == .intermediate && timing.dwell[next].source == .calibrated)
            }
            index = next
        }
    }

    /// How long before the published first train the slow rider must be on its platform for the
    /// range to count on it: under a minute, the train after it is as likely (a connection of
    /// 0–2 s is no connection to promise).
    static let slowSideMargin = 60

    /// What is published about the train a rider on `station`'s platform at `platform` boards.
    package enum PublishedBoarding: Equatable, Sendable {
        /// At or before the published first departure: that train, exactly.
        case first(Date)
        /// Between the first and the last: a computed train, its phase unknown; none leaves
        /// after the published last departure, `last`.
        case computed(last: Date)
        /// After the published last departure.
        case gone
        /// No train stops there in that direction.
        case unknown
    }

    /// The one rule of what is certain at a boarding: the published first and last departures
    /// are exact; every train between them is computed (the interval's, its phase unknown).
    func publishedBoarding(station: String, direction: Direction, platform: Date) -> PublishedBoarding {
        guard let window = network.serviceWindow(station: station, direction: direction),
            window.lastDeparture >= window.firstDeparture
        else {
            return .unknown
        }
        let position = clock.position(of: platform)
        if position.seconds <= window.firstDeparture {
            return .first(clock.date(position.serviceDay, seconds: window.firstDeparture))
        }
        if position.seconds > window.lastDeparture { return .gone }
        return .computed(last: clock.date(position.serviceDay, seconds: window.lastDeparture))
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
