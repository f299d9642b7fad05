import FoundationEssentials

extension PocketCard {
    /// The tables for every tap of a service day on this route: from two minutes before the
    /// first train's minute (a tap before `Tap.earlyAllowance` starts no ride) to ten minutes
    /// past the last train's allowance (after it, the last minute's refusal holds), a row a
    /// minute and one for each published edge; nil when the route has no trains.
    package func allDay(on day: ServiceClock.ServiceDay) -> [String: Any]? {
        guard let window = engine.originWindow(route, on: day) else { return nil }
        let wholeMinute = Date(timeIntervalSince1970: (window.first.timeIntervalSince1970 / 60).rounded(.down) * 60)
        let gridStart = wholeMinute.addingTimeInterval(-120)
        let end = window.last.addingTimeInterval(TimeInterval(Tap.lateAllowance + 600))
        let count = Int(end.timeIntervalSince(gridStart) / 60) + 1
        var card = self
        card.departure = window.first
        card.notes = []
        card.changes = []
        // The first stop's departure for a train anchored at a stop: as long before as the
        // first train takes to get there, within the day's trains.
        let offsets = engine.schedule(route: route, t0: window.first).stops.map {
            $0.time.timeIntervalSince(window.first)
        }
        return card.section(from: gridStart, minutes: count, edges: [window.first, window.last]) { moment, stop in
            min(max(moment.addingTimeInterval(-offsets[stop]), window.first), window.last)
        }
    }
}
