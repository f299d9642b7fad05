import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// "Departed" moves the change's moments; the change's alert, rung before the press, is behind
/// the rider and never rings again. The differential sweep found `--events` and `--plain`
/// ringing "Change is next" a second time at the press (Lisova → Teremky, 08:15 on a Monday,
/// d 1,108 s into the ride) while the card and `status` did not.
final class DepartedRingsNothingAgainTests: XCTestCase {
    func testDepartedAtTheChangeRingsNoChangeAlertAgain() throws {
        try ride(rehearsal: false)
        try ride(rehearsal: true)
    }

    func ride(rehearsal: Bool) throws {
        let t0 = Kyiv.date("2026-12-07 08:15")
        let time = ManualTime(t0)
        let directory = try TestPaths.temporaryDirectory(self) + "/state-\(rehearsal)"
        let store: TripStore =
            rehearsal
            ? MemoryTripStore(
                trip: Trip(
                    id: "rehearsal", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code,
                    t0: t0)) : FileTripStore(directory: directory)
        let service = TripService(
            store: store, engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), language: .en)
        let trip =
            try store.load()
            ?? service.start(
                origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: t0, replace: false)
        let schedule = try service.model(trip).current(trip)
        let output = StringSink()
        let context = Context(
            arguments: [], environment: ["METRO_TIMER_HOME": directory], stdout: output, stderr: StringSink(),
            now: { time.now }, tapped: t0, stdoutIsTerminal: false, clock: Kyiv.clock, columns: 80)
        let keys = ScriptedKeys(
            time: time, script: [(t0.addingTimeInterval(1108), "d"), (schedule.arrival.addingTimeInterval(-60), "q")])
        let ride = LiveRide(
            service: service, context: context, options: GlobalOptions(language: .en, color: false), output: .events,
            clock: .system({ time.now }), keys: keys, rehearsal: rehearsal, width: { 80 }, delivery: nil)
        XCTAssertEqual(try ride.run(), .left)
        let events = output.text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        XCTAssertEqual(events.filter { $0["event"] as? String == "correction" }.count, 1, output.text)
        XCTAssertEqual(
            events.filter { $0["event"] as? String == "transfer-alert" }.count, 1,
            "rehearsal \(rehearsal): \(output.text)")
    }
}
