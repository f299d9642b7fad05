import CLIKit
import MetroCore
import XCTest

@testable import metro_timer

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
            line.count > width && line.drop(while: { $0 == " " }).contains(" ") && !line.hasPrefix("  metro-timer ") && !line.hasPrefix("  timetable-gen ")
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
            let result = CLI.run(["plan", "--help"], environment: ["NO_COLOR": "1", "COLUMNS": String(width)], terminal: true)
            XCTAssertEqual(overlong(result.stdout, width: width), [], "\(width)")
            XCTAssertTrue(result.stdout.split(separator: "\n").contains { $0.count > width - 10 }, "the width is used: \(width)")
            XCTAssertEqual(words(result.stdout), words(wide), "\(width): the same words in the same order")
        }
        // A description continues under itself, in its column; an option keeps its value.
        let narrow = CLI.run(["plan", "--help"], environment: ["NO_COLOR": "1", "COLUMNS": "60"], terminal: true).stdout
        XCTAssertTrue(narrow.contains("[--closed <station>]"), narrow)
        XCTAssertTrue(narrow.contains("\n  --no-calibration        Official figures only, without\n                          your own measurements.\n"), narrow)
    }

    func testTimetableGenWrapsToEightyInAPipe() throws {
        for arguments in [["--help"], ["help", "gtfs"], ["gtfs", "--help"], ["install", "--help"], ["--help"]] {
            let result = try ProcessRunner.run("timetable-gen", arguments, environment: ["COLUMNS": "200"])
            XCTAssertEqual(result.code, 0, result.stderr)
            XCTAssertEqual(overlong(result.stdout, width: 80), [], "\(arguments)")
        }
    }
}
