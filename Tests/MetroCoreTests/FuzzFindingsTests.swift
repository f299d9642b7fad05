import CLIKit
import Foundation
import XCTest

@testable import metro_timer

/// Inputs the command fuzz targets (fuzz/CommandTargets.swift) found, each also a corpus file
/// under fuzz/corpus/ that fuzz/run.sh replays.
final class FuzzFindingsTests: XCTestCase {
    func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && Quote.isControl($0) }
    }

    /// journal-command: a journal line whose `outcome` holds a DEL ("arri\u{7f}ed"). The
    /// decoder's own reason quotes the value, and `journal` printed that reason raw in its
    /// "skipped a malformed line" warning. The reason now goes through the quoting every other
    /// text from a file takes.
    func testASkippedJournalLineIsDescribedWithoutItsRawBytes() throws {
        let input = try String(
            contentsOfFile: TestPaths.packageRoot.appendingPathComponent("fuzz/corpus/journal-command/crash-reason-with-del.jsonl").path, encoding: .utf8)
        XCTAssertTrue(input.unicodeScalars.contains("\u{7f}"), "the corpus file still holds its DEL")
        let directory = try TestPaths.temporaryDirectory(self) + "/state"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try input.write(toFile: directory + "/journal.jsonl", atomically: true, encoding: .utf8)
        chmod(directory + "/journal.jsonl", 0o600)
        let environment = ["METRO_TIMER_HOME": directory, "METRO_TIMER_CONFIG": directory + "/../config", "NO_COLOR": "1"]
        for arguments in [["journal"], ["journal", "--json"], ["journal", "report"], ["routes", "list"], ["journal", "--lang", "uk"]] {
            let result = CLI.run(arguments, environment: environment)
            XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
            XCTAssertFalse(hasRawControl(result.stdout), "\(arguments): \(result.stdout)")
            XCTAssertFalse(hasRawControl(result.stderr), "\(arguments): \(result.stderr)")
        }
        let warned = CLI.run(["journal"], environment: environment).stderr
        XCTAssertTrue(warned.contains("journal.jsonl:1: skipped a malformed line ("), warned)
        XCTAssertTrue(warned.contains("arri"), "the reason still names the value: \(warned)")
    }
}
