import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The plan, its alerts, `--last` and the GTFS feed agree (weekday 2026-12-09), and only what
/// is published is certain. The feed's trains (stop_times.txt as `timetable-gen gtfs` writes
/// it): M2 toward Teremky leaves Maidan Nezalezhnosti at 05:46:45 (published first), 05:52:50
/// and 05:59:20 (computed; trip 002 reaches Ploshcha Ukrainskykh Heroiv at 05:54:18 and
/// Olimpiiska at 05:56:08), and in the evening at 22:14:37, 22:24:51, 22:35:05 (computed) and
/// 22:45:50 (published last).
final class OneServiceModelTests: XCTestCase {
    func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    /// A JSON value as text with sorted keys (two answers compared as the bytes a script reads).
    func canonical(_ value: Any?) throws -> String {
        guard let value else { return "none" }
        guard JSONSerialization.isValidJSONObject(value) else { return String(describing: value) }
        return String(
            decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }

    func time(_ iso: Any?) -> String { String((iso as? String ?? "").dropFirst(11).prefix(8)) }

    /// `plan Darnytsia Olimpiiska --at 05:39`: the first M1 gets the rider to Maidan's platform
    /// around 05:53, after the published first M2 there (05:46:45): the train is a computed one,
    /// so the wait is booked and ranged and no train is named; "yours is next" still comes before
    /// the feed's 05:52:50 reaches Ploshcha Ukrainskykh Heroiv (05:54:18), and the arrival's range
    /// starts no later than its 05:56:08.
    func testAComputedTrainNearTheFirstIsBookedNotNamed() throws {
        let arguments = ["plan", "Darnytsia", "Olimpiiska", "--at", "05:39", "--date", "2026-12-09"]
        let text = CLI.run(arguments, columns: 200)
        XCTAssertEqual(text.code, 0, text.stderr)
        XCTAssertTrue(
            text.stdout.contains("booked wait 1:38 = ¼ of the computed 6:30 interval (could be 0:00–6:30)"), text.stdout
        )
        XCTAssertFalse(
            text.stdout.contains("05:52:50") || text.stdout.contains("05:59:20"), "computed trains are not named")
        let uk = CLI.run(arguments + ["--lang", "uk"], columns: 200)
        XCTAssertTrue(
            uk.stdout.contains("заплановане очікування 1:38 = ¼ обчисленого інтервалу 6:30 (може бути 0:00–6:30)"),
            uk.stdout)
        let document = try json(CLI.run(arguments + ["--json"]).stdout)
        let alert = try XCTUnwrap(document["alert"] as? [String: Any])
        XCTAssertLessThanOrEqual(time(alert["time"]), "05:54:18", "yours is next for the earliest train")
        let arrival = try XCTUnwrap(document["arrival"] as? [String: Any])
        XCTAssertLessThanOrEqual(time(arrival["earliest"]), "05:56:08")
    }

    /// The same train gets one plan: `--last` answers a train, and `--at` that train plans the
    /// very same ride (arrival, change, alert).
    func testLastAndAtTheSameTrainAgree() throws {
        for (from, to) in [("Lisova", "Teremky"), ("Teremky", "Darnytsia")] {
            let last = try json(CLI.run(["plan", from, to, "--last", "--date", "2026-12-09", "--json"]).stdout)
            let departure = try XCTUnwrap(last["departure"] as? String)
            let at = try json(
                CLI.run(["plan", from, to, "--at", time(departure), "--date", "2026-12-09", "--json"]).stdout)
            XCTAssertEqual(at["departure"] as? String, departure)
            for key in ["arrival", "alert", "transfer", "finalArrival"] {
                XCTAssertEqual(try canonical(at[key]), try canonical(last[key]), "\(from) → \(to) \(key)")
            }
        }
    }

    /// `plan Akademmistechko "Palats «Ukraina»" --at 21:50`: the rider reaches Maidan's M2
    /// platform in the last trains' stretch, where the feed's trains are computed (22:14:37,
    /// 22:24:51): none of them is named, and the wait is the interval's.
    func testTheLastTrainStretchNamesNoComputedTrain() throws {
        let arguments = ["plan", "Akademmistechko", "Palats «Ukraina»", "--at", "21:50", "--date", "2026-12-09"]
        let text = CLI.run(arguments, columns: 200).stdout
        for computed in ["22:14:37", "22:24:51", "22:35:05"] { XCTAssertFalse(text.contains(computed), text) }
        let transfer = try XCTUnwrap(try json(CLI.run(arguments + ["--json"]).stdout)["transfer"] as? [String: Any])
        XCTAssertEqual(
            transfer["earliestDeparture"] as? String, transfer["platformArrival"] as? String,
            "no wait at all is possible")
        XCTAssertLessThan(
            try XCTUnwrap(transfer["bookedWaitSeconds"] as? Int), try XCTUnwrap(transfer["longestWaitSeconds"] as? Int))
    }
}

/// Near the last train at a change: the last (published) ends every wait, and the plan says
/// how close the slow rider comes to it.
final class UncertainConnectionTests: XCTestCase {
    /// `plan Lisova Teremky --at 22:26` (weekday): the best estimate reaches Maidan's M2
    /// platform 1:22 before the last M2 (22:45:50), the slow rider 0:55 before it.
    func testUnderAMinuteBeforeTheLastTrainSaysSo() throws {
        let text = CLI.run(["plan", "Lisova", "Teremky", "--at", "22:26", "--date", "2026-12-09"], columns: 300)
        XCTAssertTrue(
            text.stdout.contains(
                "a wait of up to 1:22: at the latest the last train, the 22:45:50 (published): on the slow pattern you are on the platform only 0:55 before it, and if you miss it the ride cannot be completed"
            ), text.stdout)
        let uk = CLI.run(
            ["plan", "Lisova", "Teremky", "--at", "22:26", "--date", "2026-12-09", "--lang", "uk"], columns: 300)
        XCTAssertTrue(
            uk.stdout.contains(
                "щонайпізніше останній поїзд, о 22:45:50 (опубліковано): повільним поїздом ви на платформі лише за 0:55 до нього"
            ), uk.stdout)
        // A minute later the slow rider is there only after it.
        let later = CLI.run(["plan", "Lisova", "Teremky", "--at", "22:27", "--date", "2026-12-09"], columns: 300)
        XCTAssertTrue(
            later.stdout.contains(
                "on the slow pattern you reach the platform after it, and then the ride cannot be completed"),
            later.stdout)
    }
}

/// On the ride screen, waiting at a change: the published first train by name; a computed one
/// as a booked wait, with the last train where it ends the range.
final class StartScreenTrainChoiceTests: XCTestCase {
    func frame(_ from: String, _ to: String, _ t0: String, _ language: Language) throws -> String {
        let network = Kyiv.network
        let engine = ScheduleEngine(network: network, clock: Kyiv.clock)
        let trip = Trip(id: "s", origin: Kyiv.station(from).code, destination: Kyiv.station(to).code, t0: Kyiv.date(t0))
        let model = try TripModel(engine: engine, trip: trip)
        let schedule = model.current(trip)
        let transfer = try XCTUnwrap(schedule.transfer)
        let view = RideView(
            network: network, clock: Kyiv.clock, language: language, style: Style(enabled: false), trip: trip,
            schedule: schedule,
            now: transfer.platformArrival.addingTimeInterval(5), rehearsalSpeed: nil, notice: nil)
        return ScreenRenderer().frame(view, width: 200, height: 30).joined(separator: "\n")
    }

    func testTheWaitingScreenNamesOnlyPublishedTrains() throws {
        let first = try frame("Heroiv Dnipra", "Lisova", "2026-12-09 05:30:00", .en)
        XCTAssertTrue(first.contains("Waiting for the train: the first, the 05:58:15"), first)
        XCTAssertTrue(
            try frame("Heroiv Dnipra", "Lisova", "2026-12-09 05:30:00", .uk).contains(
                "Очікування поїзда: перший, о 05:58:15"))
        let last = try frame("Lisova", "Teremky", "2026-12-09 22:24:00", .en)
        XCTAssertTrue(last.contains("Waiting for the train (booked 2:24, up to 3:22): the last at 22:45:50"), last)
        let computed = try frame("Darnytsia", "Olimpiiska", "2026-12-09 05:39:15", .en)
        XCTAssertTrue(computed.contains("Waiting for the train (booked 1:38, up to 6:30)"), computed)
        XCTAssertFalse(computed.contains("05:52:50"), computed)
    }
}
