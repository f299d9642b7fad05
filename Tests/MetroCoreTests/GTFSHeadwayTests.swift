import CLIKit
import Foundation
import XCTest

@testable import MetroCore

/// Issue 22: the feed runs the trains the city runs. Read from the feed's own files, against the
/// published intervals read straight from Data/kyiv-headways.csv (not through the compiler).
final class GTFSHeadwayTests: XCTestCase {
    func table(_ name: String) throws -> [[String: String]] {
        let text = try XCTUnwrap(GTFSFeedTests.files.first { $0.name == name }?.contents, name)
        let table = try CSVTable(file: name, text: text, columns: String(text.prefix { $0 != "\n" }).components(separatedBy: ","))
        return table.rows.map { Dictionary(uniqueKeysWithValues: zip(table.header, $0.fields)) }
    }

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
            result["\(row["line"]!) \(row["day_type"]!) \(row["direction"]!)", default: [:]][hour] = (values.first!, values.last!)
        }
        return result
    }

    struct Departure { var time: Int; var originHour: Int; var trip: String; var midLine: Bool }

    /// Departures at each station (not the terminus arrival), by line, day type and direction.
    func departures() throws -> [String: [Departure]] {
        var trips: [String: [String: String]] = [:]
        for row in try table("trips.txt") { trips[row["trip_id"]!] = row }
        var rows: [String: [[String: String]]] = [:]
        for row in try table("stop_times.txt") { rows[row["trip_id"]!, default: []].append(row) }
        // Each line's terminal in each direction: the first stop of its longest trips.
        var terminal: [String: (count: Int, stop: String)] = [:]
        for (id, stops) in rows {
            let key = trips[id]!["route_id"]! + trips[id]!["direction_id"]!
            let first = stops.min { Int($0["stop_sequence"]!)! < Int($1["stop_sequence"]!)! }!["stop_id"]!
            if stops.count > terminal[key]?.count ?? 0 { terminal[key] = (stops.count, first) }
        }
        var result: [String: [Departure]] = [:]
        for (id, stops) in rows {
            let trip = trips[id]!
            let ordered = stops.sorted { Int($0["stop_sequence"]!)! < Int($1["stop_sequence"]!)! }
            let key = "\(trip["route_id"]!) \(trip["service_id"]!) \(trip["direction_id"] == "0" ? "forward" : "reverse")"
            let originHour = seconds(ordered[0]["departure_time"]!) / 3600
            let midLine = ordered[0]["stop_id"] != terminal[trip["route_id"]! + trip["direction_id"]!]!.stop
            for stop in ordered.dropLast() {
                result[key + " " + stop["stop_id"]!, default: []].append(
                    Departure(time: seconds(stop["departure_time"]!), originHour: originHour, trip: id, midLine: midLine))
            }
        }
        return result
    }

    func testNoTwoDeparturesLessThan90SecondsApartAndEveryIntervalWithinThePublishedPair() throws {
        let pairs = try published()
        var bunched: [String] = [], outside: [String] = []
        var intervals = 0
        for (key, list) in try departures() {
            let sorted = list.sorted { $0.time < $1.time }
            let parts = key.split(separator: " ")
            let hours = pairs["\(parts[0]) \(parts[1]) \(parts[2])"]!
            func pair(_ hour: Int) -> (Int, Int) { hours[min(max(hour, hours.keys.min()!), hours.keys.max()!)]! }
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                intervals += 1
                let gap = b.time - a.time
                if gap < 90 { bunched.append("\(gap) s at \(parts[3]): \(a.trip) → \(b.trip)") }
                // At the morning start-up, between two trains that both began mid-line (whose ends
                // are published first departures, so no even split need fit), ±90 s.
                let slack = a.midLine && b.midLine ? 90 : 30
                let low = min(pair(a.originHour).0, pair(b.originHour).0) - slack, high = max(pair(a.originHour).1, pair(b.originHour).1) + slack
                if !(low...high).contains(gap) { outside.append("\(gap) s (\(low)–\(high)) at \(parts[3]): \(a.trip) → \(b.trip)") }
            }
        }
        XCTAssertGreaterThan(intervals, 30_000)
        XCTAssertEqual(bunched, [], bunched.prefix(10).joined(separator: "\n"))
        XCTAssertEqual(outside, [], "\(outside.count):\n" + outside.sorted().prefix(20).joined(separator: "\n"))
    }

    func testShapeDistancesAndStopCodes() throws {
        let stops = try table("stops.txt")
        XCTAssertEqual(stops.map { $0["stop_code"] }, stops.map { $0["stop_id"] }, "the official codes (mr01_110) as stop_code")
        let shapes = try table("shapes.txt")
        var byShape: [String: [(Int, Double)]] = [:]
        for row in shapes { byShape[row["shape_id"]!, default: []].append((Int(row["shape_pt_sequence"]!)!, Double(row["shape_dist_traveled"] ?? "") ?? .nan)) }
        for (shape, points) in byShape {
            let distances = points.sorted { $0.0 < $1.0 }.map(\.1)
            XCTAssertEqual(distances.first, 0, shape)
            XCTAssertTrue(zip(distances, distances.dropFirst()).allSatisfy { $1 >= $0 }, shape)
            // Kyiv's lines are 17–23 km long.
            XCTAssertTrue((15_000...25_000).contains(distances.last!), "\(shape): \(distances.last!)")
        }
        var byTrip: [String: [(Int, Double)]] = [:]
        for row in try table("stop_times.txt") { byTrip[row["trip_id"]!, default: []].append((Int(row["stop_sequence"]!)!, Double(row["shape_dist_traveled"] ?? "") ?? .nan)) }
        for (trip, stops) in byTrip {
            let distances = stops.sorted { $0.0 < $1.0 }.map(\.1)
            XCTAssertTrue(zip(distances, distances.dropFirst()).allSatisfy { $1 > $0 }, trip)
        }
        let info = try XCTUnwrap(try table("feed_info.txt").first)
        XCTAssertFalse(info["feed_contact_email"]!.isEmpty && info["feed_contact_url"]!.isEmpty)
        XCTAssertNotEqual(try table("agency.txt").first?["agency_url"], info["feed_publisher_url"], "the operator's own site, not the dataset page")
    }
}
