import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The published first and last departures and intervals, read straight from `Data/` (not
/// through the compiler or `ServiceTrains`), and the trains near the edges of the day: the GTFS
/// feed's (the one service model: the feed's last intervals are stretched to meet the
/// published last train, so the trains before the last are not whole intervals from it).
struct PublishedTrains {
    struct Key: Hashable {
        var station: String
        var direction: String
    }
    var windows: [Key: (first: Int, last: Int)] = [:]
    /// `line/direction/dayType/hour` → the two published values, seconds.
    var intervals: [String: (Int, Int)] = [:]
    var hours: [String: ClosedRange<Int>] = [:]
    var lineOf: [String: String] = [:]
    /// `station/direction/dayType` → every departure of the feed there, ascending.
    var feedDepartures: [String: [Int]] = [:]

    init() throws {
        for trip in TestFeed.feed.trips() {
            for index in trip.stations.indices.dropLast() {
                feedDepartures[
                    "\(trip.stations[index])/\(trip.direction.rawValue)/\(trip.dayType.rawValue)", default: []
                ].append(trip.departures[index])
            }
        }
        feedDepartures = feedDepartures.mapValues { $0.sorted() }
        func seconds(_ text: String) -> Int {
            let parts = text.split(separator: ":").map { Int($0)! }
            return parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : parts[0] * 60 + parts[1]
        }
        for row in try RawCSV.rows("kyiv-stations.csv") { lineOf[row["code"]!] = row["line"]! }
        for row in try RawCSV.rows("kyiv-timetable.csv") where !(row["first_departure"] ?? "").isEmpty {
            var last = seconds(row["last_departure"]!)
            // After midnight a time belongs to the service day before.
            if last < 3 * 3600 { last += 86_400 }
            windows[Key(station: row["station"]!, direction: row["direction"]!)] = (
                seconds(row["first_departure"]!), last
            )
        }
        for row in try RawCSV.rows("kyiv-headways.csv") {
            let hour = Int(row["period"]!.prefix(2))!
            let line = row["line"]!
            // A single published value stands for the whole hour (Data/README.md).
            let first = seconds(row["first_interval"]!)
            let second = (row["second_interval"] ?? "").isEmpty ? first : seconds(row["second_interval"]!)
            intervals["\(line)/\(row["direction"]!)/\(row["day_type"]!)/\(hour)"] = (first, second)
            let range = hours[line] ?? hour...hour
            hours[line] = min(range.lowerBound, hour)...max(range.upperBound, hour)
        }
    }

    /// The published interval at a moment: within an hour the pair's first value at its start,
    /// the second at its end, linear between (the reading Data/README.md states); before the
    /// first published hour the first value, after the last the last hour's second.
    func interval(line: String, direction: String, dayType: String, seconds: Int) -> Int {
        let range = hours[line]!
        let hour = seconds / 3600
        let clamped = min(max(hour, range.lowerBound), range.upperBound)
        let (a, b) = intervals["\(line)/\(direction)/\(dayType)/\(clamped)"]!
        if hour < clamped { return a }
        if hour > clamped { return b }
        return Int((Double(a) + Double(b - a) * Double(seconds - clamped * 3600) / 3600).rounded())
    }

    /// The first train and the trains after it, for two hours (the feed's).
    func afterFirst(station: String, direction: String, dayType: String) -> [Int] {
        let window = windows[Key(station: station, direction: direction)]!
        return feedDepartures["\(station)/\(direction)/\(dayType)"]!.filter {
            $0 >= window.first && $0 - window.first <= 2 * 3600
        }
    }

    /// The train a rider on the platform at `seconds` boards, where the trains are known (near
    /// the first and the last); nil in the middle of the day, or after the last.
    func boarding(station: String, direction: String, dayType: String, at seconds: Int) -> Int? {
        let early = afterFirst(station: station, direction: direction, dayType: dayType)
        let late = beforeLast(station: station, direction: direction, dayType: dayType)
        if seconds <= early.last! { return early.first { $0 >= seconds } }
        if seconds >= late.last!, seconds <= late.first! { return late.last { $0 >= seconds } }
        return nil
    }

    /// The last train and the trains before it, latest first, for two hours (the feed's).
    func beforeLast(station: String, direction: String, dayType: String) -> [Int] {
        let window = windows[Key(station: station, direction: direction)]!
        return feedDepartures["\(station)/\(direction)/\(dayType)"]!.filter {
            $0 <= window.last && window.last - $0 <= 2 * 3600
        }.reversed()
    }
}

/// The edges of the service day.
final class ServiceEdgeTests: XCTestCase {
    static let published = try! PublishedTrains()
    let wednesday = ServiceClock.ServiceDay(year: 2026, month: 12, day: 2)
    let saturday = ServiceClock.ServiceDay(year: 2026, month: 12, day: 5)

    func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    /// For every pair of stations with a change, both day types: `--last` is the origin's
    /// published last departure (from the CSV) when its ride connects on the slow pattern with
    /// the whole walk; otherwise a start before it (the trains between the first and the last
    /// are computed, so the answer is a deadline) whose slow rider is on the new platform at
    /// least a minute before the last train there (published), and two seconds later is not.
    func testLastConnectsForEveryPairWithAChange() throws {
        let published = Self.published
        let network = Kyiv.network
        var checked = 0
        var walks = 0
        for day in [wednesday, saturday] {
            let engine = ScheduleEngine(network: network, clock: Kyiv.clock)
            func seconds(_ date: Date) -> Int {
                Int(date.timeIntervalSince(Kyiv.clock.date(day, seconds: 0)).rounded())
            }
            // The slow rider from a start at `t0`: on the new platform after the slow pattern and
            // the whole walk, how long before the last train there (negative: after).
            func spare(_ route: Route, _ t0: Int) -> Int {
                let stops = engine.schedule(route: route, t0: Kyiv.clock.date(day, seconds: t0)).stops
                let exit = stops.indices.first { stops[$0].role == .transferExit }!
                let leg = route.legs[1]
                let lastThere = published.windows[.init(station: leg.stations[0], direction: leg.direction.rawValue)]!
                    .last
                return lastThere - (seconds(stops[exit].latest!) + route.transferWalks[0].walkSeconds)
            }
            for origin in network.stations {
                for destination in network.stations where destination.code != origin.code {
                    // Every pair across lines (18·18 + 18·16 + 18·16, both ways: 1,800); those
                    // starting or ending with a walk through a node ride one line.
                    guard origin.line != destination.line else { continue }
                    let route = try Router(network: network).route(from: origin.code, to: destination.code)
                    // The two halves of a node are a walk: no train, no last train.
                    if route.isWalkOnly {
                        walks += 1
                        continue
                    }
                    let label = "\(origin.nameEn) → \(destination.nameEn) \(day)"
                    let found = try XCTUnwrap(engine.lastConnection(route: route, serviceDay: day), label)
                    let window = published.windows[
                        .init(station: route.legs[0].stations[0], direction: route.legs[0].direction.rawValue)]!
                    let departure = seconds(found.departure)
                    XCTAssertLessThanOrEqual(departure, window.last, label)
                    XCTAssertGreaterThanOrEqual(departure, window.first, label)
                    if route.legs.count == 1 {
                        XCTAssertEqual(departure, window.last, "\(label): one line, its last train")
                    } else if spare(route, window.last) >= 0 {
                        XCTAssertEqual(departure, window.last, "\(label): the last train connects")
                        XCTAssertTrue(found.departureIsPublished, label)
                    } else {
                        XCTAssertFalse(found.departureIsPublished, label)
                        XCTAssertGreaterThanOrEqual(spare(route, departure), 60, "\(label): a minute to spare")
                        XCTAssertLessThan(spare(route, departure + 2), 60, "\(label): the latest such start")
                    }
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked + walks, 3600, "1,800 pairs, both day types")
        XCTAssertEqual(walks, 12, "three nodes, both ways, both day types")
    }

    /// `--arrive-by` at every minute from 04:30 to 01:30 at the edges (04:30–07:00 and
    /// 21:30–01:30), every 17th minute between (trains every few minutes, nothing at an edge;
    /// this keeps the sweep to seconds), for rides with one change, two changes (the long way)
    /// and none, on both day types: a ride that can be made and arrives by then, or a refusal;
    /// never a start before the first train.
    func testArriveByEveryMinuteIsAMakeableRideOrARefusal() throws {
        let published = Self.published
        let network = Kyiv.network
        let code = { (name: String) in Kyiv.station(name).code }
        var rides = 0
        var refusals = 0
        let cases: [(String, String, [String], ServiceClock.ServiceDay)] = [
            ("Lisova", "Teremky", [], wednesday), ("Lisova", "Teremky", [], saturday),
            ("Syrets", "Heroiv Dnipra", [], wednesday),
            ("Syrets", "Pozniaky", [], saturday), ("Lisova", "Teremky", ["Khreshchatyk"], wednesday),
        ]
        for (from, to, closed, day) in cases {
            do {
                let engine = ScheduleEngine(network: network, clock: Kyiv.clock).applying(
                    ServiceChanges(closed: closed.map(code)))
                let route =
                    closed.isEmpty
                    ? try Kyiv.route(from, to)
                    : try XCTUnwrap(Router(network: network).detour(from: code(from), to: code(to)))
                let midnight = Kyiv.clock.date(day, seconds: 0)
                func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince(midnight).rounded()) }
                let board = route.legs[0]
                let window = try XCTUnwrap(
                    published.windows[.init(station: board.stations[0], direction: board.direction.rawValue)])
                let last = engine.lastConnection(route: route, serviceDay: day)
                let planned = engine.plannedStops(route)
                let entries = planned.indices.filter { planned[$0].role == .transferEntry }
                // The best estimate arrives by then, and the slow rider is on every new platform
                // no later than the last train there (published).
                // (Each start checked once: at the edges many minutes share a start.)
                var arrivals: [Int: Int] = [:]
                func check(_ t0: Int, target: Int, _ label: String) {
                    if let arrival = arrivals[t0] {
                        XCTAssertLessThanOrEqual(arrival, target, "\(label): arrives late")
                        return
                    }
                    let schedule = engine.schedule(route: route, t0: Kyiv.clock.date(day, seconds: t0))
                    for (number, entry) in entries.enumerated() {
                        let leg = route.legs[number + 1]
                        let lastThere = published.windows[
                            .init(station: leg.stations[0], direction: leg.direction.rawValue)]!.last
                        let platform =
                            seconds(schedule.stops[entry - 1].latest!) + route.transferWalks[number].walkSeconds
                        XCTAssertLessThanOrEqual(
                            platform, lastThere, "\(label): the slow rider is stranded at change \(number + 1)")
                    }
                    let arrival = seconds(schedule.finalArrival)
                    arrivals[t0] = arrival
                    XCTAssertLessThanOrEqual(arrival, target, "\(label): arrives late")
                }
                var minute = 4 * 60 + 30
                while minute <= 25 * 60 + 30 {
                    defer { minute += (minute < 7 * 60 || minute >= 21 * 60 + 30) ? 1 : 17 }
                    let target = minute * 60
                    let label = "\(from) → \(to) \(closed) \(day) by \(TimeOfDay.clock(target))"
                    switch engine.arriveBy(
                        route: route, target: Kyiv.clock.date(day, seconds: target), last: .some(last))
                    {
                    case .ride(let latest, let safe, _):
                        rides += 1
                        XCTAssertGreaterThanOrEqual(
                            seconds(latest), window.first, "\(label): a start before the first train")
                        XCTAssertLessThanOrEqual(seconds(latest), window.last, label)
                        check(seconds(latest), target: target, label)
                        if let safe {
                            XCTAssertGreaterThanOrEqual(
                                seconds(safe), window.first, "\(label): a safe start before the first train")
                            XCTAssertLessThanOrEqual(safe, latest, label)
                            check(seconds(safe), target: target, label + " (safe)")
                        }
                    case .tooEarly(let first, let arrival, _, _):
                        refusals += 1
                        XCTAssertEqual(seconds(first), window.first, label)
                        XCTAssertGreaterThan(seconds(arrival), target, label)
                    case .none:
                        refusals += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(rides, 1000)
        XCTAssertGreaterThan(refusals, 100, "04:30 to the first arrival is refused")
    }
}
