import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// An open screen shows and announces every alert, whoever claimed it. The claim in
/// the trip file decides which process notifies (notify-send, the command), never which shows.
final class AlertDisplayTests: XCTestCase {
    let t0 = Kyiv.date("2026-11-30 10:00")

    /// The screen in-process on a stepped clock; at each alert's moment another process (the
    /// notifier) claims it first, through the trip file, exactly as the notifier does.
    func rideWhileAnotherProcessClaims(output: RideOutput) throws -> (text: String, delivered: [String]) {
        let time = ManualTime(t0)
        let directory = try TestPaths.temporaryDirectory(self)
        let store = FileTripStore(directory: directory + "/state")
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        let service = TripService(store: store, engine: engine, language: .en)
        _ = try service.start(
            origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: t0, replace: false)
        let trip = try XCTUnwrap(store.load())
        let schedule = try service.model(trip).current(trip)
        // The notifier is a second service over the same file.
        let notifier = TripService(store: FileTripStore(directory: directory + "/state"), engine: engine, language: .en)
        let moments = [schedule.transferAlert!, schedule.alert, schedule.arrival]
        let keys = ScriptedKeys(
            time: time, script: [(schedule.arrival.addingTimeInterval(5), "q")],
            actions: moments.map { moment in
                (
                    moment,
                    {
                        XCTAssertEqual(
                            (try? notifier.claimDueAlerts(at: moment))?.count, 1, "the notifier won \(moment)")
                    }
                )
            })
        let out = StringSink()
        let context = Context(
            arguments: [], environment: ["METRO_TIMER_HOME": directory + "/state"], stdout: out, stderr: StringSink(),
            now: { time.now }, tapped: t0, stdoutIsTerminal: false, clock: Kyiv.clock, columns: 80)
        // This screen's own channels: a command that records what it was given.
        let delivered = directory + "/delivered"
        let delivery = AlertDelivery(
            context: DeliveryContext(
                environment: ["PATH": "/usr/bin:/bin"], terminal: nil,
                command: "/bin/cat >> \(delivered); echo >> \(delivered)", language: .en))
        let ride = LiveRide(
            service: service, context: context, options: GlobalOptions(language: .en, color: false), output: output,
            clock: .system({ time.now }), keys: keys, rehearsal: false, width: { 80 }, delivery: delivery)
        XCTAssertEqual(try ride.run(), .left)
        let records = ((try? String(contentsOfFile: delivered, encoding: .utf8)) ?? "").split(separator: "\n").map(
            String.init)
        return (out.text, records)
    }

    func testPlainSpeaksEveryAlertTheNotifierClaimed() throws {
        let (text, delivered) = try rideWhileAnotherProcessClaims(output: .lines(plain: true))
        for sentence in [
            "Change at Khreshchatyk in about 2 stops: get ready.", "Teremky in about 3 stops: get ready.",
            "Arriving at Teremky.",
        ] {
            XCTAssertEqual(text.components(separatedBy: "\n" + sentence).count - 1, 1, "\(sentence) once in:\n\(text)")
        }
        XCTAssertEqual(delivered, [], "the notifier that claimed them notified; this screen only shows")
    }

    func testEventsEmitEveryAlertTheNotifierClaimed() throws {
        let (text, delivered) = try rideWhileAnotherProcessClaims(output: .events)
        let events = text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        XCTAssertEqual(
            events.compactMap { $0["event"] as? String }.filter {
                ["transfer-alert", "alert", "arrival"].contains($0)
            }, ["transfer-alert", "alert", "arrival"], text)
        XCTAssertEqual(delivered, [])
    }

    func testTheLineOutputAndTheScreenShowThemToo() throws {
        let (text, _) = try rideWhileAnotherProcessClaims(output: .lines(plain: false))
        XCTAssertEqual(text.components(separatedBy: "▶ Teremky in about 3 stops: get ready.").count - 1, 1, text)
        let (screen, _) = try rideWhileAnotherProcessClaims(output: .screen)
        // The screen rings its own bell for each of the three.
        XCTAssertEqual(screen.filter { $0 == "\u{7}" }.count, 3)
    }

    /// Alerts this screen claimed itself are still delivered by it, once each.
    func testAnAlertThisScreenClaimsIsShownAndDeliveredOnce() throws {
        let time = ManualTime(t0)
        let directory = try TestPaths.temporaryDirectory(self)
        let store = FileTripStore(directory: directory + "/state")
        let service = TripService(
            store: store, engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), language: .en)
        _ = try service.start(
            origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Darnytsia").code, t0: t0, replace: false)
        let trip = try XCTUnwrap(store.load())
        let schedule = try service.model(trip).current(trip)
        let out = StringSink()
        let context = Context(
            arguments: [], environment: ["METRO_TIMER_HOME": directory + "/state"], stdout: out, stderr: StringSink(),
            now: { time.now }, tapped: t0, stdoutIsTerminal: false, clock: Kyiv.clock, columns: 80)
        let delivered = directory + "/delivered"
        let delivery = AlertDelivery(
            context: DeliveryContext(
                environment: ["PATH": "/usr/bin:/bin"], terminal: nil,
                command: "/bin/cat >> \(delivered); echo >> \(delivered)", language: .en))
        let ride = LiveRide(
            service: service, context: context, options: GlobalOptions(language: .en, color: false),
            output: .lines(plain: true),
            clock: .system({ time.now }),
            keys: ScriptedKeys(time: time, script: [(schedule.arrival.addingTimeInterval(5), "q")]),
            rehearsal: false, width: { 80 }, delivery: delivery)
        XCTAssertEqual(try ride.run(), .left)
        XCTAssertEqual(
            out.text.components(separatedBy: "\nDarnytsia in about 2 stops: get ready.").count - 1, 1, out.text)
        let records = try String(contentsOfFile: delivered, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(records.count, 2, "yours is next and the arrival, each once: \(records)")
    }

    // MARK: - Real processes

    var binary: String { TestPaths.products.appendingPathComponent("metro-timer").path }

    func writeTrip(home: String, alertIn seconds: TimeInterval) throws -> Trip {
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        var trip = Trip(
            id: UUID().uuidString.lowercased(), origin: Kyiv.station("Lisova").code,
            destination: Kyiv.station("Darnytsia").code, t0: Date())
        let offset = try TripModel(engine: engine, trip: trip).current(trip).alert.timeIntervalSince(trip.t0)
        trip = Trip(
            id: trip.id, origin: trip.origin, destination: trip.destination,
            t0: Date().addingTimeInterval(seconds - offset))
        try FileTripStore(directory: home).update { (current: inout Trip?) throws(CLIError) in current = trip }
        return trip
    }

    func eventually(_ what: String, seconds: Double = 30, _ condition: () -> Bool, _ detail: () -> String = { "" }) {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() && Date() < deadline { usleep(50_000) }
        XCTAssertTrue(condition(), "timed out waiting for \(what): \(detail())")
    }

    /// `start --plain` writing to a file, read as it grows.
    func openScreen(_ arguments: [String], environment: [String: String]) throws -> (Process, () -> String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in ["METRO_TIMER_LANG", "LC_ALL", "LANG", "METRO_TIMER_ALERT_COMMAND", "METRO_TIMER_AIR_RAID"] {
            env[key] = nil
        }
        env.merge(environment) { $1 }
        process.environment = env
        let path = try TestPaths.temporaryDirectory(self) + "/screen.out"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        process.standardOutput = FileHandle(forWritingAtPath: path)
        XCTAssertTrue(FileManager.default.createFile(atPath: path + ".err", contents: nil))
        process.standardError = FileHandle(forWritingAtPath: path + ".err")
        process.standardInput = FileHandle.nullDevice
        try process.run()
        addTeardownBlock {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        return (
            process,
            {
                ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
                    + ((try? String(contentsOfFile: path + ".err", encoding: .utf8)) ?? "")
            }
        )
    }

    /// The real race: the detached notifier and an open `start --plain`, both on the same trip.
    /// Whoever claims "yours is next", it is notified once and spoken on the screen once.
    func testARealNotifierAndAnOpenPlainScreenBothShowAndNotifyOnce() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        let home = directory + "/state"
        let bin = directory + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\necho \"notify-send $*\" >> \(directory)/calls\n".write(
            toFile: bin + "/notify-send", atomically: true, encoding: .utf8)
        chmod(bin + "/notify-send", 0o755)
        _ = try writeTrip(home: home, alertIn: 4)
        let environment = [
            "METRO_TIMER_HOME": home, "PATH": bin + ":/usr/bin:/bin", "DISPLAY": ":0", "LANG": "C.UTF-8",
            "METRO_TIMER_ALERT_BACKEND": "notifier", "METRO_TIMER_CONFIG": directory + "/config",
        ]
        // The notifier first (a `status` arms it), then the screen.
        XCTAssertEqual(try ProcessRunner.run("metro-timer", ["status"], environment: environment).code, 0)
        let (screen, output) = try openScreen(["start", "--plain"], environment: environment)
        func calls() -> [String] {
            ((try? String(contentsOfFile: directory + "/calls", encoding: .utf8)) ?? "").split(separator: "\n").map(
                String.init)
        }
        eventually(
            "the screen to speak yours is next", { output().contains("Darnytsia in about 2 stops: get ready.") },
            { output() + " calls: \(calls())" })
        eventually("one notification") { calls().count == 1 }
        usleep(1_500_000)
        XCTAssertEqual(calls().count, 1, "notified exactly once: \(calls())")
        XCTAssertEqual(output().components(separatedBy: "Darnytsia in about 2 stops: get ready.").count - 1, 1)
        XCTAssertEqual(try ProcessRunner.run("metro-timer", ["stop"], environment: environment).code, 0)
        screen.waitUntilExit()
    }

    /// No `scheduled-alerts.json` (the backend off, the trip reattached): the screen's own
    /// delivery runs the `alerts command` setting, as the notifier would.
    func testTheOpenScreensFallbackRunsTheAlertCommandSetting() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        let home = directory + "/state"
        let config = directory + "/config"
        let hook = directory + "/hook"
        XCTAssertEqual(
            CLI.run(["alerts", "command", "/bin/cat >> \(hook)"], environment: ["METRO_TIMER_CONFIG": config]).code, 0)
        _ = try writeTrip(home: home, alertIn: 3)
        let environment = [
            "METRO_TIMER_HOME": home, "METRO_TIMER_CONFIG": config, "METRO_TIMER_ALERT_BACKEND": "off",
            "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
        ]
        let (screen, output) = try openScreen(["start", "--plain"], environment: environment)
        eventually("yours is next", { output().contains("Darnytsia in about 2 stops: get ready.") }, { output() })
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/scheduled-alerts.json"), "the fallback path")
        eventually("the hook") {
            ((try? String(contentsOfFile: hook, encoding: .utf8)) ?? "").contains("\"event\":\"alert\"")
        }
        XCTAssertEqual(try ProcessRunner.run("metro-timer", ["stop"], environment: environment).code, 0)
        screen.waitUntilExit()
    }
}

/// A screen whose terminal vanished without a SIGHUP, and a notifier late.
final class LateAndLostTests: XCTestCase {
    let t0 = Kyiv.date("2026-11-30 10:00")

    /// Keys that stop after a few frames with the terminal gone, as `PollingKeySource` reports a
    /// hung-up terminal (its end of input).
    final class VanishingKeys: KeySource {
        let time: ManualTime
        var waits = 0
        var terminalLost: Bool { waits >= 5 }
        init(time: ManualTime) { self.time = time }
        func wait(milliseconds: Int) -> [UInt8] {
            waits += 1
            time.set(time.now.addingTimeInterval(Double(milliseconds) / 1000))
            return []
        }
    }

    func testALostTerminalEndsTheScreenAndKeepsTheTrip() throws {
        let time = ManualTime(t0)
        let directory = try TestPaths.temporaryDirectory(self) + "/state"
        let store = FileTripStore(directory: directory)
        let service = TripService(
            store: store, engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), language: .en)
        _ = try service.start(
            origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: t0, replace: false)
        let context = Context(
            arguments: [], environment: ["METRO_TIMER_HOME": directory], stdout: StringSink(), stderr: StringSink(),
            now: { time.now }, tapped: t0, stdoutIsTerminal: true, clock: Kyiv.clock, columns: 80)
        let keys = VanishingKeys(time: time)
        let ride = LiveRide(
            service: service, context: context, options: GlobalOptions(language: .en, color: false), output: .screen,
            clock: .system({ time.now }), keys: keys, rehearsal: false, width: { 80 }, delivery: nil)
        XCTAssertEqual(try ride.run(), .left)
        XCTAssertEqual(keys.waits, 5, "it leaves at the first frame after the terminal went, not 26 s later")
        XCTAssertNil(try store.load()?.ended, "the trip goes on")
    }

    /// The terminal's end of input is what `PollingKeySource` takes for a hang-up: on a pty whose
    /// other side closed, with no signal at all.
    func testAHungUpPtyIsSeenAsLost() throws {
        var master: Int32 = 0
        var slave: Int32 = 0
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw XCTSkip("no pty") }
        let saved = dup(0)
        defer {
            dup2(saved, 0)
            close(saved)
        }
        dup2(slave, 0)
        close(slave)
        let keys = PollingKeySource(readInput: true, wakeDescriptor: -1, inputIsTerminal: isatty(0) == 1)
        XCTAssertTrue(isatty(0) == 1)
        // (The pty is in canonical mode here: a line is what becomes readable.)
        _ = write(master, "+\n", 2)
        XCTAssertEqual(keys.wait(milliseconds: 1000), Array("+\n".utf8))
        XCTAssertFalse(keys.terminalLost)
        close(master)
        _ = keys.wait(milliseconds: 1000)
        XCTAssertTrue(keys.terminalLost)
    }

    /// A notifier that starts late, after the change, yours-is-next and the arrival are all
    /// due, delivers only the latest, saying how late, and claims them all.
    func testALateNotifierDeliversOnlyTheLatestAndSaysHowLate() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        let store = FileTripStore(directory: directory + "/state")
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        let trip = Trip(
            id: "late", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code,
            t0: Date().addingTimeInterval(-3 * 3600))
        try store.update { (current: inout Trip?) throws(CLIError) in current = trip }
        let model = try TripModel(engine: engine, trip: trip)
        let schedule = model.current(trip)
        let now = schedule.arrival.addingTimeInterval(150)
        let delivered = directory + "/delivered"
        let scheduler = AlertScheduler(
            store: store,
            environment: [
                "METRO_TIMER_ALERT_BACKEND": "off",
                "METRO_TIMER_ALERT_COMMAND": "/bin/cat >> \(delivered); echo >> \(delivered)", "PATH": "/usr/bin:/bin",
            ],
            executable: "", language: .en, commandSetting: nil, note: { _ in })
        scheduler.sync(trip, model: model, schedule: schedule, at: now, starting: true)
        scheduler.deliverDue(at: now)
        let lines = try String(contentsOfFile: delivered, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "only the latest: \(lines)")
        let event = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(event["event"] as? String, "arrival")
        XCTAssertEqual(event["lateSeconds"] as? Int, 150)
        XCTAssertTrue((event["message"] as? String)?.hasSuffix("(2 min 30 s late)") == true, "\(event)")
        XCTAssertEqual(
            try XCTUnwrap(try store.load()).alertsFired.keys.sorted(), ["alert", "arrival", "transfer-alert"],
            "all claimed")
    }
}
