import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import TimetableGenCLI

/// timetable-gen(1): generated from its command specs like metro-timer(1), checked in fresh,
/// clean under mandoc's linter, and complete.
final class TimetableGenManualTests: XCTestCase {
    func testCheckedInPageIsTheGeneratedOne() throws {
        let path = TestPaths.packageRoot.appendingPathComponent(GeneratorManual.path(.en)).path
        let checkedIn = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(checkedIn, GeneratorManual.page(.en), "\(GeneratorManual.path(.en)) is stale: run 'make man'")
        // The same text from the binary's hidden entry that `make man` uses.
        let binary = try ProcessRunner.run("timetable-gen", ["__manual", "en"])
        XCTAssertEqual(binary.code, 0)
        XCTAssertEqual(binary.stdout, checkedIn)
    }

    func testEveryCommandAndOptionIsDocumented() {
        for language in Language.allCases {
            let page = GeneratorManual.page(language)
            XCTAssertTrue(
                page.contains(".B " + ManPage.escape(Generator.spec.usage) + "\n.br\n"),
                "the root's own usage opens the synopsis")
            for argument in Generator.spec.arguments {
                XCTAssertTrue(page.contains(".TP\n.B " + ManPage.escape(argument.label) + "\n"), argument.label)
            }
            XCTAssertEqual(
                Generator.spec.subcommands.map { $0.path.last! },
                ["import", "backtest", "gtfs", "install", "simulate", "field"])
            for command in Generator.spec.subcommands {
                XCTAssertTrue(
                    page.contains(".SS \"\(command.path.last!)\"\n.B " + ManPage.escape(command.usage) + "\n"),
                    command.commandName)
                for argument in command.arguments {
                    XCTAssertTrue(
                        page.contains(".TP\n.B " + ManPage.escape(argument.label) + "\n"),
                        "\(command.commandName) \(argument.label)")
                }
            }
            for variable in ["METRO_TIMER_HOME", "XDG_DATA_HOME"] {
                XCTAssertTrue(page.contains(".B " + ManPage.escape(variable) + "\n"), variable)
            }
            XCTAssertEqual(page.containsCyrillic, language == .uk)
        }
        XCTAssertTrue(
            GeneratorManual.page(.en).hasPrefix(
                ".\\\" -*- coding: UTF-8 -*-\n.\\\" Generated from timetable-gen's command specs by 'timetable-gen __manual'; do not edit.\n.TH \"TIMETABLE\\-GEN\" 1 "
            ))
    }

    func testMandocLintIsClean() throws {
        guard let mandoc = which("mandoc") else { throw XCTSkip("mandoc is not installed (.ci/run installs it)") }
        let path = TestPaths.packageRoot.appendingPathComponent(GeneratorManual.path(.en)).path
        let lint = try ProcessRunner.run(executable: mandoc, ["-T", "lint", path])
        XCTAssertEqual(lint.stdout + lint.stderr, "")
        XCTAssertEqual(lint.code, 0)
        let text = try ProcessRunner.run(executable: mandoc, ["-T", "ascii", path])
        var plain: [Character] = []
        for character in text.stdout {
            if character == "\u{8}" { plain.removeLast() } else { plain.append(character) }  // bold is overstruck
        }
        XCTAssertTrue(String(plain).contains("timetable-gen install [--data <dir>] [--remove]"), String(plain))
        // The Ukrainian page is clean too (not checked in: make man writes the English one).
        let directory = try TestPaths.temporaryDirectory(self)
        try GeneratorManual.page(.uk).write(toFile: directory + "/timetable-gen.1", atomically: true, encoding: .utf8)
        let uk = try ProcessRunner.run(executable: mandoc, ["-T", "lint", directory + "/timetable-gen.1"])
        XCTAssertEqual(uk.stdout + uk.stderr, "")
    }

    func testHelpNamesInstallAndMatchesTheCommandsOwnHelp() {
        func run(_ arguments: [String]) -> String {
            let out = StringSink()
            let err = StringSink()
            XCTAssertEqual(
                Generator.main(arguments: arguments, stdout: out, stderr: err, currentDirectory: "/"), 0, err.text)
            return out.text
        }
        let root = run(["--help"])
        XCTAssertTrue(root.contains("\n  install "), root)
        XCTAssertTrue(root.contains("--version"), root)
        let install = run(["help", "install"])
        XCTAssertTrue(
            install.hasPrefix("OVERVIEW: Install a data directory's timetable for metro-timer (no rebuild).\n"), install
        )
        XCTAssertEqual(run(["install", "--help"]), install)
        XCTAssertEqual(run(["--version"]), Release.versionLine("timetable-gen"))
    }
}
