import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore

/// `start` gave no timetable-validity warning for a date `plan` warns about.
/// Both run as real processes; the warning expected is the one `plan` prints for the same day.
final class StartValidityTests: XCTestCase {
    func testARehearsalOutsideTheTimetablesDatesIsWarnedAsPlanWarns() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let plan = try ProcessRunner.run(
            "metro-timer", ["plan", "Lisova", "Teremky", "--at", "10:00", "--date", "2030-12-02"],
            environment: ["METRO_TIMER_HOME": home])
        XCTAssertEqual(plan.code, 0, plan.stderr)
        let warning = try XCTUnwrap(
            plan.stdout.split(separator: "\n").first { $0.hasPrefix("⚠ The timetable is dated") }.map {
                String($0.dropFirst(2))
            }, plan.stdout)
        XCTAssertTrue(warning.contains("2030-12-02 is outside it"), warning)
        for mode in [["--plain"], ["--events"], []] {
            let start = try ProcessRunner.run(
                "metro-timer",
                ["start", "Lisova", "Teremky", "--speed", "3600", "--at", "10:00", "--date", "2030-12-02"] + mode,
                environment: ["METRO_TIMER_HOME": home])
            XCTAssertEqual(start.code, 0, start.stderr)
            XCTAssertTrue(start.stderr.contains(warning), "\(mode): \(start.stderr)")
        }
        // Within the dates: no such warning.
        let within = try ProcessRunner.run(
            "metro-timer",
            ["start", "Lisova", "Teremky", "--speed", "3600", "--at", "10:00", "--date", "2026-11-30", "--plain"],
            environment: ["METRO_TIMER_HOME": home])
        XCTAssertFalse(within.stderr.contains("The timetable is dated"), within.stderr)
    }
}
