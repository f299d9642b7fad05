import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore

/// No train that does not run. A rehearsal before the first train rides the
/// first train (as `plan` plans it, and a real start is refused), and `--arrive-by` answers
/// the night alike at every hour.
final class NightAndDawnTests: XCTestCase {
    /// `start Lisova Teremky --speed 1200 --at 05:00`: the first train leaves Lisova at
    /// 05:34:45 (published) and, with the booked wait for a computed M2 at Maidan, reaches
    /// Teremky about 06:15, as `plan … --at 05:34:45` says. The rehearsal says so first and rides it (before: it rode a train
    /// leaving at 05:00 and arrived at 05:40).
    func testARehearsalBeforeTheFirstTrainRidesTheFirstTrain() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let result = try ProcessRunner.run(
            "metro-timer",
            ["start", "Lisova", "Teremky", "--plain", "--speed", "1200", "--at", "05:00", "--date", "2026-12-09"],
            environment: ["METRO_TIMER_HOME": home])
        XCTAssertEqual(result.code, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            lines.first,
            "Trains are not running yet at 05:00: this is the plan of the first train, the 05:34:45 from Lisova, 34 min 45 s later.",
            result.stdout)
        let plan = CLI.run(["plan", "Lisova", "Teremky", "--at", "05:34:45", "--date", "2026-12-09", "--json"])
        let arrival = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])?["arrival"]
                as? [String: Any])
        let time = try XCTUnwrap(arrival["time"] as? String).dropFirst(11).prefix(5)
        XCTAssertTrue(result.stdout.contains("arrival about \(time)"), result.stdout)
        XCTAssertFalse(result.stdout.contains("05:40"), result.stdout)
    }

    /// `--arrive-by` in the night: 01:00 and 01:30 (and 02:30) all answer with the last
    /// connection, leaving Lisova by 22:25 (before: 01:30 said no start was safe, even the
    /// first train, while 01:00 called the last connection safe).
    func testArriveByAnswersTheNightAlike() throws {
        var answers: [String] = []
        for target in ["01:00", "01:30", "02:30"] {
            let result = CLI.run(
                ["plan", "Lisova", "Teremky", "--arrive-by", target, "--date", "2026-12-09"], columns: nil)
            XCTAssertEqual(result.code, 0, result.stdout + result.stderr)
            let line = try XCTUnwrap(
                result.stdout.split(separator: "\n").first { $0.hasPrefix("ℹ Arrive by") }, result.stdout)
            XCTAssertTrue(line.contains("for the last connection leave Lisova by 22:25"), String(line))
            XCTAssertFalse(line.contains("no start is safe"), String(line))
            answers.append(String(line.dropFirst("ℹ Arrive by 01:00".count)))
        }
        XCTAssertEqual(Set(answers).count, 1, answers.joined(separator: "\n"))
    }
}

/// The route's warning in the ride's line outputs (real processes): the warning the screen shows
/// is spoken once in `--plain` and is a `warning` event in `--events`.
final class RideWarningTests: XCTestCase {
    // (Said at 22:30, while that M2 is still to leave: in the present.)
    let sentence =
        "The route cannot be completed: the last M2 train toward Teremky leaves Maidan Nezalezhnosti at 22:45:50, before you can be there."

    func testPlainAndEventsSayTheRideCannotBeCompleted() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let ride = ["start", "Lisova", "Teremky", "--speed", "1200", "--at", "22:30", "--date", "2026-12-09"]
        let plain = try ProcessRunner.run("metro-timer", ride + ["--plain"], environment: ["METRO_TIMER_HOME": home])
        XCTAssertEqual(plain.code, 0, plain.stderr)
        XCTAssertEqual(
            plain.stdout.components(separatedBy: "\n").filter { $0 == "⚠ " + sentence }.count, 1, plain.stdout)
        let events = try ProcessRunner.run("metro-timer", ride + ["--events"], environment: ["METRO_TIMER_HOME": home])
        let warnings = try events.stdout.split(separator: "\n").compactMap {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }.filter { $0["event"] as? String == "warning" }
        XCTAssertEqual(warnings.count, 1, events.stdout)
        XCTAssertEqual(warnings.first?["kind"] as? String, "cannot-complete")
        XCTAssertEqual(warnings.first?["message"] as? String, sentence)
        XCTAssertEqual(warnings.first?["station"] as? String, Kyiv.station("Maidan Nezalezhnosti").code)
    }
}

/// A closure on the route, which the screen shows below the countdowns ("ℹ
/// Service changes: Dnipro closed"), is said once in `--plain` and is a `warning` event
/// (`kind` "service-changes", the closed stations still ahead) in `--events`.
final class RideClosureTests: XCTestCase {
    func testPlainAndEventsSayAClosureOnTheRoute() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let ride = [
            "start", "Lisova", "Teremky", "--closed", "Dnipro", "--speed", "1200", "--at", "12:00", "--date",
            "2026-12-09",
        ]
        let plain = try ProcessRunner.run("metro-timer", ride + ["--plain"], environment: ["METRO_TIMER_HOME": home])
        XCTAssertEqual(plain.code, 0, plain.stderr)
        let lines = plain.stdout.components(separatedBy: "\n")
        XCTAssertEqual(lines.filter { $0 == "ℹ Service changes: Dnipro closed" }.count, 1, plain.stdout)
        // Said before the first station, not when the train is already running through it.
        let said = try XCTUnwrap(lines.firstIndex(of: "ℹ Service changes: Dnipro closed"))
        let first = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Next: Chernihivska") })
        XCTAssertLessThan(said, first, plain.stdout)
        let events = try ProcessRunner.run("metro-timer", ride + ["--events"], environment: ["METRO_TIMER_HOME": home])
        let warnings = try events.stdout.split(separator: "\n").compactMap {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }.filter { $0["event"] as? String == "warning" }
        XCTAssertEqual(warnings.count, 1, events.stdout)
        XCTAssertEqual(warnings.first?["kind"] as? String, "service-changes")
        XCTAssertEqual(warnings.first?["message"] as? String, "Service changes: Dnipro closed")
        XCTAssertEqual(warnings.first?["closed"] as? [String], [Kyiv.station("Dnipro").code])
        // No change on the route, no such line or event.
        let plainRide = try ProcessRunner.run(
            "metro-timer", Array(ride[0...2]) + Array(ride[5...]) + ["--plain"], environment: ["METRO_TIMER_HOME": home]
        )
        XCTAssertFalse(plainRide.stdout.contains("Service changes"), plainRide.stdout)
    }
}
