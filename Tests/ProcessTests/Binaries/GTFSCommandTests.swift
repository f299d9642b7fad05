import Foundation
import MetroTestSupport
import XCTest

/// `timetable-gen gtfs`, the real binary: the same bytes twice as a valid ZIP (read back by
/// `unzip`), a directory too, a FIFO refused, and only real dates taken for `--start` and
/// `--end`.
final class GTFSCommandTests: XCTestCase {
    func testTheCommandWritesTheSameBytesTwiceAsAValidZip() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        var outputs: [Data] = []
        for name in ["a.zip", "b.zip"] {
            let result = try ProcessRunner.run(
                "timetable-gen", ["gtfs", "--output", directory + "/" + name],
                currentDirectory: TestPaths.packageRoot.path)
            XCTAssertEqual(result.code, 0, result.stderr)
            XCTAssertTrue(result.stdout.hasPrefix("Wrote \(directory)/\(name): 52 stops, "), result.stdout)
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
        }
        XCTAssertEqual(outputs[0], outputs[1])
        guard let unzip = which("unzip") else { throw XCTSkip("unzip is not installed") }
        let test = try ProcessRunner.run(executable: unzip, ["-t", directory + "/a.zip"])
        XCTAssertEqual(test.code, 0, test.stdout)
        XCTAssertTrue(test.stdout.contains("No errors detected"))
        let agency = try ProcessRunner.run(executable: unzip, ["-p", directory + "/a.zip", "agency.txt"])
        XCTAssertEqual(agency.stdout, TestFeed.files[0].contents)
        // A directory works too; a FIFO in the zip's place is refused.
        let folder = try ProcessRunner.run(
            "timetable-gen", ["gtfs", "--output", directory + "/feed"], currentDirectory: TestPaths.packageRoot.path)
        XCTAssertEqual(folder.code, 0, folder.stderr)
        XCTAssertEqual(
            try String(contentsOfFile: directory + "/feed/agency.txt", encoding: .utf8), TestFeed.files[0].contents)
        XCTAssertEqual(mkfifo(directory + "/pipe.zip", 0o600), 0)
        let fifo = try ProcessRunner.run(
            "timetable-gen", ["gtfs", "--output", directory + "/pipe.zip"], currentDirectory: TestPaths.packageRoot.path
        )
        XCTAssertEqual(fifo.code, 1)
        XCTAssertTrue(fifo.stderr.contains("is a FIFO"), fifo.stderr)
        let bad = try ProcessRunner.run(
            "timetable-gen", ["gtfs", "--output", directory + "/x.zip", "--end", "2026-13-01"],
            currentDirectory: TestPaths.packageRoot.path)
        XCTAssertEqual(bad.code, 64)
        XCTAssertTrue(
            bad.stderr.hasPrefix("Error: '--end' must be a date written YYYY-MM-DD, not '2026-13-01'\n"), bad.stderr)
    }

    /// `--start` and `--end` take real `YYYY-MM-DD` dates, as `changes.json` and `plan --date` do:
    /// no day a month lacks (2026-02-30 would run on as 2026-03-02), no sign inside a field.
    func testTheFeedsDatesAreRealDates() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        for (option, text) in [
            ("start", "2026-02-30"), ("end", "2026-04-31"), ("start", "2026-+1-01"), ("end", "2027-01-+1"),
            ("start", "+026-01-01"), ("start", "2026-1-001"),
        ] {
            let bad = try ProcessRunner.run(
                "timetable-gen", ["gtfs", "--output", directory + "/x.zip", "--\(option)", text],
                currentDirectory: TestPaths.packageRoot.path)
            XCTAssertEqual(bad.code, 64, "--\(option) \(text): \(bad.stdout)")
            XCTAssertTrue(
                bad.stderr.hasPrefix("Error: '--\(option)' must be a date written YYYY-MM-DD, not '\(text)'\n"),
                bad.stderr)
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: directory + "/x.zip"), "--\(option) \(text): nothing written")
        }
        let leap = try ProcessRunner.run(
            "timetable-gen",
            ["gtfs", "--output", directory + "/leap.zip", "--start", "2028-02-29", "--end", "2028-03-01"],
            currentDirectory: TestPaths.packageRoot.path)
        XCTAssertEqual(leap.code, 0, leap.stderr)
        XCTAssertTrue(leap.stdout.contains("valid 2028-02-29 to 2028-03-01"), leap.stdout)
    }
}
