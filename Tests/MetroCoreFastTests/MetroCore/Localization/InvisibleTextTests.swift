import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI
@testable import TimetableGenCLI

/// Characters that break a line or show nothing. The line and paragraph separators (U+2028,
/// U+2029) passed raw in echoed paths (`card --output`, field file names) and in `field`'s
/// warnings that quote a value, while `timetable-gen install` refused them; a station named
/// only U+3164 (HANGUL FILLER) or U+2800 (BRAILLE PATTERN BLANK) was installed, and `plan`
/// printed "ㅤ → Teremky". One rule for what reaches the terminal, one for what a name may be.
final class InvisibleTextTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try TestPaths.temporaryDirectory(self)
    }

    /// What no text from outside may carry to a terminal raw, beyond the controls: the line and
    /// paragraph separators, and characters that show nothing (zero-width space, word joiner,
    /// byte-order mark, soft hyphen, the Hangul fillers, the blank Braille pattern).
    static let hidden: [Unicode.Scalar] = [
        "\u{2028}", "\u{2029}", "\u{200B}", "\u{2060}", "\u{FEFF}", "\u{00AD}", "\u{3164}", "\u{115F}", "\u{FFA0}",
        "\u{2800}",
    ]

    func assertNoneRaw(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let raw = text.unicodeScalars.filter { Self.hidden.contains($0) }
        XCTAssertTrue(
            raw.isEmpty, "\(what): raw \(raw.map { String($0.value, radix: 16) }) in \(text)", file: file, line: line)
    }

    func field(_ arguments: [String]) -> CLIResult {
        let out = StringSink()
        let err = StringSink()
        let code = Generator.main(
            arguments: ["field"] + arguments, stdout: out, stderr: err, currentDirectory: directory)
        return CLIResult(stdout: out.text, stderr: err.text, code: code)
    }

    func testTheCardsEchoedPathShowsEachHiddenCharacterAsAnEscape() throws {
        for scalar in Self.hidden {
            let page = directory + "/ride\(scalar)x.html"
            let result = CLI.run(
                ["card", "Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30", "--output", page])
            XCTAssertEqual(result.code, 0, result.stderr)
            assertNoneRaw(result.stdout + result.stderr, "card --output U+\(String(scalar.value, radix: 16))")
            let escape = "\\u{" + String(scalar.value, radix: 16, uppercase: true).leftPad(2) + "}"
            XCTAssertTrue((result.stdout + result.stderr).contains("ride" + escape + "x.html"), result.stderr)
        }
    }

    /// A shared journal named with a separator, and lines whose quoted values hold them: the
    /// file name and every quoted value reach standard error masked.
    func testFieldEchoesNoHiddenCharacterInAFileNameOrAQuotedValue() throws {
        let header = #"{"format":"metro-timer-shared-journal","version":1}"#
        let lisova = Kyiv.station("Lisova").code
        let darnytsia = Kyiv.station("Darnytsia").code
        func ride(_ id: String, from: String = "", to: String = "", program: String = "0.1.0", steps: String = "[]")
            -> String
        {
            #"{"calibrated":false,"confirmed":270,"from":"\#(from.isEmpty ? lisova : from)","moments":{"arrival":280,"changeAlerts":[],"changes":[],"dayType":"weekday","earliest":250,"finalArrival":280,"hour":10,"latest":320,"steps":\#(steps),"timetable":"2026-11-30"},"outcome":"arrived","program":"\#(program)","ride":"\#(id)","to":"\#(to.isEmpty ? darnytsia : to)"}"#
        }
        let lines = [
            header,
            ride("0000000000000001"),  // 2: a good ride
            ride("0000000000000002", from: "mr10\u{2028}x"),
            ride("0000000000000003", to: "mr10\u{2029}x"),
            ride("0000000000000004", program: "0.1\u{2028}"),
            ride("0000000000000005", steps: #"[{"kind":"at","station":"mr\#u{2029}1","seconds":30}]"#),
            ride("0000000000000006", steps: #"[{"kind":"sh\#u{2028}ift","seconds":30}]"#),
            ride("0000000000000007", from: "mr10\u{200B}\u{3164}"),
        ]
        let name = "rides\u{2029}\u{2028}.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        let result = field([name])
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("rides: 1"), result.stdout)
        for line in 3...8 {
            XCTAssertTrue(
                result.stderr.contains(#"rides\u{2029}\u{2028}.jsonl:\#(line):"#), "\(line): \(result.stderr)")
        }
        assertNoneRaw(result.stdout + result.stderr, "field")
    }

    /// `timetable-gen install` and the check of a network file made elsewhere take the same rule
    /// for a name: one that shows nothing is refused, whatever the characters' category.
    func testANameOfFillersOrBlankBrailleIsRefusedAtInstallAndInTheNetworkCheck() throws {
        for (name, shown) in [
            ("\u{3164}", "U+3164"), ("\u{2800}", "U+2800"), ("\u{115F}\u{1160}", "U+115F U+1160"),
            ("\u{FFA0}", "U+FFA0"), ("\u{3164} \u{2800}", "U+3164 U+0020 U+2800"),
        ] {
            var document = Network.kyiv.document
            let index = try XCTUnwrap(document.stations.firstIndex { $0.code == "mb18_227" })
            document.stations[index].nameEn = name
            XCTAssertEqual(
                document.integrityProblem()?.en,
                "station mb18_227: nameEn shows nothing (\(shown)); a name must have at least one visible letter, digit or sign"
            )
        }
        // Through install, from a data directory: file, line and column, exit 65, nothing written.
        let data = directory + "/Data"
        try FileManager.default.copyItem(atPath: TestPaths.data, toPath: data)
        let stations = data + "/kyiv-stations.csv"
        let text = try String(contentsOfFile: stations, encoding: .utf8)
        let row = "mb18_227,M2,18,Теремки,Teremky,"
        XCTAssertTrue(text.contains(row))
        try text.replacingOccurrences(of: row, with: "mb18_227,M2,18,Теремки,\u{3164},").write(
            toFile: stations, atomically: true, encoding: .utf8)
        let out = StringSink()
        let err = StringSink()
        let code = Generator.main(
            arguments: ["install", "--data", data], environment: ["METRO_TIMER_HOME": directory + "/home"],
            stdout: out, stderr: err, currentDirectory: "/")
        XCTAssertEqual(code, 65, err.text)
        XCTAssertEqual(
            err.text,
            "Error: \(data)/kyiv-stations.csv:37:5: name_en shows nothing (U+3164); a name must have at least one visible letter, digit or sign\n"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/home/data/network.json"))
    }

    /// A hidden character inside an otherwise visible name would reach every place the name is
    /// shown: refused at the door, said as what it is.
    func testAHiddenCharacterInsideANameIsRefused() throws {
        var document = Network.kyiv.document
        let index = try XCTUnwrap(document.stations.firstIndex { $0.code == "mb18_227" })
        document.stations[index].nameEn = "Tere\u{200B}mky"
        XCTAssertEqual(
            document.integrityProblem()?.en,
            "station mb18_227: nameEn holds an invisible character (U+200B); timetable text may hold no control, C1, bidirectional, invisible or line-separator character"
        )
    }
}

extension String {
    fileprivate func leftPad(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
