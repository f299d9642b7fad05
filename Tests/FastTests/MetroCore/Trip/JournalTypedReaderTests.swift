import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Every journal reader works in bounded memory: the journal's typed reader
/// (`JournalRecord(journalLine:)`) reads what the generic decoder reads, record for record, and refuses what it refuses with the same reason:
/// on records the app writes (version 5, with the ride), the old versions the tests keep, and
/// every line made from them by taking a member out, nulling it, or giving it another type.
final class JournalTypedReaderTests: XCTestCase {
    /// The generic decoder, as the journal was read before the typed reader.
    func generic(_ line: String) -> Result<JournalRecord, any Error> {
        Result {
            try JSONObject.decode(
                JournalRecord.self, from: Array(line.utf8), dates: .iso8601, rejectDuplicateKeys: true)
        }
    }

    func typed(_ line: String) -> Result<JournalRecord, any Error> {
        Result { try JournalRecord(journalLine: Array(line.utf8)) }
    }

    func assertSame(_ line: String, file: StaticString = #filePath, lineNumber: UInt = #line) {
        switch (generic(line), typed(line)) {
        case (.success(let a), .success(let b)): XCTAssertEqual(a, b, line, file: file, line: lineNumber)
        case (.failure(let a), .failure(let b)):
            XCTAssertEqual(JSONObject.reason(a), JSONObject.reason(b), line, file: file, line: lineNumber)
        case (let a, let b): XCTFail("generic \(a), typed \(b): \(line)", file: file, line: lineNumber)
        }
    }

    /// Records as the app writes them today: a ride corrected and confirmed, one stopped.
    func writtenRecords() throws -> [String] {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let environment = ["NO_COLOR": "1", "METRO_TIMER_HOME": home]
        let trips = [
            Trip(
                id: "typed-arrived", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Darnytsia").code,
                t0: Kyiv.date("2026-11-30 10:00:00")),
            Trip(
                id: "typed-stopped", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code,
                t0: Kyiv.date("2026-11-30 11:00:00")),
        ]
        let steps: [[([String], String)]] = [
            [(["at", "Chernihivska"], "10:01:50"), (["arrived"], "10:04:30")],
            [
                (["adjust", "+1"], "11:00:30"), (["at", "Darnytsia"], "11:04:30"), (["departed"], "11:19:30"),
                (["stop"], "11:21:00"),
            ],
        ]
        for (trip, steps) in zip(trips, steps) {
            try FileTripStore(directory: home).update { (current: inout Trip?) throws(CLIError) in current = trip }
            for (arguments, time) in steps {
                let result = CLI.run(arguments, now: Kyiv.date("2026-11-30 " + time), environment: environment)
                XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
            }
        }
        let lines = try String(contentsOfFile: home + "/journal.jsonl", encoding: .utf8).split(separator: "\n").map(
            String.init)
        XCTAssertEqual(lines.count, 2)
        return lines
    }

    /// The old versions the tests already hold: the fuzz corpus (versions 3 and 4, one with a
    /// count of Int.max) and the version-4 and version-1 lines of `JournalStreamingTests`.
    func oldRecords() throws -> [String] {
        let corpus = TestPaths.packageRoot.appendingPathComponent("fuzz/corpus/journal")
        var lines: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() {
            lines += try String(contentsOfFile: corpus.appendingPathComponent(name).path, encoding: .utf8).split(
                separator: "\n"
            ).map(String.init)
        }
        lines.append(
            #"{"calibrated":true,"confirmedArrival":"2026-12-01T07:44:05Z","confirmedSeconds":1935,"corrections":{"ahead":2,"at":1,"behind":3,"departed":1},"endedAt":"2026-12-01T07:44:09Z","finalAlert":"2026-12-01T07:41:00Z","finalAlertStop":"2026-12-01T07:42:10Z","finalArrival":"2026-12-01T07:43:50Z","finalSeconds":1920,"from":"mr18_127","fromNameEn":"Lisova","fromNameUk":"Лісова","id":"v4-full","outcome":"arrived","plannedAlert":"2026-12-01T07:40:00Z","plannedArrival":"2026-12-01T07:43:00Z","plannedSeconds":1870,"t0":"2026-12-01T07:11:50Z","to":"mb18_227","toNameEn":"Teremky","toNameUk":"Теремки","version":4}"#
        )
        lines.append(
            #"{"corrections":{"ahead":0,"at":0,"behind":0,"departed":0},"endedAt":"2026-12-02T09:00:00Z","finalArrival":"2026-12-02T08:40:00Z","finalSeconds":1500,"from":"mr18_127","id":"v1-bare","outcome":"stopped","plannedAlert":null,"plannedArrival":"2026-12-02T08:40:00Z","plannedSeconds":1500,"t0":"2026-12-02T08:15:00Z","to":"mb18_227","version":1}"#
        )
        return lines
    }

    func testTheTypedReaderReadsWhatTheDecoderReads() throws {
        let lines = try writtenRecords() + oldRecords()
        var read = 0
        for line in lines {
            assertSame(line)
            if case .success(let record) = typed(line) {
                read += 1
                if record.version == 5 { XCTAssertNotNil(record.ride, "the ride is read too") }
                // Read by the walk itself, not handed to the decoder.
                XCTAssertNotNil(
                    JournalRecord.typed(try JSONObject.value(Array(line.utf8), rejectDuplicateKeys: true)), line)
            }
        }
        XCTAssertEqual(read, lines.count - 1, "all but the fuzz corpus's mangled line")
    }

    /// Every member taken out, made null, or given a value of each other kind; dates written
    /// other ways; an unknown outcome; a key named twice; members the record does not know.
    func testEveryVariantOfALineFailsOrReadsAsTheDecoderSays() throws {
        let replacements = [
            #"null"#, #"1"#, #"1.0"#, #"-7"#, #"1.5"#, #"9223372036854775808"#, #"true"#, #""text""#, #"[]"#, #"{}"#,
            #""2026-11-30T08:00:00+00:00""#, #""2026-11-30T08:00:00.250Z""#, #""2026-02-30T08:00:00Z""#,
            #""2026-11-30T24:00:00Z""#, #""2026-11-30t08:00:00z""#, #""1969-12-31T23:59:59Z""#,
            #""2026-11-30 08:00:00Z""#,
            #""arrived""#, #""expired""#, #""later""#,
            #"{"ahead":0,"at":0,"behind":0}"#, #"{"ahead":0,"at":0,"behind":0,"departed":0.0,"extra":1}"#,
        ]
        var checked = 0
        for line in try writtenRecords() + oldRecords().suffix(2) {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            for key in object.keys.sorted() {
                // The member's text in the line, as the app wrote it (sorted keys, no spaces).
                let value = try XCTUnwrap(Self.memberText(line, key), key)
                let member = "\"\(key)\":" + value
                assertSame(
                    line.replacingOccurrences(of: member + ",", with: "").replacingOccurrences(
                        of: "," + member, with: ""))
                for replacement in replacements {
                    assertSame(line.replacingOccurrences(of: member, with: "\"\(key)\":" + replacement))
                    checked += 1
                }
            }
            assertSame(String(line.dropLast()) + #","id":"twice"}"#)
            assertSame(String(line.dropLast()) + #","unknown":{"deep":[1,2,3]}}"#)
            assertSame("[" + line + "]")
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    /// The dates the journal writes, one a day from 1970 to 2199 at a time of day that moves:
    /// the typed reader's own date arithmetic against the decoder's ISO 8601 parser.
    func testDatesReadAsTheISO8601ParserReadsThem() throws {
        let template = try XCTUnwrap(try oldRecords().last)
        var day = 0
        var seconds = 0
        while day < 84_000 {
            let date = Date(timeIntervalSince1970: Double(day * 86_400 + seconds))
            let text = ISO8601DateFormatter().string(from: date)
            let line = template.replacingOccurrences(of: "2026-12-02T08:15:00Z", with: text)
            assertSame(line)
            XCTAssertEqual(try typed(line).get().t0, date, text)
            XCTAssertEqual(JournalRecord.journalDate(.string(text)), date, text)
            day += 37
            seconds = (seconds + 3_607) % 86_400
        }
    }

    /// `"key":value` as it stands in a compact line (a value with no `,` at its own depth).
    static func memberText(_ line: String, _ key: String) -> String? {
        guard let start = line.range(of: "\"\(key)\":") else { return nil }
        var depth = 0
        var inString = false
        var escaped = false
        var index = start.upperBound
        while index < line.endIndex {
            let character = line[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "{" || character == "[" {
                depth += 1
            } else if character == "}" || character == "]" {
                if depth == 0 { break }
                depth -= 1
            } else if character == ",", depth == 0 {
                break
            }
            index = line.index(after: index)
        }
        return String(line[start.upperBound..<index])
    }
}
