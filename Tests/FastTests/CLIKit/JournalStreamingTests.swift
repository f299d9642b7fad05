import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The journal is read a chunk at a time (`PrivateFile.forEachLine`), so a
/// reader holds a line, not the file. The lines it gives are the file's lines, whatever falls on
/// the 64 KiB boundaries: compared with the file split in the test.
final class JournalStreamingTests: XCTestCase {
    func testEveryLineIsGivenWholeAcrossChunkBoundaries() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        let path = directory + "/lines"
        // Lines of many lengths, so that boundaries fall inside lines, on newlines and between
        // two newlines; one line longer than a chunk; no newline at the end.
        var lines: [String] = []
        for index in 0..<3000 {
            lines.append(String(repeating: Character(UnicodeScalar(97 + index % 26)!), count: (index * 37) % 211))
        }
        lines.insert(String(repeating: "x", count: 150_000), at: 1234)
        let text = lines.joined(separator: "\n")
        _ = FileManager.default.createFile(
            atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        var seen: [String] = []
        var numbers: [Int] = []
        let found = try PrivateFile.forEachLine(path) { (line: ArraySlice<UInt8>, number: Int) throws(Never) in
            seen.append(String(decoding: line, as: UTF8.self))
            numbers.append(number)
        }
        XCTAssertTrue(found)
        XCTAssertEqual(seen, text.components(separatedBy: "\n"))
        XCTAssertEqual(numbers, Array(1...seen.count))
        XCTAssertFalse(
            try PrivateFile.forEachLine(directory + "/none") { (_: ArraySlice<UInt8>, _: Int) throws(Never) in })
    }

    /// The refusals are `read`'s: a symbolic link is not followed.
    func testALinkIsRefused() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        _ = FileManager.default.createFile(
            atPath: directory + "/target", contents: Data("a\n".utf8), attributes: [.posixPermissions: 0o600])
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/link", withDestinationPath: directory + "/target")
        XCTAssertThrowsError(
            try PrivateFile.forEachLine(directory + "/link") { (_: ArraySlice<UInt8>, _: Int) throws(Never) in
                XCTFail("read through a link")
            })
    }

    /// The journal read record by record: the records and skipped lines are those of the file,
    /// read here line by line with Foundation (a record written twice counted once).
    func testTheJournalReadsTheSameRecordByRecord() throws {
        let home = try TestJournal.stateDirectory(self)
        let one = try TestJournal.corpusRecord()
        var lines: [String] = []
        for index in 0..<400 {
            lines.append(
                one.replacingOccurrences(
                    of: TestJournal.corpusID,
                    with: String(format: "00000000-0000-0000-0000-%012d", index)))
            if index % 50 == 7 { lines.append("{broken") }
        }
        lines.append(lines[0])
        try TestJournal.write(lines, in: home)
        let (records, problems) = try FileTripStore(directory: home).readJournal()
        XCTAssertEqual(records.count, 400)
        XCTAssertEqual(records.map(\.id), (0..<400).map { String(format: "00000000-0000-0000-0000-%012d", $0) })
        XCTAssertEqual(
            problems.map(\.line), lines.enumerated().filter { $0.element == "{broken" }.map { $0.offset + 1 })
    }

    /// `journal` and `journal --json` one record at a time write what the gathered form writes
    /// (`JournalCommand.json`, the documented schema) and what `--last` writes: the same bytes,
    /// valid JSON.
    func testTheStreamedJournalIsTheGatheredOne() throws {
        let home = try TestJournal.stateDirectory(self)
        let one = try TestJournal.corpusRecord()
        var lines: [String] = []
        for index in 0..<50 {
            lines.append(
                one.replacingOccurrences(
                    of: TestJournal.corpusID,
                    with: String(format: "00000000-0000-0000-0000-%012d", index)))
            if index == 7 { lines.append("{broken") }
        }
        // A version-4 record with every field (the names in both languages, a late "yours is
        // next"), and one with the fewest a record may have.
        lines.append(
            #"{"calibrated":true,"confirmedArrival":"2026-12-01T07:44:05Z","confirmedSeconds":1935,"corrections":{"ahead":2,"at":1,"behind":3,"departed":1},"endedAt":"2026-12-01T07:44:09Z","finalAlert":"2026-12-01T07:41:00Z","finalAlertStop":"2026-12-01T07:42:10Z","finalArrival":"2026-12-01T07:43:50Z","finalSeconds":1920,"from":"mr18_127","fromNameEn":"Lisova","fromNameUk":"Лісова","id":"v4-full","outcome":"arrived","plannedAlert":"2026-12-01T07:40:00Z","plannedArrival":"2026-12-01T07:43:00Z","plannedSeconds":1870,"t0":"2026-12-01T07:11:50Z","to":"mb18_227","toNameEn":"Teremky","toNameUk":"Теремки","version":4}"#
        )
        lines.append(
            #"{"corrections":{"ahead":0,"at":0,"behind":0,"departed":0},"endedAt":"2026-12-02T09:00:00Z","finalArrival":"2026-12-02T08:40:00Z","finalSeconds":1500,"from":"mr18_127","id":"v1-bare","outcome":"stopped","plannedArrival":"2026-12-02T08:40:00Z","plannedSeconds":1500,"t0":"2026-12-02T08:15:00Z","to":"mb18_227","version":1}"#
        )
        try TestJournal.write(lines, in: home)
        let environment = ["METRO_TIMER_HOME": home, "NO_COLOR": "1"]
        for extra in [[], ["--json"]] {
            let streamed = CLI.run(["journal"] + extra, environment: environment)
            let gathered = CLI.run(["journal", "--last", "1000"] + extra, environment: environment)
            XCTAssertEqual(streamed.code, 0, streamed.stderr)
            XCTAssertEqual(streamed.stdout, gathered.stdout, "\(extra)")
            XCTAssertEqual(streamed.stderr, gathered.stderr, "\(extra)")
            XCTAssertTrue(streamed.stderr.contains(":9: skipped a malformed line"), streamed.stderr)
        }
        let (records, problems) = try FileTripStore(directory: home).readJournal()
        XCTAssertEqual(
            CLI.run(["journal", "--json"], environment: environment).stdout,
            JournalCommand.json(records, summary: JournalSummary(records), problems: problems))
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(CLI.run(["journal", "--json"], environment: environment).stdout.utf8)) as? [String: Any])
        XCTAssertEqual((json["trips"] as? [Any])?.count, 52)
        // No temporary file is left beside the journal.
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: home).filter { $0.hasPrefix(".journal-json") }, [])
        // An empty journal: the document with no trips, as before.
        try "".write(toFile: home + "/journal.jsonl", atomically: true, encoding: .utf8)
        chmod(home + "/journal.jsonl", 0o600)
        XCTAssertEqual(
            CLI.run(["journal", "--json"], environment: environment).stdout,
            CLI.run(["journal", "--json", "--last", "5"], environment: environment).stdout)
    }
}
