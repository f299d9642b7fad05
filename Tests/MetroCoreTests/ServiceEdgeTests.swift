import CLIKit
import Foundation
import MetroCore
import XCTest

@testable import metro_timer

/// The published first and last departures and intervals, read straight from `Data/` (not
/// through the compiler or `ServiceTrains`), and the trains near the edges of the day: the GTFS
/// feed's (issue 29: the one service model; the feed's last intervals are stretched to meet the
/// published last train, so the trains before the last are not whole intervals from it).
struct PublishedTrains {
    struct Key: Hashable { var station: String; var direction: String }
    var windows: [Key: (first: Int, last: Int)] = [:]
    /// `line/direction/dayType/hour` → the two published values, seconds.
    var intervals: [String: (Int, Int)] = [:]
    var hours: [String: ClosedRange<Int>] = [:]
    var lineOf: [String: String] = [:]
    /// `station/direction/dayType` → every departure of the feed there, ascending.
    var feedDepartures: [String: [Int]] = [:]

    init() throws {
        for trip in GTFSFeedTests.feed.trips() {
            for index in trip.stations.indices.dropLast() {
                feedDepartures["\(trip.stations[index])/\(trip.direction.rawValue)/\(trip.dayType.rawValue)", default: []].append(trip.departures[index])
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
            windows[Key(station: row["station"]!, direction: row["direction"]!)] = (seconds(row["first_departure"]!), last)
        }
        for row in try RawCSV.rows("kyiv-headways.csv") {
            let hour = Int(row["period"]!.prefix(2))!
            let line = row["line"]!
            // A single published value stands for the whole hour (Data/README.md).
            let first = seconds(row["first_interval"]!), second = (row["second_interval"] ?? "").isEmpty ? first : seconds(row["second_interval"]!)
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
        return feedDepartures["\(station)/\(direction)/\(dayType)"]!.filter { $0 >= window.first && $0 - window.first <= 2 * 3600 }
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
        return feedDepartures["\(station)/\(direction)/\(dayType)"]!.filter { $0 <= window.last && window.last - $0 <= 2 * 3600 }.reversed()
    }
}

/// Issue 23: the edges of the service day.
final class ServiceEdgeTests: XCTestCase {
    static let published = try! PublishedTrains()
    let wednesday = ServiceClock.ServiceDay(year: 2026, month: 12, day: 2)
    let saturday = ServiceClock.ServiceDay(year: 2026, month: 12, day: 5)

    func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    /// For every pair of stations with a change, both day types: `--last` is a real train (the
    /// origin's last or a whole number of intervals before it, from the published figures), it
    /// connects on the slow pattern with the whole walk at every change, and the next real train
    /// after it does not.
    func testLastConnectsForEveryPairWithAChange() throws {
        let published = Self.published
        let network = Kyiv.network
        var checked = 0, walks = 0
        for day in [wednesday, saturday] {
            let engine = ScheduleEngine(network: network, clock: Kyiv.clock)
            let dayType = day == saturday ? "weekend" : "weekday"
            var chains: [PublishedTrains.Key: [Int]] = [:]
            func chain(_ station: String, _ direction: Direction) -> [Int] {
                let key = PublishedTrains.Key(station: station, direction: direction.rawValue)
                if let known = chains[key] { return known }
                let trains = published.beforeLast(station: station, direction: direction.rawValue, dayType: dayType)
                chains[key] = trains
                return trains
            }
            func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince(Kyiv.clock.date(day, seconds: 0)).rounded()) }
            // The slow rider from a train at `t0`: at each change the slow arrival plus the whole
            // walk, no later than the last there, then the next published train there.
            func connects(_ route: Route, _ t0: Int) -> Bool {
                var anchors = [Anchor(stop: 0, event: .departure, time: Kyiv.clock.date(day, seconds: t0))]
                let planned = engine.plannedStops(route)
                let entries = planned.indices.filter { planned[$0].role == .transferEntry }
                for (number, entry) in entries.enumerated() {
                    let stops = engine.schedule(route: route, anchors: anchors).stops
                    let platform = seconds(stops[entry - 1].latest!) + route.transferWalks[number].walkSeconds
                    let trains = chain(route.legs[number + 1].stations[0], route.legs[number + 1].direction)
                    guard platform <= trains[0] else { return false }
                    // (Earlier than the published chain reaches: any train, the engine's wait.)
                    guard let train = trains.last(where: { $0 >= platform }) else { continue }
                    anchors.append(Anchor(stop: entry, event: .departure, time: Kyiv.clock.date(day, seconds: train)))
                }
                return true
            }
            for origin in network.stations {
                for destination in network.stations where destination.code != origin.code {
                    // Every pair across lines (18·18 + 18·16 + 18·16, both ways: 1,800); those
                    // starting or ending with a walk through a node ride one line.
                    guard origin.line != destination.line else { continue }
                    let route = try Router(network: network).route(from: origin.code, to: destination.code)
                    // The two halves of a node are a walk: no train, no last train.
                    if route.isWalkOnly { walks += 1; continue }
                    let found = try XCTUnwrap(engine.lastConnection(route: route, serviceDay: day), "\(origin.nameEn) → \(destination.nameEn)")
                    let trains = chain(route.legs[0].stations[0], route.legs[0].direction)
                    let departure = seconds(found.departure)
                    let index = try XCTUnwrap(trains.firstIndex(of: departure), "\(origin.nameEn) → \(destination.nameEn) \(day): \(Kyiv.clock.hhmmss(found.departure)) is not a published train")
                    XCTAssertEqual(found.trainsBeforeLast, index)
                    XCTAssertTrue(connects(route, departure), "\(origin.nameEn) → \(destination.nameEn) \(day)")
                    if index > 0 { XCTAssertFalse(connects(route, trains[index - 1]), "\(origin.nameEn) → \(destination.nameEn) \(day): a later train connects") }
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
        var rides = 0, refusals = 0
        let cases: [(String, String, [String], ServiceClock.ServiceDay)] = [
            ("Lisova", "Teremky", [], wednesday), ("Lisova", "Teremky", [], saturday), ("Syrets", "Heroiv Dnipra", [], wednesday),
            ("Syrets", "Pozniaky", [], saturday), ("Lisova", "Teremky", ["Khreshchatyk"], wednesday),
        ]
        for (from, to, closed, day) in cases {
            do {
                let engine = ScheduleEngine(network: network, clock: Kyiv.clock).applying(ServiceChanges(closed: closed.map(code)))
                let route = closed.isEmpty ? try Kyiv.route(from, to) : try XCTUnwrap(Router(network: network).detour(from: code(from), to: code(to)))
                let dayType = day == saturday ? "weekend" : "weekday"
                let midnight = Kyiv.clock.date(day, seconds: 0)
                func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince(midnight).rounded()) }
                let board = route.legs[0]
                let window = try XCTUnwrap(published.windows[.init(station: board.stations[0], direction: board.direction.rawValue)])
                let last = engine.lastConnection(route: route, serviceDay: day)
                let planned = engine.plannedStops(route)
                let entries = planned.indices.filter { planned[$0].role == .transferEntry }
                // The best estimate, each change's wait ending on the published train there (where
                // known), and the slow rider's check at every change.
                // (Each start checked once: at the edges many minutes share a train.)
                var arrivals: [Int: Int] = [:]
                func check(_ t0: Int, target: Int, _ label: String) {
                    if let arrival = arrivals[t0] {
                        XCTAssertLessThanOrEqual(arrival, target, "\(label): arrives late")
                        return
                    }
                    var anchors = [Anchor(stop: 0, event: .departure, time: Kyiv.clock.date(day, seconds: t0))]
                    var slow = [Anchor(stop: 0, event: .departure, time: Kyiv.clock.date(day, seconds: t0))]
                    for (number, entry) in entries.enumerated() {
                        let leg = route.legs[number + 1]
                        let lastThere = published.windows[.init(station: leg.stations[0], direction: leg.direction.rawValue)]!.last
                        let best = engine.schedule(route: route, anchors: anchors)
                        if let train = published.boarding(station: leg.stations[0], direction: leg.direction.rawValue, dayType: dayType, at: seconds(best.transfers[number].platformArrival)) {
                            anchors.append(Anchor(stop: entry, event: .departure, time: Kyiv.clock.date(day, seconds: train)))
                        }
                        let slowStops = engine.schedule(route: route, anchors: slow).stops
                        let platform = seconds(slowStops[entry - 1].latest!) + route.transferWalks[number].walkSeconds
                        XCTAssertLessThanOrEqual(platform, lastThere, "\(label): the slow rider is stranded at change \(number + 1)")
                        if let train = published.boarding(station: leg.stations[0], direction: leg.direction.rawValue, dayType: dayType, at: platform) {
                            slow.append(Anchor(stop: entry, event: .departure, time: Kyiv.clock.date(day, seconds: train)))
                        }
                    }
                    let arrival = seconds(engine.schedule(route: route, anchors: anchors).finalArrival)
                    arrivals[t0] = arrival
                    XCTAssertLessThanOrEqual(arrival, target, "\(label): arrives late")
                }
                var minute = 4 * 60 + 30
                while minute <= 25 * 60 + 30 {
                    defer { minute += (minute < 7 * 60 || minute >= 21 * 60 + 30) ? 1 : 17 }
                    let target = minute * 60
                    let label = "\(from) → \(to) \(closed) \(day) by \(TimeOfDay.clock(target))"
                    switch engine.arriveBy(route: route, target: Kyiv.clock.date(day, seconds: target), last: .some(last)) {
                    case .ride(let latest, let safe, _):
                        rides += 1
                        XCTAssertGreaterThanOrEqual(seconds(latest), window.first, "\(label): a start before the first train")
                        XCTAssertLessThanOrEqual(seconds(latest), window.last, label)
                        check(seconds(latest), target: target, label)
                        if let safe {
                            XCTAssertGreaterThanOrEqual(seconds(safe), window.first, "\(label): a safe start before the first train")
                            XCTAssertLessThanOrEqual(safe, latest, label)
                            check(seconds(safe), target: target, label + " (safe)")
                        }
                    case .tooEarly(let first, let arrival):
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
