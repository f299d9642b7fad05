import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The two presses that end a ride (`a a`, `s s`): the screen says so at the arrival, another key
/// takes the question back, and in a rehearsal the presses are ten real seconds apart.
final class TwoPressesTests: XCTestCase {
    let t0 = Kyiv.date("2026-11-30 10:00")

    func ride(keys: [(at: Date, key: Character)], speed: Double? = nil) throws -> (
        exit: LiveRide.Exit, frames: [String]
    ) {
        let time = ManualTime(t0)
        let directory = try TestPaths.temporaryDirectory(self) + "/state"
        let store = FileTripStore(directory: directory)
        let service = TripService(
            store: store, engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), language: .en)
        _ = try service.start(
            origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: t0, replace: false)
        let output = StringSink()
        let context = Context(
            arguments: [], environment: ["METRO_TIMER_HOME": directory], stdout: output, stderr: StringSink(),
            now: { time.now }, tapped: t0, stdoutIsTerminal: true, clock: Kyiv.clock, columns: 80)
        let clock: RideClock =
            speed.map { .rehearsal({ time.now }, speed: $0, startingAt: t0) } ?? .system({ time.now })
        let ride = LiveRide(
            service: service, context: context, options: GlobalOptions(language: .en, color: false), output: .screen,
            clock: clock, keys: ScriptedKeys(time: time, script: keys), rehearsal: speed != nil, width: { 80 },
            height: { 24 },
            delivery: nil)
        let exit = try ride.run()
        return (exit, output.text.components(separatedBy: "\u{1B}[H").filter { !$0.isEmpty })
    }

    func testAnotherKeyTakesTheQuestionOffTheScreen() throws {
        let (exit, frames) = try ride(keys: [
            (t0.addingTimeInterval(7), "a"), (t0.addingTimeInterval(8), "x"), (t0.addingTimeInterval(10), "q"),
        ])
        XCTAssertEqual(exit, .left)
        XCTAssertTrue(frames.contains { $0.contains("Press a again to confirm the arrival") }, "the question was asked")
        // The frames after the cancelling key (the last ones, 8–10 s) no longer ask it.
        let last = try XCTUnwrap(frames.last)
        XCTAssertFalse(last.contains("Press a again"), last)
    }

    func testTheScreenSaysTwoPressesAtTheArrival() throws {
        let trip = TestRide.trip(t0: t0)
        let schedule = try TestRide.schedule(trip)
        for (language, text) in [
            (Language.en, "Press a twice to confirm."), (.uk, "Натисніть a двічі, щоб підтвердити."),
        ] {
            let view = RideView(
                network: Kyiv.network, clock: Kyiv.clock, language: language, style: Style(enabled: false), trip: trip,
                schedule: schedule,
                now: schedule.finalArrival.addingTimeInterval(30), rehearsalSpeed: nil, notice: nil)
            let frame = ScreenRenderer().frame(view, width: 120, height: 24).joined(separator: "\n")
            XCTAssertTrue(frame.contains(text), frame)
        }
    }

    func testInARehearsalTheTwoPressesAreTenRealSeconds() throws {
        // ×20: five real seconds between the presses are 100 simulated ones; still a confirmation.
        let (exit, _) = try ride(
            keys: [(t0.addingTimeInterval(1), "s"), (t0.addingTimeInterval(6), "s"), (t0.addingTimeInterval(30), "q")],
            speed: 20)
        XCTAssertEqual(exit, .ended(.stopped))
        // And eleven real seconds are too late, whatever the speed.
        let (late, _) = try ride(
            keys: [
                (t0.addingTimeInterval(1), "s"), (t0.addingTimeInterval(12), "s"), (t0.addingTimeInterval(13), "q"),
            ], speed: 1)
        XCTAssertEqual(late, .left)
    }
}
