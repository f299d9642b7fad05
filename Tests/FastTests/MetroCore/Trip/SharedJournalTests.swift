import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroData
@testable import MetroLab
@testable import MetroTimerCLI
@testable import TimetableGenCLI

/// A rider's journal shared anonymously (`metro-timer journal --share`), read back
/// as someone else's file, and pooled (`timetable-gen field`). Expected values are worked by
/// hand or set by the test's own ride, never taken from the pool.
final class SharedJournalTests: XCTestCase {
    var home = ""
    var directory = ""

    override func setUpWithError() throws {
        directory = try TestPaths.temporaryDirectory(self)
        home = directory + "/state"
    }

    func run(_ arguments: [String], at time: String) -> CLIResult {
        CLI.run(arguments, now: Kyiv.date(time), environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": home])
    }

    func field(_ arguments: [String]) -> CLIResult { FieldRun.run(arguments, in: directory) }

    // MARK: the intervals, by hand

    func testWilsonIntervalsWorkedByHand() throws {
        // 0 of 10: centre = (0 + z²/20) / (1 + z²/10) = 0.19208 / 1.38415 = 0.13877, half the
        // same (z / 1.38415 · √(z²/400) = 1.41601 · 0.09800): [0, 0.2775].
        let none = try XCTUnwrap(MeasuredRate(count: 0, total: 10).interval)
        XCTAssertEqual(none.low, 0, accuracy: 1e-4)
        XCTAssertEqual(none.high, 0.2775, accuracy: 1e-4)
        // 5 of 10: centre 0.5, half = 1.41601 · √(0.025 + 0.0096040) = 1.41601 · 0.186021 = 0.26341.
        let half = try XCTUnwrap(MeasuredRate(count: 5, total: 10).interval)
        XCTAssertEqual(half.low, 0.2366, accuracy: 1e-4)
        XCTAssertEqual(half.high, 0.7634, accuracy: 1e-4)
        XCTAssertNil(MeasuredRate(count: 0, total: 0).interval)
        // 1, 2, 3, 4, 5: mean 3, s = √2.5 = 1.58114, SE = 0.70711, ± 1.95996 · SE = ± 1.38591.
        let mean = try XCTUnwrap(MeasuredMean([1, 2, 3, 4, 5]).interval)
        XCTAssertEqual(mean.low, 1.61409, accuracy: 1e-4)
        XCTAssertEqual(mean.high, 4.38591, accuracy: 1e-4)
    }

    func testTheSpanFitRecoversAPlaceAndADwellExcessSetByHand() throws {
        // y = 0.3 × gap + 4 × dwells, exactly: (10, 1) → 7, (20, 2) → 14, (10, 3) → 15. The first
        // two alone are one mix (gap 10 per dwell) and cannot separate the two.
        var fit = SpanFit()
        fit.add(gap: 10, dwells: 1, excess: 7)
        fit.add(gap: 20, dwells: 2, excess: 14)
        fit.add(gap: 20, dwells: 2, excess: 14)
        XCTAssertNil(fit.result)
        fit.add(gap: 10, dwells: 3, excess: 15)
        let result = try XCTUnwrap(fit.result)
        XCTAssertEqual(result.place, 0.3, accuracy: 1e-9)
        XCTAssertEqual(result.dwellExcess, 4, accuracy: 1e-9)
        XCTAssertEqual(result.placeHalf, 0, accuracy: 1e-6)
    }

    // MARK: sharing a real ride

    /// Lisova → Darnytsia from 10:00:00 on Monday 2026-11-30; `at Chernihivska` at 10:01:50,
    /// `arrived` at 10:04:30 (270 s after t₀), through the commands.
    func rideAndArrive() throws {
        let trip = Trip(
            id: "rider-secret-id", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Darnytsia").code,
            t0: Kyiv.date("2026-11-30 10:00:00"))
        try FileTripStore(directory: home).update { (current: inout Trip?) throws(CLIError) in current = trip }
        XCTAssertEqual(run(["at", "Chernihivska"], at: "2026-11-30 10:01:50").code, 0)
        XCTAssertEqual(run(["arrived"], at: "2026-11-30 10:04:30").code, 0)
    }

    func testASharedRideHoldsNoDateNoClockTimeNoNameNoPathAndReadsBack() throws {
        try rideAndArrive()
        let path = directory + "/shared.jsonl"
        let share = run(["journal", "--share", path], at: "2026-11-30 12:00:00")
        XCTAssertEqual(share.code, 0, share.stderr)
        XCTAssertTrue(share.stdout.contains("Wrote 1 ride"), share.stdout)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for secret in [
            "2026-11-30", "11-30", "30.11", "10:0", "T08", "Z\"", "rider-secret-id", home, directory, "Lisova",
            "Лісова", "Darnytsia", "Chernihivska", "t0", "endedAt",
        ] {
            XCTAssertFalse(text.contains(secret), "the shared file holds '\(secret)': \(text)")
        }
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(String(lines[0]), #"{"format":"metro-timer-shared-journal","version":1}"#)
        let ride = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        XCTAssertEqual(ride["confirmed"] as? Int, 270)
        XCTAssertEqual(ride["outcome"] as? String, "arrived")
        let moments = try XCTUnwrap(ride["moments"] as? [String: Any])
        XCTAssertEqual(moments["hour"] as? Int, 10)
        XCTAssertEqual(moments["dayType"] as? String, "weekday")
        // The one date it holds is the timetable's (what the ride was planned on), not the ride's.
        XCTAssertEqual(moments["timetable"] as? String, Kyiv.network.document.source.resourcesDated)
        let steps = try XCTUnwrap(moments["steps"] as? [[String: Any]])
        XCTAssertEqual(steps.count, 1)
        XCTAssertEqual(steps[0]["kind"] as? String, "at")
        XCTAssertEqual(steps[0]["station"] as? String, Kyiv.station("Chernihivska").code)
        XCTAssertEqual(steps[0]["seconds"] as? Int, 110)
        // Read back as someone else's file: one ride, nothing refused.
        let read = SharedJournal.read(Array(text.utf8), network: Kyiv.network)
        XCTAssertNil(read.refused)
        XCTAssertTrue(read.problems.isEmpty)
        XCTAssertEqual(read.rides.count, 1)
        let pooled = field([path])
        XCTAssertEqual(pooled.code, 0, pooled.stderr)
        XCTAssertTrue(pooled.stdout.contains("measured in the field"), pooled.stdout)
        XCTAssertTrue(pooled.stdout.contains("rides: 1"), pooled.stdout)
    }

    func testDryRunSaysWhatIsKeptAndDroppedAndWritesNothing() throws {
        try rideAndArrive()
        let path = directory + "/dry.jsonl"
        let dry = run(["journal", "--share", path, "--dry-run"], at: "2026-11-30 12:00:00")
        XCTAssertEqual(dry.code, 0, dry.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        for text in ["Would write 1 ride", "kept:", "dropped:", "dates", "station names", "the trip's id"] {
            XCTAssertTrue(dry.stdout.contains(text), "\(text) in \(dry.stdout)")
        }
        let lonely = run(["journal", "--dry-run"], at: "2026-11-30 12:00:00")
        XCTAssertEqual(lonely.code, 64)
        XCTAssertTrue(lonely.stderr.contains("--share"), lonely.stderr)
    }

    /// A record from before version 5 has no moments: left out and counted. A stopped ride is
    /// kept, marked by the absence of `confirmed`. Sharing to '-' writes the file to standard
    /// output and the summary to standard error.
    func testOlderRecordsAreLeftOutAndUnconfirmedRidesAreMarked() throws {
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        func record(_ id: String, _ outcome: Trip.Outcome) throws -> JournalRecord {
            let trip = Trip(
                id: id, origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Darnytsia").code,
                t0: Kyiv.date("2026-11-30 10:00:00"))
            return JournalRecord(
                trip: trip, model: try TripModel(engine: engine, trip: trip), outcome: outcome,
                at: Kyiv.date("2026-11-30 10:04:30"))
        }
        var old = try record("old", .arrived)
        old.ride = nil
        old.version = 4
        let made = SharedJournal.make(
            [old, try record("stopped", .stopped), try record("arrived", .arrived)], network: Kyiv.network,
            program: "0.1.0")
        XCTAssertEqual(made.kept, 2)
        XCTAssertEqual(made.withoutMoments, 1)
        XCTAssertEqual(made.unconfirmed, 1)
        let stopped = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(made.lines[1].utf8)) as? [String: Any])
        XCTAssertEqual(stopped["outcome"] as? String, "stopped")
        XCTAssertNil(stopped["confirmed"])

        try rideAndArrive()
        let piped = run(["journal", "--share", "-"], at: "2026-11-30 12:00:00")
        XCTAssertEqual(piped.code, 0, piped.stderr)
        XCTAssertTrue(piped.stdout.hasPrefix(SharedJournal.headerLine() + "\n"), piped.stdout)
        XCTAssertEqual(piped.stdout.split(separator: "\n").count, 2)
        XCTAssertTrue(piped.stderr.contains("kept:"), piped.stderr)
        XCTAssertEqual(SharedJournal.read(Array(piped.stdout.utf8), network: Kyiv.network).rides.count, 1)
    }

    /// A rider who changed lines without pressing departed and then confirmed two stations in a
    /// row: the span is on the second line and is measured (the pool finds the station's leg).
    func testASpanAfterAChangeWithoutDepartedIsMeasuredOnItsLine() throws {
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        let route = try Router(network: Kyiv.network).route(
            from: Kyiv.station("Lisova").code, to: Kyiv.station("Teremky").code)
        XCTAssertEqual(route.legs.count, 2)
        let second = route.legs[1].stations
        XCTAssertGreaterThanOrEqual(second.count, 3)
        var trip = Trip(
            id: "no-departed", origin: route.origin, destination: route.destination,
            t0: Kyiv.date("2026-11-30 10:00:00"))
        trip.corrections = [
            Trip.Correction(.at(second[1]), at: Kyiv.date("2026-11-30 10:20:00")),
            Trip.Correction(.at(second[2]), at: Kyiv.date("2026-11-30 10:22:10")),
        ]
        let record = JournalRecord(
            trip: trip, model: try TripModel(engine: engine, trip: trip), outcome: .arrived,
            at: Kyiv.date("2026-11-30 10:25:00"))
        let made = SharedJournal.make([record], network: Kyiv.network, program: "0.1.0")
        let rides = SharedJournal.read(Array(made.lines.joined(separator: "\n").utf8), network: Kyiv.network).rides
        let pool = FieldPool(rides, engine: engine)
        let key = FieldPool.SegmentKey(line: route.legs[1].line, from: second[1], to: second[2])
        XCTAssertEqual(pool.segments[key]?.measured.values, [130])
    }

    // MARK: hostile files

    func goodLine(_ id: String = "a") throws -> String {
        let trip = Trip(
            id: id, origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Darnytsia").code,
            t0: Kyiv.date("2026-11-30 10:00:00"))
        let model = try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip)
        let record = JournalRecord(trip: trip, model: model, outcome: .arrived, at: Kyiv.date("2026-11-30 10:04:30"))
        let made = SharedJournal.make([record], network: Kyiv.network, program: "0.1.0")
        XCTAssertEqual(made.kept, 1)
        return made.lines[1]
    }

    func testHostileLinesAreRefusedWithTheirLineAndTheRestIsRead() throws {
        let good = try goodLine("a")
        let other = try goodLine("b")
        let escaped = good.replacingOccurrences(
            of: #""from":"\#(Kyiv.station("Lisova").code)""#, with: #""from":"\u001b[31mEVIL\u202e""#)
        XCTAssertNotEqual(escaped, good)
        let lines = [
            SharedJournal.headerLine(),
            good,  // 2: read
            String(good.prefix(good.count / 2)),  // 3: truncated
            good,  // 4: the same ride again: counted once, no error
            good.replacingOccurrences(of: #""confirmed":270"#, with: #""confirmed":NaN"#),  // 5
            escaped,  // 6: escapes in a station code
            good.replacingOccurrences(of: #""confirmed":270"#, with: #""confirmed":1e300"#),  // 7
            "{" + String(repeating: " ", count: 70_000) + "}",  // 8: a huge line
            other,  // 9: read
        ]
        let read = SharedJournal.read(Array((lines.joined(separator: "\n") + "\n").utf8), network: Kyiv.network)
        XCTAssertNil(read.refused)
        XCTAssertEqual(read.rides.count, 2)
        XCTAssertEqual(read.problems.map(\.line), [3, 5, 6, 7, 8])
        XCTAssertFalse(
            read.problems.contains { $0.reason.en.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" } })
        // Through the command: each refusal names the file and the line, no raw escape reaches
        // the terminal, and the two good rides are pooled.
        let path = directory + "/hostile.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = field([path])
        XCTAssertEqual(result.code, 0, result.stderr)
        for line in [3, 5, 6, 7, 8] {
            XCTAssertTrue(result.stderr.contains("hostile.jsonl:\(line):"), "line \(line): \(result.stderr)")
        }
        XCTAssertFalse(result.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
        XCTAssertTrue(result.stdout.contains("rides: 2"), result.stdout)
    }

    func testAFileThatIsNotASharedJournalIsRefusedAndTheOtherFilesAreStillPooled() throws {
        let good = directory + "/good.jsonl"
        let newer = directory + "/newer.jsonl"
        let journal = directory + "/journal.jsonl"
        let huge = directory + "/huge.jsonl"
        try (SharedJournal.headerLine() + "\n" + (try goodLine()) + "\n").write(
            toFile: good, atomically: true, encoding: .utf8)
        try #"{"format":"metro-timer-shared-journal","version":2}"#.write(
            toFile: newer, atomically: true, encoding: .utf8)
        try #"{"version":5,"id":"x"}"#.write(toFile: journal, atomically: true, encoding: .utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: huge, contents: Data(count: SharedJournal.maxBytes + 1)))
        let result = field([newer, good, journal, huge, directory + "/missing.jsonl"])
        XCTAssertEqual(result.code, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("newer.jsonl: version 2 is newer"), result.stderr)
        XCTAssertTrue(result.stderr.contains("journal.jsonl: not a metro-timer shared journal"), result.stderr)
        XCTAssertTrue(result.stderr.contains("huge.jsonl: the file is over 16 MB"), result.stderr)
        XCTAssertTrue(result.stderr.contains("missing.jsonl"), result.stderr)
        XCTAssertTrue(result.stdout.contains("rides: 1"), result.stdout)
        // No file at all: usage.
        XCTAssertEqual(field([]).code, 64)
    }

    func testTheSameRideSharedTwiceInTwoFilesCountsOnce() throws {
        let a = directory + "/a.jsonl"
        let b = directory + "/b.jsonl"
        let body = SharedJournal.headerLine() + "\n" + (try goodLine()) + "\n"
        try body.write(toFile: a, atomically: true, encoding: .utf8)
        try body.write(toFile: b, atomically: true, encoding: .utf8)
        let result = field([a, b, "--json"])
        XCTAssertEqual(result.code, 0, result.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["measured"] as? Bool, true)
        let overall = try XCTUnwrap(object["overall"] as? [String: Any])
        XCTAssertEqual(overall["rides"] as? Int, 1)
        XCTAssertEqual(object["duplicates"] as? Int, 1)
        let cells = try XCTUnwrap(object["cells"] as? [[String: Any]])
        XCTAssertEqual(cells.count, 1)
        // One ride is no verdict.
        XCTAssertEqual(cells[0]["small"] as? Bool, true)
    }

    // MARK: the documents

    /// The README's Accuracy section has a place for field figures, apart from the simulated
    /// ones and after them, that says it is empty while no real file has been pooled.
    func testTheReadmeKeepsAnEmptyMeasuredInTheFieldPlaceApartFromTheSimulated() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "\n## Accuracy\n"))
        let section = String(readme[start.upperBound...]).components(separatedBy: "\n## ")[0]
        let field = try XCTUnwrap(section.range(of: "**Measured in the field**"), "the place for field figures")
        let simulated = try XCTUnwrap(section.range(of: "**Simulated, not measured**"))
        XCTAssertLessThan(simulated.lowerBound, field.lowerBound)
        let paragraph = String(section[field.lowerBound...]).components(separatedBy: "\n\n")[0]
        XCTAssertTrue(paragraph.contains("none yet"), paragraph)
        XCTAssertTrue(paragraph.contains("](docs/guide/field.md)"), paragraph)
        XCTAssertFalse(
            paragraph.replacingOccurrences(of: "95 %", with: "").contains("%"),
            "no figure until real files exist: \(paragraph)")
    }
}
