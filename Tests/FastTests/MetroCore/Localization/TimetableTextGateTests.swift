import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import TimetableGenCLI

/// One gate for timetable text. `install` refused control characters in names
/// (when it read its own output back), but `gtfs` and the plain compile took them (a raw ESC
/// reached the feed's translations.txt), and `install` took blank and invisible names. Every
/// command that compiles data applies the same checks at the door, with file:line:column, and
/// the refusal names the rule. A station named only U+3164 (HANGUL FILLER) or U+2800 (BRAILLE
/// PATTERN BLANK) was installed, and `plan` printed "ㅤ → Teremky": a filler shows nothing.
final class TimetableTextGateTests: XCTestCase {
    struct Run {
        var stdout: String
        var stderr: String
        var code: Int32
    }

    func generate(_ arguments: [String], home: String) -> Run {
        let out = StringSink()
        let err = StringSink()
        let code = Generator.main(
            arguments: arguments, environment: ["METRO_TIMER_HOME": home], stdout: out, stderr: err,
            currentDirectory: "/")
        return Run(stdout: out.text, stderr: err.text, code: code)
    }

    /// A copy of `Data/` with Teremky's English name (line 37, column 5 of the stations file)
    /// replaced.
    func data(teremkyEn name: String) throws -> String {
        let directory = try TestPaths.temporaryDirectory(self) + "/Data"
        try FileManager.default.copyItem(atPath: TestPaths.data, toPath: directory)
        let path = directory + "/kyiv-stations.csv"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let row = "mb18_227,M2,18,Теремки,Teremky,"
        XCTAssertEqual(
            text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix(row) }, 36,
            "line 37")
        try text.replacingOccurrences(of: row, with: "mb18_227,M2,18,Теремки,\(name),").write(
            toFile: path, atomically: true, encoding: .utf8)
        return directory
    }

    /// The three doors: the plain compile, the GTFS export and install.
    func doors(_ data: String, _ scratch: String) -> [(String, [String])] {
        [
            ("compile", ["--data", data, "--output", scratch + "/network.swift"]),
            ("gtfs", ["gtfs", "--data", data, "--output", scratch + "/feed.zip"]),
            ("install", ["install", "--data", data]),
        ]
    }

    func testAControlCharacterIsRefusedAtEveryDoorWithItsPlaceAndTheRule() throws {
        let data = try data(teremkyEn: "Teremky\u{1B}]0;owned\u{7}")
        let scratch = try TestPaths.temporaryDirectory(self)
        for (door, arguments) in doors(data, scratch) {
            let run = generate(arguments, home: scratch + "/home")
            XCTAssertEqual(run.code, 65, "\(door): \(run.stderr)")
            XCTAssertEqual(
                run.stderr,
                "Error: \(data)/kyiv-stations.csv:37:5: name_en holds a control character (U+001B); timetable text may hold no control, C1, bidirectional, invisible or line-separator character\n",
                door)
            XCTAssertFalse(run.stderr.contains("\u{1B}"), door)
            XCTAssertEqual(run.stdout, "", door)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch + "/feed.zip"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch + "/home/data/network.json"))
    }

    func testBlankAndInvisibleNamesAreRefusedAtEveryDoor() throws {
        let scratch = try TestPaths.temporaryDirectory(self)
        for (name, shown) in [
            (" ", "U+0020"), ("\u{2028}", "U+2028"), ("\u{200B}", "U+200B"), ("\u{FEFF}", "U+FEFF"),
            ("\u{00AD}", "U+00AD"), (" \u{200B}\u{00A0}", "U+0020 U+200B U+00A0"),
            // Fillers Unicode counts as a letter or a symbol: they show nothing either.
            ("\u{3164}", "U+3164"), ("\u{2800}", "U+2800"), ("\u{115F}\u{1160}", "U+115F U+1160"),
            ("\u{FFA0}", "U+FFA0"),
        ] {
            let data = try data(teremkyEn: name)
            for (door, arguments) in doors(data, scratch) {
                let run = generate(arguments, home: scratch + "/home")
                XCTAssertEqual(run.code, 65, "\(shown) \(door): \(run.stderr)")
                // (U+2028 alone is refused by the rule for all text first: it breaks the line.)
                let rule =
                    shown == "U+2028"
                    ? "name_en holds a line or paragraph separator (U+2028); timetable text may hold no control, C1, bidirectional, invisible or line-separator character"
                    : "name_en shows nothing (\(shown)); a name must have at least one visible letter, digit or sign"
                XCTAssertEqual(run.stderr, "Error: \(data)/kyiv-stations.csv:37:5: \(rule)\n", "\(shown) \(door)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch + "/home/data/network.json"))
    }

    /// A line separator inside an otherwise visible name breaks the line it is shown on.
    func testALineSeparatorInsideANameIsRefused() throws {
        let data = try data(teremkyEn: "Tere\u{2028}mky")
        let scratch = try TestPaths.temporaryDirectory(self)
        let run = generate(["install", "--data", data], home: scratch + "/home")
        XCTAssertEqual(run.code, 65)
        XCTAssertEqual(
            run.stderr,
            "Error: \(data)/kyiv-stations.csv:37:5: name_en holds a line or paragraph separator (U+2028); timetable text may hold no control, C1, bidirectional, invisible or line-separator character\n"
        )
    }

    /// A network file made elsewhere (not by this compiler) is held to the same rule when it is
    /// read, and the refusal says the rule rather than a Swift enum's description.
    func testAnInstalledFileWithAnInvisibleNameIsRefusedByTheRule() throws {
        for (name, said) in [
            ("\u{200B}", "shows nothing (U+200B); a name must have at least one visible letter, digit or sign"),
            ("\u{3164}", "shows nothing (U+3164); a name must have at least one visible letter, digit or sign"),
            (
                "\u{3164} \u{2800}",
                "shows nothing (U+3164 U+0020 U+2800); a name must have at least one visible letter, digit or sign"
            ),
            // Inside a visible name it would reach every place the name is shown.
            (
                "Tere\u{200B}mky",
                "holds an invisible character (U+200B); timetable text may hold no control, C1, bidirectional, invisible or line-separator character"
            ),
        ] {
            var document = Network.kyiv.document
            let index = try XCTUnwrap(document.stations.firstIndex { $0.code == "mb18_227" })
            document.stations[index].nameEn = name
            XCTAssertEqual(document.integrityProblem()?.en, "station mb18_227: nameEn " + said)
        }
    }
}
