import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit

/// The live screen under a real pseudo-terminal: tmux runs it, sends keys, reads the screen.
final class TerminalTests: XCTestCase {
    var socket = ""
    var directory = ""

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                XCTFail("tmux is required in CI (.ci/run installs it)")
            }
            throw XCTSkip("tmux is not installed (apt-get install tmux)")
        }
        socket = "metro-timer-test-\(UUID().uuidString.prefix(8))"
        directory = try TestPaths.temporaryDirectory(self)
        addTeardownBlock { [socket] in _ = try? Self.run(["-L", socket, "kill-server"]) }
    }

    /// Runs tmux with posix_spawn and waitpid. Foundation's `Process` is no use here: the server
    /// that `new-session` forks inherits the descriptor `Process` watches for the child's exit,
    /// so `waitUntilExit()` never returns.
    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw POSIXError(.EIO) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        let argv = (["/usr/bin/tmux"] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/tmux", &actions, nil, argv, environ)
        close(pipe[1])
        guard spawned == 0 else {
            close(pipe[0])
            throw POSIXError(.ENOENT)
        }
        // new-session's server keeps the pipe open, so read only what is there when the client
        // has exited (capture-pane's output is small and written before it exits).
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        _ = fcntl(pipe[0], F_SETFL, O_NONBLOCK)
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
        }
        close(pipe[0])
        return String(decoding: output, as: UTF8.self)
    }

    @discardableResult
    func tmux(_ arguments: String...) throws -> String { try Self.run(["-L", socket] + arguments) }
    func screen() throws -> String { try tmux("capture-pane", "-p", "-t", "ride") }
    func flag(_ name: String) throws -> String {
        try tmux("display-message", "-p", "-t", "ride", "#{\(name)}").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits (polling an outside process, at most `seconds`) until `condition` holds.
    func eventually(_ what: String, seconds: Double = 15, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return }
            usleep(50_000)
        }
        XCTFail("timed out waiting for \(what); the screen:\n\(try screen())")
    }

    /// Starts `metro-timer ARGS` in a fresh 80×24 tmux session, recording the terminal modes
    /// before and after and the exit code.
    func launch(_ arguments: String, width: Int = 80, height: Int = 24) throws {
        let binary = TestPaths.products.appendingPathComponent("metro-timer").path
        let script = """
            stty -g > \(directory)/before; \
            \(try DaytimeClock.shellPrefix())METRO_TIMER_HOME=\(directory)/state TERM=xterm-256color LANG=C.UTF-8 \(binary) \(arguments); \
            echo $? > \(directory)/exit; stty -g > \(directory)/after; sleep 600
            """
        // bash, as a person's shell would be: dash dies of the Ctrl-C itself, while bash waits
        // for a child that handles SIGINT and then reads its exit code.
        try tmux("new-session", "-d", "-s", "ride", "-x", "\(width)", "-y", "\(height)", "bash", "-c", script)
    }

    func file(_ name: String) -> String? {
        (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8))?.trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    func arrival(_ screen: String) -> String? {
        guard let line = screen.split(separator: "\n").first(where: { $0.hasPrefix("Arrival") }),
            let range = line.range(of: #"\d\d:\d\d:\d\d"#, options: .regularExpression)
        else { return nil }
        return String(line[range])
    }

    func testRehearsalScreenKeysAndTerminalRestored() throws {
        // The hour pinned: a rehearsal "now" would ride whatever the clock says (at 06:32 a change
        // near the first trains), and the test must hold at any hour.
        try launch("start Lisova Teremky --speed 30 --at 12:00 --date 2026-12-09")
        try eventually("the first frame") { try screen().contains("Lisova → Teremky") }
        XCTAssertEqual(try flag("alternate_on"), "1", "the ride draws on the alternate screen")
        XCTAssertEqual(try flag("cursor_flag"), "0", "the cursor is hidden while drawing")
        let first = try screen()
        XCTAssertTrue(first.contains("rehearsal ×30"))
        XCTAssertTrue(first.contains("●─◉─○"), first)
        XCTAssertTrue(first.contains("+ behind · - ahead · d departed · u undo · a arrived · s stop · q leave"))
        let before = try XCTUnwrap(arrival(first))

        // + right after departure: not moving yet, so t₀ restarts and the arrival moves later.
        try tmux("send-keys", "-t", "ride", "+")
        // (That it moves later is the fold's business, tested in TripTests; clock strings would
        // not compare across midnight.)
        try eventually("a new arrival") { (try arrival(screen()) ?? before) != before }

        // d before the transfer: a message, no change.
        try tmux("send-keys", "-t", "ride", "d")
        try eventually("the refusal") { try screen().contains("'Departed' is for the train after the transfer") }

        try tmux("send-keys", "-t", "ride", "q")
        // The shell creates each file before writing it: wait for the contents, not the name.
        try eventually("the exit") { !(file("exit") ?? "").isEmpty && !(file("after") ?? "").isEmpty }
        XCTAssertEqual(file("exit"), "0")
        XCTAssertEqual(file("after"), file("before"), "terminal modes restored")
        XCTAssertEqual(try flag("alternate_on"), "0")
        XCTAssertEqual(try flag("cursor_flag"), "1", "the cursor is visible again")
        XCTAssertTrue(try screen().contains("Rehearsal over."))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: directory + "/state/trip.json"), "a rehearsal writes no trip")
    }

    func testCtrlCExits130AndKeepsTheTrip() throws {
        try launch("start Lisova Teremky")
        try eventually("the first frame") { try screen().contains("Lisova → Teremky") }
        try tmux("send-keys", "-t", "ride", "C-c")
        // The shell creates each file before writing it: wait for the contents, not the name.
        try eventually("the exit") { !(file("exit") ?? "").isEmpty && !(file("after") ?? "").isEmpty }
        XCTAssertEqual(file("exit"), "130")
        XCTAssertEqual(file("after"), file("before"), "terminal modes restored")
        XCTAssertEqual(try flag("cursor_flag"), "1")
        XCTAssertEqual(try flag("alternate_on"), "0")
        let trip = try String(contentsOfFile: directory + "/state/trip.json", encoding: .utf8)
        XCTAssertTrue(trip.contains("\"destination\" : \"mb18_227\""))
        XCTAssertFalse(trip.contains("\"ended\""), "the trip goes on")
    }

    /// The metro-timer process under the pane's shell.
    func ridePID() throws -> pid_t {
        let shell = try flag("pane_pid")
        var found: pid_t?
        try eventually("the ride's process") {
            let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
            found = children.split(separator: " ").compactMap { pid_t($0) }.first
            return found != nil
        }
        return try XCTUnwrap(found)
    }

    /// Waits for the ride's exit, then checks the terminal is as it was and the trip kept.
    func assertExitedRestored(_ code: String, _ what: String) throws {
        try eventually("the exit") { !(file("exit") ?? "").isEmpty && !(file("after") ?? "").isEmpty }
        XCTAssertEqual(file("exit"), code, what)
        XCTAssertEqual(file("after"), file("before"), "\(what): terminal modes restored")
        XCTAssertEqual(try flag("alternate_on"), "0", "\(what): the alternate screen left")
        XCTAssertEqual(try flag("cursor_flag"), "1", "\(what): the cursor visible again")
        let trip = try String(contentsOfFile: directory + "/state/trip.json", encoding: .utf8)
        XCTAssertFalse(trip.contains("\"ended\""), "\(what): the trip goes on")
    }

    func testHangupRestoresTheTerminalAndExits129() throws {
        try launch("start Lisova Teremky")
        try eventually("the first frame") { try screen().contains("Lisova → Teremky") }
        kill(try ridePID(), SIGHUP)
        try assertExitedRestored("129", "SIGHUP")
    }

    func testTerminateRestoresTheTerminalAndExits143() throws {
        try launch("start Lisova Teremky")
        try eventually("the first frame") { try screen().contains("Lisova → Teremky") }
        kill(try ridePID(), SIGTERM)
        try assertExitedRestored("143", "SIGTERM")
    }

    func testCtrlBackslashRestoresWithNoBacktraceAndExits131() throws {
        try launch("start Lisova Teremky")
        try eventually("the first frame") { try screen().contains("Lisova → Teremky") }
        try tmux("send-keys", "-t", "ride", "C-\\")
        try assertExitedRestored("131", "SIGQUIT")
        let shown = try screen()
        for word in ["Crash", "backtrace", "Fatal", "Thread 0", "at /"] {
            XCTAssertFalse(shown.contains(word), "no backtrace on the screen: \(shown)")
        }
    }

    func testCtrlZRestoresTheTerminalAndFgTakesItBack() throws {
        try launch("start Lisova Teremky")
        try eventually("the first frame") { try screen().contains("Lisova → Teremky") }
        let pid = try ridePID()
        try tmux("send-keys", "-t", "ride", "C-z")
        // Stopped (the script's shell has no job control, so it just waits): the terminal is
        // the shell's again.
        try eventually("the ride to stop") {
            ((try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "").split(separator: ")").last?
                .split(separator: " ").first == "T"
        }
        XCTAssertEqual(try flag("alternate_on"), "0", "suspended: the alternate screen is left")
        XCTAssertEqual(try flag("cursor_flag"), "1", "suspended: the cursor is visible")
        // fg: the screen comes back, raw (a key acts at once, unechoed) and redrawn.
        kill(pid, SIGCONT)
        try eventually("the screen again") { try flag("alternate_on") == "1" }
        try eventually("a redrawn frame") { try screen().contains("Lisova → Teremky") }
        try tmux("send-keys", "-t", "ride", "+")
        try eventually("the key acted on") {
            ((try? String(contentsOfFile: self.directory + "/state/trip.json", encoding: .utf8)) ?? "").contains(
                "\"shift\"")
        }
        XCTAssertFalse(try screen().contains("+ +"), "the key was not echoed")
        try tmux("send-keys", "-t", "ride", "q")
        try assertExitedRestored("0", "q after Ctrl-Z and fg")
    }

    func testAStormOfResizesLeavesAWholeFrame() throws {
        try launch("start Lisova Teremky")
        try eventually("the first frame") { try screen().contains("Lisova → Teremky") }
        for width in (0..<60).map({ 40 + ($0 * 7) % 120 }) {
            try tmux("resize-window", "-t", "ride", "-x", "\(width)", "-y", "\(15 + width % 20)")
        }
        try tmux("resize-window", "-t", "ride", "-x", "80", "-y", "24")
        try eventually("a whole frame at 80 columns") {
            let shown = try screen()
            return shown.contains("Lisova → Teremky") && shown.contains("q leave")
        }
        XCTAssertEqual(try flag("alternate_on"), "1", "still riding")
        try tmux("send-keys", "-t", "ride", "q")
        try assertExitedRestored("0", "q after the resizes")
    }

    /// One stray `a` must not end the ride: the screen asks, the countdown goes on, and only
    /// `a` `a` ends it.
    func testEndingNeedsTwoPressesOnARealTerminal() throws {
        try launch("start Lisova Teremky")
        try eventually("the first frame") { try screen().contains("Lisova → Teremky") }
        try tmux("send-keys", "-t", "ride", "a")
        try eventually("the question") {
            try screen().contains("Press a again to confirm the arrival (the countdown goes on).")
        }
        var trip = try String(contentsOfFile: directory + "/state/trip.json", encoding: .utf8)
        XCTAssertFalse(trip.contains("\"ended\""), "one press does not end the trip")
        XCTAssertEqual(try flag("alternate_on"), "1", "the countdown goes on")
        // (That any other key takes the question back is tested in-process, on a stepped clock.)
        try tmux("send-keys", "-t", "ride", "a")
        try eventually("the exit") { !(file("exit") ?? "").isEmpty && !(file("after") ?? "").isEmpty }
        XCTAssertEqual(file("exit"), "0")
        XCTAssertEqual(file("after"), file("before"))
        XCTAssertTrue(try screen().contains("Trip ended: arrival confirmed."))
        trip = try String(contentsOfFile: directory + "/state/trip.json", encoding: .utf8)
        XCTAssertTrue(trip.contains("\"outcome\" : \"arrived\""), trip)
    }

    /// A real terminal of 40×15, late in the evening (last-train warnings on both lines): the
    /// title, the next station, the countdowns and every key stay on the screen.
    func testFortyByFifteenOnARealTerminal() throws {
        for language in ["en", "uk"] {
            // A server of its own for each language (killing one and starting the next at once
            // can race the old server's shutdown).
            socket = "metro-timer-test-\(UUID().uuidString.prefix(8))"
            addTeardownBlock { [socket] in _ = try? Self.run(["-L", socket, "kill-server"]) }
            try? FileManager.default.removeItem(atPath: directory + "/exit")
            try launch(
                "start Lisova Teremky --speed 2 --at 22:00 --date 2026-11-30 --lang \(language)", width: 40, height: 15)
            // A whole frame: the title and the last key line both drawn.
            try eventually("a whole frame") {
                let shown = try screen()
                return shown.contains(language == "en" ? "Lisova → Teremky" : "Лісова → Теремки")
                    && shown.contains(language == "en" ? "q leave" : "q вийти")
            }
            let shown = try screen()
            let lines = shown.trimmingCharacters(in: .newlines).split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertLessThanOrEqual(lines.count, 15)
            for line in lines { XCTAssertLessThanOrEqual(line.count, 40, String(line)) }
            // Both alerts fire more than the next stop early on this ride, so their countdowns
            // are "Get ready", not "Change is next" or "Yours is next" (decision 0050).
            for text in language == "en"
                ? ["Next: ", "Get ready to change", "Get ready  ", "Arrival", "⚠", "+ behind", "u undo", "q leave"]
                : [
                    "Наступна: ", "Готуйтеся до пересадки", "Готуйтеся виходити", "Прибуття", "⚠", "+ позаду",
                    "u скасувати", "q вийти",
                ]
            {
                XCTAssertTrue(shown.contains(text), "\(text) at 40×15 (\(language)):\n\(shown)")
            }
            try tmux("send-keys", "-t", "ride", "q")
            try eventually("the exit") { !(file("exit") ?? "").isEmpty }
        }
    }
}

/// A signal that arrives as the ride begins is never lost: the ride ends at once, whether the
/// signal came before its handler was installed (the default action) or after (the handler).
/// With the handler installed by ignoring the signal first and arming a dispatch source second,
/// a SIGTERM between the two was dropped and the ride ran on for its whole length.
final class SignalRaceTests: XCTestCase {
    func testASIGTERMAsTheRideStartsAlwaysEndsIt() throws {
        let home = try TestPaths.temporaryDirectory(self)
        for attempt in 0..<20 {
            let binary = TestPaths.products.appendingPathComponent("metro-timer").path
            let pid = try Spawn.detached(
                binary, ["start", "Lisova", "Teremky", "--replace", "--events"],
                environment: try DaytimeClock.environment().merging([
                    "METRO_TIMER_HOME": home, "METRO_TIMER_CONFIG": home + "/config", "PATH": "/usr/bin:/bin",
                    "METRO_TIMER_ALERT_BACKEND": "none",
                ]) { $1 })
            // Signal at a different moment of the start each time, from at once to 40 ms in.
            usleep(useconds_t(attempt * 2_000))
            kill(pid, SIGTERM)
            var status: Int32 = 0
            var waited: pid_t = 0
            for _ in 0..<500 {  // up to 10 s
                waited = waitpid(pid, &status, WNOHANG)
                if waited != 0 { break }
                usleep(20_000)
            }
            if waited == 0 {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                XCTFail("attempt \(attempt): the SIGTERM was lost and the ride ran on")
            }
        }
    }
}
