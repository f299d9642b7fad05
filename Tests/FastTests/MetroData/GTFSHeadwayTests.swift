import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroData

/// The feed runs the trains the city runs. Read from the feed's own files, against the
/// published intervals read straight from Data/kyiv-headways.csv (not through the compiler).
final class GTFSHeadwayTests: XCTestCase {
    func table(_ name: String) throws -> [[String: String]] { try TestFeed.table(name) }

    func seconds(_ text: String) -> Int {
        let parts = text.split(separator: ":").map { Int($0)! }
        return parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : parts[0] * 60 + parts[1]
    }

    /// (line, day type, direction) → hour → (low, high), the published pair.
    func published() throws -> [String: [Int: (Int, Int)]] {
        var result: [String: [Int: (Int, Int)]] = [:]
        for row in try RawCSV.rows("kyiv-headways.csv") {
            let values = [row["first_interval"]!, row["second_interval"]!].filter { !$0.isEmpty }.map(seconds).sorted()
            let hour = Int(row["period"]!.prefix(2))!
            result["\(row["line"]!) \(row["day_type"]!) \(row["direction"]!)", default: [:]][hour] = (
                values.first!, values.last!
            )
        }
        return result
    }

    /// A departure at a station; `published` when its train leaves its first station at that
    /// station's published first departure (Data/kyiv-timetable.csv).
    struct Departure {
        var time: Int
        var originHour: Int
        var trip: String
        var published: Bool
    }

    /// Departures at each station (not the terminus arrival), by line, day type and direction;
    /// `shift` moves the named trips by that many seconds (for the check's own test).
    func departures(shift: [String: Int] = [:]) throws -> [String: [Departure]] {
        var firstDeparture: [String: Int] = [:]
        for row in try RawCSV.rows("kyiv-timetable.csv") where !row["first_departure"]!.isEmpty {
            firstDeparture[row["station"]! + " " + row["direction"]!] = seconds(row["first_departure"]!)
        }
        var trips: [String: [String: String]] = [:]
        for row in try table("trips.txt") { trips[row["trip_id"]!] = row }
        var rows: [String: [[String: String]]] = [:]
        for row in try table("stop_times.txt") { rows[row["trip_id"]!, default: []].append(row) }
        var result: [String: [Departure]] = [:]
        for (id, stops) in rows {
            let trip = trips[id]!
            let ordered = stops.sorted { Int($0["stop_sequence"]!)! < Int($1["stop_sequence"]!)! }
            let direction = trip["direction_id"] == "0" ? "forward" : "reverse"
            let key = "\(trip["route_id"]!) \(trip["service_id"]!) \(direction)"
            let start = seconds(ordered[0]["departure_time"]!)
            let published = firstDeparture[ordered[0]["stop_id"]! + " " + direction] == start
            for stop in ordered.dropLast() {
                result[key + " " + stop["stop_id"]!, default: []].append(
                    Departure(
                        time: seconds(stop["departure_time"]!) + (shift[id] ?? 0), originHour: start / 3600, trip: id,
                        published: published))
            }
        }
        return result
    }

    /// How far `value` lies outside `low...high` (0 inside).
    func outside(_ value: Double, _ low: Int, _ high: Int) -> Double {
        max(0, Double(low) - value, value - Double(high))
    }

    /// The headway rule, from the feed and the published data: no two departures under 90 s
    /// apart; every interval within its hour's published pair ±30 s, except where the two
    /// published trains around it are so far apart at that station that no number of trains
    /// between them could keep every interval within ±30 s (the morning start-up, where first
    /// departures are published at depot stations); there the interval is within 30 s of the best
    /// cut any number of trains could make (an even cut is the best cut into that many parts).
    func headwayProblems(_ departures: [String: [Departure]]) throws -> (
        bunched: [String], outside: [String], forced: Int, intervals: Int
    ) {
        let pairs = try published()
        var bunched: [String] = []
        var outsideList: [String] = []
        var forced = 0
        var intervals = 0
        for (key, list) in departures {
            let sorted = list.sorted { $0.time < $1.time }
            let parts = key.split(separator: " ")
            let hours = pairs["\(parts[0]) \(parts[1]) \(parts[2])"]!
            func pair(_ hour: Int) -> (Int, Int) { hours[min(max(hour, hours.keys.min()!), hours.keys.max()!)]! }
            for (index, (a, b)) in zip(sorted, sorted.dropFirst()).enumerated() {
                intervals += 1
                let gap = b.time - a.time
                if gap < 90 { bunched.append("\(gap) s at \(parts[3]): \(a.trip) → \(b.trip)") }
                let low = min(pair(a.originHour).0, pair(b.originHour).0)
                let high = max(pair(a.originHour).1, pair(b.originHour).1)
                let off = outside(Double(gap), low, high)
                guard off > 30 else { continue }
                let place = "\(gap) s (\(low)–\(high)) at \(parts[3]): \(a.trip) → \(b.trip)"
                guard let before = sorted[...index].last(where: \.published),
                    let after = sorted[(index + 1)...].first(where: \.published)
                else {
                    outsideList.append(place + ": no published train on both sides")
                    continue
                }
                let span = after.time - before.time
                let best = (1...(span / low + 1)).map { outside(Double(span) / Double($0), low, high) }.min()!
                if best <= 30 {
                    outsideList.append(
                        place + ": the \(span) s between \(before.trip) and \(after.trip) can be cut within ±30 s")
                } else if off > best + 30 {
                    outsideList.append(place + ": \(off) s outside, the best cut \(best) s")
                } else {
                    forced += 1
                }
            }
        }
        return (bunched, outsideList, forced, intervals)
    }

    func testNoTwoDeparturesLessThan90SecondsApartAndEveryIntervalWithinThePublishedPair() throws {
        let result = try headwayProblems(try departures())
        XCTAssertGreaterThan(result.intervals, 30_000)
        XCTAssertEqual(result.bunched, [], result.bunched.prefix(10).joined(separator: "\n"))
        XCTAssertEqual(
            result.outside, [],
            "\(result.outside.count):\n" + result.outside.sorted().prefix(20).joined(separator: "\n"))
        // The start-up intervals the published first departures force (23 when this was written:
        // M1 at Darnytsia and Chernihivska, M2 from Palats "Ukraina" down, at the weekend).
        XCTAssertLessThan(result.forced, 40)
    }

    /// The rule above is no blanket allowance for start-up trains: one joining train moved 35 s
    /// (its intervals 433 s and 363 s against 7:30–9:00, where the best cut of the 1,194 s
    /// between the published trains is 3 × 398 s) is seen, although both stay within the ±90 s
    /// the start-up trains were once allowed.
    func testAJoiningTrainMovedOffTheBestCutIsSeen() throws {
        let moved = "M1-forward-weekend-005"
        let result = try headwayProblems(try departures(shift: [moved: 35]))
        XCTAssertEqual(result.outside.filter { $0.contains(moved) }.count, 2, result.outside.joined(separator: "\n"))
        XCTAssertTrue(result.outside.allSatisfy { $0.contains(moved) }, result.outside.joined(separator: "\n"))
    }

    func testShapeDistancesAndStopCodes() throws {
        let stops = try table("stops.txt")
        XCTAssertEqual(
            stops.map { $0["stop_code"] }, stops.map { $0["stop_id"] }, "the official codes (mr01_110) as stop_code")
        let shapes = try table("shapes.txt")
        var byShape: [String: [(Int, Double)]] = [:]
        for row in shapes {
            byShape[row["shape_id"]!, default: []].append(
                (Int(row["shape_pt_sequence"]!)!, Double(row["shape_dist_traveled"] ?? "") ?? .nan))
        }
        for (shape, points) in byShape {
            let distances = points.sorted { $0.0 < $1.0 }.map(\.1)
            XCTAssertEqual(distances.first, 0, shape)
            XCTAssertTrue(zip(distances, distances.dropFirst()).allSatisfy { $1 >= $0 }, shape)
            // Kyiv's lines are 17–23 km long.
            XCTAssertTrue((15_000...25_000).contains(distances.last!), "\(shape): \(distances.last!)")
        }
        var byTrip: [String: [(Int, Double)]] = [:]
        for row in try table("stop_times.txt") {
            byTrip[row["trip_id"]!, default: []].append(
                (Int(row["stop_sequence"]!)!, Double(row["shape_dist_traveled"] ?? "") ?? .nan))
        }
        for (trip, stops) in byTrip {
            let distances = stops.sorted { $0.0 < $1.0 }.map(\.1)
            XCTAssertTrue(zip(distances, distances.dropFirst()).allSatisfy { $1 > $0 }, trip)
        }
        let info = try XCTUnwrap(try table("feed_info.txt").first)
        XCTAssertFalse(info["feed_contact_email"]!.isEmpty && info["feed_contact_url"]!.isEmpty)
        XCTAssertNotEqual(
            try table("agency.txt").first?["agency_url"], info["feed_publisher_url"],
            "the operator's own site, not the dataset page")
    }
}
