import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Smaller disagreements between what one surface says and what is true (or what another
/// surface says) at the same moment. Every expectation is read from Data/ here, not from the
/// code under test. Monday 2026-12-07 is a weekday.
final class SurfacesAgreeTests: XCTestCase {
    /// The published row of `station` (Ukrainian name) in `file`, with `extra` fields matching.
    func published(_ file: String, _ match: [String: String]) throws -> [String: String] {
        try XCTUnwrap(
            RawCSV.rows(file).first { row in match.allSatisfy { row[$0.key] == $0.value } }, "\(file) \(match)")
    }

    func environment() throws -> [String: String] {
        let root = try TestPaths.temporaryDirectory(self)
        return [
            "NO_COLOR": "1", "METRO_TIMER_HOME": root + "/state", "METRO_TIMER_CONFIG": root + "/config",
            "METRO_TIMER_ALERT_BACKEND": "off",
        ]
    }

    /// `status` on a forced ride from Lisova at 22:31 (a tap after Lisova's last toward
    /// Akademmistechko, which `start` takes as that train: its t₀ is the published 22:30:00):
    /// the last M2 toward Teremky is still to leave Maidan Nezalezhnosti (published 22:45:50),
    /// so it is said in the present, with its time; "gone" only once that second has passed.
    func testStatusSaysTheLastTrainInTheRightTense() throws {
        let maidan = try published(
            "kyiv-timetable.csv", ["name_uk": "Майдан Незалежності", "direction": "forward"])
        let last = try XCTUnwrap(maidan["last_departure"])
        XCTAssertEqual(
            Kyiv.network.terminal(line: "M2", direction: .forward), Kyiv.station("Teremky").code,
            "forward is toward Teremky")
        let lisova = try published("kyiv-timetable.csv", ["name_uk": "Лісова", "direction": "reverse"])
        let env = try environment()
        let t0 = Kyiv.date("2026-12-07 " + lisova["last_departure"]!)
        let service = TripService(
            store: FileTripStore(directory: env["METRO_TIMER_HOME"]!),
            engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), language: .en)
        _ = try service.start(
            origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: t0, replace: false,
            changes: nil)
        let before = Kyiv.date("2026-12-07 22:31:00")
        let en = CLI.run(["status", "--format", "{warning}"], now: before, environment: env)
        XCTAssertEqual(en.stdout, "⚠ can't finish: last M2 leaves \(last)\n")
        let uk = CLI.run(["status", "--format", "{warning}", "--lang", "uk"], now: before, environment: env)
        XCTAssertEqual(
            uk.stdout,
            "⚠ не доїхати: останній M2 рушає о \(last)\n")
        XCTAssertFalse(CLI.run(["status"], now: before, environment: env).stdout.contains("gone"))
        // One second after the published departure it has gone (the train is still short of it).
        let after = Kyiv.date("2026-12-07 " + last).addingTimeInterval(1)
        XCTAssertEqual(
            CLI.run(["status", "--format", "{warning}"], now: after, environment: env).stdout,
            "⚠ can't finish: last M2 gone\n")
    }

    /// `station Lisova` at 22:50 and at 05:20: no train runs and the entrances are shut by their
    /// published hours (Data/kyiv-entrances.csv), so the card says so rather than "2 of 2
    /// vestibules open"; at noon they are open.
    func testTheStationCardSaysTheEntrancesAreShutOutsideTheirHours() throws {
        let row = try published("kyiv-entrances.csv", ["name_uk": "Лісова"])
        let (opens, closes, halls, open) = (row["opens"]!, row["closes"]!, row["halls"]!, row["halls_open"]!)
        let night = CLI.run(["station", "Lisova"], now: Kyiv.date("2026-12-07 22:50"), columns: nil)
        XCTAssertTrue(night.stdout.contains("no trains now"), night.stdout)
        XCTAssertFalse(night.stdout.contains("vestibules open"), night.stdout)
        XCTAssertTrue(
            night.stdout.hasSuffix(
                "Entrances: closed now (hours \(opens)–\(closes), \(open) of \(halls) vestibules).\n"),
            night.stdout)
        let dawn = CLI.run(["station", "Lisova"], now: Kyiv.date("2026-12-07 05:20"), columns: nil)
        XCTAssertTrue(dawn.stdout.contains("no trains now"), dawn.stdout)
        XCTAssertTrue(
            dawn.stdout.hasSuffix(
                "Entrances: closed until \(opens) (hours \(opens)–\(closes), \(open) of \(halls) vestibules).\n"),
            dawn.stdout)
        let uk = CLI.run(["station", "Lisova", "--lang", "uk"], now: Kyiv.date("2026-12-07 05:20"), columns: nil)
        XCTAssertTrue(
            uk.stdout.hasSuffix(
                "Входи: зачинені до \(opens) (години роботи \(opens)–\(closes), вестибюлів: \(open) з \(halls)).\n"),
            uk.stdout)
        let noon = CLI.run(["station", "Lisova"], now: Kyiv.date("2026-12-07 12:00"), columns: nil)
        XCTAssertTrue(
            noon.stdout.hasSuffix("Entrances: open \(opens)–\(closes), \(open) of \(halls) vestibules open.\n"),
            noon.stdout)
        let json = CLI.run(["station", "Lisova", "--json"], now: Kyiv.date("2026-12-07 22:50"))
        let card = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((card["entrances"] as? [String: Any])?["openAt"] as? Bool, false)
    }
}
