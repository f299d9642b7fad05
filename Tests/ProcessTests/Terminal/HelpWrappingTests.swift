import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// `--help` wrapped to the terminal, 80 columns when standard output is not one (a pipe, a
/// file): the plan page had 449-character lines. Words are never cut, and none is lost.
final class HelpWrappingTests: XCTestCase {
    /// Every help page of metro-timer, in both languages.
    var pages: [[String]] {
        let commands = MetroTimer.spec.subcommands.flatMap { [$0] + $0.subcommands }.map { Array($0.path.dropFirst()) }
        return Language.allCases.flatMap { language in
            ([["--help"]] + commands.map { $0 + ["--help"] }).map { $0 + ["--lang", language.rawValue] }
        }
    }

    /// Lines longer than `width` that could have been broken (a line that is one word after its
    /// indentation cannot be; nor can an example's command, which is typed as it stands).
    func overlong(_ text: String, width: Int) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            line.count > width && line.drop(while: { $0 == " " }).contains(" ") && !line.hasPrefix("  metro-timer ")
                && !line.hasPrefix("  timetable-gen ")
        }
    }

    func words(_ text: String) -> [Substring] { text.split(whereSeparator: { $0 == " " || $0 == "\n" }) }

    func testNotATerminalIsEightyColumnsWhateverCOLUMNSSays() {
        for arguments in pages {
            let result = CLI.run(arguments, environment: ["NO_COLOR": "1", "COLUMNS": "200"], terminal: false)
            XCTAssertEqual(result.code, 0, "\(arguments)")
            XCTAssertEqual(overlong(result.stdout, width: 80), [], "\(arguments)")
        }
        // The plan page was the longest.
        let plan = CLI.run(["plan", "--help"]).stdout
        XCTAssertLessThanOrEqual(plan.split(separator: "\n").map(\.count).max() ?? 0, 80, plan)
    }

    func testATerminalGetsItsOwnWidthAndNoWordIsLost() {
        let wide = CLI.run(["plan", "--help"], environment: ["NO_COLOR": "1", "COLUMNS": "1000"], terminal: true).stdout
        for width in [60, 100] {
            let result = CLI.run(
                ["plan", "--help"], environment: ["NO_COLOR": "1", "COLUMNS": String(width)], terminal: true)
            XCTAssertEqual(overlong(result.stdout, width: width), [], "\(width)")
            XCTAssertTrue(
                result.stdout.split(separator: "\n").contains { $0.count > width - 10 }, "the width is used: \(width)")
            XCTAssertEqual(words(result.stdout), words(wide), "\(width): the same words in the same order")
        }
        // A description continues under itself, in its column; an option keeps its value.
        let narrow = CLI.run(["plan", "--help"], environment: ["NO_COLOR": "1", "COLUMNS": "60"], terminal: true).stdout
        XCTAssertTrue(narrow.contains("[--closed <station>]"), narrow)
        XCTAssertTrue(
            narrow.contains(
                "\n  --no-calibration        Official figures only, without\n                          your own measurements.\n"
            ), narrow)
    }

    func testTimetableGenWrapsToEightyInAPipe() throws {
        for arguments in [["--help"], ["help", "gtfs"], ["gtfs", "--help"], ["install", "--help"], ["--help"]] {
            let result = try ProcessRunner.run("timetable-gen", arguments, environment: ["COLUMNS": "200"])
            XCTAssertEqual(result.code, 0, result.stderr)
            XCTAssertEqual(overlong(result.stdout, width: 80), [], "\(arguments)")
        }
    }

    /// On a real terminal whose width only the tty knows (shells seldom export `COLUMNS`),
    /// timetable-gen asks the tty (TIOCGWINSZ), as metro-timer does: it had wrapped to 80 there.
    /// tmux runs it in a 60-column pane; `capture-pane -J` joins what the pane itself wrapped,
    /// so the lines are the ones the program wrote.
    func testTimetableGenAsksTheTerminalForItsWidth() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                XCTFail("tmux is required in CI (.ci/run installs it)")
            }
            throw XCTSkip("tmux is not installed (apt-get install tmux)")
        }
        let socket = "metro-timer-width-\(UUID().uuidString.prefix(8))"
        addTeardownBlock { _ = try? TerminalTests.run(["-L", socket, "kill-server"]) }
        let binary = TestPaths.products.appendingPathComponent("timetable-gen").path
        let piped = try ProcessRunner.run(
            "timetable-gen", ["gtfs", "--help"], environment: ["LANG": "C.UTF-8", "NO_COLOR": "1"]
        ).stdout
        let script =
            "env -u COLUMNS -u LINES -u METRO_TIMER_LANG -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 NO_COLOR=1 \(binary) gtfs --help; echo END-OF-HELP; sleep 600"
        try TerminalTests.run([
            "-L", socket, "new-session", "-d", "-s", "help", "-x", "60", "-y", "200", "bash", "-c", script,
        ])
        var shown = ""
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            shown = try TerminalTests.run(["-L", socket, "capture-pane", "-p", "-J", "-S", "-", "-t", "help"])
            if shown.contains("END-OF-HELP") { break }
            usleep(50_000)
        }
        XCTAssertTrue(shown.contains("END-OF-HELP"), "timed out; the pane:\n\(shown)")
        let help = String(shown[..<(shown.range(of: "END-OF-HELP")?.lowerBound ?? shown.endIndex)])
        XCTAssertEqual(overlong(help, width: 60), [], help)
        XCTAssertTrue(help.split(separator: "\n").contains { $0.count > 50 }, "the width is used:\n\(help)")
        XCTAssertEqual(words(help), words(piped), "the same words in the same order as in a pipe")
    }
}
