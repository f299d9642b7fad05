import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// A screen reattached to a ride nobody watched, in the second the train arrives: it says the
/// arrival, never first the "yours is next" that fell due minutes ago.
final class ReattachAtArrivalTests: XCTestCase {
    /// The clock a reattached `start --events` starts on: libfaketime's absolute time, which
    /// runs on from there (in UTC, so no zone file decides it).
    func faketime(_ moment: Date) throws -> [String: String] {
        guard FileManager.default.fileExists(atPath: DaytimeClock.library), which("faketime") != nil else {
            throw XCTSkip("libfaketime is not installed (apt-get install faketime)")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: moment)
        let spec = String(
            format: "@%04d-%02d-%02d %02d:%02d:%02d", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!,
            parts.second!)
        // A holder of its own for each moment (holders are kept by their FAKETIME value): the
        // clock starts there as the holder starts, a few milliseconds before the screen.
        let shared = try DaytimeClock.Holder.shared(for: spec)
        return [
            "LD_PRELOAD": DaytimeClock.library, "FAKETIME": spec, "FAKETIME_SHARED": shared,
            "FAKETIME_DONT_FAKE_MONOTONIC": "1", "TZ": "UTC0",
        ]
    }

    /// 24 screens, each opened at a whole second on a ride (Akademmistechko → Khreshchatyk,
    /// 10:00, nobody watching, no notifier) whose train arrives within that second, at a
    /// twenty-fourth further each time. "Yours is next" fell due four minutes before; the
    /// screen opens before or after the arrival's instant, and either way says the arrival.
    func testAScreenReattachedInTheArrivalsSecondSaysTheArrivalNotAStaleAlert() throws {
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        let origin = Kyiv.station("Akademmistechko").code
        let destination = Kyiv.station("Khreshchatyk").code
        let probe = Trip(id: "probe", origin: origin, destination: destination, t0: Kyiv.date("2026-12-07 10:00"))
        let model = try TripModel(engine: engine, trip: probe)
        let ride = model.current(probe).arrival.timeIntervalSince(probe.t0)
        let yoursIsNext = model.current(probe).alert.timeIntervalSince(probe.t0)
        XCTAssertGreaterThan(ride - yoursIsNext, 180, "yours is next falls due minutes before the arrival")
        var stale: [String] = []
        for attempt in 0..<24 {
            // The screen opens at 10:22:14 (a minute later each attempt); the train arrives
            // (attempt + 0.5) / 24 s after that.
            let opened = Kyiv.date("2026-12-07 10:22").addingTimeInterval(14 + 60 * Double(attempt))
            let arrival = opened.addingTimeInterval((Double(attempt) + 0.5) / 24)
            let home = try TestPaths.temporaryDirectory(self) + "/state\(attempt)"
            let trip = Trip(
                id: UUID().uuidString.lowercased(), origin: origin, destination: destination,
                t0: arrival.addingTimeInterval(-ride))
            try FileTripStore(directory: home).update { (current: inout Trip?) throws(CLIError) in current = trip }
            var environment = try faketime(opened)
            environment.merge([
                "METRO_TIMER_HOME": home, "METRO_TIMER_CONFIG": home + "/config", "METRO_TIMER_ALERT_BACKEND": "off",
                "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
            ]) { $1 }
            // The screen runs until it has said the arrival, then is ended (the trip stays).
            let output = home + "/screen.out"
            let lines = try screenUntilArrival(environment: environment, output: output)
            let events = lines.compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["event"] as? String
            }
            XCTAssertTrue(events.contains("arrival"), "attempt \(attempt): no arrival: \(lines)")
            if events.prefix(while: { $0 != "arrival" }).contains("alert") {
                stale.append(
                    "attempt \(attempt) (arrival \((Double(attempt) + 0.5) / 24) s into the second): \(events)")
            }
        }
        XCTAssertEqual(stale, [], "a stale \"yours is next\" before the arrival in \(stale.count) of 24")
    }

    /// `start --events` as a real process (posix_spawn, input from /dev/null, output to a file),
    /// read as it grows until it says the arrival (at most 60 s), then ended with SIGTERM.
    func screenUntilArrival(environment: [String: String], output: String) throws -> [String] {
        let binary = TestPaths.products.appendingPathComponent("metro-timer").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, output + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        Spawn.closeInherited(&actions)
        var pid: pid_t = 0
        let started = Spawn.withArgvAndEnvironment(binary, ["start", "--events", "--lang", "en"], environment) {
            argv, envp in posix_spawn(&pid, binary, &actions, nil, argv, envp)
        }
        XCTAssertEqual(started, 0, "the screen started")
        guard started == 0 else { return [] }
        let deadline = Date().addingTimeInterval(60)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            if text.contains(#""event":"arrival""#) { break }
            usleep(20_000)
        }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: output + ".err", encoding: .utf8)) ?? ""
        XCTAssertEqual(errors, "", "the screen's errors")
        return text.split(separator: "\n").map(String.init)
    }
}
