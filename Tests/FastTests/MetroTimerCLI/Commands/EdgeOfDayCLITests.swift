import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The edges of the service day, as a rider types it: every check here runs the command in-process over its
/// arguments, so it ran against the code before the fix too (and failed there).
final class EdgeOfDayCLITests: XCTestCase {
    func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    /// `--last`: Lisova's last M1 (22:30:00, published) reaches Maidan after its last M2
    /// (22:45:50, published) on the slow pattern; the trains before it are computed, so the
    /// answer is a deadline, said to the minute ("by 22:25"), never a computed train's second.
    func testLastIsADeadlineWhenTheLastTrainMisses() throws {
        let result = CLI.run(
            ["plan", "Lisova", "Teremky", "--last", "--date", "2026-12-02"], now: Kyiv.date("2026-12-02 12:00"),
            columns: nil)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains(
                "ℹ Last ride home: leave Lisova by 22:25 (any train that leaves by then connects; single trains' times are not published). The 22:30:00 last train misses the last M2 toward Teremky at Maidan Nezalezhnosti (22:45:50)"
            ), result.stdout)
        XCTAssertTrue(
            result.stdout.contains(
                "Change at Maidan Nezalezhnosti: on the slow pattern with the whole 2:00 walk you are on the platform at 22:44:50, 1:00 before the last M2"
            ), result.stdout)
        XCTAssertFalse(result.stdout.contains("22:22:07"), "a computed train is not named")
        let uk = CLI.run(
            ["plan", "Lisova", "Teremky", "--last", "--date", "2026-12-02", "--lang", "uk"],
            now: Kyiv.date("2026-12-02 12:00"), columns: nil)
        XCTAssertTrue(
            uk.stdout.contains("Остання поїздка додому: рушайте зі станції Лісова не пізніше 22:25"), uk.stdout)
        // The change's range ends on the last M2 itself, never after it.
        let document = try json(
            CLI.run(["plan", "Lisova", "Teremky", "--last", "--date", "2026-12-02", "--json"]).stdout)
        XCTAssertEqual(
            document["departure"] as? String, "2026-12-02T22:25:55+02:00",
            "22:44:50 less the last train's own 18:55 to that platform")
        let transfer = try XCTUnwrap(document["transfer"] as? [String: Any])
        XCTAssertEqual(
            transfer["latestDeparture"] as? String, "2026-12-02T22:45:50+02:00", "nothing leaves after the last")
        // One line: the origin's own last train, said so.
        let direct = CLI.run(
            ["plan", "Syrets", "Pozniaky", "--last", "--date", "2026-12-02"], now: Kyiv.date("2026-12-02 12:00"),
            columns: nil)
        XCTAssertTrue(
            direct.stdout.contains("ℹ Last train home: the 22:30:00 from Syrets, its last train."), direct.stdout)
    }

    /// `--arrive-by 23:10`: the 22:30 does not connect (the last M2 leaves Maidan at 22:45:50),
    /// so the answer is the last connection's deadline, said in one sentence; the entrances
    /// closing at 22:25 are said as what to do, not as a refusal; exit 0.
    func testArriveByLaterThanTheLastConnectionIsClampedToIt() throws {
        let result = CLI.run(
            ["plan", "Lisova", "Teremky", "--arrive-by", "23:10", "--date", "2026-12-02"], columns: nil)
        XCTAssertEqual(result.code, 0, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stdout.contains(
                "ℹ Arrive by 23:10: no later train connects; for the last connection leave Lisova by 22:25, arriving about "
            ), result.stdout)
        XCTAssertFalse(result.stdout.contains("cannot be completed"), result.stdout)
        XCTAssertFalse(result.stdout.contains("can no longer get in"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("Be through the entrance by 22:25, when Lisova's entrances close."), result.stdout)
        let uk = CLI.run(
            ["plan", "Lisova", "Teremky", "--arrive-by", "23:10", "--date", "2026-12-02", "--lang", "uk"], columns: nil)
        XCTAssertTrue(uk.stdout.contains("останнє сполучення — рушити зі станції Лісова до 22:25"), uk.stdout)
    }

    /// `--arrive-by`: the first train leaves Lisova at 05:34:45 (published). Arriving by 06:15
    /// its best estimate makes it (the change's wait booked, the M2 there a computed train):
    /// the answer is that train itself, not a second after it (no train is known to leave
    /// then). By 06:25 a later start works: a deadline, said to the minute. By 05:50 nothing
    /// can: refused with the first train and the range its own plan gives, exit 1.
    func testArriveByNeverStartsBeforeTheFirstTrain() throws {
        let first = try json(
            CLI.run(["plan", "Lisova", "Teremky", "--arrive-by", "06:15", "--date", "2026-12-02", "--json"]).stdout)
        XCTAssertEqual((first["arriveBy"] as? [String: Any])?["latestStart"] as? String, "2026-12-02T05:34:45+02:00")
        XCTAssertEqual(first["departure"] as? String, "2026-12-02T05:34:45+02:00")
        let text = CLI.run(["plan", "Lisova", "Teremky", "--arrive-by", "06:15", "--date", "2026-12-02"], columns: nil)
            .stdout
        XCTAssertTrue(
            text.contains("ℹ Arrive by 06:15: the first train, the 05:34:45 from Lisova (with the booked wait);"), text)
        let later = try json(
            CLI.run(["plan", "Lisova", "Teremky", "--arrive-by", "06:25", "--date", "2026-12-02", "--json"]).stdout)
        let latest = try XCTUnwrap((later["arriveBy"] as? [String: Any])?["latestStart"] as? String)
        XCTAssertGreaterThan(latest, "2026-12-02T05:34:45+02:00")
        let refused = CLI.run(
            ["plan", "Lisova", "Teremky", "--arrive-by", "05:50", "--date", "2026-12-02"], columns: nil)
        XCTAssertEqual(refused.code, 1, refused.stdout)
        XCTAssertEqual(refused.stdout, "")
        // The first train's own plan gives the same arrival and range.
        let own = try json(
            CLI.run(["plan", "Lisova", "Teremky", "--at", "05:34:45", "--date", "2026-12-02", "--json"]).stdout)
        let arrival = try XCTUnwrap(own["arrival"] as? [String: Any])
        func hhmm(_ value: Any?) -> String { String((value as? String ?? "").dropFirst(11).prefix(5)) }
        XCTAssertTrue(
            refused.stderr.hasPrefix(
                "Error: You cannot be sure to arrive by 05:50: the first train leaves Lisova at 05:34:45 and arrives about \(hhmm(arrival["time"])) (could be \(hhmm(arrival["earliest"]))–\(hhmm(arrival["latest"])))."
            ), refused.stderr)
    }

    /// `plan --at 05:30`: the plan of the 05:34:45, with a line saying how long until it, exit 0.
    func testAPlanBeforeTheFirstTrainIsTheFirstTrains() throws {
        let result = CLI.run(["plan", "Lisova", "Teremky", "--at", "05:30", "--date", "2026-12-02"], columns: nil)
        XCTAssertEqual(result.code, 0, result.stdout)
        XCTAssertTrue(
            result.stdout.contains(
                "ℹ Trains are not running yet at 05:30: this is the plan of the first train, the 05:34:45 from Lisova, 4 min 45 s later.\n"
            ), result.stdout)
        XCTAssertTrue(result.stdout.contains("  05:34  ● Lisova"), result.stdout)
        XCTAssertFalse(result.stdout.contains("⚠"), result.stdout)
        let uk = CLI.run(
            ["plan", "Lisova", "Teremky", "--at", "05:30", "--date", "2026-12-02", "--lang", "uk"], columns: nil)
        XCTAssertTrue(uk.stdout.contains("це план першого поїзда, який рушає зі станції Лісова о 05:34:45"), uk.stdout)
        let document = try json(
            CLI.run(["plan", "Lisova", "Teremky", "--at", "05:30", "--date", "2026-12-02", "--json"]).stdout)
        XCTAssertEqual(document["departure"] as? String, "2026-12-02T05:34:45+02:00")
    }

    /// `--ics` for a ride that cannot be made (`--at 23:50`: the last trains have gone) writes
    /// nothing and says why; `--ics -` prints nothing to standard output; exit 1 both ways.
    func testACalendarCardIsNotWrittenForARideThatCannotBeMade() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        let file = directory + "/ride.ics"
        let result = CLI.run(
            ["plan", "Lisova", "Teremky", "--at", "23:50", "--date", "2026-12-02", "--ics", file], columns: nil)
        XCTAssertEqual(result.code, 1)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: file), "no card with alarms for a ride that cannot be made")
        XCTAssertTrue(result.stderr.contains("No calendar event written: the ride cannot be made then."), result.stderr)
        XCTAssertTrue(result.stdout.contains("⚠ The route cannot be completed"), result.stdout)
        let dash = CLI.run(
            ["plan", "Lisova", "Teremky", "--at", "23:50", "--date", "2026-12-02", "--ics", "-"], columns: nil)
        XCTAssertEqual(dash.code, 1)
        XCTAssertFalse(dash.stdout.contains("BEGIN:VCALENDAR"), dash.stdout)
        XCTAssertTrue(dash.stderr.contains("The route cannot be completed"), dash.stderr)
        // A ride that can be made still gets its card.
        XCTAssertEqual(
            CLI.run(["plan", "Lisova", "Teremky", "--at", "12:00", "--date", "2026-12-02", "--ics", file]).code, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file))
        // --json keeps its document with the finding, and exit 1.
        let json = CLI.run(["plan", "Lisova", "Teremky", "--at", "23:50", "--date", "2026-12-02", "--json"])
        XCTAssertEqual(json.code, 1)
        XCTAssertTrue(json.stdout.contains("\"afterLastTrain\""), json.stdout)
    }

    /// `start` keeps the t₀ contract: a ride started before the first train is refused with
    /// the first train's time, and no trip is written; a rehearsal may start at any time.
    func testStartBeforeTheFirstTrainIsRefused() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let environment = ["NO_COLOR": "1", "METRO_TIMER_HOME": home]
        let early = CLI.run(
            ["start", "Lisova", "Teremky"], now: Kyiv.date("2026-12-02 05:20"), environment: environment)
        XCTAssertEqual(early.code, 1, early.stdout)
        XCTAssertTrue(
            early.stderr.contains(
                "Trains are not running yet: the first M1 train toward Akademmistechko leaves Lisova at 05:34:45."),
            early.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/trip.json"), "no trip written")
        let uk = CLI.run(
            ["start", "Lisova", "Teremky", "--lang", "uk"], now: Kyiv.date("2026-12-02 05:20"), environment: environment
        )
        XCTAssertTrue(
            uk.stderr.contains("перший поїзд M1 у напрямку станції Академмістечко рушає зі станції Лісова о 05:34:45"),
            uk.stderr)
    }

    /// Corrections that cannot be true are refused: `at` a closed station the train passes
    /// through (with the stops either side), `at` a station off the route (with the nearest on
    /// it), and `arrived --at` a time still to come today, said as such. The trip is unchanged.
    func testImpossibleCorrectionsAreRefused() throws {
        let t0 = Kyiv.date("2026-12-02 20:20")
        let code = { (name: String) in Kyiv.station(name).code }
        let home = try TestRide.saved(
            TestRide.trip(t0: t0, id: "e", changes: ServiceChanges(closed: [code("Dnipro")])), for: self)
        let environment = ["NO_COLOR": "1", "METRO_TIMER_HOME": home]
        let before = try XCTUnwrap(FileTripStore(directory: home).load())
        let closed = CLI.run(["at", "Dnipro"], now: t0.addingTimeInterval(600), environment: environment)
        XCTAssertEqual(closed.code, 1, closed.stdout)
        XCTAssertEqual(
            closed.stderr,
            "Error: Dnipro is closed today: the train passes it without stopping, so it cannot stand there. Nothing changed. The train can stand at Hidropark or Arsenalna.\n"
        )
        let uk = CLI.run(["at", "Dnipro", "--lang", "uk"], now: t0.addingTimeInterval(600), environment: environment)
        XCTAssertTrue(
            uk.stderr.contains("Поїзд може стояти на станції Гідропарк або на станції Арсенальна."), uk.stderr)
        // 20:22 now: 23:59 today is still to come (yesterday's is more than three hours ago).
        let future = CLI.run(
            ["arrived", "--at", "23:59"], now: Kyiv.date("2026-12-02 20:22"), environment: environment)
        XCTAssertEqual(future.code, 64, future.stderr)
        XCTAssertTrue(
            future.stderr.hasPrefix("Error: An arrival at 23:59 is in the future: it is 20:22 now.\n"), future.stderr)
        XCTAssertEqual(try FileTripStore(directory: home).load(), before, "nothing recorded")
        // A station on the route is still fine.
        XCTAssertEqual(CLI.run(["at", "Hidropark"], now: t0.addingTimeInterval(600), environment: environment).code, 0)
    }

    /// A date outside the timetable's validity (dated 2026-03-10, so 2026-03-10 to 2027-03-09,
    /// the year the GTFS export also takes) plans with one warning naming the date and how to
    /// install a newer one; exit 0. Inside it, no warning.
    func testADateOutsideTheTimetablesValidityIsSaidOnce() throws {
        for date in ["1999-01-01", "2030-06-01", "2027-03-10"] {
            let result = CLI.run(["plan", "Lisova", "Teremky", "--at", "12:00", "--date", date], columns: nil)
            XCTAssertEqual(result.code, 0, result.stdout)
            XCTAssertTrue(
                result.stdout.hasPrefix(
                    "⚠ The timetable is dated 2026-03-10 and holds from 2026-03-10 to 2027-03-09; \(date) is outside it, so the trains that day may differ. Install a newer one with 'timetable-gen install'.\n"
                ), result.stdout)
            XCTAssertEqual(result.stdout.components(separatedBy: "⚠").count - 1, 1, result.stdout)
        }
        for date in ["2026-03-10", "2027-03-09", "2026-12-02"] {
            XCTAssertFalse(
                CLI.run(["plan", "Lisova", "Teremky", "--at", "12:00", "--date", date]).stdout.contains("⚠"), date)
        }
        let uk = CLI.run(
            ["plan", "Lisova", "Teremky", "--at", "12:00", "--date", "2030-06-01", "--lang", "uk"], columns: nil)
        XCTAssertTrue(
            uk.stdout.hasPrefix(
                "⚠ Розклад датовано 2026-03-10, він чинний з 2026-03-10 до 2027-03-09; 2030-06-01 — поза цим"),
            uk.stdout)
        let json = try self.json(
            CLI.run(["plan", "Lisova", "Teremky", "--at", "12:00", "--date", "2030-06-01", "--json"]).stdout)
        XCTAssertTrue(
            ((json["notes"] as? [String]) ?? []).contains { $0.hasPrefix("The timetable is dated 2026-03-10") })
        XCTAssertTrue(
            CLI.run(["station", "Hidropark", "--date", "2030-06-01"], columns: nil).stdout.hasPrefix(
                "⚠ The timetable is dated 2026-03-10"))
    }

    /// The station card speaks of the day asked for: "interval at 12:00", not "now"; no
    /// interval for an hour with no train (toward Lisova the first train leaves Hidropark at
    /// 06:05:40 and the last at 22:59:15: hours 06 to 22); only its own station's changes;
    /// `--json` entrances as data.
    func testTheStationCardSpeaksOfItsDayAndItsStation() throws {
        let card = CLI.run(
            ["station", "Hidropark", "--date", "2026-12-05", "--closed", "Hidropark", "--closed", "Lisova"],
            columns: nil)
        XCTAssertEqual(card.code, 0)
        XCTAssertFalse(card.stdout.contains("interval now"), card.stdout)
        XCTAssertTrue(card.stdout.contains("· interval at 12:00 6:00\n"), card.stdout)
        let towardLisova = try XCTUnwrap(
            card.stdout.components(separatedBy: "Toward Lisova").last?.split(separator: "\n").dropFirst(2).first)
        XCTAssertTrue(towardLisova.hasPrefix("  06 9:00 · "), String(towardLisova))
        // (The last hour's figure is the trains' own: StationCardEdgeHoursTests.)
        XCTAssertTrue(towardLisova.components(separatedBy: " · ").last!.hasPrefix("22 "), String(towardLisova))
        XCTAssertTrue(card.stdout.contains("ℹ Service changes: Hidropark closed\n"), card.stdout)
        XCTAssertFalse(card.stdout.contains("Lisova closed"), card.stdout)
        // Today, without --date, it is still "now".
        XCTAssertTrue(
            CLI.run(["station", "Hidropark"], now: Kyiv.date("2026-12-02 12:00"), columns: nil).stdout.contains(
                "interval now "))
        XCTAssertTrue(
            CLI.run(["station", "Hidropark"], now: Kyiv.date("2026-12-02 23:30"), columns: nil).stdout.contains(
                "no trains now"))
        let json = try self.json(CLI.run(["station", "Hidropark", "--json", "--date", "2026-12-05"]).stdout)
        let entrances = try XCTUnwrap(json["entrances"] as? [String: Any], "entrances as data")
        // Data/kyiv-entrances.csv: Hidropark opens 05:39, closes 22:34, 1 of 2 vestibules open.
        XCTAssertEqual(entrances["opens"] as? String, "05:39")
        XCTAssertEqual(entrances["closes"] as? String, "22:34")
        XCTAssertEqual(entrances["halls"] as? Int, 2)
        XCTAssertEqual(entrances["hallsOpen"] as? Int, 1)
    }

    /// No dead ends without saying so: with Khreshchatyk and Teatralna closed no route runs
    /// from Lisova to Teremky, said first; the nearest open station, Arsenalna, is on M1 and
    /// needs one of those two changes too, so the message says there is no route from there.
    func testNoRouteIsSaidFirstAndANearestDeadEndAsSuch() {
        let result = CLI.run(["plan", "Lisova", "Teremky", "--closed", "Khreshchatyk", "--closed", "Teatralna"])
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(
            result.stderr.hasPrefix("Error: No route from Lisova to Teremky runs with these service changes. "),
            result.stderr)
        XCTAssertTrue(
            result.stderr.hasSuffix(
                "The nearest open station: Arsenalna. But no route runs from there (Arsenalna) to Teremky either.\n"),
            result.stderr)
        let uk = CLI.run([
            "plan", "Lisova", "Teremky", "--closed", "Khreshchatyk", "--closed", "Teatralna", "--lang", "uk",
        ])
        XCTAssertTrue(
            uk.stderr.hasPrefix(
                "Помилка: З цими змінами в русі маршруту від станції Лісова до станції Теремки немає. "), uk.stderr)
    }

    /// After the origin's last train (Lisova's last toward Akademmistechko leaves at 22:30 on a
    /// weekday) the plan says, besides why the ride cannot be made, what to type for the next
    /// ride that can be: the first train of the next service day, and the day's last with --last.
    func testAfterTheLastTrainThePlanNamesTheNextRideThatCanBeMade() throws {
        let window = try XCTUnwrap(
            Kyiv.network.serviceWindow(station: Kyiv.station("Lisova").code, direction: .reverse))
        let first = TimeOfDay.clock(window.firstDeparture)
        // (--date names the service day: 01:30 of it is the night after it.)
        for (at, date, next) in [("22:47", "2026-12-09", "2026-12-10"), ("01:30", "2026-12-10", "2026-12-11")] {
            let result = CLI.run(["plan", "Lisova", "Teremky", "--at", at, "--date", date], columns: nil)
            XCTAssertEqual(result.code, 1, result.stdout)
            XCTAssertTrue(
                result.stdout.contains(
                    "ℹ The next ride that can be made is the first train of \(next), the \(first) from Lisova: 'metro-timer plan Lisova Teremky --date \(next) --at \(first.prefix(5))'. The day's last ride: 'metro-timer plan Lisova Teremky --date \(date) --last'.\n"
                ),
                "--at \(at) --date \(date): \(result.stdout)")
        }
        // That command plans the first train, exit 0.
        let morning = CLI.run(
            ["plan", "Lisova", "Teremky", "--date", "2026-12-10", "--at", String(first.prefix(5))], columns: nil)
        XCTAssertEqual(morning.code, 0, morning.stdout)
        let uk = CLI.run(
            ["plan", "Lisova", "Teremky", "--at", "22:47", "--date", "2026-12-09", "--lang", "uk"], columns: nil)
        XCTAssertTrue(
            uk.stdout.contains(
                "ℹ Наступна поїздка, яку можна здійснити, — перший поїзд 2026-12-10, о \(first) зі станції Лісова"),
            uk.stdout)
        let palace = CLI.run(
            ["plan", "Palats «Ukraina»", "Lisova", "--at", "23:30", "--date", "2026-12-09"], columns: nil)
        XCTAssertTrue(
            palace.stdout.contains("'metro-timer plan \"Palats «Ukraina»\" Lisova --date 2026-12-10 --at "),
            palace.stdout)
        // A plan that can be made has no such line.
        XCTAssertFalse(
            CLI.run(["plan", "Lisova", "Teremky", "--at", "12:00", "--date", "2026-12-09"], columns: nil).stdout
                .contains("next ride that can be made"))
    }
}
