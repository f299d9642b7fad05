import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore

/// What `timetable-gen field` says of a line it skips, said as a rider reads the file: a line
/// that is no object said "('' is not an object)", a 2.5 in a step "bad value at
/// 'moments.steps.Index 0.seconds'"; and an integer is read strictly: `1e-400` was read as 0
/// and `1e2` as 100 where an integer is required.
final class SharedJournalRefusalTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try TestPaths.temporaryDirectory(self)
    }

    func field(_ arguments: [String], environment: [String: String] = [:]) -> CLIResult {
        FieldRun.run(arguments, in: directory, environment: environment)
    }

    func ride(_ id: String, confirmed: String = "270", steps: String = "[]") -> String {
        FieldRun.ride(id, confirmed: confirmed, steps: steps)
    }

    func testEachSkippedLineIsNamedAsTheFileReadsAndIntegersAreReadStrictly() throws {
        let lines = [
            FieldRun.header,
            ride("0000000000000001"),  // 2: read
            "[]",  // 3
            "null",  // 4
            "1",  // 5
            #""s""#,  // 6
            ride("0000000000000007", steps: #"[{"kind":"departed","seconds":2.5}]"#),  // 7
            ride("0000000000000008", confirmed: "1e-400"),  // 8
            ride("0000000000000009", confirmed: "1e2"),  // 9
            ride("000000000000000a", confirmed: "270.0"),  // 10
            ride("000000000000000b", steps: #"[{"kind":"departed"}]"#),  // 11
            ride("000000000000000c", steps: #"[{"kind":"departed","seconds":30},{"kind":"departed","seconds":1E1}]"#),
        ]
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: directory + "/rides.jsonl", atomically: true, encoding: .utf8)
        let result = field(["rides.jsonl"])
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("rides: 1"), result.stdout)
        let skipped = "warning: rides.jsonl:"
        XCTAssertEqual(
            result.stderr.split(separator: "\n").map(String.init),
            [
                skipped + "3: skipped a line (not a JSON object)",
                skipped + "4: skipped a line (not a JSON object)",
                skipped + "5: skipped a line (not a JSON object)",
                skipped + "6: skipped a line (not a JSON object)",
                skipped + "7: skipped a line ('moments.steps[0].seconds' is not an integer)",
                skipped + "8: skipped a line ('confirmed' is not an integer)",
                skipped + "9: skipped a line ('confirmed' is not an integer)",
                skipped + "10: skipped a line ('confirmed' is not an integer)",
                skipped + "11: skipped a line (missing 'moments.steps[0].seconds')",
                skipped + "12: skipped a line ('moments.steps[1].seconds' is not an integer)",
            ])
        XCTAssertFalse(result.stderr.contains("''"), result.stderr)
        XCTAssertFalse(result.stderr.contains("Index"), result.stderr)
    }

    /// The same in Ukrainian.
    func testTheRefusalsReadInUkrainian() throws {
        let lines = [
            FieldRun.header, "[]",
            ride("0000000000000003", steps: #"[{"kind":"departed","seconds":2.5}]"#),
        ]
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: directory + "/rides.jsonl", atomically: true, encoding: .utf8)
        let result = field(["rides.jsonl"], environment: ["METRO_TIMER_LANG": "uk"])
        XCTAssertTrue(result.stderr.contains("rides.jsonl:2: рядок пропущено (не об’єкт JSON)"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("rides.jsonl:3: рядок пропущено ('moments.steps[0].seconds' не ціле число)"),
            result.stderr)
    }
}
