import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// A rehearsal takes a key at the ride second its screen shows. At ×120 a real hundredth of a
/// second is more than a ride second: the ride must use the moment `--events` reports, or a
/// replay of it (the card pressed at that second, `status` on a trip corrected then) is another
/// ride. The differential sweep found the card counting 3 stops where the rehearsal, whose +1
/// fell a fraction past the second its event reported, counted 4.
final class RehearsalKeySecondTests: XCTestCase {
    func testAKeyInARehearsalIsTakenAtTheSecondItsEventReports() throws {
        // At ×120, and at ×1 (a rehearsal too, though its clock runs as the real one).
        try rehearse(speed: 120)
        try rehearse(speed: 1)
    }

    func rehearse(speed: Double) throws {
        let t0 = Kyiv.date("2026-12-07 08:15")
        let time = ManualTime(t0)
        let store = MemoryTripStore(
            trip: Trip(
                id: "rehearsal", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Arsenalna").code,
                t0: t0))
        let service = TripService(
            store: store, engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), language: .en)
        let output = StringSink()
        let context = Context(
            arguments: [], environment: [:], stdout: output, stderr: StringSink(), now: { time.now }, tapped: t0,
            stdoutIsTerminal: false, clock: Kyiv.clock, columns: 80)
        // Typed 26.75 ride seconds in (real: 26.75 / speed s), left 5 ride minutes in.
        let keys = ScriptedKeys(
            time: time,
            script: [(t0.addingTimeInterval(26.75 / speed), "+"), (t0.addingTimeInterval(300.0 / speed), "q")])
        let ride = LiveRide(
            service: service, context: context, options: GlobalOptions(language: .en, color: false), output: .events,
            clock: .rehearsal({ time.now }, speed: speed, startingAt: t0), keys: keys, rehearsal: true, width: { 80 },
            delivery: nil)
        XCTAssertEqual(try ride.run(), .left)
        let corrections = try XCTUnwrap(store.load()).corrections
        XCTAssertEqual(corrections.count, 1, "×\(speed): \(output.text)")
        XCTAssertEqual(
            corrections.first?.time, t0.addingTimeInterval(26), "×\(speed): the ride second the screen showed")
        let events = output.text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let reported = events.first { $0["event"] as? String == "correction" }?["time"] as? String
        XCTAssertEqual(reported, "2026-12-07T08:15:26+02:00", "×\(speed): \(output.text)")
    }
}
