import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import TimetableGenCLI

/// `timetable-gen gtfs --output` and `simulate --journal` printed their path raw.
final class ShownTextGeneratorTests: XCTestCase {
    func generate(_ arguments: [String]) -> CLIResult {
        let out = StringSink()
        let err = StringSink()
        let code = Generator.main(
            arguments: arguments, stdout: out, stderr: err, currentDirectory: TestPaths.packageRoot.path)
        return CLIResult(stdout: out.text, stderr: err.text, code: code)
    }

    func testTheGeneratorsSuccessMessagesQuoteTheirPaths() throws {
        let base = try TestPaths.temporaryDirectory(self) + "/out\u{1B}]0;pwn\u{7}\u{9B}\u{202E}"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        for arguments in [
            ["gtfs", "--output", base + "/feed.zip"],
            ["simulate", "--rides", "10", "--journal", base + "/rides.jsonl"],
        ] {
            let result = generate(arguments)
            XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
            let shown = result.stdout + result.stderr
            XCTAssertFalse(
                shown.unicodeScalars.contains { $0 != "\n" && UnsafeText.isUnsafe($0) }, "\(arguments): \(shown)")
            XCTAssertTrue(shown.contains("out\\u{1B}]0;pwn\\u{07}\\u{9B}\\u{202E}/"), "\(arguments): \(shown)")
        }
    }

    /// `timetable-gen install` under a relative METRO_TIMER_HOME installed relative to the current
    /// directory, where metro-timer (which refuses such a home) would never look for it.
    func testInstallRefusesARelativeHome() throws {
        let name = "metro-timer-relative-install-\(getpid())"
        let cwd = FileManager.default.currentDirectoryPath
        defer { try? FileManager.default.removeItem(atPath: cwd + "/" + name) }
        let out = StringSink()
        let err = StringSink()
        let code = Generator.main(
            arguments: ["install", "--data", TestPaths.data], environment: ["METRO_TIMER_HOME": name], stdout: out,
            stderr: err, currentDirectory: cwd)
        XCTAssertEqual(code, 1, out.text)
        XCTAssertEqual(
            err.text,
            "Error: METRO_TIMER_HOME is '\(name)', a relative path, which would move with the current directory; give an absolute one (for example METRO_TIMER_HOME=\"$PWD/\(name)\").\n"
        )
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: cwd + "/" + name),
            "nothing installed relative to the current directory")
    }
}
