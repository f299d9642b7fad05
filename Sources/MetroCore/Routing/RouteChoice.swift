import FoundationEssentials

/// Which route a ride takes when more than one can be ridden.
package enum RouteRule: String, CaseIterable, Sendable {
    /// The route that arrives first by the booked waits, unless its latest arrival is later than
    /// the lookup's (two uncertain waits can cost more than they save).
    case fastest
    /// The lookup alone: one line, or the one node where two lines meet.
    case lookup
}

/// A route timed for a rider who is on the origin's platform at a moment: the walk through a
/// node at the start, if any, and a booked wait for the first train, then the engine's schedule.
package struct RouteTiming: Equatable, Sendable {
    package var route: Route
    /// The booked arrival (after any walk at the end).
    package var arrival: Date
    /// Every wait at zero and the fast pattern; every wait a whole interval and the slow one.
    package var earliest: Date
    package var latest: Date
}

/// The lookup and the way round the triangle, both timed: the chosen one and the other.
package struct RouteComparison: Equatable, Sendable {
    /// The moment the rider is on the origin's platform, both routes timed from it.
    package var readyAt: Date
    package var chosen: RouteTiming
    package var other: RouteTiming
    /// The other arrives sooner by the booked waits, but its latest arrival is later than the
    /// chosen one's: it is named, not taken.
    package var otherIsPossiblyFaster: Bool

    /// How much sooner the chosen route arrives by the booked waits (negative when the other is
    /// possibly faster).
    package var bookedGain: Int { Int(other.arrival.timeIntervalSince(chosen.arrival).rounded()) }
    /// How much sooner the chosen route arrives at the latest.
    package var latestGain: Int { Int(other.latest.timeIntervalSince(chosen.latest).rounded()) }
}

/// The route to ride, and why.
package struct ChosenRoute: Equatable, Sendable {
    package var route: Route
    /// The direct route's refusal, when the route goes the long way round it; nil otherwise.
    package var detourBecause: ServiceRefusal?
    /// The two routes as timed, when both could be ridden and the rule compared them.
    package var comparison: RouteComparison?
    /// The third line the route goes through, when it goes round the triangle (for a closure or
    /// because it is faster); nil on the lookup. A trip keeps it, to fold the same route.
    package var via: String?

    package init(
        route: Route, detourBecause: ServiceRefusal? = nil, comparison: RouteComparison? = nil, via: String? = nil
    ) {
        self.route = route
        self.detourBecause = detourBecause
        self.comparison = comparison
        self.via = via
    }
}

/// The one place a route is chosen: the plan, the ride, the card, `--last`, `--arrive-by`,
/// `calibrate`, the trip's fold, the journal, the backtest and the lab ask it; no other file
/// asks `Router` for a route. The lookup stays the seed (one line, or the one node between
/// two); round the triangle is the one other route, through the third line and its two nodes,
/// taken when today's changes cut the lookup or when it arrives first by the booked waits
/// without a later latest arrival.
package struct RouteChoice: Sendable {
    package let engine: ScheduleEngine
    package let changes: ServiceChanges

    package enum Failure: Error, Equatable, Sendable {
        case route(Router.Failure)
        case refused(ServiceRefusal)
    }

    /// The engine as it plans today: `changes` applied.
    package init(engine: ScheduleEngine, changes: ServiceChanges = ServiceChanges()) {
        self.engine = engine.applying(changes)
        self.changes = changes
    }

    var router: Router { Router(network: engine.network) }

    /// The route for a rider at the origin at `moment`, by `rule`.
    package func choose(from origin: String, to destination: String, at moment: Date, rule: RouteRule = .fastest)
        throws(Failure) -> ChosenRoute
    {
        let (direct, chosen) = try allowed(from: origin, to: destination)
        guard rule == .fastest, chosen.detourBecause == nil, let round = roundRoute(origin, destination),
            let lookup = timing(direct, readyAt: moment), let other = timing(round, readyAt: moment)
        else { return chosen }
        func compared(_ chosen: RouteTiming, _ other: RouteTiming, possiblyFaster: Bool) -> ChosenRoute {
            ChosenRoute(
                route: chosen.route,
                comparison: RouteComparison(
                    readyAt: moment, chosen: chosen, other: other, otherIsPossiblyFaster: possiblyFaster),
                via: Self.via(of: chosen.route, direct: direct, network: engine.network))
        }
        // Sooner by the booked waits, and no later at the latest; a tie goes to the lookup (one
        // change fewer to make).
        if other.arrival < lookup.arrival, other.latest <= lookup.latest {
            return compared(other, lookup, possiblyFaster: false)
        }
        return compared(lookup, other, possiblyFaster: other.arrival < lookup.arrival)
    }

    /// The route a trip started on, from what it keeps: round through `via` when it went round,
    /// else the lookup, or the long way when the trip's changes cut it (trips started before
    /// the choice was kept have no `via`, and rode exactly that).
    package static func kept(
        network: Network, changes: ServiceChanges, from origin: String, to destination: String, via: String?
    ) throws(Router.Failure) -> Route {
        let router = Router(network: network)
        let direct = try lookup(network: network, from: origin, to: destination)
        if let via, let round = router.detour(from: origin, to: destination),
            thirdLine(round, network: network) == via
        {
            return round
        }
        return (try? allowing(direct, network: network, changes: changes))?.route ?? direct
    }

    /// The lookup alone, at any moment and with no changes: what `choose(…, rule: .lookup)`
    /// answers then. For the callers that ask which route and not when: the lab's commuters (one
    /// route each way), the backtest's one-line runs, a shared journal's rides (which keep no
    /// `via`), the simulator's test of whether a ride went round, and `calibrate`, which
    /// measures the ride as the lookup has it.
    package static func lookup(network: Network, from origin: String, to destination: String) throws(Router.Failure)
        -> Route
    {
        try Router(network: network).route(from: origin, to: destination)
    }

    /// The direct route when it can be ridden; else the long way through the third line, when
    /// that can be; else the direct route's refusal (it names the nearest station served).
    static func allowing(_ direct: Route, network: Network, changes: ServiceChanges) throws(ServiceRefusal)
        -> ChosenRoute
    {
        let check = ServiceCheck(network: network)
        guard let refusal = check.refusal(direct, changes: changes) else { return ChosenRoute(route: direct) }
        if let detour = Router(network: network).detour(from: direct.origin, to: direct.destination),
            check.refusal(detour, changes: changes) == nil
        {
            return ChosenRoute(route: detour, detourBecause: refusal)
        }
        throw refusal
    }

    /// `--arrive-by`: the route chosen at the lookup's latest start, kept when its own latest
    /// start is no earlier (else the lookup).
    package func choose(from origin: String, to destination: String, arrivingBy target: Date, rule: RouteRule)
        throws(Failure) -> ChosenRoute
    {
        let lookup = try choose(from: origin, to: destination, at: target, rule: .lookup)
        guard rule == .fastest, case .ride(let latest, _, _) = engine.arriveBy(route: lookup.route, target: target)
        else { return lookup }
        let chosen = try choose(from: origin, to: destination, at: latest, rule: rule)
        guard chosen.via != nil, chosen.detourBecause == nil else { return chosen }
        guard case .ride(let roundLatest, _, _) = engine.arriveBy(route: chosen.route, target: target),
            roundLatest >= latest
        else { return lookup }
        return chosen
    }

    /// `--last`: the route chosen at the lookup's last connection, kept when its own last
    /// connection leaves no earlier (else the lookup).
    package func choose(
        from origin: String, to destination: String, lastOf day: ServiceClock.ServiceDay, rule: RouteRule
    ) throws(Failure) -> ChosenRoute {
        let lookup = try choose(
            from: origin, to: destination, at: engine.clock.date(day, seconds: 12 * 3600), rule: .lookup)
        guard rule == .fastest, let last = engine.lastConnection(route: lookup.route, serviceDay: day) else {
            return lookup
        }
        let chosen = try choose(from: origin, to: destination, at: last.departure, rule: rule)
        guard chosen.via != nil, chosen.detourBecause == nil else { return chosen }
        guard let roundLast = engine.lastConnection(route: chosen.route, serviceDay: day),
            roundLast.departure >= last.departure
        else { return lookup }
        return chosen
    }

    /// The direct route, and the route today's changes allow (the direct one, or the long way).
    func allowed(from origin: String, to destination: String) throws(Failure) -> (Route, ChosenRoute) {
        let direct: Route
        do { direct = try Self.lookup(network: engine.network, from: origin, to: destination) } catch {
            throw .route(error)
        }
        do {
            var chosen = try Self.allowing(direct, network: engine.network, changes: changes)
            chosen.via = Self.via(of: chosen.route, direct: direct, network: engine.network)
            return (direct, chosen)
        } catch {
            throw .refused(error)
        }
    }

    /// The way round the triangle, when today's changes allow it.
    func roundRoute(_ origin: String, _ destination: String) -> Route? {
        guard let round = router.detour(from: origin, to: destination),
            ServiceCheck(network: engine.network).refusal(round, changes: changes) == nil
        else { return nil }
        return round
    }

    /// The line a route rides that neither end is on.
    package static func thirdLine(_ route: Route, network: Network) -> String? {
        let ends = Set([route.origin, route.destination].compactMap { network.station($0)?.line })
        return route.legs.first { !ends.contains($0.line) }?.line
    }

    /// What a trip keeps of the route it rides (`Trip.via`, `ChosenRoute.via`): the third line
    /// it goes through, nil when it is `direct`, the lookup. `kept` reads it back.
    package static func via(of route: Route, direct: Route?, network: Network) -> String? {
        route == direct ? nil : thirdLine(route, network: network)
    }

    /// A route timed for a rider on the origin's platform at `moment`: nil when it cannot be
    /// ridden then (after the last train, or a change after the last one).
    ///
    /// The first train is waited for as a change's is, a quarter of its interval booked and the
    /// whole interval the range, so that a route that starts with a walk to the node's other half
    /// and one that rides from the origin are timed from the same moment.
    package func timing(_ route: Route, readyAt moment: Date) -> RouteTiming? {
        guard let first = route.legs.first else { return nil }
        let platform = moment.addingTimeInterval(TimeInterval(route.walkBeforeBoarding?.walkSeconds ?? 0))
        var interval = engine.interval(line: first.line, direction: first.direction, at: platform)
        var booked = (Double(interval) * engine.bookedWaitFraction).rounded()
        var start = platform.addingTimeInterval(booked)
        // On the platform before the first train: that train, at its published departure, and
        // no wait to guess.
        if let firstTrain = engine.firstTrain(of: route, before: platform) {
            (start, interval, booked) = (firstTrain, 0, 0)
        }
        let schedule = engine.schedule(route: route, t0: start)
        guard !schedule.findings.contains(where: \.preventsTheRide) else { return nil }
        let walkAfter = schedule.finalArrival.timeIntervalSince(schedule.arrival)
        return RouteTiming(
            route: route, arrival: schedule.finalArrival,
            earliest: schedule.arrivalEarliest.addingTimeInterval(walkAfter - booked),
            latest: schedule.arrivalLatest.addingTimeInterval(walkAfter + Double(interval) - booked))
    }
}
