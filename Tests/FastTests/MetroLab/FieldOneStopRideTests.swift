import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroLab

/// The field pool's rule for a ride of one stop: its "yours is next" is due at the tap, and the
/// train left the stop before (the origin) before anyone could tap, so the alert is never late,
/// as in the simulator. Without the rule a late tap would count as a late alert.
final class FieldOneStopRideTests: XCTestCase {
    func testAOneStopRideTappedLateIsNotCountedLate() throws {
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        let lisova = Kyiv.station("Lisova").code
        let next = Kyiv.station("Chernihivska").code
        // Lisova → Chernihivska is one stop on M1.
        let route = try Router(network: Kyiv.network).route(from: lisova, to: next)
        XCTAssertEqual(route.legs.map(\.stations.count), [2])
        // The tap came late: the train arrived 100 s after it, sooner than any published run
        // between the two stations (the fast pattern's run is longer), so it had already left.
        let trip = Trip(id: "late-tap", origin: lisova, destination: next, t0: Kyiv.date("2026-11-30 10:00:00"))
        let record = JournalRecord(
            trip: trip, model: try TripModel(engine: engine, trip: trip), outcome: .arrived,
            at: Kyiv.date("2026-11-30 10:01:40"))
        let made = SharedJournal.make([record], network: Kyiv.network, program: "0.1.0")
        let rides = SharedJournal.read(Array(made.lines.joined(separator: "\n").utf8), network: Kyiv.network).rides
        XCTAssertEqual(rides.count, 1)
        // The ride on its own reads late: the alert (due at the tap, 0 s) came after the arrival
        // less the model's last step.
        let ride = try XCTUnwrap(rides.first)
        XCTAssertEqual(ride.confirmed, 100)
        XCTAssertEqual(ride.moments.alert, 0)
        XCTAssertGreaterThan(try XCTUnwrap(ride.moments.lastStep), 100)
        XCTAssertEqual(ride.late, true)
        // The pool knows the train had left before the tap: measured, and not late.
        let pool = FieldPool(rides, engine: engine)
        XCTAssertEqual(pool.overall.late.total, 1)
        XCTAssertEqual(pool.overall.late.count, 0)
    }
}
