import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroData
@testable import MetroLab

/// The GTFS export: faithful to the published first and last trains and intervals, read back
/// from the feed's own files; its ZIP's checksum and layout. (What `timetable-gen gtfs` writes:
/// GTFSCommandTests.)
final class GTFSFeedTests: XCTestCase {
    /// A feed file as rows of named fields.
    func table(_ name: String) throws -> [[String: String]] { try TestFeed.table(name) }

    func seconds(_ text: String) -> Int {
        let parts = text.split(separator: ":").map { Int($0)! }
        return parts[0] * 3600 + parts[1] * 60 + parts[2]
    }

    func testFirstAndLastDeparturesAreThePublishedOnes() throws {
        let trips = Dictionary(uniqueKeysWithValues: try table("trips.txt").map { ($0["trip_id"]!, $0) })
        var departures: [String: [Int]] = [:]  // "station direction service" → departures
        let stopTimes = try table("stop_times.txt")
        var lastOfTrip: [String: Int] = [:]
        for row in stopTimes {
            lastOfTrip[row["trip_id"]!] = max(lastOfTrip[row["trip_id"]!] ?? 0, Int(row["stop_sequence"]!)!)
        }
        for row in stopTimes where Int(row["stop_sequence"]!)! < lastOfTrip[row["trip_id"]!]! {
            let trip = trips[row["trip_id"]!]!
            let direction = trip["direction_id"] == "0" ? "forward" : "reverse"
            departures["\(row["stop_id"]!) \(direction) \(trip["service_id"]!)", default: []].append(
                seconds(row["departure_time"]!))
        }
        var checked = 0
        var worst = 0
        for window in Kyiv.network.document.serviceWindows {
            for service in ["weekday", "weekend"] {
                let times = try XCTUnwrap(
                    departures["\(window.station) \(window.direction.rawValue) \(service)"],
                    "\(window.station) \(window.direction)")
                for (published, feed) in [(window.firstDeparture, times.min()!), (window.lastDeparture, times.max()!)] {
                    XCTAssertLessThanOrEqual(
                        abs(feed - published), 60,
                        "\(window.station) \(window.direction) \(service): feed \(feed), published \(published)")
                    worst = max(worst, abs(feed - published))
                    checked += 1
                }
            }
        }
        // Every station and direction with a published departure: 98 of them, two services, first and last.
        XCTAssertEqual(checked, 98 * 2 * 2)
        XCTAssertLessThanOrEqual(worst, 60)
    }

    func testIntervalsFromTheTerminalsAreThePublishedOnes() {
        let network = Kyiv.network
        var gaps = 0
        let byService = Dictionary(grouping: TestFeed.feed.trips().filter { !$0.joinsMidLine }) {
            "\($0.line) \($0.direction) \($0.dayType)"
        }
        XCTAssertEqual(byService.count, 12)
        for (key, trips) in byService {
            let departures = trips.map { $0.departures[0] }.sorted()
            // Between the first and the train before the last one, every gap is the interval at
            // that moment, which lies between the hour's two published values; the last dozen
            // may be stretched or closed up so that the last interval train runs an
            // interval ahead of the published last one: they keep either hour's pair ±30 s.
            let pairs = Array(zip(departures, departures.dropFirst()).dropLast())
            for (index, (a, b)) in pairs.enumerated() {
                let trip = trips[0]
                let expected = network.headway(
                    line: trip.line, direction: trip.direction, dayType: trip.dayType, secondsOfDay: a)!
                let records = [a / 3600, b / 3600].map {
                    network.headwayRecord(line: trip.line, direction: trip.direction, dayType: trip.dayType, hour: $0)!
                }
                if index < pairs.count - 13 {
                    XCTAssertEqual(b - a, expected, "\(key) at \(a)")
                    let record = records[0]
                    let bounds =
                        min(record.firstSeconds, record.secondSeconds)...max(record.firstSeconds, record.secondSeconds)
                    XCTAssertTrue(bounds.contains(b - a), "\(key) at \(a): \(b - a) s outside the published \(bounds)")
                } else {
                    let lowest = records.map { min($0.firstSeconds, $0.secondSeconds) }.min()! - 30
                    let highest = records.map { max($0.firstSeconds, $0.secondSeconds) }.max()! + 30
                    let bounds = lowest...highest
                    XCTAssertTrue(bounds.contains(b - a), "\(key) at \(a): \(b - a) s outside \(bounds)")
                }
                gaps += 1
            }
            // The last train is the published last, never closer than a minute to the one before.
            XCTAssertGreaterThanOrEqual(departures.last! - departures[departures.count - 2], 60, key)
        }
        XCTAssertGreaterThan(gaps, 2000)
    }

    func testDepotTrainsJoinAtTheirPublishedFirstDeparture() {
        let depot = TestFeed.feed.trips().filter(\.joinsMidLine)
        XCTAssertFalse(depot.isEmpty)
        let all = TestFeed.feed.trips()
        for trip in depot {
            let window = Kyiv.network.serviceWindow(station: trip.stations[0], direction: trip.direction)!
            guard trip.departures[0] != window.firstDeparture && trip.departures[0] != window.lastDeparture else {
                continue
            }
            // Otherwise one of the trains that join with the depot train, one every interval,
            // before the first train from further up the line arrives.
            let through = all.filter {
                $0.line == trip.line && $0.direction == trip.direction && $0.dayType == trip.dayType
                    && $0.stations.count > trip.stations.count
            }
            .compactMap { other in other.stations.firstIndex(of: trip.stations[0]).map { other.departures[$0] } }.min()!
            XCTAssertTrue(
                trip.departures[0] > window.firstDeparture && trip.departures[0] < through,
                "\(trip.stations[0]) at \(trip.departures[0])")
        }
        // Sviatoshyn's first train toward Lisova comes out of the depot, a quarter of an hour
        // before the first train from Akademmistechko could reach it.
        XCTAssertTrue(depot.contains { $0.stations[0] == "mr03_112" && $0.direction == .forward })
    }

    func testTimesRunForwardAndUseThePlannersFigures() throws {
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        for trip in TestFeed.feed.trips() {
            for index in trip.stations.indices {
                XCTAssertLessThanOrEqual(trip.arrivals[index], trip.departures[index])
                if index > 0 {
                    XCTAssertGreaterThan(trip.arrivals[index], trip.departures[index - 1])
                }
            }
        }
        // A midday train from the terminal is timed exactly as plan times the same ride.
        let trip = try XCTUnwrap(
            TestFeed.feed.trips().first {
                $0.line == "M2" && $0.direction == .forward && $0.dayType == .weekday && $0.departures[0] >= 12 * 3600
            })
        let t0 = Kyiv.clock.date(.init(year: 2026, month: 11, day: 30), seconds: trip.departures[0])
        let route = try Router(network: Kyiv.network).route(from: trip.stations.first!, to: trip.stations.last!)
        let schedule = engine.schedule(route: route, t0: t0)
        for (index, stop) in schedule.stops.enumerated() {
            XCTAssertEqual(
                Int(stop.time.timeIntervalSince(t0)),
                (stop.arrival != nil ? trip.arrivals[index] : trip.departures[index]) - trip.departures[0], stop.station
            )
        }
    }

    /// plan's window for the departure after a transfer (from reaching the platform to the
    /// latest the next train may come) must hold the next train the feed runs there, at every
    /// minute of the day, through every node, in both directions, on both day types.
    func testThePlansWaitAfterATransferCoversTheFeedsNextTrain() throws {
        let trips = TestFeed.feed.trips()
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        let pairs = [
            ("Lisova", "Teremky"), ("Teremky", "Lisova"), ("Akademmistechko", "Syrets"), ("Chervonyi khutir", "Lisova"),
            ("Heroiv Dnipra", "Chervonyi khutir"), ("Syrets", "Heroiv Dnipra"),
        ]
        var checked = 0
        var outside: [String] = []
        for (day, dayType) in [("2026-11-30", DayType.weekday), ("2026-12-05", .weekend)] {
            for (from, to) in pairs {
                let route = try Kyiv.route(from, to)
                for minute in stride(from: 6 * 60 + 30, through: 21 * 60 + 30, by: 7) {
                    let schedule = engine.schedule(
                        route: route, t0: Kyiv.date("\(day) \(minute / 60):\(minute % 60):00"))
                    let transfer = try XCTUnwrap(schedule.transfer)
                    let leg = route.legs[1]
                    let platform = Kyiv.clock.position(of: transfer.platformArrival).seconds
                    let latest = Kyiv.clock.position(of: transfer.latestDeparture).seconds
                    let next = trips.filter {
                        $0.line == leg.line && $0.direction == leg.direction && $0.dayType == dayType
                    }
                    .compactMap { trip in trip.stations.firstIndex(of: transfer.entry).map { trip.departures[$0] } }
                    .filter { $0 >= platform }.min()
                    guard let next else { continue }
                    checked += 1
                    if next > latest {
                        outside.append(
                            "\(from)→\(to) \(dayType) \(minute / 60):\(minute % 60): next train \(next - platform) s after reaching the platform, plan allows \(latest - platform) s"
                        )
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000)
        XCTAssertEqual(outside, [], "\(outside.count) of \(checked)")
    }

    func testTheFeedsTablesAndTheirReferences() throws {
        let stops = Set(try table("stops.txt").map { $0["stop_id"]! })
        XCTAssertEqual(stops.count, 52)
        XCTAssertEqual(try table("routes.txt").map { $0["route_type"]! }, ["1", "1", "1"])
        XCTAssertEqual(try table("agency.txt").first?["agency_timezone"], "Europe/Kyiv")
        let transfers = try table("transfers.txt")
        XCTAssertEqual(transfers.count, 6)
        XCTAssertEqual(transfers.first { $0["from_stop_id"] == "mr11_120" }?["min_transfer_time"], "120")
        XCTAssertEqual(Set(try table("shapes.txt").map { $0["shape_id"]! }).count, 6)
        XCTAssertEqual(try table("translations.txt").filter { $0["table_name"] == "stops" }.count, 52)
        XCTAssertEqual(try table("feed_info.txt").first?["feed_version"], "2026-03-10")
        XCTAssertTrue(try table("stop_times.txt").allSatisfy { stops.contains($0["stop_id"]!) })
        // Past midnight the hours go on (Kyiv's last trains arrive by about 23:15 today).
        XCTAssertEqual(GTFSFeed.time(88_200), "24:30:00")
        XCTAssertEqual(GTFSFeed.time(19_815), "05:30:15")
    }

    func testZipCRCAndLayout() {
        XCTAssertEqual(ZipArchive.crc32(Array("123456789".utf8)), 0xCBF4_3926, "the CRC-32 check value")
        let zip = ZipArchive.archive([("a.txt", Array("hi\n".utf8))])
        XCTAssertEqual(Array(zip.prefix(4)), [0x50, 0x4B, 0x03, 0x04])
        XCTAssertEqual(Array(zip.suffix(22).prefix(4)), [0x50, 0x4B, 0x05, 0x06])
    }
}
