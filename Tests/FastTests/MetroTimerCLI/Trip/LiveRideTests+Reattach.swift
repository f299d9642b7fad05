import Foundation
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Reopening the ride screen replayed stale alerts. With the screen closed while
/// alerts fell due, `start` (reattach) emitted every overdue alert at once with no lateness,
/// "Change is next" after a confirmed `departed`, and "yours is next" at the arrival. The README
/// says only the latest is delivered, saying how late.
extension LiveRideTests {
    /// The lines of a ride's output that are alerts (`HH:MM:SS  ▶ …`).
    func alertLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.contains("  ▶ ") }.map {
            String($0.drop { $0 != "▶" })
        }
    }

    /// Closed before the first alert, reopened 150 s after "yours is next" was due: the change
    /// alert (long past) and the arrival (not yet) say nothing; "yours is next" says how late it
    /// is with the one duration formatter (150 s: "2 min 30 s", never the floor's "2 min").
    func testReattachShowsOnlyTheLatestDueAlertWithItsLateness() throws {
        let h = try harness()
        let schedule = try h.service.model(h.store.load()!).current(h.store.load()!)
        XCTAssertEqual(try ride(h, keys: [(t0.addingTimeInterval(5), "q")]).0, .left)
        let reopened = schedule.alert.addingTimeInterval(150)
        XCTAssertLessThan(reopened, schedule.arrival, "the arrival is not due yet")
        XCTAssertLessThan(schedule.transferAlert!, schedule.alert)
        h.output.clear()
        h.time.set(reopened)
        XCTAssertEqual(try ride(h, keys: [(reopened.addingTimeInterval(3), "q")]).0, .left)
        XCTAssertEqual(
            alertLines(h.output.text), ["▶ Teremky in about 3 stops: get ready. (2 min 30 s late)"], h.output.text)
        // Both were claimed: neither is said again on the next reattach.
        let fired = try XCTUnwrap(h.store.load()).alertsFired
        XCTAssertNotNil(fired[Trip.Alert.transferAlert.rawValue])
        XCTAssertNotNil(fired[Trip.Alert.alert.rawValue])
        h.output.clear()
        XCTAssertEqual(try ride(h, keys: [(reopened.addingTimeInterval(10), "q")]).0, .left)
        XCTAssertEqual(alertLines(h.output.text), [], h.output.text)
    }

    /// Reopened 10 s after the arrival was due: only the arrival, and no lateness (under a minute).
    func testReattachAtTheArrivalSaysOnlyTheArrival() throws {
        let h = try harness()
        let schedule = try h.service.model(h.store.load()!).current(h.store.load()!)
        XCTAssertEqual(try ride(h, keys: [(t0.addingTimeInterval(5), "q")]).0, .left)
        let reopened = schedule.arrival.addingTimeInterval(10)
        h.output.clear()
        h.time.set(reopened)
        XCTAssertEqual(try ride(h, keys: [(reopened.addingTimeInterval(3), "q")]).0, .left)
        XCTAssertEqual(
            alertLines(h.output.text),
            ["▶ Arriving at Teremky. When you are there, press a twice (or metro-timer arrived)."], h.output.text)
    }

    /// `departed` confirmed from another terminal while the screen was closed: the change is
    /// behind the rider, so its alert is not said on reopening (it is claimed, never delivered).
    func testReattachAfterAConfirmedDepartureDoesNotSayTheChange() throws {
        let h = try harness()
        let schedule = try h.service.model(h.store.load()!).current(h.store.load()!)
        XCTAssertEqual(try ride(h, keys: [(t0.addingTimeInterval(5), "q")]).0, .left)
        let entry = try XCTUnwrap(schedule.entryIndex)
        let departed = try XCTUnwrap(schedule.stops[entry].departure).addingTimeInterval(20)
        _ = try h.service.correct(.departed, at: departed)
        let corrected = try h.service.model(h.store.load()!).current(h.store.load()!)
        XCTAssertLessThan(departed.addingTimeInterval(5), corrected.alert, "yours-is-next is not due yet")
        h.output.clear()
        h.time.set(departed.addingTimeInterval(5))
        XCTAssertEqual(try ride(h, keys: [(departed.addingTimeInterval(8), "q")]).0, .left)
        XCTAssertEqual(alertLines(h.output.text), [], h.output.text)
        XCTAssertNotNil(
            try XCTUnwrap(h.store.load()).alertsFired[Trip.Alert.transferAlert.rawValue],
            "claimed, so the notifier does not say it either")
    }
}
