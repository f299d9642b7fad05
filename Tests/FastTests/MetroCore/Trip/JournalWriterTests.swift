import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The journal as the app writes it (not hand-written lines): a ride corrected and ended through
/// the commands, its record read back as raw JSON and checked against times set by the test.
/// And the trip file's correction cap, which keeps the file readable.
final class JournalWriterTests: XCTestCase {
    var home = ""

    override func setUpWithError() throws {
        home = try TestPaths.temporaryDirectory(self) + "/state"
    }

    func run(_ arguments: [String], at time: String) -> CLIResult {
        CLI.run(arguments, now: Kyiv.date(time), environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": home])
    }

    func write(_ trip: Trip) throws {
        try FileTripStore(directory: home).update { (current: inout Trip?) throws(CLIError) in current = trip }
    }

    /// Lisova → Darnytsia from 10:00:00 Kyiv on Monday 2026-11-30 (winter: UTC+2, so 08:00:00Z).
    func lisovaDarnytsia() -> Trip {
        Trip(
            id: "journal-writer", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Darnytsia").code,
            t0: Kyiv.date("2026-11-30 10:00:00"))
    }

    func testTheRecordTheAppWritesKeepsTheStopBeforeAndCountsEveryCorrection() throws {
        try write(lisovaDarnytsia())
        // The rider says the train is at Chernihivska (the stop before Darnytsia) at 10:01:50,
        // then that it has left it, then confirms the arrival at 10:04:30.
        let at = run(["at", "Chernihivska"], at: "2026-11-30 10:01:50")
        XCTAssertEqual(at.code, 0, at.stderr)
        let arrived = run(["arrived"], at: "2026-11-30 10:04:30")
        XCTAssertEqual(arrived.code, 0, arrived.stderr)
        let text = try String(contentsOfFile: home + "/journal.jsonl", encoding: .utf8)
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.count, 1)
        let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(record["t0"] as? String, "2026-11-30T08:00:00Z")
        XCTAssertEqual(record["confirmedArrival"] as? String, "2026-11-30T08:04:30Z")
        XCTAssertEqual(record["confirmedSeconds"] as? Int, 270)
        // The final model has the train at Chernihivska when the rider said so.
        XCTAssertEqual(record["finalAlertStop"] as? String, "2026-11-30T08:01:50Z")
        let counts = try XCTUnwrap(record["corrections"] as? [String: Int])
        XCTAssertEqual(counts, ["behind": 0, "ahead": 0, "at": 1, "departed": 0])
        XCTAssertEqual(record["outcome"] as? String, "arrived")
    }

    func testEachKindOfCorrectionIsCountedOnce() throws {
        // Lisova → Teremky: `departed` is the M2 train leaving Maidan Nezalezhnosti.
        try write(
            Trip(
                id: "journal-kinds", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code,
                t0: Kyiv.date("2026-11-30 10:00:00")))
        for (arguments, time) in [
            (["adjust", "+1"], "10:00:30"), (["at", "Darnytsia"], "10:04:30"), (["departed"], "10:19:30"),
            (["stop"], "10:21:00"),
        ] {
            let result = run(arguments, at: "2026-11-30 " + time)
            XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
        }
        let text = try String(contentsOfFile: home + "/journal.jsonl", encoding: .utf8)
        let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(record["corrections"] as? [String: Int], ["behind": 1, "ahead": 0, "at": 1, "departed": 1])
        XCTAssertNil(record["confirmedArrival"], "stopped, not arrived")
    }

    /// `arrived --at HH:MM`: the last such moment at or before now, not before the train left
    /// (t0 10:00) and not more than three hours back (times worked out by hand).
    func testArrivedAtIsWithinTheRideAndTheLastThreeHours() throws {
        try write(lisovaDarnytsia())
        let early = run(["arrived", "--at", "09:59"], at: "2026-11-30 10:30:00")
        XCTAssertEqual(early.code, 64)
        XCTAssertTrue(
            early.stderr.hasPrefix(
                "Error: An arrival at 09:59 is before the train left (10:00) or more than three hours ago\n"),
            early.stderr)
        // 10:31 at 10:30 is yesterday's 10:31: before the train left.
        XCTAssertEqual(run(["arrived", "--at", "10:31"], at: "2026-11-30 10:30:00").code, 64)
        // 10:04 is the middle of that minute, 10:04:30: seen from 13:04:31 it is
        // 3 h 0 min 1 s back; from 13:04:30, exactly three hours.
        XCTAssertEqual(run(["arrived", "--at", "10:04"], at: "2026-11-30 13:04:31").code, 64)
        XCTAssertNil(
            try FileTripStore(directory: home).readJournal().records.first?.confirmedArrival, "nothing confirmed yet")
        let confirmed = run(["arrived", "--at", "10:04"], at: "2026-11-30 13:04:30")
        XCTAssertEqual(confirmed.code, 0, confirmed.stderr)
        let text = try String(contentsOfFile: home + "/journal.jsonl", encoding: .utf8)
        let record = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(text.split(separator: "\n").last!.utf8)) as? [String: Any])
        XCTAssertEqual(record["confirmedArrival"] as? String, "2026-11-30T08:04:30Z")
        XCTAssertEqual(record["confirmedSeconds"] as? Int, 270)
    }

    /// The writer appends a trip's record once (a retry after a crash finds it there), and keeps
    /// the newest 1000 trips: with 1000 written, the next drops the oldest line.
    func testTheWriterAppendsOnceAndKeepsTheNewestThousand() throws {
        let store = FileTripStore(directory: home)
        let trip = lisovaDarnytsia()
        let model = try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip)
        var record = JournalRecord(trip: trip, model: model, outcome: .arrived, at: trip.t0.addingTimeInterval(250))
        try store.update { (_: inout Trip?) throws(CLIError) in
            try store.appendJournal(record)
            try store.appendJournal(record)
        }
        let once = try String(contentsOfFile: home + "/journal.jsonl", encoding: .utf8)
        XCTAssertEqual(once.split(separator: "\n").count, 1, once)

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        var lines: [String] = []
        for number in 1...1000 {
            record.id = "trip-\(number)"
            lines.append(String(decoding: try encoder.encode(record), as: UTF8.self))
        }
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: home + "/journal.jsonl", atomically: true, encoding: .utf8)
        record.id = "trip-1001"
        try store.update { (_: inout Trip?) throws(CLIError) in try store.appendJournal(record) }
        let kept = try String(contentsOfFile: home + "/journal.jsonl", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(kept.count, 1000)
        XCTAssertTrue(kept.first?.contains(#""id":"trip-2""#) == true, String(kept.first ?? ""))
        XCTAssertTrue(kept.last?.contains(#""id":"trip-1001""#) == true)
    }

    /// A trip keeps 300 corrections (the trip file's reader refuses more): the 301st is refused
    /// with the way out, and the trip stays readable.
    func testTheThreeHundredAndFirstCorrectionIsRefusedAndTheTripStaysReadable() throws {
        var trip = lisovaDarnytsia()
        for number in 0..<300 {
            trip.corrections.append(
                Trip.Correction(.shift(number % 2 == 0 ? 1 : -1), at: trip.t0.addingTimeInterval(Double(number) / 10)))
        }
        try write(trip)
        let refused = run(["adjust", "+1"], at: "2026-11-30 10:01:00")
        XCTAssertEqual(refused.code, 1)
        XCTAssertEqual(
            refused.stderr,
            "Error: This trip already has 300 corrections, the most one trip keeps. Start it again: 'metro-timer start FROM TO --replace'.\n"
        )
        let status = run(["status"], at: "2026-11-30 10:01:01")
        XCTAssertEqual(status.code, 0, status.stderr)
        XCTAssertEqual(try XCTUnwrap(try FileTripStore(directory: home).load()).corrections.count, 300)
    }
}
