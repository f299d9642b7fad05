import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Help as a reader meets it: `help` answers `--help` like every command, a missing value gets
/// its own message with the command's usage, every page ends with examples that really run,
/// and the manual names every variable and file the program reads or writes.
final class HelpExamplesTests: XCTestCase {
    func testHelpTakesHelpLikeEveryCommand() {
        let page = CLI.run(["help", "help"])
        XCTAssertEqual(page.code, 0)
        for arguments in [["help", "--help"], ["help", "-h"], ["help", "--help", "--lang", "en"]] {
            let result = CLI.run(arguments)
            XCTAssertEqual(result.code, 0, "\(arguments)")
            XCTAssertEqual(result.stderr, "", "\(arguments)")
            XCTAssertEqual(result.stdout, page.stdout, "\(arguments)")
        }
    }

    func testLangWithoutAValueSaysSoWithTheSubcommandsUsage() {
        let planUsage =
            "Usage: " + MetroTimer.documented(PlanCommand.spec).usage
            + "\n  See 'metro-timer plan --help' for more information.\n"
        for arguments in [
            ["plan", "Lisova", "Teremky", "--lang"], ["plan", "Lisova", "--lang", "--at", "10:00", "Teremky"],
            ["plan", "Lisova", "Teremky", "--lang="],
        ] {
            let result = CLI.run(arguments)
            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertEqual(result.stderr, "Error: '--lang' needs a value: uk or en\n" + planUsage, "\(arguments)")
        }
        let bad = CLI.run(["station", "Lisova", "--lang", "de"])
        XCTAssertEqual(bad.code, 64)
        XCTAssertTrue(
            bad.stderr.hasPrefix("Error: '--lang' takes uk or en, not 'de'\nUsage: metro-timer station <name>"),
            bad.stderr)
    }

    /// The words of an example as a shell would split them (single quotes only, as written).
    func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                started = true
                continue
            }
            if character == " " && !quoted {
                if started { words.append(current) }
                current = ""
                started = false
                continue
            }
            current.append(character)
            started = true
        }
        if started { words.append(current) }
        return words
    }

    func testEveryHelpEndsWithExamplesThatRun() throws {
        let specs = [MetroTimer.spec] + MetroTimer.spec.subcommands
        // Commands that only read (or write to standard output) run for real; the rest need a
        // trip, a terminal or change saved state, and are parsed by their own command.
        let runnable: Set<String> = [
            "plan", "stations", "station", "about", "help", "completions", "journal", "calibration",
        ]
        var ran = 0
        for spec in specs {
            for language in Language.allCases {
                let help = CLI.run(Array(spec.path.dropFirst()) + ["--help", "--lang", language.rawValue]).stdout
                let heading = language == .uk ? "\n\nПРИКЛАДИ:\n" : "\n\nEXAMPLES:\n"
                XCTAssertTrue(help.contains(heading), "\(spec.commandName) \(language)")
            }
            XCTAssertFalse(spec.examples.isEmpty, spec.commandName)
            for example in spec.examples {
                XCTAssertTrue(
                    CLI.run(Array(spec.path.dropFirst()) + ["--help"]).stdout.contains(
                        "\n  " + example.command + "\n      " + example.text.en + "\n"), example.command)
                var arguments = words(example.command)
                if arguments.first == "source" {
                    arguments = words(
                        example.command.replacingOccurrences(of: "source <(", with: "").replacingOccurrences(
                            of: ")", with: ""))
                }
                if let redirect = arguments.firstIndex(of: ">") { arguments = Array(arguments[..<redirect]) }
                XCTAssertEqual(arguments.first, "metro-timer", example.command)
                arguments.removeFirst()
                guard let name = arguments.first else { continue }
                if runnable.contains(name), !(name == "plan" && arguments.count == 2), !arguments.contains("--export") {
                    let result = CLI.run(arguments)
                    XCTAssertEqual(result.code, 0, "\(example.command): \(result.stderr)")
                    ran += 1
                } else {
                    var rest = Array(arguments.dropFirst())
                    var language = Language.en
                    let context = Context(
                        arguments: arguments, environment: [:], stdout: StringSink(), stderr: StringSink(),
                        now: { Date() }, tapped: Date(),
                        stdoutIsTerminal: false, clock: Kyiv.clock, columns: 80)
                    XCTAssertNoThrow(
                        try MetroTimer.extractGlobalOptions(&rest, context: context, language: &language),
                        example.command)
                    let command = try XCTUnwrap(
                        MetroTimer.commands.first { $0.spec.path.last == name }, example.command)
                    XCTAssertNoThrow(
                        try ArgumentParser.parse(
                            rest, spec: command.spec, language: .en, allowRest: command.acceptsRest), example.command)
                }
            }
        }
        XCTAssertGreaterThan(ran, 15)
    }

    func testUkrainianDiscussionsSayAsMuchAsTheEnglish() {
        // One sentence for one sentence: the Ukrainian help leaves nothing out.
        func sentences(_ text: String) -> Int {
            text.split(whereSeparator: { $0 == "\n" }).map { line in
                line.split(separator: " ").filter { word in
                    [".", ":", "?", "!"].contains(word.last) && word.count > 1 && !word.hasPrefix("--")
                }.count
            }.reduce(0, +)
        }
        for spec in [MetroTimer.spec] + MetroTimer.spec.subcommands {
            guard let discussion = spec.discussion else { continue }
            XCTAssertEqual(
                sentences(discussion.uk), sentences(discussion.en),
                "\(spec.commandName):\n\(discussion.uk)\n\(discussion.en)")
        }
    }

    func testManualNamesEveryVariableAndFileAndHasExamples() {
        for language in Language.allCases {
            let page = Manual.page(language)
            for variable in [
                "METRO_TIMER_ALERT_BACKEND", "METRO_TIMER_ALERT_COMMAND", "XDG_STATE_HOME", "XDG_CONFIG_HOME",
                "XDG_RUNTIME_DIR", "TERM",
            ] {
                XCTAssertTrue(page.contains(".TP\n.B " + ManPage.escape(variable) + "\n"), "\(variable) \(language)")
            }
            XCTAssertTrue(page.contains(".B ~/.config/metro\\-timer/routes.json\n"), "\(language)")
            XCTAssertTrue(page.contains(language == .uk ? ".SH \"ПРИКЛАДИ\"\n" : ".SH \"EXAMPLES\"\n"))
            XCTAssertTrue(page.contains(".B metro\\-timer plan Lisova Teremky \\-\\-at 08:15\n"))
            XCTAssertFalse(page.contains("₀"), "no subscript character roff cannot find under LANG=C")
        }
        let about = CLI.run(["about"])
        XCTAssertTrue(about.stdout.contains("routes.json"), about.stdout)
        XCTAssertTrue(CLI.run(["about", "--json"]).stdout.contains("\"routes.json\""))
    }

    func testManReadsThePageWithoutAWarningInTheCLocale() throws {
        guard let man = which("man") else { throw XCTSkip("man is not installed (.ci/run installs man-db)") }
        let path = TestPaths.packageRoot.appendingPathComponent(Manual.path(.en)).path
        let result = try ProcessRunner.run(
            executable: man, ["-l", path],
            environment: ["LANG": "C", "MANWIDTH": "80", "PATH": "/usr/bin:/bin", "MAN_KEEP_FORMATTING": ""])
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.code, 0)
        XCTAssertTrue(result.stdout.contains("t0"), "t₀ reads as t0 on a terminal")
    }
}
