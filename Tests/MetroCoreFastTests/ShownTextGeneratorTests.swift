import CLIKit
import Foundation
import MetroCore
import XCTest

@testable import timetable_gen

/// Issue 30: `timetable-gen gtfs --output` and `simulate --journal` printed their path raw.
final class ShownTextGeneratorTests: XCTestCase {
    func generate(_ arguments: [String]) -> CLIResult {
        let out = StringSink(), err = StringSink()
        let code = Generator.main(arguments: arguments, stdout: out, stderr: err, currentDirectory: TestPaths.packageRoot.path)
        return CLIResult(stdout: out.text, stderr: err.text, code: code)
    }

    func testTheGeneratorsSuccessMessagesQuoteTheirPaths() throws {
        let base = try TestPaths.temporaryDirectory(self) + "/out\u{1B}]0;pwn\u{7}\u{9B}\u{202E}"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        for arguments in [["gtfs", "--output", base + "/feed.zip"], ["simulate", "--rides", "10", "--journal", base + "/rides.jsonl"]] {
            let result = generate(arguments)
            XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
            let shown = result.stdout + result.stderr
            XCTAssertFalse(shown.unicodeScalars.contains { $0 != "\n" && UnsafeText.isUnsafe($0) }, "\(arguments): \(shown)")
            XCTAssertTrue(shown.contains("out\\u{1B}]0;pwn\\u{07}\\u{9B}\\u{202E}/"), "\(arguments): \(shown)")
        }
    }
}
