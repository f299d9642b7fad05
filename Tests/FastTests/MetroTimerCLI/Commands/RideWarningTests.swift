import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The warning a ride carries, said by `status` and `start` as the screen and `plan` say it: a
/// ride that cannot be completed, and a closure still ahead on the route. Lisova → Teremky from 22:30 on a weekday cannot be
/// completed: the last M2 toward Teremky leaves Maidan Nezalezhnosti at 22:45:50 (published),
/// and the 22:30:00 (Lisova's last) reaches Khreshchatyk after 22:46. Said at 22:30, that M2
/// is still to leave: in the present.
final class RideWarningTests: XCTestCase {
    let late = Kyiv.date("2026-12-09 22:30:00")
    let sentence =
        "The route cannot be completed: the last M2 train toward Teremky leaves Maidan Nezalezhnosti at 22:45:50, before you can be there."

    func environment() throws -> [String: String] {
        var environment = try TestPaths.riderEnvironment(self)
        environment["METRO_TIMER_ALERT_BACKEND"] = "off"
        return environment
    }

    /// A saved ride Lisova → Teremky from `t0`, as `start` saves it.
    func ride(from t0: Date, _ env: [String: String], replace: Bool = false) throws {
        let service = TripService(
            store: FileTripStore(directory: env["METRO_TIMER_HOME"]!),
            engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), language: .en)
        _ = try service.start(
            origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: t0, replace: replace,
            changes: nil)
    }

    /// `status`: a mark in the default line, and `{warning}` for `--format`; at 22:31 the last M2
    /// is still to leave, so the mark says when, not "gone".
    func testStatusMarksARideThatCannotBeCompleted() throws {
        let env = try environment()
        try ride(from: late, env)
        let line = CLI.run(["status"], now: late.addingTimeInterval(60), environment: env)
        XCTAssertTrue(line.stdout.contains(" · ⚠ can't finish: last M2 leaves 22:45:50"), line.stdout)
        let formatted = CLI.run(
            ["status", "--format", "{next} {warning}"], now: late.addingTimeInterval(60), environment: env)
        XCTAssertEqual(formatted.stdout, "Chernihivska ⚠ can't finish: last M2 leaves 22:45:50\n")
        let uk = CLI.run(["status", "--lang", "uk"], now: late.addingTimeInterval(60), environment: env)
        XCTAssertTrue(uk.stdout.contains(" · ⚠ не доїхати: останній M2 рушає о 22:45:50"), uk.stdout)
        // A ride that can be completed has no mark, and an empty {warning}.
        let noon = Kyiv.date("2026-12-09 12:00:00")
        try ride(from: noon, env, replace: true)
        XCTAssertFalse(CLI.run(["status"], now: noon.addingTimeInterval(60), environment: env).stdout.contains("⚠"))
        XCTAssertEqual(
            CLI.run(["status", "--format", "[{warning}]"], now: noon.addingTimeInterval(60), environment: env).stdout,
            "[]\n")
    }

    /// `status` on a forced ride from Lisova at 22:31 (a tap after Lisova's last toward
    /// Akademmistechko, which `start` takes as that train: its t₀ is the published 22:30:00):
    /// the last M2 toward Teremky is still to leave Maidan Nezalezhnosti (published 22:45:50),
    /// so it is said in the present, with its time; "gone" only once that second has passed.
    func testStatusSaysTheLastTrainInTheRightTense() throws {
        let rows = try RawCSV.rows("kyiv-timetable.csv")
        let maidan = try XCTUnwrap(
            rows.first { $0["name_uk"] == "Майдан Незалежності" && $0["direction"] == "forward" })
        let last = try XCTUnwrap(maidan["last_departure"])
        XCTAssertEqual(
            Kyiv.network.terminal(line: "M2", direction: .forward), Kyiv.station("Teremky").code,
            "forward is toward Teremky")
        let lisova = try XCTUnwrap(rows.first { $0["name_uk"] == "Лісова" && $0["direction"] == "reverse" })
        let env = try environment()
        try ride(from: Kyiv.date("2026-12-07 " + lisova["last_departure"]!), env)
        let before = Kyiv.date("2026-12-07 22:31:00")
        let en = CLI.run(["status", "--format", "{warning}"], now: before, environment: env)
        XCTAssertEqual(en.stdout, "⚠ can't finish: last M2 leaves \(last)\n")
        let uk = CLI.run(["status", "--format", "{warning}", "--lang", "uk"], now: before, environment: env)
        XCTAssertEqual(uk.stdout, "⚠ не доїхати: останній M2 рушає о \(last)\n")
        XCTAssertFalse(CLI.run(["status"], now: before, environment: env).stdout.contains("gone"))
        // One second after the published departure it has gone (the train is still short of it).
        let after = Kyiv.date("2026-12-07 " + last).addingTimeInterval(1)
        XCTAssertEqual(
            CLI.run(["status", "--format", "{warning}"], now: after, environment: env).stdout,
            "⚠ can't finish: last M2 gone\n")
    }

    /// A real `start` then is refused with plan's sentence (exit 1), and nothing is saved.
    func testARealStartThatCannotBeCompletedIsRefused() throws {
        let env = try environment()
        let refused = CLI.run(["start", "Lisova", "Teremky"], now: late, environment: env)
        XCTAssertEqual(refused.code, 1, refused.stdout + refused.stderr)
        XCTAssertTrue(
            refused.stderr.hasPrefix("Error: " + sentence + " To start it anyway: 'metro-timer start … --force'."),
            refused.stderr)
        let plan = CLI.run(
            ["plan", "Lisova", "Teremky", "--at", "22:30", "--date", "2026-12-09"], environment: env, columns: nil)
        XCTAssertTrue(plan.stdout.contains("⚠ " + sentence), plan.stdout)
        XCTAssertEqual(CLI.run(["status"], now: late, environment: env).stdout, "", "no trip was saved")
    }

    /// `status --format {warning}` names a closure still ahead on the route (the screen's "ℹ
    /// Service changes" line), and stops naming it once the train has run through.
    func testStatusMarksAClosureAheadOnTheRoute() throws {
        let env = try environment()
        let noon = Kyiv.date("2026-12-09 12:00:00")
        var changes = ServiceChanges()
        changes.closed = [Kyiv.station("Dnipro").code]
        let service = TripService(
            store: FileTripStore(directory: env["METRO_TIMER_HOME"]!),
            engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), language: .en)
        _ = try service.start(
            origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: noon, replace: false,
            changes: changes)
        XCTAssertEqual(
            CLI.run(["status", "--format", "{warning}"], now: noon.addingTimeInterval(60), environment: env).stdout,
            "ℹ Dnipro closed\n")
        XCTAssertEqual(
            CLI.run(
                ["status", "--format", "{warning}", "--lang", "uk"], now: noon.addingTimeInterval(60), environment: env
            ).stdout, "ℹ станція Дніпро зачинена\n")
        // The default line, kept short for a status bar, says it in its word for every change.
        let line = CLI.run(["status"], now: noon.addingTimeInterval(60), environment: env).stdout
        XCTAssertTrue(line.hasSuffix(" · service changes\n"), line)
        // 20 minutes in, the train is past Dnipro (Lisova → Dnipro is about 11 minutes).
        XCTAssertEqual(
            CLI.run(["status", "--format", "[{warning}]"], now: noon.addingTimeInterval(1200), environment: env).stdout,
            "[]\n")
    }
}
