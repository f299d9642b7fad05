/// One ride on one line, from boarding to alighting, stations in travel order.
package struct Leg: Equatable, Sendable, Codable {
    package var line: String
    package var direction: Direction
    package var stations: [String]

    package var board: String { stations.first! }
    package var alight: String { stations.last! }
}

/// A route: the ride legs (one, two via the transfer node, or three the long way round a closure),
/// and any walk through a transfer node at the very start or end (when the typed origin or
/// destination is the node's other half).
package struct Route: Equatable, Sendable, Codable {
    package var origin: String
    package var destination: String
    package var legs: [Leg]
    /// The walk between each leg and the next (one fewer than the legs).
    package var transferWalks: [NetworkDocument.Transfer] = []
    /// The origin typed was the other half of the first boarding station: walk there first,
    /// before t₀ (t₀ is when the train starts moving).
    package var walkBeforeBoarding: NetworkDocument.Transfer?
    /// The destination is the other half of the last alighting station: walk there after.
    package var walkAfterAlighting: NetworkDocument.Transfer?

    /// True when no train is needed: origin and destination are the two halves of one node.
    package var isWalkOnly: Bool { legs.isEmpty }

    /// The number of stops ridden (segments), over every leg.
    package var stopCount: Int { legs.reduce(0) { $0 + $1.stations.count - 1 } }

    /// The walk between the first two legs (the only one, unless the route goes the long way).
    package var transferWalk: NetworkDocument.Transfer? { transferWalks.first }
}

/// Routing is a table lookup: same line, one leg; different lines, the one node where they meet.
package struct Router: Sendable {
    package enum Failure: BilingualError, Equatable, Sendable {
        case sameStation(String)
        case noInterchange(String, String)

        /// In words, for a network (an installed one) whose lines do not meet.
        package var reason: Bilingual {
            switch self {
            case .sameStation(let code):
                return Bilingual(
                    "Маршрут від станції \(code) до неї самої — це не поїздка.",
                    "A route from \(code) to itself is no ride.")
            case .noInterchange(let a, let b):
                return Bilingual(
                    "Лінії \(a) і \(b) у встановленому розкладі не перетинаються: маршруту між ними немає.",
                    "Lines \(a) and \(b) do not meet in the installed timetable: no route joins them.")
            }
        }
    }

    let network: Network

    package init(network: Network) { self.network = network }

    package func route(from origin: String, to destination: String) throws(Failure) -> Route {
        guard origin != destination else { throw .sameStation(origin) }
        guard let a = network.station(origin), let b = network.station(destination) else {
            throw .noInterchange(origin, destination)
        }
        if a.line == b.line {
            return Route(origin: origin, destination: destination, legs: [leg(a.code, b.code)])
        }
        guard let node = network.interchange(from: a.line, to: b.line),
            let transfer = network.transfer(at: node.exit)
        else { throw .noInterchange(a.line, b.line) }

        switch (origin == node.exit, destination == node.entry) {
        case (true, true):
            return Route(origin: origin, destination: destination, legs: [], walkAfterAlighting: transfer)
        case (true, false):
            return Route(
                origin: origin, destination: destination, legs: [leg(node.entry, destination)],
                walkBeforeBoarding: transfer)
        case (false, true):
            return Route(
                origin: origin, destination: destination, legs: [leg(origin, node.exit)], walkAfterAlighting: transfer)
        case (false, false):
            return Route(
                origin: origin, destination: destination,
                legs: [leg(origin, node.exit), leg(node.entry, destination)], transferWalks: [transfer])
        }
    }

    /// The one fallback, for when the direct change cannot be made (its node closed, or a section
    /// it needs suspended): the long way, through the third line and its two nodes. Still a
    /// lookup: origin's line → third line → destination's line. Nil on one line.
    package func detour(from origin: String, to destination: String) -> Route? {
        guard origin != destination, let a = network.station(origin), let b = network.station(destination),
            a.line != b.line,
            let third = network.lines.first(where: { $0.id != a.line && $0.id != b.line }),
            let into = network.interchange(from: a.line, to: third.id),
            let out = network.interchange(from: third.id, to: b.line),
            let first = network.transfer(at: into.exit), let second = network.transfer(at: out.exit)
        else { return nil }
        // Ride to the first node, walk, ride the third line, walk, ride on. The third line's two
        // nodes are always apart, so its ride is never empty; an origin or destination that is a
        // node's own station has no ride on its side, and the route starts or ends with the walk.
        var route = Route(origin: origin, destination: destination, legs: [leg(into.entry, out.exit)])
        if origin == into.exit {
            route.walkBeforeBoarding = first
        } else {
            route.legs.insert(leg(origin, into.exit), at: 0)
            route.transferWalks.append(first)
        }
        if destination == out.entry {
            route.walkAfterAlighting = second
        } else {
            route.legs.append(leg(out.entry, destination))
            route.transferWalks.append(second)
        }
        return route
    }

    package func leg(_ from: String, _ to: String) -> Leg {
        let a = network.station(from)!
        let b = network.station(to)!
        let line = network.line(a.line)!
        let direction: Direction = b.order > a.order ? .forward : .reverse
        let lower = min(a.order, b.order) - 1
        let upper = max(a.order, b.order) - 1
        let span = Array(line.stations[lower...upper])
        return Leg(line: a.line, direction: direction, stations: direction == .forward ? span : span.reversed())
    }
}
