import CLIKit
import Foundation
import MetroCore
import XCTest

@testable import metro_timer

/// Issue 29, as a rider typed it (weekday 2026-12-09): the plan, its alerts, `--last` and the
/// GTFS feed ride the same trains. The expected trains are the feed's, read from the export's
/// stop_times.txt as `timetable-gen gtfs` wrote it before the change (the feed itself did not
/// change): M2 toward Teremky leaves Maidan Nezalezhnosti at 05:46:45, 05:52:50 and 05:59:20
/// (trip 002 reaches Ploshcha Ukrainskykh Heroiv at 05:54:18 and Olimpiiska at 05:56:08), and
/// in the evening at 22:14:37, 22:24:51, 22:35:05 and 22:45:50 (the last).
final class OneServiceModelTests: XCTestCase {
    func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    /// A JSON value as text with sorted keys (two answers compared as the bytes a script reads).
    func canonical(_ value: Any?) throws -> String {
        guard let value else { return "none" }
        guard JSONSerialization.isValidJSONObject(value) else { return String(describing: value) }
        return String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }

    func time(_ iso: Any?) -> String { String((iso as? String ?? "").dropFirst(11).prefix(8)) }

    /// `plan Darnytsia Olimpiiska --at 05:39`: the first M1 gets the rider to Maidan's platform
    /// around 05:53; the fast pattern makes the 05:52:50, the best estimate does not. The plan
    /// says both trains, "yours is next" comes before the 05:52:50 reaches Ploshcha Ukrainskykh
    /// Heroiv (05:54:18), and the arrival's range starts no later than its 05:56:08 and ends no
    /// earlier than the 05:59:20's (whose arrival is later still).
    func testAChangeWithTwoCatchableTrainsNamesBothAndAlertsForTheEarliest() throws {
        let arguments = ["plan", "Darnytsia", "Olimpiiska", "--at", "05:39", "--date", "2026-12-09"]
        let text = CLI.run(arguments, columns: 200)
        XCTAssertEqual(text.code, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("train: the 05:52:50 if you make it, otherwise the 05:59:20"), text.stdout)
        let uk = CLI.run(arguments + ["--lang", "uk"], columns: 200)
        XCTAssertTrue(uk.stdout.contains(": о 05:52:50, якщо встигнете, інакше о 05:59:20"), uk.stdout)
        let document = try json(CLI.run(arguments + ["--json"]).stdout)
        let alert = try XCTUnwrap(document["alert"] as? [String: Any])
        XCTAssertLessThanOrEqual(time(alert["time"]), "05:54:18", "yours is next for the earliest train")
        let arrival = try XCTUnwrap(document["arrival"] as? [String: Any])
        XCTAssertLessThanOrEqual(time(arrival["earliest"]), "05:56:08")
        let transfer = try XCTUnwrap(document["transfer"] as? [String: Any])
        XCTAssertEqual(time(transfer["earliestDeparture"]), "05:52:50")
        XCTAssertEqual(time(transfer["latestDeparture"]), "05:59:20")
    }

    /// The same train gets one plan: `--last` answers a train, and `--at` that train plans the
    /// very same ride (arrival, change, alert).
    func testLastAndAtTheSameTrainAgree() throws {
        for (from, to) in [("Lisova", "Teremky"), ("Teremky", "Darnytsia")] {
            let last = try json(CLI.run(["plan", from, to, "--last", "--date", "2026-12-09", "--json"]).stdout)
            let departure = try XCTUnwrap(last["departure"] as? String)
            let at = try json(CLI.run(["plan", from, to, "--at", time(departure), "--date", "2026-12-09", "--json"]).stdout)
            XCTAssertEqual(at["departure"] as? String, departure)
            for key in ["arrival", "alert", "transfer", "finalArrival"] {
                XCTAssertEqual(try canonical(at[key]), try canonical(last[key]), "\(from) → \(to) \(key)")
            }
        }
    }

    /// `plan Akademmistechko "Palats «Ukraina»" --at 21:50`: the rider reaches Maidan's M2
    /// platform in the last-train stretch, where the feed's trains are 10:14 apart (22:14:37,
    /// 22:24:51), not "every 8:23": a rider who just misses one arrives on the next, so the
    /// range runs to the next train, and the plan says which trains they are.
    func testTheLastTrainStretchUsesTheTrainsIntervals() throws {
        let arguments = ["plan", "Akademmistechko", "Palats «Ukraina»", "--at", "21:50", "--date", "2026-12-09"]
        let document = try json(CLI.run(arguments + ["--json"]).stdout)
        let transfer = try XCTUnwrap(document["transfer"] as? [String: Any])
        let trains = ["22:14:37", "22:24:51", "22:35:05", "22:45:50"]
        XCTAssertTrue(trains.contains(time(transfer["plannedDeparture"])), "a train of the feed: \(transfer)")
        XCTAssertTrue(trains.contains(time(transfer["latestDeparture"])), "a train of the feed: \(transfer)")
        XCTAssertTrue(trains.contains(time(transfer["earliestDeparture"])), "a train of the feed: \(transfer)")
    }
}

/// Issue 29, item 3: a connection with under a minute of slow-side margin is not certain.
final class UncertainConnectionTests: XCTestCase {
    /// `plan Lisova Teremky --at 06:24` (weekday): the best estimate reaches Maidan's M2
    /// platform a second before the feed's 06:42:29 (trip M2-forward-weekday-010; the next,
    /// -011, leaves at 06:47:41 and reaches Teremky at 07:07:37). The plan names both, and the
    /// arrival's range runs to the later train's arrival.
    func testUnderAMinuteNamesTheTrainAfterIt() throws {
        let arguments = ["plan", "Lisova", "Teremky", "--at", "06:24", "--date", "2026-12-09"]
        let text = CLI.run(arguments, columns: 300)
        XCTAssertTrue(text.stdout.contains("for the 06:42:29 train: the 06:42:29 if you make it, otherwise the 06:47:41"), text.stdout)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(CLI.run(arguments + ["--json"]).stdout.utf8)) as? [String: Any])
        let arrival = try XCTUnwrap(document["arrival"] as? [String: Any])
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(arrival["latest"] as? String), "2026-12-09T07:07:37+02:00")
    }

    /// With no train after it (the last M2 from Maidan, 22:45:50), the plan says so instead.
    func testUnderAMinuteBeforeTheLastTrainSaysSo() throws {
        let text = CLI.run(["plan", "Lisova", "Teremky", "--at", "22:27", "--date", "2026-12-09"], columns: 300)
        XCTAssertTrue(text.stdout.contains("for the 22:45:50 train, the last: on the slow pattern you are on the platform only 0:"), text.stdout)
        XCTAssertTrue(text.stdout.contains("and if you miss it the ride cannot be completed"), text.stdout)
        let uk = CLI.run(["plan", "Lisova", "Teremky", "--at", "22:27", "--date", "2026-12-09", "--lang", "uk"], columns: 300)
        XCTAssertTrue(uk.stdout.contains("на поїзд о 22:45:50, останній: повільним поїздом ви на платформі лише за 0:"), uk.stdout)
    }
}

/// Issue 29, item 2, on the ride screen: waiting at a change where the rider may be on either
/// known train, the screen names both until 'departed' says which.
final class StartScreenTrainChoiceTests: XCTestCase {
    func testTheWaitingScreenNamesBothTrains() throws {
        let network = Kyiv.network
        let engine = ScheduleEngine(network: network, clock: Kyiv.clock)
        let trip = Trip(id: "s", origin: Kyiv.station("Darnytsia").code, destination: Kyiv.station("Olimpiiska").code, t0: Kyiv.date("2026-12-09 05:39:15"))
        let model = try TripModel(engine: engine, trip: trip)
        let schedule = model.current(trip)
        let transfer = try XCTUnwrap(schedule.transfer)
        func frame(_ now: Date, _ language: Language) -> String {
            let view = RideView(network: network, clock: Kyiv.clock, language: language, style: Style(enabled: false), trip: trip, schedule: schedule,
                                now: now, rehearsalSpeed: nil, notice: nil)
            return ScreenRenderer().frame(view, width: 200, height: 30).joined(separator: "\n")
        }
        let waiting = transfer.platformArrival.addingTimeInterval(5)
        XCTAssertTrue(frame(waiting, .en).contains("Waiting for the train: the 05:52:50 if you make it, otherwise the 05:59:20"), frame(waiting, .en))
        XCTAssertTrue(frame(waiting, .uk).contains("Очікування поїзда: о 05:52:50, якщо встигнете, інакше о 05:59:20"), frame(waiting, .uk))
    }
}
