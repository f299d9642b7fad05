import FoundationEssentials

/// Why a correction was refused; the trip stays as it was.
package enum CorrectionRefusal: Error, Equatable, Sendable {
    case tripEnded(Trip.Outcome)
    /// With the station on the route nearest to it, where trains stop.
    case stationNotOnRoute(String, nearest: String? = nil)
    /// A closed station on the route: the train passes it without stopping. The stops either
    /// side where it does stop.
    case stationClosed(String, before: String?, after: String?)
    case departedBeforeTransfer
    case noTransfer
    /// "Departed" long after the model has the train leaving the change's new platform `entry`
    /// (more than the change's longest wait after it): by now the model has it at `reached`,
    /// `stopsOn` stops further, and the press would throw the arrival back by all that time.
    case departedLongAfter(entry: String, reached: String, stopsOn: Int)
}

/// The fold: turns a trip into its current schedule.
package struct TripModel: Sendable {
    package let engine: ScheduleEngine
    package let route: Route

    package init(engine: ScheduleEngine, trip: Trip) throws(Router.Failure) {
        self.engine = trip.changes.map(engine.applying) ?? engine
        // The route the trip started on (the trip keeps its changes and the line it went round
        // through, so every command finds the same route).
        route = try RouteChoice.kept(
            network: engine.network, changes: trip.changes ?? ServiceChanges(), from: trip.origin,
            to: trip.destination, via: trip.via)
    }

    /// The schedule as planned at t₀, before any correction.
    package func planned(_ trip: Trip) -> Schedule {
        engine.schedule(route: route, t0: trip.t0)
    }

    /// The schedule after every correction, in order.
    package func current(_ trip: Trip) -> Schedule {
        // Linear in the corrections: each is read against the schedule before it and applied
        // on top, never by refolding from t₀.
        var builder = ScheduleEngine.Builder(engine: engine, route: route)
        builder.apply(Anchor(stop: 0, event: .departure, time: trip.t0))
        for correction in trip.corrections {
            // Where the train is needs only the best estimate's stops: the draft.
            guard let anchor = anchor(for: correction, in: builder.draft()) else { continue }
            builder.apply(anchor)
        }
        return builder.schedule()
    }

    /// The index of the model's next stop at a moment: the first stop the train has not yet
    /// reached (or, at a boarding stop, not yet left). `stops.count` once all are passed.
    package static func nextStop(in schedule: Schedule, at moment: Date) -> Int {
        schedule.stops.firstIndex { $0.time > moment } ?? schedule.stops.count
    }

    /// Where the model puts the train at a moment, in half stops: standing at stop i (dwell, or
    /// arrived at the destination) is `2i`; running toward stop i (or walking to it, at a
    /// transfer) is `2i − 1`.
    package static func halfStopPosition(in schedule: Schedule, at moment: Date) -> Int {
        let stops = schedule.stops
        let next = nextStop(in: schedule, at: moment)
        if next == 0 { return 0 }
        if next >= stops.count { return 2 * (stops.count - 1) }
        let previous = stops[next - 1]
        if previous.arrival != nil, let departure = previous.departure, moment < departure { return 2 * (next - 1) }
        return 2 * next - 1
    }

    /// The schedule's stop for a ride stop (the stops with each change's entry left out).
    static func stopIndex(ofRideStop ride: Int, in schedule: Schedule) -> Int {
        var index = ride
        for entry in schedule.entryIndices where index >= entry { index += 1 }
        return index
    }

    /// `halfStopPosition` in ride stops: from reaching a change's exit until the train on the
    /// new line leaves, the passenger stands at the node (the exit's ride stop).
    static func rideHalfStopPosition(in schedule: Schedule, at moment: Date) -> Int {
        let position = halfStopPosition(in: schedule, at: moment)
        // Each entry before the position takes two half stops out (standing at the exit and
        // walking to the entry are one place: the node).
        var removed = 0
        for entry in schedule.entryIndices {
            let exit = entry - 1
            if position < 2 * exit { break }
            if position <= 2 * entry { return 2 * exit - removed }
            removed += 2
        }
        return position - removed
    }

    /// What a correction means against the schedule it is applied to, or nil if it cannot apply.
    ///
    /// `+k`: the train is k stops behind the model, standing at the station k before the one the
    /// model has it at or running toward (`+1` while the model runs toward Teatralna: it still
    /// stands at Universytet). `−k`: ahead, standing k stations past the one the model has it at,
    /// or k−1 past the one it runs toward (`−1`: it is already at Teatralna). At the origin, `+1`
    /// means "not moving yet": t₀ restarts now.
    package func anchor(for correction: Trip.Correction, in schedule: Schedule) -> Anchor? {
        let stops = schedule.stops
        guard !stops.isEmpty else { return nil }
        switch correction.kind {
        case .shift(let shift):
            guard shift != 0 else { return nil }
            // Counted in ride stops: the transfer's entry platform is the same node as its exit,
            // not a stop of its own (the ride Lisova → Teremky is 17 stops).
            let position = Self.rideHalfStopPosition(in: schedule, at: correction.time)
            let rides = stops.count - schedule.entryIndices.count
            let target = shift > 0 ? (position + 1) / 2 - shift : position / 2 - shift
            // A closed station the train runs through is no stop to be behind or ahead at:
            // each one crossed moves the landing one stop further (+1 just past closed
            // Khreshchatyk means the train still stands at Arsenalna, not "at" Khreshchatyk).
            let step = shift > 0 ? -1 : 1
            var landing = target
            var index = shift > 0 ? (position + 1) / 2 : position / 2
            while index != landing, (0..<rides).contains(index + step) {
                index += step
                let stop = stops[Self.stopIndex(ofRideStop: index, in: schedule)]
                if stop.role == .intermediate, engine.closedStations.contains(stop.station) { landing += step }
            }
            let clamped = min(max(landing, 0), rides - 1)
            return Anchor(
                stop: Self.stopIndex(ofRideStop: clamped, in: schedule), event: .arrival, time: correction.time)
        case .at(let station):
            guard let index = stopIndex(of: station, in: schedule) else { return nil }
            return Anchor(stop: index, event: .arrival, time: correction.time)
        case .departed:
            // The latest change the model has the passenger at or past: the train on its new
            // line left now (never a change whose exit the train has not reached yet).
            guard
                let entry = schedule.entryIndices.last(where: { entry in
                    stops[entry - 1].arrival.map { correction.time >= $0 } ?? false
                })
            else { return nil }
            return Anchor(stop: entry, event: .departure, time: correction.time)
        }
    }

    /// The stop for a station on the route (either half of the transfer node counts as its own
    /// stop; a station that is not on the route gives nil).
    func stopIndex(of station: String, in schedule: Schedule) -> Int? {
        schedule.stops.lastIndex { $0.station == station }
    }

    /// Checks a correction before it is recorded, so that the file only ever holds ones that
    /// apply. Returns the reason it cannot.
    package func refusal(for correction: Trip.Correction, trip: Trip) -> CorrectionRefusal? {
        if let ended = trip.ended { return .tripEnded(ended.outcome) }
        let schedule = current(trip)
        switch correction.kind {
        case .at(let station):
            // The stops the train can stand at: not a closed station it passes through.
            let stops = schedule.stops.enumerated().filter {
                !$0.element.passesWithoutStopping && !engine.closedStations.contains($0.element.station)
            }
            guard let index = stopIndex(of: station, in: schedule) else {
                // The nearest by distance (a station on another line is nearest to a stop of
                // this route somewhere: the rider may have mistaken the line).
                let nearest = engine.network.station(station).flatMap { typed in
                    stops.min { distance(typed, $0.element.station) < distance(typed, $1.element.station) }?.element
                        .station
                }
                return .stationNotOnRoute(station, nearest: nearest)
            }
            if schedule.stops[index].role == .intermediate && engine.closedStations.contains(station) {
                return .stationClosed(
                    station, before: stops.last { $0.offset < index }?.element.station,
                    after: stops.first { $0.offset > index }?.element.station)
            }
            return nil
        case .departed:
            guard schedule.entryIndex != nil else { return .noTransfer }
            guard let anchor = anchor(for: correction, in: schedule) else { return .departedBeforeTransfer }
            let since = trip.corrections.last?.time ?? trip.t0
            guard let until = departedWindowEnd(entry: anchor.stop, in: schedule, since: since), correction.time > until
            else {
                return nil
            }
            // The last stop the model has the train reach by now, counted in the ride's stops.
            let reached = schedule.stops.lastIndex { ($0.arrival ?? $0.departure ?? .distantFuture) <= correction.time }
            let stop = max(reached ?? anchor.stop, anchor.stop)
            let entries = schedule.entryIndices.filter { $0 > anchor.stop && $0 <= stop }.count
            return .departedLongAfter(
                entry: schedule.stops[anchor.stop].station, reached: schedule.stops[stop].station,
                stopsOn: stop - anchor.stop - entries)
        case .shift:
            return nil
        }
    }

    /// Until when "departed" is taken for the change whose new platform is stop `entry`: the
    /// latest the model's range lets that train leave (the slow pattern to the platform, then
    /// the change's longest wait), widened by `rangeMargin` (the share of the time since
    /// `since`, the last thing the rider confirmed, that the arrival's range reaches before the
    /// fast pattern; its late side's wider share is the arrival's alone, docs/decisions/0089),
    /// and by the press's own allowance. A true press falls within it; one
    /// later is far more likely forgotten at the change (or meant for another train), and would
    /// throw the arrival back by all that time. Nil where the stop is no change's entry.
    package func departedWindowEnd(entry: Int, in schedule: Schedule, since: Date) -> Date? {
        guard schedule.transfer(enteringAt: entry) != nil, let latest = schedule.stops[entry].latest else { return nil }
        return latest.addingTimeInterval(engine.rangeMargin(latest, since: since) + Self.departedPressAllowance)
    }

    /// How late after the train leaves a rider may press "departed": once seated, not as the
    /// doors close (the world's interval at a platform may also be a little wider than the one
    /// the model books the longest wait with).
    package static let departedPressAllowance: TimeInterval = 120

    /// Whether an alert is due at `moment`: its time has come, and it has not fired since its
    /// time last moved. A correction that moves an alert into the future re-arms it; one already
    /// fired whose moment moves earlier is not repeated.
    package func due(_ alert: Trip.Alert, schedule: Schedule, trip: Trip, at moment: Date) -> Bool {
        guard trip.ended == nil, let time = Self.time(of: alert, in: schedule), moment >= time else { return false }
        guard let fired = trip.alertsFired[alert.rawValue] else { return true }
        // Rung, and about a station the train has reached since: a correction that moves its
        // moment ("departed" re-times the change behind the rider) makes it no news again.
        if let target = Self.station(of: alert, in: schedule), Self.nextStop(in: schedule, at: moment) > target {
            return false
        }
        return time.timeIntervalSince(fired) > Self.reArmMargin
    }

    /// The stop an alert is about: the change's exit, or the destination (nil for the arrival).
    static func station(of alert: Trip.Alert, in schedule: Schedule) -> Int? {
        switch alert {
        case .transferAlert, .secondTransferAlert: return schedule.change(for: alert).map { $0.entry - 1 }
        case .alert: return schedule.stops.isEmpty ? nil : schedule.stops.count - 1
        case .arrival: return nil
        }
    }

    /// How much later than it fired an alert must move to ring again. A correction that only
    /// confirms the moment ("one stop further", a second after "yours is next") re-anchors the
    /// alert to the present, a second after it rang: that is the same alert, not a new one.
    package static let reArmMargin: TimeInterval = 30

    /// The moment an alert belongs to, if the route has it.
    package static func time(of alert: Trip.Alert, in schedule: Schedule) -> Date? {
        switch alert {
        case .transferAlert, .secondTransferAlert: return schedule.change(for: alert)?.alert.time
        case .alert: return schedule.alertStop == nil ? nil : schedule.alert
        case .arrival: return schedule.stops.isEmpty ? nil : schedule.arrival
        }
    }

    /// Whether the trip has gone unconfirmed too long past its arrival.
    package func isExpired(_ trip: Trip, at moment: Date) -> Bool {
        trip.ended == nil && moment.timeIntervalSince(current(trip).finalArrival) > Trip.expiryAfterArrival
    }

    /// The squared distance between two stations' points (enough to compare).
    func distance(_ station: NetworkDocument.Station, _ other: String) -> Double {
        guard let other = engine.network.station(other) else { return .infinity }
        let latitude = Double(station.latitudeE6 - other.latitudeE6)
        // A degree of longitude is shorter than one of latitude at Kyiv's 50.45° N.
        let longitude = Double(station.longitudeE6 - other.longitudeE6) * 0.637
        return latitude * latitude + longitude * longitude
    }
}
