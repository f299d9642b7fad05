import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Every journal reader works in bounded memory: `journal --last`, `--export`, `journal report`
/// and the replacement of a record read the journal one record at a time. What they write is what the gathered forms
/// wrote: here each is held to a result made in the test from every record read at once
/// (`readJournal`), through the documented JSON (`JournalCommand.json`) and the journal encoder.
final class JournalBoundedReadersTests: XCTestCase {
    var home = ""
    var environment: [String: String] = [:]

    /// 60 records over four routes (a record written twice, two malformed lines, a blank line),
    /// each a copy of the fuzz corpus's record with its own id, route and figures.
    override func setUpWithError() throws {
        home = try TestJournal.stateDirectory(self)
        let one = try TestJournal.corpusRecord()
        let routes = [
            ("mr18_127", "mb18_227"), ("mr01_110", "mg15_326"), ("mb01_210", "mr13_122"), ("mg01_310", "mb09_218"),
        ]
        var lines: [String] = []
        for index in 0..<60 {
            let (from, to) = routes[index % routes.count]
            lines.append(
                one
                    .replacingOccurrences(
                        of: TestJournal.corpusID, with: String(format: "id-%03d", index)
                    )
                    .replacingOccurrences(of: #""from":"mr18_127""#, with: #""from":"\#(from)""#)
                    .replacingOccurrences(of: #""to":"mb18_227""#, with: #""to":"\#(to)""#)
                    .replacingOccurrences(
                        of: #""confirmedSeconds":1"#, with: #""confirmedSeconds":\#(1900 + (index * 37) % 90)"#
                    )
                    .replacingOccurrences(of: #""calibrated":false"#, with: #""calibrated":\#(index % 3 == 0)"#))
            if index == 11 { lines.append("{broken") }
            if index == 40 { lines.append("") }
        }
        lines.append(lines[5])
        lines.append(#"{"version":4,"id":"torn""#)
        try TestJournal.write(lines, in: home)
        environment = ["METRO_TIMER_HOME": home, "NO_COLOR": "1"]
    }

    func warnings(_ problems: [(line: Int, reason: Bilingual)]) -> String {
        let store = FileTripStore(directory: home)
        return problems.map { store.skippedWarning($0) + "\n" }.joined()
    }

    func testTheLastNAreTheLastNRecords() throws {
        let (records, problems) = try FileTripStore(directory: home).readJournal()
        XCTAssertEqual(records.count, 60)
        for count in [1, 2, 7, 59, 60, 61, 5000] {
            let last = Array(records.suffix(count))
            let json = CLI.run(["journal", "--json", "--last", "\(count)"], environment: environment)
            XCTAssertEqual(json.code, 0, json.stderr)
            XCTAssertEqual(
                json.stdout, JournalCommand.json(last, summary: JournalSummary(last), problems: problems), "\(count)")
            XCTAssertEqual(json.stderr, warnings(problems))
            let text = CLI.run(["journal", "--last", "\(count)"], environment: environment)
            XCTAssertEqual(
                text.stdout.split(separator: "\n").filter { $0.hasPrefix("2026-") }.count, last.count, "\(count)")
            XCTAssertTrue(text.stdout.contains("Trips: \(last.count), confirmed arrivals: \(last.count)."), text.stdout)
        }
    }

    /// The export's lines are the records as the journal encoder writes them, to a file (whole,
    /// private, nothing left beside it) or to standard output.
    func testTheExportIsEveryRecordEncoded() throws {
        let (records, problems) = try FileTripStore(directory: home).readJournal()
        func lines(_ records: [JournalRecord]) throws -> String {
            try records.map { String(decoding: try FileTripStore.journalEncoder.encode($0), as: UTF8.self) + "\n" }
                .joined()
        }
        let directory = try TestPaths.temporaryDirectory(self) + "/out"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for last in [nil, 1, 25, 60, 100] as [Int?] {
            let extra = last.map { ["--last", "\($0)"] } ?? []
            let expected = try lines(last.map { Array(records.suffix($0)) } ?? records)
            let out = CLI.run(["journal", "--export", "-"] + extra, environment: environment)
            XCTAssertEqual(out.code, 0, out.stderr)
            XCTAssertEqual(out.stdout, expected, "\(extra)")
            XCTAssertEqual(out.stderr, warnings(problems))
            let path = directory + "/export.jsonl"
            let file = CLI.run(["journal", "--export", path] + extra, environment: environment)
            XCTAssertEqual(file.code, 0, file.stderr)
            XCTAssertEqual(file.stdout, "Wrote \(min(last ?? 60, 60)) trips to \(path).\n")
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), expected, "\(extra)")
            XCTAssertEqual(
                (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue,
                0o600)
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: directory), ["export.jsonl"],
                "no temporary file left")
        }
        // A journal that cannot be read: the export fails with the journal's reason and the
        // earlier export stays as it was, nothing left beside it.
        let before = try String(contentsOfFile: directory + "/export.jsonl", encoding: .utf8)
        chmod(home + "/journal.jsonl", 0o000)
        defer { chmod(home + "/journal.jsonl", 0o600) }
        if getuid() != 0 {
            let refused = CLI.run(["journal", "--export", directory + "/export.jsonl"], environment: environment)
            XCTAssertNotEqual(refused.code, 0)
            XCTAssertTrue(refused.stderr.contains("journal.jsonl"), refused.stderr)
            XCTAssertEqual(try String(contentsOfFile: directory + "/export.jsonl", encoding: .utf8), before)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["export.jsonl"])
        }
    }

    /// The report fed one record at a time is the report of all of them, each ride's route
    /// asked of the router (as the report was made before the builder).
    func testTheReportIsTheReportOfEveryRecord() throws {
        let (records, problems) = try FileTripStore(directory: home).readJournal()
        let router = Router(network: Kyiv.network)
        var routeOrder: [String] = []
        var rides: [String: Int] = [:]
        var legRides: [String: Int] = [:]
        for record in records {
            let key = record.from + ">" + record.to
            if rides[key] == nil { routeOrder.append(key) }
            rides[key, default: 0] += 1
            for leg in try router.route(from: record.from, to: record.to).legs {
                legRides[leg.line + " " + leg.direction.rawValue, default: 0] += 1
            }
        }
        let result = CLI.run(["journal", "report", "--json"], environment: environment)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stderr, warnings(problems))
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let routes = try XCTUnwrap(report["routes"] as? [[String: Any]])
        XCTAssertEqual(routes.map { "\($0["from"]!)>\($0["to"]!)" }, routeOrder)
        XCTAssertEqual(routes.map { $0["rides"] as? Int }, routeOrder.map { rides[$0] })
        let legs = try XCTUnwrap(report["legs"] as? [[String: Any]])
        XCTAssertEqual(legs.map { "\($0["line"]!) \($0["direction"]!)" }, legRides.keys.sorted())
        XCTAssertEqual(legs.map { $0["rides"] as? Int }, legRides.keys.sorted().map { legRides[$0] })
        XCTAssertEqual((report["overall"] as? [String: Any])?["rides"] as? Int, 60)
        XCTAssertEqual(
            result.stdout,
            JournalReportCommand.json(
                JournalReport(records, engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock))))
        let text = CLI.run(["journal", "report"], environment: environment)
        XCTAssertEqual(
            text.stdout,
            JournalReportCommand.text(
                JournalReport(records, engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)),
                network: Kyiv.network, language: .en, plain: false))
    }

    /// Replacing a record (a late confirmation of an expired trip) rewrites the journal line by
    /// line: every other line kept in order, empty lines dropped, a torn last line kept whole.
    func testRemovingARecordKeepsEveryOtherLine() throws {
        let path = home + "/journal.jsonl"
        let before = try String(contentsOfFile: path, encoding: .utf8) + #"{"id":"no-newline"}"#
        try before.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        let store = FileTripStore(directory: home)
        try store.locked { () throws(CLIError) -> Void in try store.removeJournalRecord(id: "id-017") }
        let expected = before.split(separator: "\n").filter { !$0.contains(#""id":"id-017""#) }.map { $0 + "\n" }
            .joined()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), expected)
        XCTAssertEqual(try store.readJournal().records.count, 59)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: home).filter { $0.hasPrefix(".journal") }, [])
        // No journal: nothing written, nothing left.
        try FileManager.default.removeItem(atPath: path)
        try store.locked { () throws(CLIError) -> Void in try store.removeJournalRecord(id: "id-018") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: home).filter { $0.hasPrefix(".journal") }, [])
    }
    /// `journal --json`'s shortcuts (a text with nothing to escape written as it is) give the
    /// bytes of the serializer and of `Quote.json`: for every character up to U+3000 and the
    /// others `UnsafeText` names, alone and among Cyrillic, in a name and through the command.
    func testTheShortcutsOfTheJSONWriterEscapeWhatTheFullFormsEscape() throws {
        var scalars = (0..<0x3000).compactMap(Unicode.Scalar.init)
        scalars += [
            "\u{3164}", "\u{FEFF}", "\u{FFA0}", "\u{FFF9}", "\u{FFFB}", "\u{1D173}", "\u{1F687}", "\u{E0001}",
            "\u{E0041}",
            "\u{10FFFF}",
        ]
        for scalar in scalars {
            let text = "Лісова " + String(Character(scalar)) + " x"
            XCTAssertEqual(JournalCommand.safeJSON(text), Quote.json(text), "U+\(String(scalar.value, radix: 16))")
            XCTAssertEqual(
                JournalCommand.safeJSON(JSONObject.serialize(text)), Quote.json(JSONObject.serialize(text)),
                "U+\(String(scalar.value, radix: 16))")
        }
        let path = home + "/journal.jsonl"
        let hostile = [
            #"Лі\"сова"#, #"back\\slash"#, #"tab\tand\u0001"#, #"c1\u0085"#, #"bidi\u202e"#, #"del\u007f"#, "emoji 🚇",
        ]
        var lines: [String] = []
        for (index, name) in hostile.enumerated() {
            lines.append(
                #"{"corrections":{"ahead":0,"at":0,"behind":0,"departed":0},"endedAt":"2026-12-02T09:00:00Z","finalArrival":"2026-12-02T08:40:00Z","finalSeconds":1500,"from":"mr18_127","fromNameEn":"\#(name)","fromNameUk":"\#(name)","id":"hostile-\#(index)","outcome":"stopped","plannedArrival":"2026-12-02T08:40:00Z","plannedSeconds":1500,"t0":"2026-12-02T08:15:00Z","to":"mb18_227","toNameEn":"\#(name)","version":4}"#
            )
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        let (records, problems) = try FileTripStore(directory: home).readJournal()
        XCTAssertEqual(records.count, hostile.count)
        XCTAssertEqual(
            CLI.run(["journal", "--json"], environment: environment).stdout,
            JournalCommand.json(records, summary: JournalSummary(records), problems: problems))
        XCTAssertEqual(
            CLI.run(["journal", "--json", "--last", "3"], environment: environment).stdout,
            JournalCommand.json(
                Array(records.suffix(3)), summary: JournalSummary(Array(records.suffix(3))), problems: problems))
    }
}
