import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The journal's figures: `arrived` and `journal` agree, `arrived --at` takes seconds, the
/// summary and `journal report` read right.
final class JournalFiguresTests: XCTestCase {
    var home = ""

    override func setUpWithError() throws {
        home = try TestPaths.temporaryDirectory(self) + "/state"
    }

    func run(_ arguments: [String], at time: String) -> CLIResult {
        CLI.run(arguments, now: Kyiv.date(time), environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": home])
    }

    /// A trip written as `start` writes it (t₀ `fraction` of a second after `t0`, as a real
    /// clock gives it), and its schedule's arrival.
    func begin(_ from: String, _ to: String, at t0: String, fraction: TimeInterval = 0) throws -> Date {
        let trip = TestRide.trip(from, to, t0: Kyiv.date(t0).addingTimeInterval(fraction), id: "figures-\(from)-\(to)")
        try FileTripStore(directory: home).update { (current: inout Trip?) throws(CLIError) in current = trip }
        return try TestRide.schedule(trip).arrival
    }

    /// The error figure of `arrived` and of the journal's row for the same trip, for several
    /// trips started at a fraction of a second (as every real `start` is).
    func testArrivedAndTheJournalGiveTheSameError() throws {
        let pattern = "[−+±][0-9]+ s"
        for (index, (from, to)) in [
            ("Lisova", "Darnytsia"), ("Lisova", "Arsenalna"), ("Lisova", "Teremky"), ("Syrets", "Klovska"),
        ].enumerated() {
            home = try TestPaths.temporaryDirectory(self) + "/state\(index)"
            let arrival = try begin(from, to, at: "2026-11-30 10:00:00", fraction: 0.6)
            let confirmed = Kyiv.clock.hhmmss(arrival.addingTimeInterval(-18))
            let arrived = run(["arrived", "--at", confirmed], at: "2026-11-30 11:30")
            XCTAssertEqual(arrived.code, 0, arrived.stderr)
            let said = try XCTUnwrap(
                arrived.stdout.range(of: pattern, options: .regularExpression).map { String(arrived.stdout[$0]) },
                arrived.stdout)
            let journal = run(["journal"], at: "2026-11-30 11:31").stdout
            let row = try XCTUnwrap(
                journal.range(of: pattern, options: .regularExpression).map { String(journal[$0]) }, journal)
            XCTAssertEqual(said, row, "\(from) → \(to): arrived and journal")
        }
    }

    /// `arrived --at HH:MM:SS` is taken to the second; HH:MM, as the middle of that minute (not
    /// its start, which biased a late confirmation up to 59 s early).
    func testArrivedAtTakesSecondsAndAMinuteMeansItsMiddle() throws {
        _ = try begin("Lisova", "Darnytsia", at: "2026-11-30 10:00:00")
        let exact = run(["arrived", "--at", "10:04:42"], at: "2026-11-30 10:10")
        XCTAssertEqual(exact.code, 0, exact.stderr)
        XCTAssertTrue(exact.stdout.hasPrefix("Arrival confirmed at 10:04:42"), exact.stdout)
        var record = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(String(contentsOfFile: home + "/journal.jsonl", encoding: .utf8).utf8)) as? [String: Any])
        XCTAssertEqual(record["confirmedSeconds"] as? Int, 282)

        home = try TestPaths.temporaryDirectory(self) + "/minute"
        _ = try begin("Lisova", "Darnytsia", at: "2026-11-30 10:00:00")
        let minute = run(["arrived", "--at", "10:04"], at: "2026-11-30 10:10")
        XCTAssertEqual(minute.code, 0, minute.stderr)
        record = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(String(contentsOfFile: home + "/journal.jsonl", encoding: .utf8).utf8)) as? [String: Any])
        XCTAssertEqual(record["confirmedSeconds"] as? Int, 270)
        // A bad time still says what to type, seconds included.
        let bad = run(["arrived", "--at", "10:4"], at: "2026-11-30 10:10")
        XCTAssertEqual(bad.code, 64)
        XCTAssertTrue(bad.stderr.contains("HH:MM or HH:MM:SS"), bad.stderr)
    }

    /// The summary's 90th percentile of 1196 s is "20 min"; its median too is in words.
    func testTheSummaryFiguresAreSaidInMinutes() throws {
        let arrival = try begin("Lisova", "Darnytsia", at: "2026-11-30 10:00:00")
        // 1196 s late, give or take the second the clock shows: 20 min either way.
        let late = Kyiv.clock.hhmmss(arrival.addingTimeInterval(1196))
        XCTAssertEqual(run(["arrived", "--at", late], at: "2026-11-30 11:00").code, 0)
        let journal = run(["journal"], at: "2026-11-30 11:01").stdout
        XCTAssertTrue(journal.contains("Error: median +20 min, 90th percentile 20 min."), journal)
        XCTAssertNil(journal.range(of: "[0-9]{3,} s", options: .regularExpression), journal)
        let uk = CLI.run(
            ["journal", "--lang", "uk"], now: Kyiv.date("2026-11-30 11:01"),
            environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": home]
        ).stdout
        XCTAssertTrue(uk.contains("Похибка: медіана +20 хв, 90-й процентиль 20 хв."), uk)
    }

    /// `journal report`: as many header cells as columns in both languages, "1 arrival", and a
    /// direction said as the rest of the product says it.
    func testTheReportsTableAndWordsAreWellMade() throws {
        let arrival = try begin("Lisova", "Arsenalna", at: "2026-11-30 10:00:00")
        XCTAssertEqual(run(["arrived", "--at", Kyiv.clock.hhmmss(arrival)], at: "2026-11-30 11:00").code, 0)
        for language in ["en", "uk"] {
            let report = run(["journal", "report", "--lang", language], at: "2026-11-30 11:01").stdout
            let table = report.split(separator: "\n").filter { $0.hasPrefix("|") }
            XCTAssertFalse(table.isEmpty, report)
            for row in table { XCTAssertEqual(row.filter { $0 == "|" }.count, 10, "\(language): 9 cells in \(row)") }
            if language == "en" {
                XCTAssertTrue(report.contains(", 1 arrival:\n"), report)
                XCTAssertTrue(report.contains("| M1 toward Akademmistechko |"), report)
            } else {
                XCTAssertTrue(report.contains(", 1 прибуття:\n"), report)
                XCTAssertTrue(report.contains("| M1 у напрямку станції Академмістечко |"), report)
            }
        }
    }
}
