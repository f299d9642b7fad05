import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroData
@testable import MetroLab

/// An independent check of the one service model: a connection scan over the GTFS
/// feed's own files (stop_times.txt and trips.txt as the export writes them, read back as CSV),
/// from a feed train's departure at the origin, against `plan`'s schedule for the same t₀.
///
/// The scan is the textbook earliest-arrival one (ride the train, walk the published transfer
/// time, board the first train leaving the next platform at or after then): it shares nothing
/// with the engine but the feed. For every ride the feed's earliest arrival must lie inside
/// the plan's arrival range, and the plan's "yours is next" must come no later than the train
/// of that earliest arrival reaches the stop before the destination. Only the published first
/// and last trains are certain: the plan names no other.
final class ConnectionScanTests: XCTestCase {
    struct FeedStop {
        var station: String
        var arrival: Int
        var departure: Int
    }

    struct FeedTrip {
        var line: String
        var direction: Direction
        var dayType: DayType
        var stops: [FeedStop]

        func index(of station: String) -> Int? { stops.firstIndex { $0.station == station } }
    }

    /// The feed as the export writes it, read back from its text.
    static let feed: [FeedTrip] = {
        let files = GTFSFeed(
            network: Kyiv.network, track: [:], clock: Kyiv.clock,
            options: .init(start: .init(year: 2026, month: 3, day: 10), end: .init(year: 2027, month: 3, day: 9))
        ).files()
        func rows(_ name: String) -> [[String]] {
            let text = files.first { $0.name == name }!.contents
            return text.split(separator: "\n").dropFirst().map {
                $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
        }
        func seconds(_ text: String) -> Int {
            let parts = text.split(separator: ":").map { Int($0)! }
            return parts[0] * 3600 + parts[1] * 60 + parts[2]
        }
        // trips.txt: route_id, service_id, trip_id, trip_headsign, direction_id, shape_id.
        var trips: [String: FeedTrip] = [:]
        var order: [String] = []
        for row in rows("trips.txt") {
            trips[row[2]] = FeedTrip(
                line: row[0], direction: row[4] == "0" ? .forward : .reverse,
                dayType: row[1] == "weekday" ? .weekday : .weekend, stops: [])
            order.append(row[2])
        }
        // stop_times.txt: trip_id, arrival_time, departure_time, stop_id, stop_sequence, …
        for row in rows("stop_times.txt") {
            trips[row[0]]!.stops.append(FeedStop(station: row[3], arrival: seconds(row[1]), departure: seconds(row[2])))
        }
        return order.map { trips[$0]! }
    }()

    /// One ride's earliest arrival by the scan: on `trip` from `origin`, through the route's
    /// changes (the published walk), to `destination`. nil when a change is reached after its
    /// last train.
    func scan(from trip: FeedTrip, route: Route, dayType: DayType) -> (arrival: Int, beforeLast: Int)? {
        var current = trip
        var boardIndex = current.index(of: route.legs[0].stations[0])!
        for (number, leg) in route.legs.enumerated() {
            let exit = leg.stations.last!
            guard let exitIndex = current.index(of: exit), exitIndex > boardIndex else { return nil }
            let arrival = current.stops[exitIndex].arrival
            if number == route.legs.count - 1 {
                return (arrival, current.stops[exitIndex - 1].arrival)
            }
            let next = route.legs[number + 1]
            let platform = arrival + route.transferWalks[number].walkSeconds
            let candidates = departures(
                line: next.line, direction: next.direction, dayType: dayType, station: next.stations[0])
            guard let boarded = candidates.first(where: { $0.1 >= platform }) else { return nil }
            current = boarded.0
            boardIndex = current.index(of: next.stations[0])!
        }
        return nil
    }

    /// Every feed train leaving `station` (not ending there), by departure, looked up once.
    var index: [String: [(FeedTrip, Int)]] = [:]
    func departures(line: String, direction: Direction, dayType: DayType, station: String) -> [(FeedTrip, Int)] {
        let key = "\(line) \(direction) \(dayType) \(station)"
        if let known = index[key] { return known }
        let found = Self.feed.filter { $0.line == line && $0.direction == direction && $0.dayType == dayType }
            .compactMap { trip -> (FeedTrip, Int)? in
                guard let at = trip.index(of: station), at < trip.stops.count - 1 else { return nil }
                return (trip, trip.stops[at].departure)
            }
            .sorted { $0.1 < $1.1 }
        index[key] = found
        return found
    }

    /// The service day's seconds of a moment.
    func seconds(_ date: Date) -> Int { Kyiv.clock.position(of: date).seconds }

    func testFeedRidesLieInsidePlansRangeAndYoursIsNextComesFirst() throws {
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        // One change each, over all three interchanges and both directions, from terminals and
        // from the middle of lines; no walk at either end.
        let pairs = [
            ("Darnytsia", "Olimpiiska"), ("Lisova", "Teremky"), ("Teremky", "Darnytsia"),
            ("Akademmistechko", "Palats «Ukraina»"),
            ("Heroiv Dnipra", "Lisova"), ("Syrets", "Akademmistechko"), ("Chervonyi khutir", "Obolon"),
            ("Teremky", "Syrets"),
            ("Lukianivska", "Tarasa Shevchenka"), ("Pozniaky", "Sviatoshyn"), ("Minska", "Boryspilska"),
            ("Livoberezhna", "Lybidska"),
            ("Vasylkivska", "Dorohozhychi"), ("Nyvky", "Klovska"), ("Shuliavska", "Osokorky"),
            ("Kharkivska", "Pochaina"),
        ]
        let days: [(ServiceClock.ServiceDay, DayType)] = [
            (.init(year: 2026, month: 12, day: 9), .weekday), (.init(year: 2026, month: 12, day: 12), .weekend),
        ]
        var rides = 0
        var failures: [String] = []
        for (from, to) in pairs {
            let route = try Kyiv.route(from, to)
            XCTAssertNil(route.walkAfterAlighting, "\(from) → \(to)")
            let board = route.legs[0].stations[0]
            for (day, dayType) in days {
                let trains = Self.feed.filter {
                    $0.line == route.legs[0].line && $0.direction == route.legs[0].direction && $0.dayType == dayType
                }
                .compactMap { trip -> (FeedTrip, Int)? in
                    guard let at = trip.index(of: board), at < trip.stops.count - 1 else { return nil }
                    return (trip, trip.stops[at].departure)
                }
                .sorted { $0.1 < $1.1 }
                let first = trains.first!.1
                let last = trains.last!.1
                // Every 5 minutes in the first and the last hour, every 15 minutes between.
                var marks =
                    Array(stride(from: first, to: first + 3600, by: 300))
                    + Array(stride(from: last - 3600, through: last, by: 300))
                marks += Array(stride(from: first + 3600, to: last - 3600, by: 900))
                var seen = Set<Int>()
                for mark in marks {
                    guard let (trip, departure) = trains.first(where: { $0.1 >= mark }), seen.insert(departure).inserted
                    else { continue }
                    let t0 = Kyiv.clock.date(day, seconds: departure)
                    let schedule = engine.schedule(route: route, t0: t0)
                    guard let found = scan(from: trip, route: route, dayType: dayType) else {
                        // The feed cannot complete it: the plan must say so.
                        if !schedule.findings.contains(where: \.isBlocking) {
                            failures.append(
                                "\(from) → \(to) \(dayType) \(GTFSFeed.time(departure)): the feed cannot complete it, the plan has no warning"
                            )
                        }
                        continue
                    }
                    rides += 1
                    // Where the plan names a train at the change, it is a published first or last
                    // departure there, and the feed runs it (the feed's first and last trips keep
                    // the published minute).
                    if route.legs.count == 2, let transfer = schedule.transfers.first {
                        let station = route.legs[1].stations[0]
                        let there = Self.feed.filter {
                            $0.line == route.legs[1].line && $0.direction == route.legs[1].direction
                                && $0.dayType == dayType
                        }
                        .compactMap { trip -> Int? in
                            guard let at = trip.index(of: station), at < trip.stops.count - 1 else { return nil }
                            return trip.stops[at].departure
                        }
                        let window = Kyiv.network.serviceWindow(station: station, direction: route.legs[1].direction)!
                        for named in transfer.catchableTrains.map(seconds) {
                            if ![window.firstDeparture, window.lastDeparture].contains(named) || !there.contains(named)
                            {
                                failures.append(
                                    "\(from) → \(to) \(dayType) \(GTFSFeed.time(departure)): the plan names \(GTFSFeed.time(named)), not a published train of the feed"
                                )
                            }
                        }
                    }
                    // The plan itself may know the rider is stranded (the slow side): then its
                    // range is not a promise to hold the feed's ride.
                    let (low, high) = (seconds(schedule.arrivalEarliest), seconds(schedule.arrivalLatest))
                    if found.arrival < low || found.arrival > high {
                        failures.append(
                            "\(from) → \(to) \(dayType) \(GTFSFeed.time(departure)): the feed arrives \(GTFSFeed.time(found.arrival)), plan's range \(GTFSFeed.time(low))–\(GTFSFeed.time(high))"
                        )
                    }
                    if seconds(schedule.alert) > found.beforeLast {
                        failures.append(
                            "\(from) → \(to) \(dayType) \(GTFSFeed.time(departure)): yours is next \(GTFSFeed.time(seconds(schedule.alert))), the train is at the stop before at \(GTFSFeed.time(found.beforeLast))"
                        )
                    }
                }
            }
        }
        XCTAssertGreaterThanOrEqual(rides, 2000)
        XCTAssertEqual(
            failures.count, 0, "\(failures.count) of \(rides) rides:\n" + failures.prefix(40).joined(separator: "\n"))
    }
}

extension ConnectionScanTests {
    /// The calendar card's alarms (`plan --ics -`) at the edges of the day: its "yours is next"
    /// alarm rings no later than the earliest train the rider may be on (the connection scan's)
    /// reaches the stop before the destination, and its alarms are the plan's own moments. Every
    /// feed train from the origin in the first and the last hour, a weekday and a Saturday.
    func testTheCalendarCardsAlarmsComeBeforeTheEarliestTrain() throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        func trigger(_ line: Substring) -> Date {
            let text = line.split(separator: ":").last!
            let digits = Array(text.filter(\.isNumber)).map { Int(String($0))! }
            func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
            return utc.date(
                from: DateComponents(
                    year: number(0..<4), month: number(4..<6), day: number(6..<8), hour: number(8..<10),
                    minute: number(10..<12), second: number(12..<14)))!
        }
        let days: [(String, DayType)] = [("2026-12-09", .weekday), ("2026-12-12", .weekend)]
        var rides = 0
        var failures: [String] = []
        for (from, to) in [
            ("Darnytsia", "Olimpiiska"), ("Teremky", "Darnytsia"), ("Akademmistechko", "Palats «Ukraina»"),
            ("Syrets", "Akademmistechko"),
        ] {
            let route = try Kyiv.route(from, to)
            for (date, dayType) in days {
                let trains = departures(
                    line: route.legs[0].line, direction: route.legs[0].direction, dayType: dayType,
                    station: route.legs[0].stations[0])
                let first = trains.first!.1
                let last = trains.last!.1
                for (trip, departure) in trains where departure < first + 3600 || departure > last - 3600 {
                    guard let found = scan(from: trip, route: route, dayType: dayType) else { continue }
                    let at = GTFSFeed.time(departure % 86_400)
                    let result = CLI.run(["plan", from, to, "--at", at, "--date", date, "--ics", "-"])
                    guard result.code == 0 else { continue }  // no card for a ride the plan cannot make
                    rides += 1
                    let lines = result.stdout.split(separator: "\r\n")
                    let alarms = lines.filter { $0.hasPrefix("TRIGGER;VALUE=DATE-TIME:") }.map(trigger)
                    let plan = CLI.run(["plan", from, to, "--at", at, "--date", date, "--json"])
                    let document = try XCTUnwrap(
                        try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])
                    let yours = try XCTUnwrap((document["alert"] as? [String: Any])?["time"] as? String)
                    guard let ringing = alarms.last else {
                        failures.append("\(from) → \(to) \(date) \(at): no alarm")
                        continue
                    }
                    if Kyiv.clock.iso8601(ringing) != yours {
                        failures.append(
                            "\(from) → \(to) \(date) \(at): the card rings at \(Kyiv.clock.iso8601(ringing)), the plan says \(yours)"
                        )
                    }
                    if seconds(ringing) > found.beforeLast {
                        failures.append(
                            "\(from) → \(to) \(date) \(at): the card rings at \(GTFSFeed.time(seconds(ringing))), the earliest train is at the stop before at \(GTFSFeed.time(found.beforeLast))"
                        )
                    }
                }
            }
        }
        XCTAssertGreaterThanOrEqual(rides, 100)
        XCTAssertEqual(failures, [], "\(failures.count) of \(rides) cards")
    }
}
