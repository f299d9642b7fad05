import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// What a ride says as it goes: the stops a correction counts, the next station, the second
/// change, the destination, a rehearsal's end; most rider-visible first.
final class RideProgressTests: XCTestCase {
    var home = ""

    override func setUpWithError() throws {
        home = try TestPaths.temporaryDirectory(self) + "/state"
    }

    func run(_ arguments: [String], at time: String) -> CLIResult {
        CLI.run(arguments, now: Kyiv.date(time), environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": home])
    }

    /// Lisova → Teremky from 10:00:00 on Monday 2026-11-30 with Khreshchatyk closed: the train
    /// leaves Arsenalna 10:14:05, passes Khreshchatyk 10:16:28, reaches Teatralna 10:17:56.
    func writeClosedKhreshchatyk() throws {
        let trip = Trip(
            id: "gaps", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code,
            t0: Kyiv.date("2026-11-30 10:00:00"),
            changes: ServiceChanges(closed: [Kyiv.station("Khreshchatyk").code]))
        try FileTripStore(directory: home).update { (current: inout Trip?) throws(CLIError) in current = trip }
    }

    /// `adjust +1` just past closed Khreshchatyk: the train is a stop behind, so it still stands
    /// at Arsenalna (it never stands at Khreshchatyk). Arsenalna at 10:16:40, 25 s there, 2:23
    /// to Khreshchatyk, 1:28 on to Teatralna: Teatralna at 10:20:56 (it said 10:18, 12 s later
    /// than before the correction).
    func testAdjustAcrossAClosedStationCountsOnlyStationsTheTrainStandsAt() throws {
        try writeClosedKhreshchatyk()
        let result = run(["adjust", "+1"], at: "2026-11-30 10:16:40")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Corrected. Next: Teatralna 10:20 · "), result.stdout)
        // And ahead: -1 while the train runs toward Khreshchatyk means it is at Teatralna.
        try writeClosedKhreshchatyk()
        let ahead = run(["adjust", "-1"], at: "2026-11-30 10:15:00")
        XCTAssertEqual(ahead.code, 0, ahead.stderr)
        XCTAssertTrue(ahead.stdout.hasPrefix("Corrected. Next: Zoloti Vorota "), ahead.stdout)
    }

    /// The tmux status named Khreshchatyk, which the train runs through.
    func testStatusNamesTheNextStationTheTrainStandsAt() throws {
        try writeClosedKhreshchatyk()
        let status = run(["status", "--format", "{next} {next_time}"], at: "2026-11-30 10:15:00")
        XCTAssertEqual(status.stdout, "Teatralna 10:17\n")
        let line = run(["status"], at: "2026-11-30 10:15:00")
        XCTAssertTrue(line.stdout.hasPrefix("M1 Teatralna 10:17 · "), line.stdout)
    }

    /// The detour's screen counted down to the second change under "Change is next".
    func testTheSecondChangesCountdownSaysItIsTheSecond() throws {
        try writeClosedKhreshchatyk()
        let trip = try XCTUnwrap(FileTripStore(directory: home).load())
        let schedule = try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip)
            .current(trip)
        let between = schedule.transferAlerts[0].time.addingTimeInterval(30)
        XCTAssertLessThan(between, schedule.transferAlerts[1].time)
        for language in Language.allCases {
            let view = RideView(
                network: Kyiv.network, clock: Kyiv.clock, language: language, style: Style(enabled: false), trip: trip,
                schedule: schedule,
                now: between, rehearsalSpeed: nil, notice: nil)
            let frame = ScreenRenderer().frame(view, width: 80).joined(separator: "\n")
            XCTAssertTrue(
                frame.contains(language.tr("2-га пересадка — наступна  через", "2nd change is next  in")), frame)
        }
    }

    /// `at Teremky` answered "Corrected. arrival 09:05:03".
    func testAtTheDestinationSaysYouAreThere() throws {
        let trip = Trip(
            id: "gaps-at", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Darnytsia").code,
            t0: Kyiv.date("2026-11-30 10:00:00"))
        try FileTripStore(directory: home).update { (current: inout Trip?) throws(CLIError) in current = trip }
        let result = run(["at", "Darnytsia"], at: "2026-11-30 10:03:30")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(
            result.stdout, "The train is at Darnytsia: you are there. Confirm the arrival with 'metro-timer arrived'.\n"
        )
        let uk = run(["at", "Darnytsia", "--lang", "uk"], at: "2026-11-30 10:03:40")
        XCTAssertEqual(uk.stdout, "Поїзд на станції Дарниця: ви на місці. Підтвердіть прибуття: metro-timer arrived\n")
        // Still open: the arrival is the rider's to confirm.
        XCTAssertNil(try FileTripStore(directory: home).load()?.ended)
    }

    /// A rehearsal's `end` event said `arrived` though nobody confirmed anything.
    func testARehearsalsEndEventIsNoArrival() throws {
        let result = try ProcessRunner.run(
            "metro-timer", ["start", "Lisova", "Darnytsia", "--speed", "600", "--events", "--at", "10:00"],
            environment: ["METRO_TIMER_HOME": home])
        XCTAssertEqual(result.code, 0, result.stderr)
        let last = try XCTUnwrap(
            result.stdout.split(separator: "\n").last.flatMap {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            })
        XCTAssertEqual(last["event"] as? String, "end")
        XCTAssertEqual(last["outcome"] as? String, "rehearsal")
    }

    /// `stations Lisova --line M2` printed nothing, exit 0.
    func testAStationOnAnotherLineIsSaidNotSilent() {
        let result = CLI.run(["stations", "Lisova", "--line", "M2"])
        XCTAssertEqual(result.code, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("No 'Lisova' on M2: it is Lisova (M1)."), result.stderr)
        let uk = CLI.run(["stations", "Lisova", "--line", "M2", "--lang", "uk"])
        XCTAssertTrue(uk.stderr.contains("'Lisova' на лінії M2 немає: це Лісова (M1)."), uk.stderr)
        // On its own line, as before.
        XCTAssertEqual(CLI.run(["stations", "Lisova", "--line", "M1"]).stdout, "M1  Лісова  Lisova  ☀ above ground\n")
    }
}
