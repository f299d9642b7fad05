import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The trains that really leave a station near the edges of the service day.
///
/// The city publishes, per station and direction, the first and the last departure, and per line
/// and hour the interval; it publishes no timetable of single trains. At the edges that is
/// enough: the first and the last departures are trains, and the trains after the first (and
/// before the last) follow the published interval from them. In the middle of the day the
/// trains run every few minutes and nobody publishes when; there a rider boards whatever comes,
/// and a start is a time, not a train.
///
/// One place asks this for `--last`, `--arrive-by`, `plan` before the first train, and can for
/// the GTFS export (`departures(…)` gives the edge trains of a station, direction and day; a
/// feed can take the first and last trips' times at every station from them, so that its first
/// and last trips are the published ones).
public struct ServiceTrains: Sendable {
    /// How far from each edge trains are modelled: two hours covers every `--last` answer of
    /// the network (the furthest is well under an hour before the origin's last train) and the
    /// first trains' hour; further in, the chain of interpolated intervals would be fiction.
    public static let edgeSpan = 2 * 3600

    public let network: Network
    public let clock: ServiceClock
    /// Today's interval per line replacing the published one (service changes), as the engine
    /// plans with it.
    public let headwayOverrides: [String: Int]

    /// The engine the trains' running and dwell come from: the official figures, whatever the
    /// rider's calibration (the trains are the timetable's).
    let official: ScheduleEngine

    public init(engine: ScheduleEngine) {
        network = engine.network
        clock = engine.clock
        headwayOverrides = engine.headwayOverrides
        official = ScheduleEngine(network: engine.network, clock: engine.clock)
    }

    /// One station's trains in one direction on one service day, near both edges (service-day
    /// seconds, ascending).
    public struct Departures: Sendable, Equatable {
        public var station: String
        public var line: String
        public var direction: Direction
        public var serviceDay: ServiceClock.ServiceDay
        /// The published first and last departure.
        public var first: Int
        public var last: Int
        /// From the first departure on, each the one before plus the interval in force then,
        /// for `edgeSpan` (the first is `first`).
        public var afterFirst: [Int]
        /// Up to the last departure, each the one after minus the interval in force at it, for
        /// `edgeSpan` (the last is `last`).
        public var beforeLast: [Int]

        /// Every modelled train, ascending (the two chains overlap only on a short day).
        public var trains: [Int] {
            guard let lastOfFirst = afterFirst.last, let firstOfLast = beforeLast.first, lastOfFirst >= firstOfLast else {
                return afterFirst + beforeLast
            }
            // The chains meet: the trains before the last rule (they are what `--last` answers).
            return afterFirst.filter { $0 < firstOfLast } + beforeLast
        }

        /// Whether `seconds` lies where trains are modelled: up to the first chain's end, or from
        /// the last chain's start (between them trains run every few minutes, unpublished).
        public func modelled(_ seconds: Int) -> Bool {
            seconds <= (afterFirst.last ?? first) || seconds >= (beforeLast.first ?? last)
        }

        /// What a rider on the platform at `seconds` boards.
        public func boarding(atOrAfter seconds: Int) -> Boarding {
            if seconds > last { return .gone }
            guard modelled(seconds), let train = trains.first(where: { $0 >= seconds }) else { return .anyTime }
            return .train(train)
        }

        /// The latest modelled train leaving at or before `seconds`: nil before the first train,
        /// or in the middle of the day (any moment there is as good as a train).
        public func train(atOrBefore seconds: Int) -> Int? {
            guard seconds >= first, modelled(seconds) else { return nil }
            return trains.last { $0 <= seconds }
        }

        /// The train after `seconds`, if modelled (the next one a rider could take instead).
        public func train(after seconds: Int) -> Int? {
            trains.first { $0 > seconds }
        }
    }

    /// What a rider reaching a platform finds.
    public enum Boarding: Equatable, Sendable {
        /// The train that really leaves then (service-day seconds).
        case train(Int)
        /// The middle of the day: trains every few minutes, none published.
        case anyTime
        /// The last train has gone.
        case gone
    }

    /// The service day's day type, as the engine reads it (with any override).
    public func dayType(_ day: ServiceClock.ServiceDay) -> DayType {
        clock.position(of: clock.date(day, seconds: 12 * 3600)).dayType
    }

    /// The interval in force at `seconds` of a day of `dayType`, as the engine plans with it.
    func interval(line: String, direction: Direction, dayType: DayType, seconds: Int) -> Int {
        if let override = headwayOverrides[line] { return max(override, 60) }
        return max(network.headway(line: line, direction: direction, dayType: dayType, secondsOfDay: seconds) ?? 600, 60)
    }

    /// The edge trains of a station in a direction on a service day; nil where no train stops
    /// in that direction (a terminal's arriving side).
    public func departures(station: String, direction: Direction, on day: ServiceClock.ServiceDay) -> Departures? {
        guard let window = network.serviceWindow(station: station, direction: direction), let line = network.station(station)?.line,
            window.lastDeparture >= window.firstDeparture
        else { return nil }
        let type = dayType(day)
        var afterFirst: [Int], beforeLast: [Int]
        if headwayOverrides[line] == nil {
            // The service model's trains (the GTFS feed's): the first and last keep the
            // published minute, the ones before the last run the stretched intervals there.
            let trains = network.serviceTrains.departures(station: station, line: line, direction: direction, dayType: type, engine: official)
            afterFirst = trains.filter { $0 >= window.firstDeparture && $0 - window.firstDeparture <= Self.edgeSpan && $0 <= window.lastDeparture }
            beforeLast = trains.filter { $0 <= window.lastDeparture && window.lastDeparture - $0 <= Self.edgeSpan && $0 >= window.firstDeparture }
            if afterFirst.first != window.firstDeparture { afterFirst.insert(window.firstDeparture, at: 0) }
            if beforeLast.last != window.lastDeparture { beforeLast.append(window.lastDeparture) }
        } else {
            // Today's interval replaces the published ones: whole intervals from the first and
            // the last departures.
            afterFirst = [window.firstDeparture]
            while let previous = afterFirst.last, previous - window.firstDeparture < Self.edgeSpan {
                let next = previous + interval(line: line, direction: direction, dayType: type, seconds: previous)
                if next > window.lastDeparture { break }
                afterFirst.append(next)
            }
            beforeLast = [window.lastDeparture]
            while let following = beforeLast.first, window.lastDeparture - following < Self.edgeSpan {
                let earlier = following - interval(line: line, direction: direction, dayType: type, seconds: following)
                if earlier < window.firstDeparture { break }
                beforeLast.insert(earlier, at: 0)
            }
        }
        return Departures(
            station: station, line: line, direction: direction, serviceDay: day, first: window.firstDeparture, last: window.lastDeparture,
            afterFirst: afterFirst, beforeLast: beforeLast)
    }

    /// The departures of a leg's boarding station on a moment's service day.
    public func departures(of leg: Leg, on day: ServiceClock.ServiceDay) -> Departures? {
        guard let board = leg.stations.first else { return nil }
        return departures(station: board, direction: leg.direction, on: day)
    }

    /// Seconds of a service day as a moment.
    public func date(_ day: ServiceClock.ServiceDay, _ seconds: Int) -> Date { clock.date(day, seconds: seconds) }
}
