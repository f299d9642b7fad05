import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The edges of the service day, from the published first and last departures: the first train,
/// the last ride that connects (`--last`), the latest start for an arrival (`--arrive-by`) and
/// the last train tapped late.
extension ScheduleEngine {
    /// The one first-train rule (`plan`, `start` and `card` all ask it): the origin's first
    /// train that day when `t0` is before it, nil when trains are running by then (or the route
    /// boards none). Before the first train no train moves, so a ride asked for then is the
    /// first train's.
    package func firstTrain(of route: Route, before t0: Date) -> Date? {
        // The first train is the published first departure (the service model keeps it), so
        // nothing needs generating for a plan in the middle of the day.
        guard let leg = route.legs.first, let board = leg.stations.first,
            let window = network.serviceWindow(station: board, direction: leg.direction),
            window.lastDeparture >= window.firstDeparture
        else { return nil }
        let first = clock.date(clock.position(of: t0).serviceDay, seconds: window.firstDeparture)
        return t0 < first ? first : nil
    }

    /// A route's stops and running figures, looked up once for many rides (`--last` and
    /// `--arrive-by` try dozens of starts on one route; looking the figures up is most of what
    /// a schedule costs).
    package struct PreparedRoute: Sendable {
        let route: Route
        let planned: [Schedule.Stop]
        let best: RouteTiming
        let late: RouteTiming
        let early: RouteTiming
    }

    func prepared(_ route: Route) -> PreparedRoute {
        let planned = plannedStops(route)
        let (best, early, late) = timings(planned)
        return PreparedRoute(route: route, planned: planned, best: best, late: late, early: early)
    }

    /// One pass of the engine over the route from a train leaving the origin at `t0` (the slow
    /// pattern with the longest waits, or the best estimate with the booked ones), each wait
    /// bounded by what is published at the change (`publishedBoarding`): the changes as met,
    /// and the arrival after any walk at the end.
    func pinnedPass(_ prepared: PreparedRoute, t0: Date, slow: Bool) -> (
        changes: [EdgeConnection.Change], arrival: Date
    ) {
        let route = prepared.route
        let day = clock.position(of: t0).serviceDay
        var stops = prepared.planned
        var transfers = [Schedule.TransferTiming?](repeating: nil, count: max(route.legs.count - 1, 0))
        if !stops.isEmpty {
            propagate(
                &stops, route: route, anchor: Anchor(stop: 0, event: .departure, time: t0), transfers: &transfers,
                timing: slow ? prepared.late : prepared.best, early: prepared.early, wait: slow ? .longest : .booked)
        }
        var changes: [EdgeConnection.Change] = []
        for (number, transfer) in transfers.enumerated() {
            guard let transfer, route.legs.indices.contains(number + 1) else { break }
            let leg = route.legs[number + 1]
            guard let window = network.serviceWindow(station: transfer.entry, direction: leg.direction) else { break }
            let change = EdgeConnection.Change(
                station: transfer.entry, line: leg.line, direction: leg.direction,
                slowArrival: transfer.platformArrival,
                last: clock.date(day, seconds: window.lastDeparture), train: transfer.realTrain ?? transfer.lastTrain)
            changes.append(change)
            // After the last train the slow rider is stranded; the best estimate rides on with
            // the engine's wait (its finding says the rest).
            if slow && change.margin < 0 { break }
        }
        let walkAfter = TimeInterval(route.walkAfterAlighting?.walkSeconds ?? 0)
        return (changes, (stops.last.map(\.time) ?? t0).addingTimeInterval(walkAfter))
    }

    /// The ride from a train leaving the origin at `t0`, followed the slow way: the slow pattern,
    /// the whole walk, and at each change the longest wait the published trains allow (or the
    /// last train gone). The engine's slow pass (the late end of its ranges), alone.
    func slowConnection(route: Route, t0: Date) -> EdgeConnection {
        slowConnection(prepared(route), t0: t0)
    }

    func slowConnection(_ prepared: PreparedRoute, t0: Date) -> EdgeConnection {
        let day = clock.position(of: t0).serviceDay
        let originLast = prepared.route.legs.first.flatMap {
            network.serviceWindow(station: $0.board, direction: $0.direction)
        }
        .map { clock.date(day, seconds: $0.lastDeparture) }
        let pass = pinnedPass(prepared, t0: t0, slow: true)
        return EdgeConnection(departure: t0, originLast: originLast, changes: pass.changes, slowArrival: pass.arrival)
    }

    /// The best-estimate arrival of a ride from `t0`, without the rest of the schedule.
    func bestArrival(_ prepared: PreparedRoute, t0: Date) -> Date {
        pinnedPass(prepared, t0: t0, slow: false).arrival
    }

    /// The origin's published first and last departures on `serviceDay`, for the route's first leg.
    func originWindow(_ route: Route, on serviceDay: ServiceClock.ServiceDay) -> (first: Date, last: Date)? {
        guard let leg = route.legs.first,
            let window = network.serviceWindow(station: leg.board, direction: leg.direction),
            window.lastDeparture >= window.firstDeparture
        else { return nil }
        return (
            clock.date(serviceDay, seconds: window.firstDeparture),
            clock.date(serviceDay, seconds: window.lastDeparture)
        )
    }

    /// The last ride from the origin on `serviceDay` that connects the slow way: the origin's
    /// published last train if its ride connects, else the latest start that does (to the
    /// second; the trains before the last are computed); nil when the route has no trains or
    /// none in the three hours before the last connects.
    package func lastConnection(route: Route, serviceDay: ServiceClock.ServiceDay) -> LastConnection? {
        guard let window = originWindow(route, on: serviceDay) else { return nil }
        let prepared = prepared(route)
        let lastRide = slowConnection(prepared, t0: window.last)
        if lastRide.connects {
            return LastConnection(connection: lastRide, originLast: window.last, departureIsPublished: true, next: nil)
        }
        // A deadline to the second would leave the slow rider no second to spare: each change
        // keeps the minute the range keeps before a published train (`slowSideMargin`).
        let spare = TimeInterval(Self.slowSideMargin)
        let works = { (t0: Date) -> Bool in
            let ride = slowConnection(prepared, t0: t0)
            return ride.connects && ride.changes.allSatisfy { $0.margin >= spare }
        }
        guard let found = Self.latestStart(before: window.last, where: works), found >= window.first else { return nil }
        return LastConnection(
            connection: slowConnection(prepared, t0: found), originLast: window.last, departureIsPublished: false,
            next: lastRide)
    }

    /// The rides that arrive by `target`: the latest start (best estimate, the booked waits)
    /// and the safe one (the slow way), never before the origin's first train and never later
    /// than the last connection (`last`, found if not given). Between the published first and
    /// last trains a start is a time, not a train: the trains there are computed.
    package func arriveBy(route: Route, target: Date, last: LastConnection?? = nil) -> ArriveByAnswer {
        let day = clock.position(of: target).serviceDay
        guard let window = originWindow(route, on: day) else {
            // A walk, or no trains: the start is the moment the walk begins.
            guard
                let found = Self.latestStart(
                    before: target, where: { schedule(route: route, t0: $0).finalArrival <= target })
            else { return .none }
            return .ride(latest: found, safe: found, clamped: nil)
        }
        let first = window.first
        let prepared = prepared(route)
        // In the night (an arrival later than the last connection's, on the slow pattern and
        // with the range's late margin): the answer is the last connection, whatever the hour
        // asked (01:00 and 01:30 alike; the three hours' search below would not reach back to it).
        if let known = last ?? lastConnection(route: route, serviceDay: day) {
            let slow = known.connection.slowArrival
            let margin = rangeLateMargin(schedule(route: route, t0: known.departure).arrival, since: known.departure)
            if slow.addingTimeInterval(margin) <= target, target.timeIntervalSince(known.departure) >= 3 * 3600 {
                return .ride(latest: known.departure, safe: known.departure, clamped: known)
            }
        }
        let found = Self.latestStart(before: target) { bestArrival(prepared, t0: $0) <= target }
        guard let best = found, best >= first else {
            // Only a start before the first train would do: say when the first train gets in,
            // and the range the plan gives it.
            let firstRide = schedule(route: route, t0: first)
            return firstRide.arrival > target
                ? .tooEarly(
                    firstTrain: first, arrival: firstRide.arrival, earliest: firstRide.arrivalEarliest,
                    latest: firstRide.arrivalLatest) : .none
        }
        // Within an interval after the published first train the only train known to leave by
        // then is the first itself: the answer is that train.
        func snapped(_ start: Date) -> Date {
            start.timeIntervalSince(first)
                < TimeInterval(interval(line: route.legs[0].line, direction: route.legs[0].direction, at: first))
                ? first : start
        }
        var latest = snapped(best)
        // No ride connects at all (a closure cutting every change): nothing can be made.
        guard let lastConnection = last ?? lastConnection(route: route, serviceDay: day) else { return .none }
        var clamped: LastConnection?
        if best > lastConnection.departure {
            latest = lastConnection.departure
            clamped = lastConnection
        }
        var safe = Self.latestStart(before: target) { t0 in
            let connection = slowConnection(prepared, t0: t0)
            // The arrival range's own late margin (`rangeLateMargin`): the safe start keeps all of it.
            let margin = rangeLateMargin(schedule(route: prepared.route, t0: t0).arrival, since: t0)
            return connection.connects && connection.slowArrival.addingTimeInterval(margin) <= target
        }.map(snapped)
        if let found = safe, found < first || found > latest { safe = found < first ? nil : latest }
        return .ride(latest: latest, safe: safe, clamped: clamped)
    }

    /// A tap after the origin's published last departure, within this many seconds of it, is
    /// that train's: t₀ is the moment the train moves, so the last train's rider taps at or
    /// after it, and no train leaves later. Five minutes: a rider who boards at the last
    /// moment taps once seated; later than that a tap is no longer read as the last train.
    package static let lateTapAllowance = 300

    /// The origin's published last departure when `t0` is a tap on that train made late (within
    /// `lateTapAllowance` after it); nil otherwise (on time, earlier, or too late to be it).
    package func lastTrainTappedLate(route: Route, t0: Date) -> Date? {
        guard let window = originWindow(route, on: clock.position(of: t0).serviceDay) else { return nil }
        let late = t0.timeIntervalSince(window.last)
        return late > 0 && late <= TimeInterval(Self.lateTapAllowance) ? window.last : nil
    }

    /// The latest t₀, to the second, in the three hours before `end` for which `works` holds,
    /// by bisection (it holds for every earlier start once it holds: later starts only arrive
    /// later); nil when not even the earliest does.
    package static func latestStart(before end: Date, where works: (Date) -> Bool) -> Date? {
        var low = end.addingTimeInterval(-3 * 3600)
        var high = end
        guard works(low) else { return nil }
        if works(high) { return high }
        while high.timeIntervalSince(low) > 1 {
            let middle = low.addingTimeInterval((high.timeIntervalSince(low) / 2).rounded(.down))
            if works(middle) { low = middle } else { high = middle }
        }
        return low
    }

    /// A moment as seconds of `day` (nil when it falls on another service day).
    func seconds(_ moment: Date, on day: ServiceClock.ServiceDay) -> Int? {
        let position = clock.position(of: moment)
        return position.serviceDay == day ? position.seconds : nil
    }
}
