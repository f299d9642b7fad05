import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Alerts that fire with no screen open: systemd user timers (fake `systemd-run`/`systemctl` on
/// PATH record the exact calls), the detached notifier (real processes), and every channel.
final class AlertDeliveryTests: XCTestCase {
    var directory = ""
    var bin: String { directory + "/bin" }
    var home: String { directory + "/state" }
    var binary: String { TestPaths.products.appendingPathComponent("metro-timer").path }

    override func setUpWithError() throws {
        directory = try TestPaths.temporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    }

    /// A fake tool that appends its name and arguments to `calls`.
    func fake(_ name: String) throws {
        try "#!/bin/sh\necho \"\(name) $*\" >> \(directory)/calls\n".write(
            toFile: bin + "/" + name, atomically: true, encoding: .utf8)
        chmod(bin + "/" + name, 0o755)
    }

    func calls() -> [String] {
        ((try? String(contentsOfFile: directory + "/calls", encoding: .utf8)) ?? "").split(separator: "\n").map(
            String.init)
    }

    func environment(systemd: Bool) -> [String: String] {
        var environment = [
            "METRO_TIMER_HOME": home, "PATH": bin + ":/usr/bin:/bin", "XDG_RUNTIME_DIR": directory + "/run",
            "LANG": "C.UTF-8", "DISPLAY": ":0",
        ]
        environment["METRO_TIMER_ALERT_BACKEND"] = nil
        if systemd {
            try? FileManager.default.createDirectory(
                atPath: directory + "/run/systemd", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: directory + "/run/systemd/private", contents: nil)
        }
        return environment
    }

    func run(_ arguments: [String], _ environment: [String: String]) throws -> ProcessRunner.Result {
        try ProcessRunner.run("metro-timer", arguments, environment: environment)
    }

    func store() -> FileTripStore { FileTripStore(directory: home) }

    func trip() throws -> Trip { try XCTUnwrap(try store().load()) }

    /// The timers the trip's schedule calls for now, as `systemd-run` is asked for them.
    func expectedRuns(_ trip: Trip) throws -> [String] {
        let model = try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip)
        return model.pendingAlerts(trip, schedule: model.current(trip)).map { pending in
            let unit = "metro-timer-\(trip.id.prefix(8))-\(pending.alert.rawValue)"
            return
                "systemd-run --user --quiet --collect --unit=\(unit) --on-calendar=\(AlertScheduler.calendar(pending.time)) "
                + "--timer-property=AccuracySec=1s --setenv=METRO_TIMER_HOME=\(home) -- "
                + "\(URL(fileURLWithPath: binary).resolvingSymlinksInPath().path) __fire \(trip.id) \(pending.alert.rawValue)"
        }
    }

    func stops(_ trip: Trip) -> [String] {
        ["transfer-alert", "alert", "arrival"].map {
            "systemctl --user stop metro-timer-\(trip.id.prefix(8))-\($0).timer"
        }
    }

    /// Starts a real ride on a pipe and ends its screen once the alerts are scheduled.
    func startRide(_ from: String, _ to: String, _ environment: [String: String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["start", from, to]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: home + "/scheduled-alerts.json") && Date() < deadline
            && process.isRunning
        { usleep(20_000) }
        process.terminate()
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: home + "/scheduled-alerts.json"),
            "no alerts scheduled; start said: \(said)")
        XCTAssertNil(try trip().ended, "leaving the screen leaves the trip going")
    }

    func testSystemdTimersFollowTheTripFromStartThroughCorrectionsToArrival() throws {
        try fake("systemd-run")
        try fake("systemctl")
        // A real ride on the wall clock, at a moment trains run (DaytimeClock).
        let environment = try environment(systemd: true).merging(DaytimeClock.environment()) { $1 }
        try startRide("Lisova", "Teremky", environment)
        let started = try trip()
        let first = try expectedRuns(started)
        XCTAssertEqual(first.count, 3, "change is next, yours is next, arrival")
        XCTAssertEqual(calls(), first, "start schedules one timer per moment")

        // A correction from another terminal: every moment moves, so each timer is replaced.
        XCTAssertEqual(try run(["adjust", "-3"], environment).code, 0)
        let corrected = try trip()
        let second = try expectedRuns(corrected)
        XCTAssertNotEqual(second, first)
        XCTAssertEqual(calls(), first + stops(started) + second)

        // A command that changes nothing calls nothing.
        XCTAssertEqual(try run(["status"], environment).code, 0)
        XCTAssertEqual(calls().count, 9)
        let pending = try run(["alerts", "pending"], environment)
        XCTAssertTrue(
            pending.stdout.contains("systemd metro-timer-\(started.id.prefix(8))-alert.timer"), pending.stdout)

        // The end of the trip cancels what is left.
        XCTAssertEqual(try run(["arrived"], environment).code, 0)
        XCTAssertEqual(calls(), first + stops(started) + second + stops(started))
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/scheduled-alerts.json"))
    }

    func testAFailingSystemdRunFallsBackToTheNotifier() throws {
        try "#!/bin/sh\nexit 1\n".write(toFile: bin + "/systemd-run", atomically: true, encoding: .utf8)
        chmod(bin + "/systemd-run", 0o755)
        try fake("systemctl")
        var environment = try environment(systemd: true).merging(DaytimeClock.environment()) { $1 }
        try startRide("Lisova", "Teremky", environment)
        environment["METRO_TIMER_ALERT_BACKEND"] = nil
        let pending = try run(["alerts", "pending", "--json"], environment)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(pending.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["backend"] as? String, "notifier")
        XCTAssertNotNil(object["notifierPID"], "a notifier runs instead")
        XCTAssertEqual(try run(["stop"], environment).code, 0)
        try waitForNotifierToExit()
    }

    /// A trip whose "yours is next" falls due `seconds` from now, written as `start` would.
    func writeTrip(_ from: String, _ to: String, alertIn seconds: TimeInterval) throws -> Trip {
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        var trip = Trip(
            id: UUID().uuidString.lowercased(), origin: Kyiv.station(from).code, destination: Kyiv.station(to).code,
            t0: Date())
        let model = try TripModel(engine: engine, trip: trip)
        let offset = model.current(trip).alert.timeIntervalSince(trip.t0)
        trip = Trip(
            id: trip.id, origin: trip.origin, destination: trip.destination,
            t0: Date().addingTimeInterval(seconds - offset))
        try store().update { (current: inout Trip?) throws(CLIError) in current = trip }
        return trip
    }

    func notified() -> [String] { calls().filter { $0.hasPrefix("notify-send") } }

    func eventually(_ what: String, seconds: Double = 30, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() && Date() < deadline { usleep(50_000) }
        XCTAssertTrue(condition(), "timed out waiting for \(what); calls: \(calls())")
    }

    func notifierPID() -> pid_t? {
        AlertScheduler(
            store: store(), environment: [:], executable: "", language: .en, commandSetting: nil, note: { _ in }
        ).notifierPID()
    }

    func waitForNotifierToExit() throws {
        eventually("the notifier to exit") { notifierPID() == nil }
    }

    func testTheDetachedNotifierDeliversEachAlertOnceWithNoScreenOpen() throws {
        try fake("notify-send")
        let environment = environment(systemd: false)
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            throw XCTSkip("tmux is not installed")
        }
        // A ride whose "yours is next" falls due in 6 s; the screen is opened and left with q.
        _ = try writeTrip("Lisova", "Darnytsia", alertIn: 6)
        let socket = "metro-timer-alerts-\(UUID().uuidString.prefix(8))"
        addTeardownBlock { _ = try? TerminalTests.run(["-L", socket, "kill-server"]) }
        let variables = environment.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
        try TerminalTests.run([
            "-L", socket, "new-session", "-d", "-s", "ride", "-x", "80", "-y", "24", "bash", "-c",
            "env \(variables) TERM=xterm-256color \(binary) start; echo $? > \(directory)/exit; sleep 600",
        ])
        eventually("the screen") {
            ((try? TerminalTests.run(["-L", socket, "capture-pane", "-p", "-t", "ride"])) ?? "").contains(
                "Lisova → Darnytsia")
        }
        try TerminalTests.run(["-L", socket, "send-keys", "-t", "ride", "q"])
        eventually("the screen to close") {
            FileManager.default.contents(atPath: directory + "/exit").map { !$0.isEmpty } ?? false
        }
        XCTAssertTrue(notified().isEmpty, "nothing was due while the screen was open")
        let pid = try XCTUnwrap(notifierPID(), "the ride armed a notifier")
        let fields = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8).split(separator: ")").last!.split(
            separator: " ")
        XCTAssertEqual(fields[4], "0", "the notifier has no controlling terminal")
        XCTAssertEqual(fields[3], "\(pid)", "it leads a session of its own")

        eventually("yours is next") { notified().count == 1 }
        XCTAssertTrue(notified().first?.contains("--urgency=critical") == true)
        XCTAssertTrue(notified().first?.contains("Darnytsia in about 2 stops: get ready.") == true, "\(notified())")

        // A correction from another terminal: the train is there already. The notifier sees the
        // file change and delivers the arrival at once.
        XCTAssertEqual(try run(["at", "Darnytsia"], environment).code, 0)
        eventually("the arrival") { notified().count == 2 }
        XCTAssertTrue(notified().last?.contains("Arriving at Darnytsia") == true, "\(notified())")

        XCTAssertEqual(try run(["arrived"], environment).code, 0)
        try waitForNotifierToExit()
        XCTAssertEqual(notified().count, 2, "each alert exactly once")
    }

    func testAKilledNotifierIsReArmedByTheNextCommand() throws {
        try fake("notify-send")
        var environment = environment(systemd: false)
        // The rider's own command gets every alert's JSON on standard input.
        environment["METRO_TIMER_ALERT_COMMAND"] = "/bin/cat >> \(directory)/forwarded"
        _ = try writeTrip("Lisova", "Darnytsia", alertIn: 8)
        XCTAssertEqual(try run(["status"], environment).code, 0)
        let first = try XCTUnwrap(notifierPID())
        kill(first, SIGKILL)
        eventually("the killed notifier's lock to go") { notifierPID() == nil }
        XCTAssertEqual(try run(["status"], environment).code, 0)
        let second = try XCTUnwrap(notifierPID(), "the next command re-arms")
        XCTAssertNotEqual(second, first)
        eventually("yours is next") { notified().count == 1 }
        XCTAssertEqual(try run(["stop"], environment).code, 0)
        try waitForNotifierToExit()
        XCTAssertEqual(notified().count, 1, "delivered once")
        let forwarded = try String(contentsOfFile: directory + "/forwarded", encoding: .utf8)
        let event = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(forwarded.utf8)) as? [String: Any], forwarded)
        XCTAssertEqual(event["event"] as? String, "alert")
        XCTAssertEqual(event["message"] as? String, "Darnytsia in about 2 stops: get ready.")
        XCTAssertEqual(event["station"] as? String, Kyiv.station("Chernihivska").code)
    }

    func testTheAlertCommandSetting() throws {
        let config = directory + "/config"
        let set = CLI.run(
            ["alerts", "command", "termux-sms-send -n 555 \"$(cat)\""], environment: ["METRO_TIMER_CONFIG": config])
        XCTAssertEqual(set.code, 0, set.stderr)
        XCTAssertTrue(set.stdout.hasPrefix("Each ride alert also goes to the command: termux-sms-send"), set.stdout)
        let settings = try XCTUnwrap(ConfigStore(directory: config).alerts(language: .en))
        XCTAssertEqual(settings.command, "termux-sms-send -n 555 \"$(cat)\"")
        XCTAssertFalse(settings.enabled, "the command does not turn on the network check")
        // What the scheduler records for the notifier: the setting, or the variable over it.
        let trip = try writeTrip("Lisova", "Teremky", alertIn: 600)
        let model = try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip)
        for (variable, expected) in [(nil, settings.command), ("from-env", "from-env")] as [(String?, String?)] {
            var environment = ["METRO_TIMER_ALERT_BACKEND": "off"]
            environment["METRO_TIMER_ALERT_COMMAND"] = variable
            let scheduler = AlertScheduler(
                store: store(), environment: environment, executable: "", language: .en,
                commandSetting: settings.command, note: { _ in })
            scheduler.sync(trip, model: model, schedule: model.current(trip), at: Date(), starting: true)
            XCTAssertEqual(scheduler.readRecord()?.delivery.command, expected)
        }
        XCTAssertEqual(
            CLI.run(["alerts", "command"], environment: ["METRO_TIMER_CONFIG": config]).code, 64, "a command or --clear"
        )
        XCTAssertEqual(
            CLI.run(["alerts", "command", "x", "--clear"], environment: ["METRO_TIMER_CONFIG": config]).code, 64)
        XCTAssertEqual(CLI.run(["alerts", "status", "--clear"], environment: ["METRO_TIMER_CONFIG": config]).code, 64)
        let cleared = CLI.run(["alerts", "command", "--clear"], environment: ["METRO_TIMER_CONFIG": config])
        XCTAssertEqual(cleared.stdout, "The alert command was removed.\n")
        XCTAssertNil(try ConfigStore(directory: config).alerts(language: .en).command)
        let uk = CLI.run(["alerts", "command", "--clear", "--lang", "uk"], environment: ["METRO_TIMER_CONFIG": config])
        XCTAssertEqual(uk.stdout, "Команду сповіщень прибрано.\n")
    }
}
