import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// What a systemd user timer does, end to end: the moment it is set for (`--on-calendar`, read
/// back by `date -u`, against the alert time the test works out from the published timetable),
/// and the command it runs (`metro-timer __fire TRIP ALERT`), run for real as systemd would.
final class SystemdFireTests: XCTestCase {
    var directory = ""
    var bin: String { directory + "/bin" }
    var home: String { directory + "/state" }

    override func setUpWithError() throws {
        directory = try TestPaths.temporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/run/systemd", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: directory + "/run/systemd/private", contents: nil)
        // systemd-run records its arguments one per line (a calendar spec has spaces); systemctl
        // and notify-send append their command lines.
        try script(
            "systemd-run",
            "printf '%s\\n' \"$@\" >> \(directory)/systemd-run.args; echo --- >> \(directory)/systemd-run.args")
        try script("systemctl", "echo \"systemctl $*\" >> \(directory)/calls")
        try script("notify-send", "echo \"notify-send $*\" >> \(directory)/calls")
    }

    func script(_ name: String, _ body: String) throws {
        try "#!/bin/sh\n\(body)\n".write(toFile: bin + "/" + name, atomically: true, encoding: .utf8)
        chmod(bin + "/" + name, 0o755)
    }

    var environment: [String: String] {
        [
            "METRO_TIMER_HOME": home, "PATH": bin + ":/usr/bin:/bin", "XDG_RUNTIME_DIR": directory + "/run",
            "LANG": "C.UTF-8", "DISPLAY": ":0",
        ]
    }

    func notified() -> [String] {
        ((try? String(contentsOfFile: directory + "/calls", encoding: .utf8)) ?? "").split(separator: "\n").map(
            String.init
        ).filter { $0.hasPrefix("notify-send") }
    }

    /// Each systemd-run call's arguments.
    func runs() throws -> [[String]] {
        let text = try String(contentsOfFile: directory + "/systemd-run.args", encoding: .utf8)
        return text.components(separatedBy: "---\n").filter { !$0.isEmpty }.map {
            $0.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    func testTheTimerIsSetForTheAlertsUTCMomentAndFiresTheAlertThere() throws {
        // Lisova → Darnytsia: "yours is next" is the train reaching Chernihivska on the fast
        // pattern, less the lean. The published last departures (kyiv-timetable.csv, toward Akademmistechko)
        // are Lisova 22:30:00 and Chernihivska 22:32:05: 125 s departure to departure, of which
        // the network's assumed dwell at Chernihivska is standing time.
        let dwell = try XCTUnwrap(
            Kyiv.network.segment(from: Kyiv.station("Lisova").code, to: Kyiv.station("Chernihivska").code)
        ).dwellSeconds
        // The lean early on a ride with no change: 8 % of the time since t0, whole seconds
        // (docs/decisions/0004), so the alert fires that much before the train's fast moment.
        let fastOffset = 125 - dwell
        let alertOffset = TimeInterval(fastOffset - Int((Double(fastOffset) * 0.08).rounded(.down)))
        // A t0 on a whole second that puts the alert 4 s from now.
        let t0 = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 4 - alertOffset).rounded(.up))
        let alert = t0.addingTimeInterval(alertOffset)
        let trip = Trip(
            id: UUID().uuidString.lowercased(), origin: Kyiv.station("Lisova").code,
            destination: Kyiv.station("Darnytsia").code, t0: t0)
        try FileTripStore(directory: home).update { (current: inout Trip?) throws(CLIError) in current = trip }

        // Any command that finds the trip active schedules its timers.
        XCTAssertEqual(try ProcessRunner.run("metro-timer", ["status"], environment: environment).code, 0)
        let calls = try runs()
        let timer = try XCTUnwrap(
            calls.first { $0.contains("--unit=metro-timer-\(trip.id.prefix(8))-alert") }, "\(calls)")
        let calendar = try XCTUnwrap(timer.first { $0.hasPrefix("--on-calendar=") }).dropFirst("--on-calendar=".count)
        // The UTC moment as date(1) writes it: not this program's own conversion.
        let expected = try ProcessRunner.run(
            executable: "/bin/date", ["-u", "-d", "@\(Int(alert.timeIntervalSince1970))", "+%Y-%m-%d %H:%M:%S UTC"])
        XCTAssertEqual(String(calendar) + "\n", expected.stdout)
        // December in Kyiv is UTC+2: the wall clock reads two hours more than the spec says.
        let wall = try ProcessRunner.run(
            executable: "/bin/date", ["-d", "@\(Int(alert.timeIntervalSince1970))", "+%H:%M:%S"],
            environment: ["TZ": "Europe/Kyiv"])
        let utc = try ProcessRunner.run(
            executable: "/bin/date", ["-u", "-d", "@\(Int(alert.timeIntervalSince1970))", "+%H:%M:%S"])
        let hours = { (text: String) in Int(text.prefix(2))! }
        XCTAssertEqual((hours(wall.stdout) - hours(utc.stdout) + 24) % 24, 2)

        // What the timer runs, as it runs it: after `--`, with the environment it sets.
        let command = Array(timer.drop { $0 != "--" }.dropFirst())
        XCTAssertEqual(Array(command.dropFirst()), ["__fire", trip.id, "alert"])
        var fireEnvironment = environment
        for setting in timer where setting.hasPrefix("--setenv=") {
            let pair = setting.dropFirst("--setenv=".count).split(separator: "=", maxSplits: 1)
            fireEnvironment[String(pair[0])] = String(pair[1])
        }
        func fire(_ arguments: [String]) throws {
            let result = try ProcessRunner.run(executable: command[0], arguments, environment: fireEnvironment)
            XCTAssertEqual(result.code, 0, result.stderr)
            XCTAssertEqual(result.stdout, "")
        }
        // Before the moment (a timer fired early, or by hand): nothing is delivered.
        if Date() < alert.addingTimeInterval(-0.5) {
            try fire(Array(command.dropFirst()))
            XCTAssertEqual(notified(), [])
        }
        // At the moment: "yours is next", once; another trip's timer delivers nothing.
        while Date() < alert { usleep(50_000) }
        try fire(["__fire", "00000000-0000-0000-0000-000000000000", "alert"])
        XCTAssertEqual(notified(), [], "a timer left from another trip")
        try fire(Array(command.dropFirst()))
        XCTAssertEqual(notified().count, 1, "\(notified())")
        XCTAssertTrue(notified().first?.contains("Darnytsia in about 2 stops: get ready.") == true, "\(notified())")
        try fire(Array(command.dropFirst()))
        XCTAssertEqual(notified().count, 1, "claimed: never twice")
        XCTAssertEqual(try ProcessRunner.run("metro-timer", ["stop"], environment: environment).code, 0)
    }
}
