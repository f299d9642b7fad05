import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore

/// At the edges of the day a change's departure range (`plan --json`'s `transfer.earliestDeparture`
/// and `latestDeparture`) is bounded by what is published: it never starts before the published
/// first departure there, never ends after the published last, and an end that is a train of the
/// feed's is a published one (the trains between are computed). The feed is read from its own
/// text; the published times from the network's service windows.
final class PinnedTransferTests: XCTestCase {
    /// The feed's departures (service-day seconds) from each stop, by day type ("weekday",
    /// "weekend"): ConnectionScanTests' reading of trips.txt and stop_times.txt.
    static let departures: [String: Set<Int>] = {
        var found: [String: Set<Int>] = [:]
        for trip in ConnectionScanTests.feed {
            for stop in trip.stops {
                found["\(trip.dayType == .weekday ? "weekday" : "weekend") \(stop.station)", default: []].insert(
                    stop.departure)
            }
        }
        return found
    }()

    func testAChangesDepartureRangeIsBoundedByThePublishedTrainsAtTheEdgesOfTheDay() throws {
        let cases: [(arguments: [String], dayType: String)] = [
            (["Darnytsia", "Olimpiiska", "--at", "05:39", "--date", "2026-12-09"], "weekday"),
            (["Teremky", "Darnytsia", "--last", "--date", "2026-12-09"], "weekday"),
            (["Akademmistechko", "Palats «Ukraina»", "--at", "21:50", "--date", "2026-12-09"], "weekday"),
            (["Syrets", "Akademmistechko", "--at", "05:45", "--date", "2026-12-12"], "weekend"),
        ]
        for (arguments, dayType) in cases {
            let result = CLI.run(["plan"] + arguments + ["--json"])
            XCTAssertEqual(result.code, 0, result.stderr)
            let plan = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let transfers = try XCTUnwrap(plan["transfers"] as? [[String: Any]])
            XCTAssertFalse(transfers.isEmpty, "\(arguments)")
            let legs = try XCTUnwrap(plan["legs"] as? [[String: Any]])
            for (number, transfer) in transfers.enumerated() {
                let platform = try XCTUnwrap((transfer["walk"] as? [String: Any])?["to"] as? [String: Any])
                let code = try XCTUnwrap(platform["code"] as? String)
                let direction = try XCTUnwrap(
                    Direction(rawValue: try XCTUnwrap(legs[number + 1]["direction"] as? String)))
                let window = try XCTUnwrap(Kyiv.network.serviceWindow(station: code, direction: direction))
                let trains = Self.departures["\(dayType) \(code)"] ?? []
                let label = arguments.joined(separator: " ")
                for key in ["earliestDeparture", "latestDeparture"] {
                    let text = try XCTUnwrap(transfer[key] as? String)
                    // "2026-12-09T05:52:50+02:00": the clock time; after midnight, past 24:00.
                    let clock = text.dropFirst(11).prefix(8).split(separator: ":").map { Int($0)! }
                    var seconds = clock[0] * 3600 + clock[1] * 60 + clock[2]
                    if seconds < 3 * 3600 { seconds += 24 * 3600 }
                    XCTAssertGreaterThanOrEqual(
                        seconds, window.firstDeparture, "\(label): \(key) \(text) before the published first")
                    XCTAssertLessThanOrEqual(
                        seconds, window.lastDeparture, "\(label): \(key) \(text) after the published last")
                    if [window.firstDeparture, window.lastDeparture].contains(seconds) {
                        XCTAssertTrue(
                            trains.contains(seconds), "\(label): the published \(text) is a train of the feed")
                    }
                }
            }
        }
    }
}
