import FoundationEssentials

/// A schedule built one anchor at a time, as a trip's fold builds it.
extension ScheduleEngine {
    /// A schedule built one anchor at a time: each anchor is applied to the passes as they
    /// stand, so folding n corrections costs n propagations, not n² (a trip's current schedule
    /// is a fold over its corrections, each read against the schedule before it).
    package struct Builder: Sendable {
        let engine: ScheduleEngine
        let route: Route
        // The best estimate (displayed); the alert moments (fast pattern, the alert's wait);
        // the range (fast pattern with no wait, slow pattern with the longest wait).
        // Each pass's changes, by number (nil until the pass has reached it).
        var best: (stops: [Schedule.Stop], transfers: [Schedule.TransferTiming?])
        var alert: (stops: [Schedule.Stop], transfers: [Schedule.TransferTiming?])
        var low: (stops: [Schedule.Stop], transfers: [Schedule.TransferTiming?])
        var high: (stops: [Schedule.Stop], transfers: [Schedule.TransferTiming?])
        var first: Date?
        /// The latest anchor's moment: the last thing the passenger confirmed.
        var latest: Date?
        /// How many anchors have been applied: more than one means the passenger corrected the ride.
        var anchors = 0
        let bestTiming: RouteTiming, earlyTiming: RouteTiming, lateTiming: RouteTiming

        package init(engine: ScheduleEngine, route: Route) {
            self.engine = engine
            self.route = route
            let planned = engine.plannedStops(route)
            let none = [Schedule.TransferTiming?](repeating: nil, count: max(route.legs.count - 1, 0))
            best = (planned, none)
            alert = (planned, none)
            low = (planned, none)
            high = (planned, none)
            (bestTiming, earlyTiming, lateTiming) = engine.timings(planned)
        }

        package mutating func apply(_ anchor: Anchor) {
            guard first == nil || best.stops.indices.contains(anchor.stop) else { return }
            if first == nil { first = anchor.time }
            latest = anchor.time
            anchors += 1
            guard !best.stops.isEmpty else { return }
            engine.propagate(
                &best.stops, route: route, anchor: anchor, transfers: &best.transfers, timing: bestTiming,
                early: earlyTiming, wait: .booked)
            engine.propagate(
                &alert.stops, route: route, anchor: anchor, transfers: &alert.transfers, timing: earlyTiming,
                early: earlyTiming, wait: .alert)
            engine.propagate(
                &low.stops, route: route, anchor: anchor, transfers: &low.transfers, timing: earlyTiming,
                early: earlyTiming, wait: .none)
            engine.propagate(
                &high.stops, route: route, anchor: anchor, transfers: &high.transfers, timing: lateTiming,
                early: earlyTiming, wait: .longest)
        }

        /// The best estimate alone, without ranges, alerts or findings: enough to read the next
        /// correction against (where the train is), at a fraction of a full schedule's cost.
        func draft() -> Schedule {
            let time = first ?? Date(timeIntervalSince1970: 0)
            guard let last = best.stops.last?.arrival else { return schedule() }
            return Schedule(
                route: route, stops: best.stops, transfers: best.transfers.compactMap { $0 }, alert: time,
                alertStop: best.stops.count - 2,
                transferAlerts: [], arrival: last, finalArrival: last, findings: [], entryIndices: bestTiming.entries)
        }

        package func schedule() -> Schedule {
            let walkAfter = TimeInterval(route.walkAfterAlighting?.walkSeconds ?? 0)
            guard !best.stops.isEmpty, first != nil else {
                let t0 = first ?? Date(timeIntervalSince1970: 0)
                return Schedule(
                    route: route, stops: [], transfers: [], alert: t0, alertStop: nil, transferAlerts: [],
                    arrival: t0, finalArrival: t0.addingTimeInterval(walkAfter), findings: [], entryIndices: [])
            }
            var stops = best.stops
            var transfers = best.transfers.compactMap { $0 }
            let since = latest ?? first!
            for index in stops.indices {
                // The arrival's range reaches past the published patterns (see `rangeMargin`,
                // `rangeLateMargin`).
                let last = index == stops.count - 1
                let margin = last ? engine.rangeMargin(stops[index].time, since: since) : 0
                let lateMargin = last ? engine.rangeLateMargin(stops[index].time, since: since) : 0
                stops[index].earliest = min(low.stops[index].time.addingTimeInterval(-margin), stops[index].time)
                stops[index].latest = max(high.stops[index].time.addingTimeInterval(lateMargin), stops[index].time)
            }
            for number in transfers.indices {
                transfers[number].alertWaitSeconds = alert.transfers[number]?.alertWaitSeconds ?? 0
                // The published trains at the ends of the range: the first train where the fast
                // rider (the alerts') makes it, and where the slow rider's wait ends on the first
                // or runs to the last. Between them every train is computed, and never named.
                let platform = transfers[number].platformArrival
                let earliest = alert.transfers[number]?.realTrain
                // (Where the slow rider is on the platform only after the last, the best
                // estimate's wait may still run to it: then the last is the range's end too.)
                let latest =
                    high.transfers[number].flatMap { $0.realTrain ?? $0.lastTrain } ?? transfers[number].lastTrain
                transfers[number].earliestTrain = earliest
                transfers[number].latestTrain = latest
                if let earliest, transfers[number].realTrain != nil {
                    transfers[number].shortestWaitSeconds = max(0, Int(earliest.timeIntervalSince(platform).rounded()))
                }
                if let latest {
                    transfers[number].longestWaitSeconds = max(0, Int(latest.timeIntervalSince(platform).rounded()))
                    if let slow = high.transfers[number]?.platformArrival {
                        transfers[number].slowMarginSeconds = Int(latest.timeIntervalSince(slow).rounded(.down))
                    }
                } else if transfers[number].realTrain != nil, bestTiming.entries.indices.contains(number),
                    let slowDeparture = high.stops[bestTiming.entries[number]].departure
                {
                    // The best estimate makes the first train; the slow rider may not, and
                    // waits for a computed one after it.
                    transfers[number].longestWaitSeconds = max(
                        0, Int(slowDeparture.timeIntervalSince(platform).rounded()))
                }
                if transfers[number].realTrain != nil {
                    transfers[number].alertWaitSeconds = min(
                        transfers[number].alertWaitSeconds, transfers[number].bookedWaitSeconds)
                }
            }
            let last = stops.count - 1
            let alertStop = last - 1
            func moment(_ index: Int) -> Date {
                let fast = alert.stops[index].time
                return min(
                    fast.addingTimeInterval(
                        -engine.alertLead(
                            fast, since: since, uncertain: alert.stops[index].uncertain, corrected: anchors > 1)),
                    stops[index].time)
            }
            // A change's alert never comes before the rider can be on the train that leads to it:
            // after an earlier change, not before the rider (as the plan has them) reaches that
            // change's new platform, the earliest its train can be boarded. The lean stays within
            // the leg: it may take the alert back to that moment, never past it.
            let transferAlerts = stops.indices.filter { stops[$0].role == .transferExit }.enumerated().map {
                number, exit in
                var time = moment(exit - 1)
                if number > 0, transfers.indices.contains(number - 1) {
                    time = min(max(time, transfers[number - 1].platformArrival), stops[exit - 1].time)
                }
                return Schedule.ChangeAlert(time: time, stop: exit - 1)
            }
            let arrival = stops[last].arrival!
            return Schedule(
                route: route, stops: stops, transfers: transfers,
                alert: moment(alertStop), alertStop: alertStop,
                transferAlerts: transferAlerts,
                arrival: arrival, finalArrival: arrival.addingTimeInterval(walkAfter),
                findings: engine.findings(stops: stops, route: route, transfers: transfers),
                entryIndices: bestTiming.entries)
        }
    }
}
