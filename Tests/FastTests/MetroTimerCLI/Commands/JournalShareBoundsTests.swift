import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// `journal --share` keeps the limits of the reader it writes for: `timetable-gen field` reads at
/// most `SharedJournal.maxRidesPerFile` rides and `SharedJournal.maxBytes` a file, and refused
/// whole the 92 MB file a 200 MB journal made. Over the limit the newest rides are kept and the
/// command says how many it left out.
final class JournalShareBoundsTests: XCTestCase {
    var home = ""
    var directory = ""

    override func setUpWithError() throws {
        directory = try TestPaths.temporaryDirectory(self)
        home = try TestJournal.stateDirectory(self)
    }

    /// One ride, ended and recorded as metro-timer records it.
    func record(_ id: String) throws -> JournalRecord {
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        let trip = Trip(
            id: id, origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Darnytsia").code,
            t0: Kyiv.date("2026-11-30 10:00:00"))
        return JournalRecord(
            trip: trip, model: try TripModel(engine: engine, trip: trip), outcome: .arrived,
            at: Kyiv.date("2026-11-30 10:04:30"))
    }

    /// The same as a journal line.
    func recordLine(id: String) throws -> String {
        String(decoding: try FileTripStore.journalEncoder.encode(try record(id)), as: UTF8.self)
    }

    func testASharedJournalOverThePoolsLimitKeepsTheNewestRidesAndSaysHowManyItLeftOut() throws {
        let template = try recordLine(id: "TEMPLATE-ID")
        XCTAssertTrue(template.contains(#""id":"TEMPLATE-ID""#))
        let extra = 7
        let count = SharedJournal.maxRidesPerFile + extra
        let ids = (1...count).map { String(format: "ride-%06d", $0) }
        try TestJournal.write(ids.map { template.replacingOccurrences(of: "TEMPLATE-ID", with: $0) }, in: home)

        let path = directory + "/rides.jsonl"
        let result = CLI.run(
            ["journal", "--share", path], environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": home])
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Wrote 20000 rides to"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains(
                "Rides left out: \(extra) over what timetable-gen field reads in one file (20000 rides, 16 MB; the newest kept)."
            ), result.stdout)

        // The reader takes the whole file: nothing refused, no line skipped.
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertLessThanOrEqual(bytes.count, 16 << 20)
        let read = SharedJournal.read(bytes, network: Kyiv.network)
        XCTAssertNil(read.refused)
        XCTAssertTrue(read.problems.isEmpty, "\(read.problems.first.map { "\($0.line): \($0.reason.en)" } ?? "")")
        XCTAssertEqual(read.rides.count, 20_000)
        // The newest: the first seven records of the journal are the ones left out.
        let shared = Set(read.rides.map(\.ride))
        for id in ids.prefix(extra) { XCTAssertFalse(shared.contains(SharedJournal.digest(id)), id) }
        for id in ids.suffix(3) { XCTAssertTrue(shared.contains(SharedJournal.digest(id)), id) }
    }

    /// The byte limit, with a smaller one set: the file holds the newest rides that fit, never
    /// more bytes than the limit, and counts the rest.
    func testTheFileNeverPassesItsByteLimit() throws {
        let records = try (1...10).map { try record("r\($0)") }
        let one = SharedJournal.make([records[0]], network: Kyiv.network, program: "0.1.0")
        let header = one.lines[0].utf8.count + 1
        let line = one.lines[1].utf8.count + 1
        var maker = SharedJournal.Maker(network: Kyiv.network, program: "0.1.0", maxBytes: header + 3 * line + 10)
        for record in records { maker.add(record) }
        let made = maker.made
        XCTAssertEqual(made.kept, 3)
        XCTAssertEqual(made.overLimit, 7)
        XCTAssertEqual(made.lines.count, 4)
        XCTAssertLessThanOrEqual(made.lines.map { $0.utf8.count + 1 }.reduce(0, +), header + 3 * line + 10)
        XCTAssertEqual(
            made.lines.dropFirst().map { try? JSONObject.decode(SharedRide.self, from: Array($0.utf8)).ride },
            ["r8", "r9", "r10"].map { SharedJournal.digest($0) })
    }
}
