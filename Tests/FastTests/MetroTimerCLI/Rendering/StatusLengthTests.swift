import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The README's tmux snippet leaves room for every line `status` prints (tmux cuts
/// `status-right` at 40 characters unless told otherwise).
final class StatusLengthTests: XCTestCase {
    func testTheTmuxSnippetFitsTheLongestStatusLine() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "```tmux\n")).upperBound
        let snippet = String(
            readme[start..<(try XCTUnwrap(readme.range(of: "\n```", range: start..<readme.endIndex)).lowerBound)])
        let length = try XCTUnwrap(
            snippet.split(separator: "\n").first { $0.hasPrefix("set -g status-right-length ") }.flatMap {
                Int($0.split(separator: " ").last!)
            }, snippet)
        // The longest names, both languages, with and without a closure, every 20 s of the ride
        // and once after it expired; at midday, and late in the evening, where `{warning}`'s mark
        // joins the line (the last train soon, or a ride that can no longer be completed).
        var longest = 0
        var example = ""
        var warned = 0
        let code = { (name: String) in Kyiv.station(name).code }
        for (from, to, closed) in [
            ("Ploshcha Ukrainskykh Heroiv", "Politekhnichnyi instytut", nil), ("Lisova", "Teremky", "Khreshchatyk"),
            ("Heroiv Dnipra", "Chervonyi khutir", nil),
            ("Kontraktova ploshcha", "Politekhnichnyi instytut", "Maidan Nezalezhnosti"),
        ] {
            for start in ["10:00:00", "22:15:00", "22:35:00"] {
                let home = try TestPaths.temporaryDirectory(self) + "/\(from)-\(to)-\(start)"
                let trip = Trip(
                    id: "len", origin: code(from), destination: code(to), t0: Kyiv.date("2026-11-30 \(start)"),
                    changes: closed.map { ServiceChanges(closed: [code($0)]) })
                try FileTripStore(directory: home).update { (current: inout Trip?) throws(CLIError) in current = trip }
                let end = try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip)
                    .current(trip).finalArrival
                for language in ["en", "uk"] {
                    var moment = trip.t0
                    while moment < end.addingTimeInterval(60) {
                        let line = CLI.run(
                            ["status", "--lang", language], now: moment,
                            environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": home]
                        ).stdout
                        if line.count - 1 > longest {
                            longest = line.count - 1
                            example = line
                        }
                        if line.contains("⚠") { warned += 1 }
                        moment = moment.addingTimeInterval(20)
                    }
                }
            }
        }
        XCTAssertGreaterThan(warned, 0, "the late-evening rides carry {warning}'s mark")
        XCTAssertGreaterThanOrEqual(length, longest, "the longest: \(example)")
    }
}
