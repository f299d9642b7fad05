import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A ride started on a real train, followed on the slow pattern with the whole walk at every
/// change (the lean-safe side: a rider must not be stranded when the trains run slow).
public struct EdgeConnection: Equatable, Sendable {
    /// One change, as the slow rider meets it.
    public struct Change: Equatable, Sendable {
        /// The new platform's station, line and direction.
        public var station: String
        public var line: String
        public var direction: Direction
        /// When the rider reaches the new platform on the slow pattern after the whole walk.
        public var slowArrival: Date
        /// The last departure there.
        public var last: Date
        /// The real train the slow rider boards there (nil in the middle of the day, when any
        /// train will do, and when the last has gone).
        public var train: Date?
        /// How long before the last departure the slow rider is on the platform (negative: after).
        public var margin: TimeInterval { last.timeIntervalSince(slowArrival) }
    }

    /// The departure from the origin.
    public var departure: Date
    /// The origin's last departure that day in the ride's direction.
    public var originLast: Date?
    public var changes: [Change]
    /// The slow rider's arrival, after any walk at the end.
    public var slowArrival: Date

    /// Whether the slow rider makes every change (and the origin's train runs at all).
    public var connects: Bool {
        (originLast.map { departure <= $0 } ?? true) && changes.allSatisfy { $0.margin >= 0 }
    }

    /// The first change the slow rider misses.
    public var missed: Change? { changes.first { $0.margin < 0 } }
}

/// The answer to `--last`: the last train from the origin whose ride connects.
public struct LastConnection: Equatable, Sendable {
    public var connection: EdgeConnection
    /// The origin's own last train, and how many trains before it the answer is (0: the last).
    public var originLast: Date
    public var trainsBeforeLast: Int
    /// The next real train after the answer, and where it misses (nil when the answer is the
    /// origin's last).
    public var next: EdgeConnection?

    public var departure: Date { connection.departure }
}

/// The answer to `--arrive-by`.
public enum ArriveByAnswer: Equatable, Sendable {
    /// A ride that can be made: the latest start with the booked wait and, if there is one, the
    /// safe start (slow pattern, whole walks, the real trains at the edges); `clamped` when the
    /// latest start was the last connection's, the requested arrival being later than any ride
    /// that connects.
    case ride(latest: Date, safe: Date?, clamped: LastConnection?)
    /// Asked too early: the first train from the origin, and when it arrives.
    case tooEarly(firstTrain: Date, arrival: Date)
    /// No start in the three hours before arrives by then.
    case none
}

extension ScheduleEngine {
    /// The one first-train rule (`plan`, `start` and `card` all ask it): the origin's first
    /// train that day when `t0` is before it, nil when trains are running by then (or the route
    /// boards none). Before the first train no train moves, so a ride asked for then is the
    /// first train's.
    public func firstTrain(of route: Route, before t0: Date) -> Date? {
        // The first train is the published first departure (the service model keeps it), so
        // nothing needs generating for a plan in the middle of the day.
        guard let leg = route.legs.first, let board = leg.stations.first,
            let window = network.serviceWindow(station: board, direction: leg.direction), window.lastDeparture >= window.firstDeparture
        else { return nil }
        let first = clock.date(clock.position(of: t0).serviceDay, seconds: window.firstDeparture)
        return t0 < first ? first : nil
    }

    /// A route's stops and running figures, looked up once for many rides (`--last` and
    /// `--arrive-by` try dozens of starts on one route; looking the figures up is most of what
    /// a schedule costs).
    public struct PreparedRoute: Sendable {
        let route: Route
        let planned: [Schedule.Stop]
        let best: RouteTiming
        let late: RouteTiming
        let early: RouteTiming
        /// Each leg's boarding trains on one service day, when prepared for it.
        let day: ServiceClock.ServiceDay?
        let departures: [ServiceTrains.Departures?]
    }

    public func prepared(_ route: Route, on day: ServiceClock.ServiceDay? = nil) -> PreparedRoute {
        let planned = plannedStops(route)
        let trains = ServiceTrains(engine: self)
        let (best, early, late) = timings(planned)
        return PreparedRoute(
            route: route, planned: planned, best: best, late: late,
            early: early, day: day, departures: day.map { day in route.legs.map { trains.departures(of: $0, on: day) } } ?? [])
    }

    /// One pass of the engine over the route from a train leaving the origin at `t0` (the slow
    /// pattern with the longest waits, or the best estimate with the booked ones), each change's
    /// wait ending on the real train there where trains are modelled: the changes as met, and
    /// the arrival after any walk at the end.
    func pinnedPass(_ prepared: PreparedRoute, t0: Date, slow: Bool) -> (changes: [EdgeConnection.Change], arrival: Date) {
        let route = prepared.route
        let trains = ServiceTrains(engine: self)
        let day = clock.position(of: t0).serviceDay
        var stops = prepared.planned
        var transfers = [Schedule.TransferTiming?](repeating: nil, count: max(route.legs.count - 1, 0))
        func apply(_ anchor: Anchor) {
            propagate(
                &stops, route: route, anchor: anchor, transfers: &transfers, timing: slow ? prepared.late : prepared.best, early: prepared.early,
                wait: slow ? .longest : .booked)
        }
        var changes: [EdgeConnection.Change] = []
        if !stops.isEmpty { apply(Anchor(stop: 0, event: .departure, time: t0)) }
        for (number, entry) in prepared.late.entries.enumerated() {
            guard route.transferWalks.indices.contains(number), route.legs.indices.contains(number + 1),
                let exitArrival = stops[entry - 1].arrival
            else { break }
            let leg = route.legs[number + 1]
            let platform = exitArrival.addingTimeInterval(TimeInterval(route.transferWalks[number].walkSeconds))
            let known = prepared.day == day && prepared.departures.indices.contains(number + 1)
            guard let departures = known ? prepared.departures[number + 1] : trains.departures(of: leg, on: day) else { break }
            var change = EdgeConnection.Change(
                station: departures.station, line: leg.line, direction: leg.direction, slowArrival: platform,
                last: trains.date(day, departures.last), train: nil)
            let boarding = seconds(platform, on: day).map { departures.boarding(atOrAfter: $0) } ?? .gone
            if case .train(let train) = boarding {
                change.train = trains.date(day, train)
                apply(Anchor(stop: entry, event: .departure, time: trains.date(day, train)))
            }
            changes.append(change)
            // After the last train the slow rider is stranded; the best estimate rides on with
            // the engine's wait (its finding says the rest).
            if boarding == .gone && slow { break }
        }
        let walkAfter = TimeInterval(route.walkAfterAlighting?.walkSeconds ?? 0)
        return (changes, (stops.last.map(\.time) ?? t0).addingTimeInterval(walkAfter))
    }

    /// The ride from a train leaving the origin at `t0`, followed the slow way: the slow pattern,
    /// the whole walk, and at each change the real train the slow rider reaches (or the last
    /// train gone). The engine's slow pass (the late end of its ranges), alone.
    public func slowConnection(route: Route, t0: Date) -> EdgeConnection {
        slowConnection(prepared(route), t0: t0)
    }

    public func slowConnection(_ prepared: PreparedRoute, t0: Date) -> EdgeConnection {
        let trains = ServiceTrains(engine: self)
        let day = clock.position(of: t0).serviceDay
        let departures = prepared.day == day ? prepared.departures.first ?? nil : prepared.route.legs.first.flatMap { trains.departures(of: $0, on: day) }
        let originLast = departures.map { trains.date(day, $0.last) }
        let pass = pinnedPass(prepared, t0: t0, slow: true)
        return EdgeConnection(departure: t0, originLast: originLast, changes: pass.changes, slowArrival: pass.arrival)
    }

    /// The best-estimate arrival of `scheduleOnRealTrains`, without the rest of the schedule.
    public func arrivalOnRealTrains(_ prepared: PreparedRoute, t0: Date) -> Date {
        pinnedPass(prepared, t0: t0, slow: false).arrival
    }

    /// The last real train from the origin on `serviceDay` whose ride connects the slow way;
    /// nil when the route has no trains or none within `ServiceTrains.edgeSpan` of the last
    /// connects.
    public func lastConnection(route: Route, serviceDay: ServiceClock.ServiceDay) -> LastConnection? {
        let trains = ServiceTrains(engine: self)
        guard let leg = route.legs.first, let departures = trains.departures(of: leg, on: serviceDay) else { return nil }
        var next: EdgeConnection?
        let prepared = prepared(route, on: serviceDay)
        for (count, train) in departures.beforeLast.reversed().enumerated() {
            let connection = slowConnection(prepared, t0: trains.date(serviceDay, train))
            if connection.connects {
                return LastConnection(
                    connection: connection, originLast: trains.date(serviceDay, departures.last), trainsBeforeLast: count, next: next)
            }
            next = connection
        }
        return nil
    }

    /// The rides that arrive by `target`: the latest start (best estimate, the real trains at
    /// the changes) and the safe one (the slow way), each a real train where trains are modelled,
    /// never before the origin's first train and never later than the last connection
    /// (`last`, found if not given).
    public func arriveBy(route: Route, target: Date, last: LastConnection?? = nil) -> ArriveByAnswer {
        let trains = ServiceTrains(engine: self)
        let day = clock.position(of: target).serviceDay
        guard let leg = route.legs.first, let departures = trains.departures(of: leg, on: day) else {
            // A walk, or no trains: the start is the moment the walk begins.
            guard let found = Self.latestStart(before: target, where: { schedule(route: route, t0: $0).finalArrival <= target }) else { return .none }
            return .ride(latest: found, safe: found, clamped: nil)
        }
        let first = trains.date(day, departures.first)
        func snapped(_ moment: Date) -> Date {
            seconds(moment, on: day).flatMap { departures.train(atOrBefore: $0) }.map { trains.date(day, $0) } ?? moment
        }
        let prepared = prepared(route, on: day)
        // In the night (an arrival later than the last connection's, on the slow pattern and
        // with the range's margin): the answer is the last connection, whatever the hour asked
        // (01:00 and 01:30 alike; the three hours' search below would not reach back to it).
        if let known = last ?? lastConnection(route: route, serviceDay: day) {
            let slow = known.connection.slowArrival
            let margin = rangeMargin(schedule(route: route, t0: known.departure).arrival, since: known.departure)
            if slow.addingTimeInterval(margin) <= target, target.timeIntervalSince(known.departure) >= 3 * 3600 {
                return .ride(latest: known.departure, safe: known.departure, clamped: known)
            }
        }
        let found = Self.latestStart(before: target) { arrivalOnRealTrains(prepared, t0: $0) <= target }
        guard let best = found, best >= first else {
            // Only a start before the first train would do: say when the first train gets in.
            let arrival = arrivalOnRealTrains(prepared, t0: first)
            return arrival > target ? .tooEarly(firstTrain: first, arrival: arrival) : .none
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
            // The arrival range's own margin (`rangeMargin`): the safe start keeps all of it.
            let margin = rangeMargin(schedule(route: prepared.route, t0: t0).arrival, since: t0)
            return connection.connects && connection.slowArrival.addingTimeInterval(margin) <= target
        }.map(snapped)
        if let found = safe, found < first || found > latest { safe = found < first ? nil : latest }
        return .ride(latest: latest, safe: safe, clamped: clamped)
    }

    /// The latest t₀, to the second, in the three hours before `end` for which `works` holds,
    /// by bisection (it holds for every earlier start once it holds: later starts only arrive
    /// later); nil when not even the earliest does.
    public static func latestStart(before end: Date, where works: (Date) -> Bool) -> Date? {
        var low = end.addingTimeInterval(-3 * 3600), high = end
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
