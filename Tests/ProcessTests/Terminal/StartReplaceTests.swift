import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// `start` over an active trip: refused off a terminal unless `--replace`; at a terminal it asks
/// `[y/N]`, and a real process under a real pseudo-terminal (tmux) answers.
final class StartReplaceTests: XCTestCase {
    var directory = ""
    var home: String { directory + "/state" }
    var binary: String { TestPaths.products.appendingPathComponent("metro-timer").path }
    /// A real ride on the wall clock, at a moment trains run (DaytimeClock).
    var rideClock: [String: String] = [:]
    var environment: [String: String] {
        rideClock.merging([
            "METRO_TIMER_HOME": home, "METRO_TIMER_CONFIG": directory + "/config", "METRO_TIMER_ALERT_BACKEND": "off",
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "NO_COLOR": "1",
        ]) { $1 }
    }

    override func setUpWithError() throws {
        directory = try TestPaths.temporaryDirectory(self)
        rideClock = try DaytimeClock.environment()
    }

    /// A trip Lisova → Teremky that started a minute ago: active.
    func writeActive() throws -> Trip {
        let trip = Trip(
            id: "active-\(UUID().uuidString.prefix(8))", origin: Kyiv.station("Lisova").code,
            destination: Kyiv.station("Teremky").code, t0: DaytimeClock.now.addingTimeInterval(-60))
        try FileTripStore(directory: home).update { (current: inout Trip?) throws(CLIError) in current = trip }
        return trip
    }

    func load() throws -> Trip? { try FileTripStore(directory: home).load() }

    func eventually(_ what: String, seconds: Double = 10, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() && Date() < deadline { usleep(50_000) }
        XCTAssertTrue(condition(), "timed out waiting for \(what)")
    }

    func testOffATerminalAnActiveTripNeedsReplace() throws {
        let active = try writeActive()
        let refused = try ProcessRunner.run("metro-timer", ["start", "Lisova", "Darnytsia"], environment: environment)
        XCTAssertEqual(refused.code, 1)
        XCTAssertEqual(
            refused.stderr,
            "Error: A trip Lisova → Teremky is already active. Replace it with 'metro-timer start --replace …'.\n")
        XCTAssertEqual(try load()?.id, active.id, "kept")

        // --replace: the old trip ends as stopped (into the journal), the new one starts.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["start", "Lisova", "Darnytsia", "--replace"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        eventually("the new trip") { ((try? load())??.id).map { $0 != active.id } ?? false }
        // SIGTERM until it goes: one sent before the ride installs its handler is lost.
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline {
            process.terminate()
            usleep(200_000)
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let replaced = try XCTUnwrap(try load())
        XCTAssertEqual(replaced.destination, Kyiv.station("Darnytsia").code)
        let journal = try FileTripStore(directory: home).readJournal().records
        XCTAssertEqual(journal.map(\.id), [active.id])
        XCTAssertEqual(journal.first?.outcome, .stopped)
    }

    func testAtATerminalItAsksAndTheAnswerDecides() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            throw XCTSkip("tmux is not installed")
        }
        let socket = "metro-timer-replace-\(UUID().uuidString.prefix(8))"
        addTeardownBlock { _ = try? TerminalTests.run(["-L", socket, "kill-server"]) }
        let variables = environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        func session(_ name: String) throws {
            try TerminalTests.run([
                "-L", socket, "new-session", "-d", "-s", name, "-x", "100", "-y", "30", "bash", "-c",
                "env \(variables) TERM=xterm-256color \(binary) start Lisova Darnytsia; echo $? > \(directory)/\(name).exit; sleep 600",
            ])
        }
        func screen(_ name: String) -> String {
            (try? TerminalTests.run(["-L", socket, "capture-pane", "-p", "-t", name])) ?? ""
        }
        /// The exit status once the shell has written it: `echo $? > FILE` creates the file
        /// before it writes the number, so an empty file is no status yet (CI once read "").
        func exit(_ name: String) -> String? {
            (try? String(contentsOfFile: directory + "/\(name).exit", encoding: .utf8))
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let question = "A trip Lisova → Teremky is active. Replace it? [y/N]"

        // "n": the trip is kept, exit 1.
        let active = try writeActive()
        try session("no")
        eventually("the question") { screen("no").contains(question) }
        try TerminalTests.run(["-L", socket, "send-keys", "-t", "no", "n", "Enter"])
        eventually("the answer's exit") { exit("no") != nil }
        XCTAssertEqual(exit("no"), "1")
        XCTAssertTrue(screen("no").contains("Error: The active trip was kept."), screen("no"))
        XCTAssertEqual(try load()?.id, active.id)

        // Just Enter is "no" too ([y/N]).
        try session("enter")
        eventually("the question") { screen("enter").contains(question) }
        try TerminalTests.run(["-L", socket, "send-keys", "-t", "enter", "Enter"])
        eventually("the answer's exit") { exit("enter") != nil }
        XCTAssertEqual(exit("enter"), "1")
        XCTAssertEqual(try load()?.id, active.id)

        // "y": replaced, and the ride's screen opens; q leaves it with the new trip going.
        try session("yes")
        eventually("the question") { screen("yes").contains(question) }
        try TerminalTests.run(["-L", socket, "send-keys", "-t", "yes", "y", "Enter"])
        eventually("the new trip") { ((try? load())??.id).map { $0 != active.id } ?? false }
        eventually("the ride's screen") { screen("yes").contains("Lisova → Darnytsia") }
        try TerminalTests.run(["-L", socket, "send-keys", "-t", "yes", "q"])
        eventually("the screen to close") { exit("yes") != nil }
        XCTAssertEqual(exit("yes"), "0")
        XCTAssertEqual(try load()?.destination, Kyiv.station("Darnytsia").code)
        XCTAssertEqual(
            try FileTripStore(directory: home).readJournal().records.map(\.id), [active.id],
            "the replaced trip, stopped")
    }
}
