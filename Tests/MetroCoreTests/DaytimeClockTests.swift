import Foundation
import XCTest

/// The clock of the tests that start real rides (DaytimeClock): it moves only the night, and a
/// real process on it sees the moved time with its arguments intact.
final class DaytimeClockTests: XCTestCase {
    func testOnlyTheNightIsMovedAndToTen() {
        let hour: TimeInterval = 3600
        XCTAssertEqual(DaytimeClock.offset(at: Kyiv.date("2026-12-02 12:00")), 0)
        XCTAssertEqual(DaytimeClock.offset(at: Kyiv.date("2026-12-02 06:00")), 0)
        XCTAssertEqual(DaytimeClock.offset(at: Kyiv.date("2026-12-02 21:59:59")), 0)
        XCTAssertEqual(DaytimeClock.offset(at: Kyiv.date("2026-12-02 04:00")), 6 * hour)
        XCTAssertEqual(DaytimeClock.offset(at: Kyiv.date("2026-12-02 05:59:30")), 4 * hour + 30)
        XCTAssertEqual(DaytimeClock.offset(at: Kyiv.date("2026-12-02 22:00")), 12 * hour, "to 10:00 the next day")
        XCTAssertEqual(DaytimeClock.offset(at: Kyiv.date("2026-12-02 00:30")), 9.5 * hour)
    }

    func run(_ arguments: [String], offset: TimeInterval) throws -> ProcessRunner.Result {
        let variables: [String: String]
        do { variables = try DaytimeClock.variables(offset: offset) } catch let error as DaytimeClock.Unavailable {
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail(error.reason) }  // .ci/run installs faketime
            throw XCTSkip(error.reason)
        }
        let home = try TestPaths.temporaryDirectory(self)
        return try ProcessRunner.run("metro-timer", arguments, environment: variables.merging(["METRO_TIMER_HOME": home, "LANG": "C.UTF-8", "NO_COLOR": "1"]) { $1 })
    }

    /// Seconds from now to the next `hour`:00 in Kyiv.
    func untilNext(_ hour: Int) -> TimeInterval {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Kyiv")!
        let now = Date()
        return calendar.nextDate(after: now, matching: DateComponents(hour: hour, minute: 0, second: 0), matchingPolicy: .nextTime)!.timeIntervalSince(now).rounded(.up)
    }

    func testAProcessOnTheClockSeesTheMovedTimeAndKeepsItsArguments() throws {
        let version = try ProcessRunner.run("metro-timer", ["--version"])
        XCTAssertEqual(try run(["--version"], offset: 3600).stdout, version.stdout, "the arguments reach the product")

        let night = try run(["plan", "Lisova", "Teremky"], offset: untilNext(4))
        XCTAssertEqual(night.code, 0, night.stderr)
        XCTAssertTrue(night.stdout.contains("Trains are not running yet at 04:00"), night.stdout)

        let day = try run(["plan", "Lisova", "Teremky"], offset: untilNext(10))
        XCTAssertEqual(day.code, 0, day.stderr)
        XCTAssertFalse(day.stdout.contains("not running"), day.stdout)
        XCTAssertTrue(day.stdout.contains("● Lisova"), day.stdout)
        let first = try XCTUnwrap(day.stdout.split(separator: "\n").first { $0.contains("● Lisova") })
        XCTAssertTrue(first.contains("10:00"), "a ride that starts now, at 10:00: \(first)")
    }
}
