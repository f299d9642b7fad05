import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// An alert that fires more than a stop early says so ("Teremky in about 3
/// stops: get ready"), in every output: `--plain`, `--events`, the screen, `status`, the plan
/// and the ICS alarm (docs/decisions/0050-alert-wording.md). The case is a real one: the long
/// way round a closed Khreshchatyk, where the unconfirmed second change makes the alert lean
/// two to four stops early.
final class AlertWordingTests: XCTestCase {
    let ride = ["Lisova", "Teremky", "--at", "08:15", "--date", "2026-12-09", "--closed", "Khreshchatyk"]

    /// The stops left that the `--plain` line before the alert gave: "Next: X. 3 stops left, …"
    /// (the count read back from the output, not from the rule under test).
    func stopsLeft(before sentence: String, in lines: [String], pattern: String) throws -> Int {
        let index = try XCTUnwrap(
            lines.firstIndex { $0.hasPrefix(sentence) }, "\(sentence) in:\n\(lines.joined(separator: "\n"))")
        let before = try XCTUnwrap(lines[..<index].last { $0.range(of: pattern, options: .regularExpression) != nil })
        let match = try XCTUnwrap(before.range(of: pattern, options: .regularExpression))
        return try XCTUnwrap(Int(before[match].filter(\.isNumber)))
    }

    func testPlainSaysHowFarTheEarlyAlertIsInBothLanguages() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let en = try ProcessRunner.run(
            "metro-timer", ["start"] + ride + ["--plain", "--speed", "1200", "--at", "12:00", "--date", "2026-11-30"],
            environment: ["METRO_TIMER_HOME": home])
        XCTAssertEqual(en.code, 0, en.stderr)
        XCTAssertFalse(en.stdout.contains("Yours is next"), en.stdout)
        let lines = en.stdout.split(separator: "\n").map(String.init)
        let count = try stopsLeft(before: "Teremky in about", in: lines, pattern: "[0-9]+ stops left")
        XCTAssertGreaterThan(count, 2, "the long ride: the alert fires two to four stops early")
        XCTAssertTrue(lines.contains("Teremky in about \(count) stops: get ready."), en.stdout)

        let uk = try ProcessRunner.run(
            "metro-timer",
            ["start"] + ride + ["--plain", "--speed", "1200", "--at", "12:00", "--date", "2026-11-30", "--lang", "uk"],
            environment: ["METRO_TIMER_HOME": home])
        XCTAssertEqual(uk.code, 0, uk.stderr)
        XCTAssertFalse(uk.stdout.contains("Наступна — ваша"), uk.stdout)
        let ukLines = uk.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(try stopsLeft(before: "Теремки приблизно за", in: ukLines, pattern: "[0-9]+ зупин"), count)
        // За + the accusative: за 3 зупинки, за 5 зупинок.
        let form = count % 10 >= 2 && count % 10 <= 4 ? "зупинки" : "зупинок"
        XCTAssertTrue(ukLines.contains("Теремки приблизно за \(count) \(form): готуйтеся виходити."), uk.stdout)
    }

    func testEventsCarryTheSameWords() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let result = try ProcessRunner.run(
            "metro-timer", ["start"] + ride + ["--events", "--speed", "1200", "--at", "12:00", "--date", "2026-11-30"],
            environment: ["METRO_TIMER_HOME": home])
        XCTAssertEqual(result.code, 0, result.stderr)
        let events = try result.stdout.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let alert = try XCTUnwrap(events.first { $0["event"] as? String == "alert" })
        let message = try XCTUnwrap(alert["message"] as? String)
        XCTAssertTrue(message.hasPrefix("Teremky in about ") && message.hasSuffix(" stops: get ready."), message)
        // The count as a field too, for scripts: the one the message gives.
        let count = try XCTUnwrap(alert["stopsAhead"] as? Int)
        XCTAssertEqual(message, "Teremky in about \(count) stops: get ready.")
        // Two stops out is not "next" either: Lisova → Darnytsia rings running into
        // Chernihivska, the one stop between.
        let direct = try ProcessRunner.run(
            "metro-timer", ["start", "Lisova", "Darnytsia", "--speed", "600", "--events", "--at", "10:00"],
            environment: ["METRO_TIMER_HOME": home])
        let alerts = direct.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["event"] as? String == "alert" }
        XCTAssertEqual(alerts.count, 1)
        XCTAssertEqual(alerts.first?["stopsAhead"] as? Int, 2)
        XCTAssertEqual(alerts.first?["message"] as? String, "Darnytsia in about 2 stops: get ready.")
    }

    /// The plan said "Yours is next 08:51:54 arriving at Ipodrom" while its own table puts
    /// Ipodrom at 08:57.
    func testThePlanAndTheCalendarAlarmSayGetReady() throws {
        let plan = CLI.run(["plan"] + ride)
        XCTAssertEqual(plan.code, 0, plan.stderr)
        XCTAssertFalse(plan.stdout.contains("Yours is next "), plan.stdout)
        XCTAssertNotNil(
            plan.stdout.range(of: "Get ready +[0-9:]+  Teremky in about [3-9] stops", options: .regularExpression),
            plan.stdout)
        let uk = CLI.run(["plan"] + ride + ["--lang", "uk"])
        XCTAssertNotNil(
            uk.stdout.range(
                of: "Готуйтеся виходити +[0-9:]+  Теремки приблизно за [3-9] зупин", options: .regularExpression),
            uk.stdout)

        let ics = CLI.run(["plan"] + ride + ["--ics", "-"], columns: nil)
        XCTAssertEqual(ics.code, 0, ics.stderr)
        let unfolded = ics.stdout.replacingOccurrences(of: "\r\n ", with: "")
        XCTAssertFalse(unfolded.contains("Yours is next"), unfolded)
        XCTAssertNotNil(
            unfolded.range(of: "DESCRIPTION:Teremky in about [3-9] stops: get ready", options: .regularExpression),
            unfolded)
    }

    func rideView(at offset: TimeInterval, fired: Bool, language: Language = .en) throws -> RideView {
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        var trip = Trip(
            id: "w", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code,
            t0: Kyiv.date("2026-12-09 08:15"),
            changes: ServiceChanges(closed: [Kyiv.station("Khreshchatyk").code]))
        let schedule = try TripModel(engine: engine, trip: trip).current(trip)
        if fired { trip.alertsFired[Trip.Alert.alert.rawValue] = schedule.alert }
        return RideView(
            network: Kyiv.network, clock: Kyiv.clock, language: language, style: Style(enabled: false), trip: trip,
            schedule: schedule,
            now: schedule.alert.addingTimeInterval(offset), rehearsalSpeed: nil, notice: nil)
    }

    func testTheScreenCountsDownToGetReadyAndShowsTheWords() throws {
        let before = ScreenRenderer().frame(try rideView(at: -60, fired: false), width: 80).joined(separator: "\n")
        XCTAssertTrue(before.contains("Get ready"), before)
        XCTAssertFalse(before.contains("Yours is next"), before)
        let after = ScreenRenderer().frame(try rideView(at: 1, fired: true), width: 80).joined(separator: "\n")
        XCTAssertNotNil(
            after.range(of: "▶ Teremky in about [3-9] stops: get ready.", options: .regularExpression), after)
        let uk = ScreenRenderer().frame(try rideView(at: 1, fired: true, language: .uk), width: 80).joined(
            separator: "\n")
        XCTAssertNotNil(
            uk.range(of: "▶ Теремки приблизно за [3-9] зупин[а-я]+: готуйтеся виходити.", options: .regularExpression),
            uk)
    }

    /// `status` names the alert in force, in its words: "get ready" while it is early, and
    /// "yours is next" on a ride where it is not (Lisova → Darnytsia, no change).
    func testStatusNamesTheAlertInForce() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        let home = directory + "/state"
        let service = TripService(
            store: FileTripStore(directory: home), engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock),
            language: .en)
        let trip = try service.start(
            origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code,
            t0: Kyiv.date("2026-12-09 08:15"),
            replace: false, changes: ServiceChanges(closed: [Kyiv.station("Khreshchatyk").code]))
        let schedule = try service.model(trip).current(trip)
        let status = CLI.run(
            ["status"], now: schedule.alert.addingTimeInterval(1),
            environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": home])
        XCTAssertEqual(status.code, 0, status.stderr)
        XCTAssertTrue(status.stdout.contains(" · get ready · service changes\n"), status.stdout)
        let uk = CLI.run(
            ["status", "--lang", "uk"], now: schedule.alert.addingTimeInterval(1),
            environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": home])
        XCTAssertTrue(uk.stdout.contains(" · готуйтеся виходити · "), uk.stdout)
        // Before the alert, nothing about it.
        let early = CLI.run(
            ["status"], now: schedule.alert.addingTimeInterval(-1),
            environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": home])
        XCTAssertFalse(early.stdout.contains("get ready"), early.stdout)

        let direct = directory + "/direct"
        let simple = TripService(
            store: FileTripStore(directory: direct), engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock),
            language: .en)
        let short = try simple.start(
            origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Darnytsia").code,
            t0: Kyiv.date("2026-12-09 08:15"), replace: false)
        let shortSchedule = try simple.model(short).current(short)
        // Standing at Chernihivska, the stop before: Darnytsia is next.
        let before = try XCTUnwrap(shortSchedule.stops.first { $0.station == Kyiv.station("Chernihivska").code })
        let next = CLI.run(
            ["status"], now: try XCTUnwrap(before.arrival).addingTimeInterval(1),
            environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": direct])
        XCTAssertTrue(next.stdout.hasSuffix(" · yours is next\n"), next.stdout)
    }

    /// За + the accusative, three forms (written by hand).
    func testTheUkrainianCountTakesTheAccusative() {
        XCTAssertEqual(AlertWording.inAbout(3, .uk), "приблизно за 3 зупинки")
        XCTAssertEqual(AlertWording.inAbout(5, .uk), "приблизно за 5 зупинок")
        XCTAssertEqual(AlertWording.inAbout(21, .uk), "приблизно за 21 зупинку")
        XCTAssertEqual(AlertWording.inAbout(4, .en), "in about 4 stops")
    }
}
