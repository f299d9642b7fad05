import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Characters that break a line or show nothing. The line and paragraph separators (U+2028,
/// U+2029) passed raw in echoed paths (`card --output`, field file names) and in `field`'s
/// warnings that quote a value, while `timetable-gen install` refused them. One rule for what
/// reaches the terminal (`UnsafeText`); what a name may be is `TimetableTextGateTests`'.
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

    func field(_ arguments: [String]) -> CLIResult { FieldRun.run(arguments, in: directory) }

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
        let lines = [
            FieldRun.header,
            FieldRun.ride("0000000000000001"),  // 2: a good ride
            FieldRun.ride("0000000000000002", from: "mr10\u{2028}x"),
            FieldRun.ride("0000000000000003", to: "mr10\u{2029}x"),
            FieldRun.ride("0000000000000004", program: "0.1\u{2028}"),
            FieldRun.ride("0000000000000005", steps: #"[{"kind":"at","station":"mr\#u{2029}1","seconds":30}]"#),
            FieldRun.ride("0000000000000006", steps: #"[{"kind":"sh\#u{2028}ift","seconds":30}]"#),
            FieldRun.ride("0000000000000007", from: "mr10\u{200B}\u{3164}"),
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
}

extension String {
    fileprivate func leftPad(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
