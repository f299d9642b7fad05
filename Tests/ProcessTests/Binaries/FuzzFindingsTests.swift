import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroTimerCLI

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
            contentsOfFile: TestPaths.packageRoot.appendingPathComponent(
                "fuzz/corpus/journal-command/crash-reason-with-del.jsonl"
            ).path, encoding: .utf8)
        XCTAssertTrue(input.unicodeScalars.contains("\u{7f}"), "the corpus file still holds its DEL")
        let directory = try TestPaths.temporaryDirectory(self) + "/state"
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try input.write(toFile: directory + "/journal.jsonl", atomically: true, encoding: .utf8)
        chmod(directory + "/journal.jsonl", 0o600)
        let environment = [
            "METRO_TIMER_HOME": directory, "METRO_TIMER_CONFIG": directory + "/../config", "NO_COLOR": "1",
        ]
        for arguments in [
            ["journal"], ["journal", "--json"], ["journal", "report"], ["routes", "list"], ["journal", "--lang", "uk"],
        ] {
            let result = CLI.run(arguments, environment: environment)
            XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
            XCTAssertFalse(hasRawControl(result.stdout), "\(arguments): \(result.stdout)")
            XCTAssertFalse(hasRawControl(result.stderr), "\(arguments): \(result.stderr)")
        }
        let warned = CLI.run(["journal"], environment: environment).stderr
        XCTAssertTrue(warned.contains("journal.jsonl:1: skipped a malformed line ("), warned)
        XCTAssertTrue(warned.contains("arri"), "the reason still names the value: \(warned)")
    }

    /// csv (the data files compiled whole): a station's latitude of 7541031651931149650 degrees,
    /// written with leading zeros, after 387,768 executions. The whole degrees were multiplied
    /// by a million without a bound, which overflowed and trapped timetable-gen (SIGILL) where it
    /// should refuse the file. A coordinate is now any number of degrees up to 360 either way, or
    /// not one at all, and Kyiv's range check then names it.
    func testAHugeCoordinateIsRefusedNotATrap() throws {
        let corpus = try Data(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("fuzz/corpus/csv/crash-coordinate-overflow"))
        XCTAssertTrue(
            String(decoding: corpus, as: UTF8.self).contains("0754103165193114"),
            "the corpus file still holds its latitude")
        let row = "mr01_110,M1,1,Академмістечко,Akademmistechko,,no,,50.464929,30.355062"
        for (column, text) in [
            ("lat", "00000000000000000000000007541031651931149650"), ("lat", "10000000000000"),
            ("lon", "-9223372036854775808"), ("lat", "9223372036854775807.5"),
        ] {
            let directory = try TestPaths.temporaryDirectory(self) + "/Data"
            try FileManager.default.copyItem(atPath: TestPaths.data, toPath: directory)
            let path = directory + "/kyiv-stations.csv"
            let original = try String(contentsOfFile: path, encoding: .utf8)
            let edited =
                column == "lat"
                ? row.replacingOccurrences(of: "50.464929", with: text)
                : row.replacingOccurrences(of: "30.355062", with: text)
            try original.replacingOccurrences(of: row, with: edited).write(
                toFile: path, atomically: true, encoding: .utf8)
            let output = directory + "/../network.swift"
            let result = try ProcessRunner.run("timetable-gen", ["--data", directory, "--output", output])
            XCTAssertEqual(result.code, 65, "\(column) \(text): \(result.stderr)")
            let range = column == "lat" ? "50.2–50.7" : "30.2–30.9"
            XCTAssertEqual(
                result.stderr,
                "Error: \(directory)/kyiv-stations.csv:2:\(column == "lat" ? 9 : 10): \(column) '\(text)' is not a decimal coordinate within Kyiv (\(range))\n"
            )
            XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        }
    }
}
