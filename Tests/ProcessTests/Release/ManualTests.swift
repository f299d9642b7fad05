import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// metro-timer(1) in both languages: generated from the command specs, checked in fresh, clean
/// under mandoc's linter, and complete.
final class ManualTests: XCTestCase {
    func testCheckedInPagesAreTheGeneratedOnes() throws {
        for language in Language.allCases {
            let path = TestPaths.packageRoot.appendingPathComponent(Manual.path(language)).path
            let checkedIn = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertEqual(checkedIn, Manual.page(language), "\(Manual.path(language)) is stale: run 'make man'")
            // The same text comes out of the binary's hidden entry that `make man` uses.
            XCTAssertEqual(CLI.run(["__manual", language.rawValue]).stdout, checkedIn)
            XCTAssertTrue(checkedIn.contains(" 1 \(Release.date) "), "dated the release")
        }
        // The release's date is the one CHANGELOG.md gives it (both programs' pages carry it).
        let changelog = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        XCTAssertTrue(changelog.contains("\n## [\(Release.version)] - \(Release.date)\n"), Release.date)
    }

    func testEveryCommandAndOptionIsDocumented() {
        for language in Language.allCases {
            let page = Manual.page(language)
            for command in MetroTimer.spec.subcommands {
                XCTAssertTrue(
                    page.contains(".SS \"\(command.path.last!)\"\n.B " + ManPage.escape(command.usage) + "\n"),
                    command.commandName)
                XCTAssertTrue(
                    page.contains(ManPage.paragraph(command.abstract(language))[0]),
                    "\(command.commandName) \(language)")
                for argument in command.arguments {
                    XCTAssertTrue(
                        page.contains(".TP\n.B " + ManPage.escape(argument.label) + "\n"),
                        "\(command.commandName) \(argument.label)")
                }
            }
            XCTAssertEqual(page.containsCyrillic, language == .uk)
            for variable in ["METRO_TIMER_LANG", "METRO_TIMER_HOME", "METRO_TIMER_CONFIG", "NO_COLOR"] {
                XCTAssertTrue(page.contains(".B " + ManPage.escape(variable) + "\n"), variable)
            }
        }
        XCTAssertTrue(Manual.page(.uk).contains(".SH \"КОДИ ЗАВЕРШЕННЯ\""))
    }

    func testRoffEscapingAndWrapping() {
        XCTAssertEqual(ManPage.escape("--help"), #"\-\-help"#)
        XCTAssertEqual(ManPage.escape(#"a\b"#), #"a\eb"#)
        XCTAssertEqual(ManPage.escape(".hidden"), #"\&.hidden"#, "a leading dot would be a request")
        XCTAssertEqual(ManPage.escape("'quoted'"), #"\&'quoted'"#)
        // One sentence a line; no line over 80 as mandoc counts (8 for each non-ASCII character).
        XCTAssertEqual(ManPage.paragraph("One. Two? Three"), ["One.", "Two?", "Three"])
        let long = String(repeating: "Святошинсько ", count: 20)
        let lines = ManPage.paragraph(long + "Обчислюєтьсяобчислюєтьсяобчислюється")
        for line in lines where line.contains(" ") {
            XCTAssertLessThanOrEqual(line.unicodeScalars.reduce(0) { $0 + ($1.isASCII ? 1 : 8) }, 80, line)
        }
        // A word longer than a line stands alone, uncut (mandoc flags no line without a space;
        // lexgrog cannot join a word cut with \c: ManualWhatisTests).
        XCTAssertEqual(lines.last, "Обчислюєтьсяобчислюєтьсяобчислюється")
    }

    func testMandocLintIsClean() throws {
        guard let mandoc = which("mandoc") else { throw XCTSkip("mandoc is not installed (.ci/run installs it)") }
        for language in Language.allCases {
            let path = TestPaths.packageRoot.appendingPathComponent(Manual.path(language)).path
            let result = try ProcessRunner.run(executable: mandoc, ["-T", "lint", path])
            XCTAssertEqual(result.stdout + result.stderr, "", Manual.path(language))
            XCTAssertEqual(result.code, 0)
            // And it renders: the first command's usage comes out as text.
            let text = try ProcessRunner.run(executable: mandoc, ["-T", "ascii", path])
            var plain: [Character] = []
            for character in text.stdout {
                if character == "\u{8}" { plain.removeLast() } else { plain.append(character) }  // bold is overstruck
            }
            XCTAssertTrue(String(plain).contains("metro-timer plan <from> [<to>]"), language.rawValue)
        }
    }

    func testHelpHelp() {
        let result = CLI.run(["help", "help"])
        XCTAssertEqual(result.code, 0)
        XCTAssertTrue(
            result.stdout.hasPrefix("OVERVIEW: Show help for a command.\n\nUSAGE: metro-timer help [<subcommand>]\n"),
            result.stdout)
        XCTAssertTrue(CLI.run(["--help"]).stdout.contains("\n  help                    Show help for a command.\n"))
        XCTAssertEqual(CLI.run(["help", "completions"]).stdout, CLI.run(["completions", "--help"]).stdout)
    }
}
