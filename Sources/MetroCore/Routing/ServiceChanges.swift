/// What runs today, where it differs from the timetable: an air-raid alert, closed stations,
/// suspended sections, stretched intervals. A trip keeps the changes it started under, so every
/// command recomputes the same schedule.
package struct ServiceChanges: Codable, Equatable, Sendable {
    /// Plan as the city runs during an air-raid alert: only the served sections.
    package var airRaid: Bool
    /// Trains pass these stations without stopping.
    package var closed: [String]
    /// No trains between these stations.
    package var suspended: [NetworkDocument.Section]
    /// Today's interval per line, in seconds, replacing the published one.
    package var headways: [String: Int]
    /// The timetable to use whatever the weekday (nil: by the weekday).
    package var dayType: DayType?

    package init(
        airRaid: Bool = false, closed: [String] = [], suspended: [NetworkDocument.Section] = [],
        headways: [String: Int] = [:], dayType: DayType? = nil
    ) {
        self.airRaid = airRaid
        self.closed = closed
        self.suspended = suspended
        self.headways = headways
        self.dayType = dayType
    }

    package var isEmpty: Bool { !airRaid && closed.isEmpty && suspended.isEmpty && headways.isEmpty && dayType == nil }
}

/// Why a route cannot be ridden under today's changes.
package enum ServiceRefusal: Error, Equatable, Sendable {
    /// A station where the passenger must board, change or alight is closed.
    case stationClosed(station: String, nearestOpen: [String])
    /// The route needs a section with no trains.
    case sectionSuspended(line: String, from: String, to: String, nearestServed: [String])
    /// During an air-raid alert the line runs only as far as `servedUpTo` in this direction.
    case airRaidRunsOnlyAsFar(line: String, servedUpTo: String)
    /// During an air-raid alert this station is not served at all (or is a shelter only).
    case airRaidNotServed(station: String, nearestServed: [String])
}

/// Checks a route against the service changes, and finds the open-air stretches it crosses.
package struct ServiceCheck: Sendable {
    package let network: Network

    package init(network: Network) { self.network = network }

    /// The first reason the route cannot be ridden, or nil.
    package func refusal(_ route: Route, changes: ServiceChanges) -> ServiceRefusal? {
        // Stations where the passenger must stop: boarding, changing, alighting.
        let mustStop =
            route.legs.flatMap { [$0.board, $0.alight] }
            + [route.origin, route.destination]
        for station in mustStop where changes.closed.contains(station) {
            return .stationClosed(station: station, nearestOpen: nearest(to: station) { !changes.closed.contains($0) })
        }
        for leg in route.legs {
            for section in changes.suspended where section.line == leg.line {
                let range = orderRange(section)
                let usesSection = zip(leg.stations, leg.stations.dropFirst()).contains { a, b in
                    range.contains(order(a)) && range.contains(order(b))
                }
                if usesSection {
                    return .sectionSuspended(
                        line: section.line, from: section.from, to: section.to,
                        nearestServed: nearestServed(leg, avoiding: range))
                }
            }
        }
        if changes.airRaid {
            for station in mustStop where !isServedDuringAirRaid(station) {
                return .airRaidNotServed(
                    station: station, nearestServed: nearest(to: station, where: isServedDuringAirRaid))
            }
            for leg in route.legs {
                let sections = network.document.airRaidSections.filter { $0.line == leg.line }.map(orderRange)
                guard !sections.contains(where: { range in leg.stations.allSatisfy { range.contains(order($0)) } })
                else { continue }
                // The leg leaves its served section: it runs only as far as the last served
                // station before the first one that is not served.
                let home = sections.first { $0.contains(order(leg.board)) }!
                let lastServed = leg.stations.prefix { home.contains(order($0)) }.last!
                return .airRaidRunsOnlyAsFar(line: leg.line, servedUpTo: lastServed)
            }
        }
        return nil
    }

    /// Where a passenger on this leg can still get to, around a suspended section: the last
    /// station the train reaches before it, or (boarding inside it) the nearest station a train
    /// still serves. A section's end is served from outside it, unless it is the line's terminus.
    func nearestServed(_ leg: Leg, avoiding range: ClosedRange<Int>) -> [String] {
        let stationCount = network.line(leg.line)?.stations.count ?? 0
        func served(_ station: String) -> Bool {
            let position = order(station)
            return !range.contains(position) || (position == range.lowerBound && position > 1)
                || (position == range.upperBound && position < stationCount)
        }
        let stations = leg.stations
        if let first = stations.indices.dropLast().first(where: {
            range.contains(order(stations[$0])) && range.contains(order(stations[$0 + 1]))
        }),
            served(stations[first])
        {
            return [stations[first]]
        }
        return nearest(to: leg.board, where: served)
    }

    package func isServedDuringAirRaid(_ station: String) -> Bool {
        guard let line = network.station(station)?.line else { return false }
        return network.document.airRaidSections.contains { $0.line == line && orderRange($0).contains(order(station)) }
    }

    /// The open-air stretches of a route, per line, as (first, last) station of each stretch.
    package func openAirStretches(_ route: Route) -> [(line: String, from: String, to: String)] {
        var stretches: [(line: String, from: String, to: String)] = []
        for leg in route.legs {
            var current: (from: String, to: String)?
            for (a, b) in zip(leg.stations, leg.stations.dropFirst()) {
                if network.segment(from: a, to: b)?.openAir == true {
                    current = (current?.from ?? a, b)
                } else if let stretch = current {
                    stretches.append((leg.line, stretch.from, stretch.to))
                    current = nil
                }
            }
            if let stretch = current { stretches.append((leg.line, stretch.from, stretch.to)) }
        }
        return stretches
    }

    func order(_ station: String) -> Int { network.station(station)?.order ?? 0 }

    func orderRange(_ section: NetworkDocument.Section) -> ClosedRange<Int> {
        let a = order(section.from)
        let b = order(section.to)
        return min(a, b)...max(a, b)
    }

    /// The closest stations on the same line that satisfy `condition`, one each way if they tie.
    func nearest(to station: String, where condition: (String) -> Bool) -> [String] {
        guard let line = network.station(station).flatMap({ network.line($0.line) }),
            let index = line.stations.firstIndex(of: station)
        else { return [] }
        for distance in 1..<line.stations.count {
            let found = [index - distance, index + distance]
                .filter { line.stations.indices.contains($0) }
                .map { line.stations[$0] }
                .filter(condition)
            if !found.isEmpty { return found }
        }
        return []
    }
}
