import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroData
@testable import MetroLab
@testable import TimetableGenCLI

/// Eight simulated commuters of two families (`simulate --journal`, 150 weekdays each here),
/// shared and pooled: every ride counts, and each family's pool gives its world back.
extension FieldRecoveryTests {
    static let commuterFamilies = ["today", "fast"]
    static let commuterSeeds: [UInt64] = [11, 12, 13, 14]
    static let commuterDays = 75

    /// One rider's journal as `simulate --journal` writes it (the command's own settings and
    /// lines), read back record by record as the journal reader reads it.
    func simulatedJournal(_ arguments: [String], days: Int) throws -> [JournalRecord] {
        var settings = try SimulateCommand.settings(arguments + ["--journal", "unused.jsonl"], language: .en)
        settings.journalDays = days
        return try SimulateCommand.journalLines(engine: engine, settings: settings).map { line in
            try JSONObject.decode(JournalRecord.self, from: Array(line.utf8), dates: .iso8601)
        }
    }

    /// What `simulate --world FAMILY --spread 100 --seed S --confirm 0.6 --journal` writes, with
    /// each ride's truth from the world.
    func commuter(_ family: String, seed: UInt64) throws -> [(record: JournalRecord, result: Simulator.RideResult)] {
        var assumptions = try XCTUnwrap(WorldFamily.named(family, spread: 1)).assumptions
        assumptions.departedProbability = 0.3
        return Simulation.commuterJournal(
            engine: engine, assumptions: assumptions, family: family, seed: seed, confirm: 0.6,
            days: Self.commuterDays)
    }

    /// The command's journal is the in-process one, ride for ride; it honours `--world`
    /// (the two families' journals of one seed are different rides) and confirms stations at
    /// the stated share (`--confirm`, 0.3 unless given).
    func testTheSimulatedJournalIsTheFamilysAndConfirmsStations() throws {
        let arguments = ["--seed", "11", "--spread", "100", "--confirm", "0.6"]
        let today = try simulatedJournal(arguments + ["--world", "today"], days: 5)
        let fast = try simulatedJournal(arguments + ["--world", "fast"], days: 5)
        XCTAssertEqual(today.count, 10)
        let encoder = JSONObject.encoder(pretty: false, slashes: .escaped, dates: .iso8601)
        let expected = Array(try commuter("fast", seed: 11).prefix(10)).map(\.record)
        XCTAssertEqual(try fast.map { try encoder.encode($0) }, try expected.map { try encoder.encode($0) })
        XCTAssertNotEqual(today.map(\.confirmedSeconds), fast.map(\.confirmedSeconds), "the journal ignored --world")
        XCTAssertGreaterThan(fast.map(\.corrections.at).reduce(0, +), 10)
        let unconfirmed = try simulatedJournal(["--seed", "11", "--world", "fast", "--confirm", "0"], days: 5)
        XCTAssertEqual(unconfirmed.map(\.corrections.at).reduce(0, +), 0)
        let byDefault = try simulatedJournal(["--seed", "11", "--world", "fast"], days: 5)
        let share =
            Double(byDefault.map(\.corrections.at).reduce(0, +)) / Double(fast.map(\.corrections.at).reduce(0, +))
        XCTAssertEqual(share, 0.5, accuracy: 0.25, "0.3 of the stops against 0.6")
    }

    /// Eight riders, four of each family, shared (as `journal --share` makes the file) and
    /// pooled by `timetable-gen field`: every ride counts, none as another's duplicate. Each
    /// family's own pool: its 600 rides, the world's missed and late rates on those very rides
    /// inside the pool's intervals, and the family named nearest (or tied, where its figures are
    /// another family's too).
    func testEightSimulatedRidersOfTwoFamiliesArePooledRideByRide() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        var files: [String] = []
        var written = 0
        for family in Self.commuterFamilies {
            var shared: [SharedRide] = []
            var rides: [(record: JournalRecord, result: Simulator.RideResult)] = []
            for seed in Self.commuterSeeds {
                let journal = try commuter(family, seed: seed)
                rides += journal
                let made = SharedJournal.make(journal.map(\.record), network: Kyiv.network, program: "test")
                XCTAssertEqual(made.kept, journal.count)
                let text = made.lines.joined(separator: "\n") + "\n"
                let path = directory + "/\(family)-\(seed).jsonl"
                try text.write(toFile: path, atomically: true, encoding: .utf8)
                files.append(path)
                written += made.kept
                shared += SharedJournal.read(Array(text.utf8), network: Kyiv.network).rides
            }
            let pool = FieldPool(shared, engine: engine)
            XCTAssertEqual(pool.rides, 4 * 2 * Self.commuterDays)
            XCTAssertEqual(pool.overall.confirmed, rides.count)
            let (missed, late) = truth(rides.map(\.result), rides.map(\.record))
            let missedInterval = try XCTUnwrap(pool.overall.missed.interval)
            let lateInterval = try XCTUnwrap(pool.overall.late.interval)
            let ranked = try XCTUnwrap(pool.families(spread: 1))
            let named = ranked.filter { $0.signature == ranked[0].signature }.map(\.family.name)
            print(
                "\(family) riders: missed \(missed) in \(missedInterval) (\(pool.overall.missed.count)/\(pool.overall.missed.total)); late \(late) in \(lateInterval) (\(pool.overall.late.count)/\(pool.overall.late.total)); named \(named); ranked \(ranked.map { ($0.family.name, $0.distance) })"
            )
            XCTAssertTrue(missedInterval.low <= missed && missed <= missedInterval.high, "\(family) missed \(missed)")
            XCTAssertTrue(lateInterval.low <= late && late <= lateInterval.high, "\(family) late \(late)")
            XCTAssertTrue(named.contains(family), "\(family) named as \(named)")
        }
        let out = StringSink()
        let err = StringSink()
        let code = Generator.main(
            arguments: ["field", "--json"] + files, stdout: out, stderr: err, currentDirectory: directory)
        XCTAssertEqual(code, 0, err.text)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any])
        XCTAssertEqual(written, 8 * 2 * Self.commuterDays)
        XCTAssertEqual(object["duplicates"] as? Int, 0)
        XCTAssertEqual((object["overall"] as? [String: Any])?["rides"] as? Int, written)
    }
}

/// `journal report` judges "late" as the pool does: by the train's measured place.
extension FieldRecoveryTests {
    /// Four fast-family commuters confirming stations: the journal report's late count on their
    /// records is the pool's on the same rides shared (the train's measured place, not the final
    /// model's last step, which overstates late where trains run fast), and the world's own late
    /// rate on those rides lies inside the interval of that count.
    func testTheJournalReportJudgesLateAsThePoolDoes() throws {
        var rides: [(record: JournalRecord, result: Simulator.RideResult)] = []
        for seed in Self.commuterSeeds { rides += try commuter("fast", seed: seed) }
        let records = rides.map(\.record)
        let made = SharedJournal.make(records, network: Kyiv.network, program: "test")
        let pool = FieldPool(
            SharedJournal.read(Array(made.lines.joined(separator: "\n").utf8), network: Kyiv.network).rides,
            engine: engine)
        let report = JournalReport(records, engine: engine)
        let (_, late) = truth(rides.map(\.result), records)
        let byLastStep = records.filter { $0.alertWasLate == true }.count
        print(
            "journal report: late \(report.overall.late)/\(report.overall.lateShare.map { "\($0)" } ?? "—"); pool \(pool.overall.late.count)/\(pool.overall.late.total); truth \(late); by the model's last step \(byLastStep)"
        )
        XCTAssertEqual(report.overall.late, pool.overall.late.count)
        XCTAssertEqual(report.overall.lateShare, pool.overall.late.share)
        let interval = try XCTUnwrap(
            MeasuredRate(count: report.overall.late, total: pool.overall.late.total).interval)
        XCTAssertTrue(interval.low <= late && late <= interval.high, "late \(late) outside \(interval)")
        XCTAssertGreaterThan(byLastStep, report.overall.late, "the last step overstated late here")
    }
}
