import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Small things a rider hits: a route named like a station, a station given twice, the two
/// presses that end a ride, a terminal too small to draw in.
final class RiderDetailsTests: XCTestCase {
    func environment() throws -> [String: String] {
        let base = try TestPaths.temporaryDirectory(self)
        return ["METRO_TIMER_CONFIG": base + "/config", "METRO_TIMER_HOME": base + "/state", "NO_COLOR": "1"]
    }

    func testARouteMayNotTakeAStationsName() throws {
        let env = try environment()
        let lisova = Kyiv.station("Lisova")
        for name in ["Lisova", "lisova", "Лісова", "Lesnaya", lisova.code] {
            let result = CLI.run(["routes", "add", name, "Teremky", "Lisova"], environment: env)
            XCTAssertEqual(result.code, 64, name)
            XCTAssertTrue(
                result.stderr.hasPrefix(
                    "Error: The name '\(name)' already means the station Lisova: 'metro-timer plan \(name)' would read it as the station. Choose another name.\n"
                ), result.stderr)
        }
        XCTAssertEqual(
            CLI.run(["routes", "add", "home", "Lisova", "Teremky"], environment: env).code, 0,
            "a name of its own is fine")
        // Nothing was saved under a station's name: plan Lisova still starts at Lisova.
        let plan = CLI.run(["plan", "Lisova", "Syrets", "--at", "10:00"], environment: env)
        XCTAssertEqual(plan.code, 0, plan.stderr)
        XCTAssertTrue(plan.stdout.hasPrefix("Lisova → Syrets"), plan.stdout)
    }

    func testAStationGivenTwiceIsSaidSo() throws {
        let env = try environment()
        for arguments in [["--closed", "Dnipro", "--closed", "Dnipro"], ["--closed", "Dnipro", "--closed", "Дніпро"]] {
            let result = CLI.run(["changes", "add"] + arguments, environment: env)
            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertTrue(
                result.stderr.hasPrefix("Error: Dnipro is given twice\nUsage: metro-timer changes"), result.stderr)
        }
        let suspended = CLI.run(
            ["changes", "add", "--suspended", "Hidropark-Dnipro", "--suspended", "Hidropark-Dnipro"], environment: env)
        XCTAssertEqual(suspended.code, 64)
        XCTAssertTrue(suspended.stderr.hasPrefix("Error: 'Hidropark-Dnipro' is given twice\n"), suspended.stderr)
        let uk = CLI.run(
            ["changes", "add", "--closed", "Dnipro", "--closed", "Dnipro", "--lang", "uk"], environment: env)
        XCTAssertTrue(uk.stderr.hasPrefix("Помилка: Дніпро вказано двічі\n"), uk.stderr)
        // Nothing was written.
        XCTAssertTrue(CLI.run(["changes", "list"], environment: env).stdout.hasPrefix("No service changes."))
    }

    // MARK: - The two presses

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
        let trip = Trip(id: "t", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: t0)
        let schedule = try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip)
            .current(trip)
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

    // MARK: - Too small

    func testBelowFortyByTenTheScreenSaysSo() throws {
        let trip = Trip(id: "t", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: t0)
        let schedule = try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip)
            .current(trip)
        // (40×10 and up are drawn whole: ScreenLayoutTests.)
        for (width, height) in [(39, 24), (80, 9), (20, 6), (10, 3)] {
            for language in Language.allCases {
                let view = RideView(
                    network: Kyiv.network, clock: Kyiv.clock, language: language, style: Style(enabled: false),
                    trip: trip, schedule: schedule,
                    now: t0.addingTimeInterval(60), rehearsalSpeed: nil, notice: nil)
                let lines = ScreenRenderer().frame(view, width: width, height: height)
                XCTAssertLessThanOrEqual(lines.count, height, "\(width)×\(height)")
                for line in lines { XCTAssertLessThanOrEqual(line.count, width, line) }
                XCTAssertTrue(lines.joined(separator: " ").hasPrefix(language.tr("Замалий", "Terminal")), "\(lines)")
            }
        }
    }

    func testASmallRealTerminalShowsTheNoticeThenTheRideWhenItGrows() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            throw XCTSkip("tmux is not installed")
        }
        let socket = "metro-timer-small-\(UUID().uuidString.prefix(8))"
        let directory = try TestPaths.temporaryDirectory(self)
        addTeardownBlock { _ = try? TerminalTests.run(["-L", socket, "kill-server"]) }
        let binary = TestPaths.products.appendingPathComponent("metro-timer").path
        let script =
            "METRO_TIMER_HOME=\(directory)/state TERM=xterm-256color LANG=C.UTF-8 \(binary) start Lisova Teremky --speed 2 --at 12:00 --date 2026-12-09; sleep 600"
        try TerminalTests.run([
            "-L", socket, "new-session", "-d", "-s", "ride", "-x", "30", "-y", "10", "bash", "-c", script,
        ])
        func screen() throws -> String { try TerminalTests.run(["-L", socket, "capture-pane", "-p", "-t", "ride"]) }
        func eventually(_ what: String, _ condition: (String) -> Bool) throws -> String {
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline {
                let shown = try screen()
                if condition(shown) { return shown }
                usleep(50_000)
            }
            XCTFail("timed out waiting for \(what): \(try screen())")
            return try screen()
        }
        let small = try eventually("the notice") { $0.contains("Terminal too small") }
        let lines = small.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(lines.first?.hasPrefix("Terminal too small") ?? false, small)
        XCTAssertFalse(small.contains("Lisova → Teremky"), "no ride drawn into a screen it does not fit")
        try TerminalTests.run(["-L", socket, "resize-window", "-t", "ride", "-x", "80", "-y", "24"])
        _ = try eventually("the ride after growing") { $0.contains("Lisova → Teremky") && !$0.contains("too small") }
        try TerminalTests.run(["-L", socket, "send-keys", "-t", "ride", "q"])
    }
}
