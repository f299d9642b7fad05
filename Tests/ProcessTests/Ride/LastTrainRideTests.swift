import Foundation
import MetroTestSupport
import XCTest

/// The last train's rider, as real processes. A rehearsal (`--speed`) runs the whole ride from
/// a given t₀, so every mode is read to its end without waiting on the wall clock.
final class LastTrainRideTests: XCTestCase {
    /// Lisova → Teremky from 22:31 on a weekday (a tap after Lisova's last, 22:30:00, so that
    /// train): the last M2 toward Teremky leaves Maidan Nezalezhnosti at 22:45:50 and the last
    /// M1 reaches Khreshchatyk after it. Forced, the ride still says it cannot be completed,
    /// in `--plain` and in `--events`
    /// (said at 22:30, before that M2 leaves: in the present).
    func testAForcedRideAfterTheLastConnectionWarnsInEveryMode() throws {
        let home = try TestPaths.temporaryDirectory(self)
        let ride = [
            "start", "Lisova", "Teremky", "--speed", "1200", "--at", "22:31", "--date", "2026-12-02", "--force",
        ]
        let environment = ["METRO_TIMER_HOME": home, "METRO_TIMER_ALERT_BACKEND": "off"]
        let plain = try ProcessRunner.run("metro-timer", ride + ["--plain"], environment: environment)
        XCTAssertEqual(plain.code, 0, plain.stderr)
        XCTAssertTrue(
            plain.stdout.contains(
                "The route cannot be completed: the last M2 train toward Teremky leaves Maidan Nezalezhnosti at 22:45:50, before you can be there."
            ),
            plain.stdout)
        XCTAssertTrue(
            plain.stdout.hasPrefix(
                "Start tapped 1 min after the last train left Lisova (22:30:00): that is your train"), plain.stdout)
        let events = try ProcessRunner.run("metro-timer", ride + ["--events"], environment: environment)
        XCTAssertEqual(events.code, 0, events.stderr)
        XCTAssertTrue(events.stdout.contains("\"cannot-complete\""), events.stdout)
    }
}
