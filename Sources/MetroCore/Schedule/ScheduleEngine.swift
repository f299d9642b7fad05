import FoundationEssentials

/// Computes schedules. A pure function of its inputs: no clock, no I/O.
package struct ScheduleEngine: Sendable {
    package let network: Network
    package var clock: ServiceClock
    /// The share of the headway booked as the wait after a transfer. The wait is unknowable
    /// (zero to one headway); a quarter leans early on purpose: an early alert costs a glance,
    /// a late one costs the station. Half would be the unbiased mean and zero the earliest.
    package let bookedWaitFraction: Double
    /// The share of the headway the alerts book as the wait after a transfer, before the cap
    /// (`alertWait`): the display's quarter. 3/8 brought "yours is next" later where the cap did
    /// not bind, but made 5.63 % of one `correlated` cell's alerts late at seed 2 (4.23 % with a
    /// quarter): docs/decisions/0089.
    package let alertWaitFraction: Double
    /// The share of the time since the last confirmed point by which an alert that rests on an
    /// unconfirmed change leans early (see `alertLead`).
    package let alertLeanShare: Double
    /// The share of the time since t₀ by which an alert leans early on a ride nobody corrected
    /// that rests on no wait (a ride with no change, or before it): see `alertLead`.
    package let confirmedLeanShare: Double
    /// The share by which an alert leans early once the passenger has corrected the ride
    /// ("departed", "at a station", ± stops): the running and dwell since the correction (see
    /// `alertLead`).
    package let correctedLeanShare: Double
    /// The share of the time since the last confirmed point by which the arrival's range
    /// widens on its early side, beyond the fast published pattern (see `rangeMargin`).
    let rangeMarginShare: Double
    /// The share by which the arrival's range reaches past the slow pattern, on its late side
    /// (see `rangeLateMargin`).
    let rangeLateMarginShare: Double
    /// Warn when the last train leaves within this many seconds of a boarding.
    var lastTrainWarning: Int = 3600
    /// Today's interval per line, in seconds, replacing the published one (service changes).
    var headwayOverrides: [String: Int] = [:]
    /// Stations trains pass without stopping: timed as usual, but no dwell.
    var closedStations: Set<String> = []
    /// The passenger's own measurements; nil plans from the official figures only.
    package var calibration: Calibration?

    /// The engine with a day's service changes applied.
    package func applying(_ changes: ServiceChanges) -> ScheduleEngine {
        var engine = self
        engine.headwayOverrides.merge(changes.headways) { $1 }
        engine.closedStations.formUnion(changes.closed)
        if let dayType = changes.dayType { engine.clock.dayTypeOverride = dayType }
        return engine
    }

    /// The engine as shipped: the shares' defaults are the policy the app ships. A test or the
    /// lab that measures another policy makes its own engine with other shares.
    package init(
        network: Network, clock: ServiceClock, bookedWaitFraction: Double = 0.25, alertWaitFraction: Double = 0.25,
        alertLeanShare: Double = 0.1, confirmedLeanShare: Double = 0.08, correctedLeanShare: Double = 0.12,
        rangeMarginShare: Double = 0.12, rangeLateMarginShare: Double = 0.15
    ) {
        self.network = network
        self.clock = clock
        self.bookedWaitFraction = bookedWaitFraction
        self.alertWaitFraction = alertWaitFraction
        self.alertLeanShare = alertLeanShare
        self.confirmedLeanShare = confirmedLeanShare
        self.correctedLeanShare = correctedLeanShare
        self.rangeMarginShare = rangeMarginShare
        self.rangeLateMarginShare = rangeLateMarginShare
    }

    /// The interval between trains on a line at a moment, as this engine plans with it (today's
    /// changes and day type included).
    package func interval(line: String, direction: Direction, at moment: Date) -> Int {
        if let override = headwayOverrides[line] { return override }
        let position = clock.position(of: moment)
        return network.headway(
            line: line, direction: direction, dayType: position.dayType, secondsOfDay: position.seconds) ?? 600
    }

    /// Each leg's interval at its boarding: what the iOS app's route preview shows beside each line.
    package func legIntervals(_ schedule: Schedule) -> [Int] {
        schedule.route.legs.enumerated().map { index, leg in
            // After a change, the interval the booked wait is a quarter of (the plan's walk line
            // names it): the one the awaited train left its terminal at.
            if index > 0, schedule.transfers.indices.contains(index - 1) {
                return schedule.transfers[index - 1].headwaySeconds
            }
            let boarding = schedule.stops.first { $0.leg == index }?.departure ?? schedule.departure
            return interval(line: leg.line, direction: leg.direction, at: boarding)
        }
    }

    /// One leg's interval as the station card lists it: the published figure for the hour the
    /// leg boards in (the hour's first value); not published when today's changes set the line's
    /// interval.
    package struct LegInterval: Equatable, Sendable {
        package var seconds: Int
        package var published: Bool
    }

    /// Each leg's published interval for its boarding hour. `legIntervals` is the model's spacing
    /// at a second (interpolated through the hour and, after a change, taken when the awaited
    /// train left its terminal): computed, so it is never the figure shown as published.
    package func publishedLegIntervals(_ schedule: Schedule) -> [LegInterval] {
        schedule.route.legs.enumerated().map { index, leg in
            if let override = headwayOverrides[leg.line] { return LegInterval(seconds: override, published: false) }
            let boarding = schedule.stops.first { $0.leg == index }?.departure ?? schedule.departure
            let position = clock.position(of: boarding)
            let hour = position.seconds / 3600
            let start = clock.date(position.serviceDay, seconds: hour * 3600)
            return LegInterval(seconds: interval(line: leg.line, direction: leg.direction, at: start), published: true)
        }
    }

    /// The schedule for a ride whose train starts moving at `t0`.
    package func schedule(route: Route, t0: Date) -> Schedule {
        schedule(route: route, anchors: [Anchor(stop: 0, event: .departure, time: t0)])
    }

    /// The schedule after a series of anchors, applied in order.
    package func schedule(route: Route, anchors: [Anchor]) -> Schedule {
        var builder = Builder(engine: self, route: route)
        for anchor in anchors { builder.apply(anchor) }
        return builder.schedule()
    }
}
