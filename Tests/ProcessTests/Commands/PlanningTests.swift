import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The service day made plain, day types, rehearsals at any time, each line's interval.
final class PlanningTests: XCTestCase {
    func testTheSmallHoursFollowOneRuleWithOneWarningAndExitOne() {
        // 02:59 is the night after 30 November (a service day runs 03:00 to 03:00), 03:00 the
        // morning of 30 November: one rule, said in the plan.
        let night = CLI.run(["plan", "Lisova", "Teremky", "--date", "2026-11-30", "--at", "02:59"], columns: nil)
        XCTAssertEqual(night.code, 1, "the ride cannot be made then: printed, and exit 1")
        let lines = night.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            lines.filter { $0.hasPrefix("⚠") }.count, 1,
            "one warning, not 'last train gone' and 'not running yet': \(night.stdout)")
        XCTAssertTrue(lines[0].hasPrefix("⚠ The route cannot be completed: the last M1 train"), lines[0])
        XCTAssertTrue(
            night.stdout.contains(
                "Monday 2026-11-30 · weekday timetable · 02:59 is the night after it (a service day runs until 03:00)"),
            night.stdout)
        let morning = CLI.run(["plan", "Lisova", "Teremky", "--date", "2026-11-30", "--at", "03:00"], columns: nil)
        // Before the first train the plan is the first train's, exit 0.
        XCTAssertEqual(morning.code, 0, "before the first train: its plan")
        XCTAssertTrue(
            morning.stdout.contains(
                "ℹ Trains are not running yet at 03:00: this is the plan of the first train, the 05:34:45 from Lisova, 2 h 34 min 45 s later.\n"
            ), morning.stdout)
        XCTAssertFalse(morning.stdout.contains("⚠"), morning.stdout)
        XCTAssertFalse(morning.stdout.contains("night after"))
        XCTAssertEqual(CLI.run(["plan", "Lisova", "Teremky", "--date", "2026-11-30", "--at", "08:15"]).code, 0)
        // --json too: the document, and exit 1.
        let json = CLI.run(["plan", "Lisova", "Teremky", "--date", "2026-11-30", "--at", "23:59", "--json"])
        XCTAssertEqual(json.code, 1)
        XCTAssertTrue(json.stdout.contains("\"findings\""), json.stdout)
        let uk = CLI.run(
            ["plan", "Lisova", "Teremky", "--date", "2026-11-30", "--at", "01:30", "--lang", "uk"], columns: nil)
        XCTAssertTrue(uk.stdout.contains("01:30 — ніч після цього дня"), uk.stdout)
    }

    func testDayTypeOnPlanAndInTheChangesFile() throws {
        // Monday 30 November on the weekend timetable: the M3 interval at 08:00 is a weekend one.
        let weekday = CLI.run(["plan", "Syrets", "Pozniaky", "--date", "2026-11-30", "--at", "08:00", "--json"])
        let weekend = CLI.run([
            "plan", "Syrets", "Pozniaky", "--date", "2026-11-30", "--at", "08:00", "--json", "--day-type", "weekend",
        ])
        func object(_ text: String) throws -> [String: Any] {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
        XCTAssertEqual(try object(weekday.stdout)["dayType"] as? String, "weekday")
        XCTAssertEqual(try object(weekend.stdout)["dayType"] as? String, "weekend")
        let interval = { (document: [String: Any]) in
            ((document["legs"] as? [[String: Any]])?.first?["intervalSeconds"] as? Int) ?? 0
        }
        XCTAssertGreaterThan(
            interval(try object(weekend.stdout)), interval(try object(weekday.stdout)),
            "weekend mornings run less often")
        let text = CLI.run(
            ["plan", "Syrets", "Pozniaky", "--date", "2026-11-30", "--at", "08:00", "--day-type", "weekend"],
            columns: nil)
        XCTAssertTrue(text.stdout.contains("Monday 2026-11-30 · weekend timetable"), text.stdout)
        XCTAssertEqual(CLI.run(["plan", "Syrets", "Pozniaky", "--day-type", "holiday"]).code, 64)
        // A day the city announces as a weekend, kept in the changes file.
        let base = try TestPaths.temporaryDirectory(self)
        let environment = ["METRO_TIMER_CONFIG": base + "/config", "METRO_TIMER_HOME": base + "/state"]
        let added = CLI.run(
            [
                "changes", "add", "--day-type", "weekend", "--from", "2026-12-31", "--until", "2027-01-01", "--note",
                "New Year",
            ],
            now: Kyiv.date("2026-11-30 12:00"), environment: environment)
        XCTAssertEqual(added.code, 0, added.stderr)
        XCTAssertTrue(added.stdout.contains("weekend timetable  2026-12-31 → 2027-01-01  upcoming"), added.stdout)
        let newYear = CLI.run(
            ["plan", "Syrets", "Pozniaky", "--date", "2026-12-31", "--at", "08:00"], environment: environment,
            columns: nil)
        XCTAssertTrue(newYear.stdout.contains("Thursday 2026-12-31 · weekend timetable"), newYear.stdout)
        XCTAssertTrue(newYear.stdout.contains("ℹ Service changes: weekend timetable"), newYear.stdout)
    }

    func testEachLegShowsItsInterval() throws {
        let plan = CLI.run(["plan", "Lisova", "Teremky", "--date", "2026-11-30", "--at", "08:15"], columns: nil)
        let headers = plan.stdout.split(separator: "\n").filter { $0.hasPrefix(" M") }
        XCTAssertEqual(headers.count, 2)
        for header in headers { XCTAssertTrue(header.contains(" · every "), String(header)) }
        // Beside each line, the published interval of the hour it is boarded in
        // (Data/kyiv-headways.csv, the hour's first value): M1 toward Akademmistechko at 08:00.
        let published = try XCTUnwrap(
            RawCSV.rows("kyiv-headways.csv").first {
                $0["line"] == "M1" && $0["period"] == "08:00-09:00" && $0["day_type"] == "weekday"
                    && $0["direction"] == "reverse"
            }?["first_interval"])
        XCTAssertTrue(headers[0].hasSuffix("every \(published) (published)"), String(headers[0]))
        // The walk line's is the model's, and says so.
        let schedule = try Kyiv.schedule("Lisova", "Teremky", at: "2026-11-30 08:15")
        let computed = Durations.clock(try XCTUnwrap(schedule.transfer?.headwaySeconds))
        XCTAssertTrue(plan.stdout.contains("¼ of the computed \(computed) interval"), plan.stdout)
        let uk = CLI.run(
            ["plan", "Lisova", "Teremky", "--date", "2026-11-30", "--at", "08:15", "--lang", "uk"], columns: nil)
        XCTAssertTrue(uk.stdout.contains(" · інтервал "), uk.stdout)
    }

    func testARehearsalCanStartAtAnyTime() throws {
        let result = try ProcessRunner.run(
            "metro-timer",
            ["start", "Lisova", "Chernihivska", "--speed", "600", "--at", "22:25", "--date", "2026-11-30", "--events"])
        XCTAssertEqual(result.code, 0, result.stderr)
        let first = try XCTUnwrap(result.stdout.split(separator: "\n").first)
        XCTAssertTrue(first.contains(#""time":"2026-11-30T22:25:00+02:00""#), String(first))
        let refused = CLI.run(["start", "Lisova", "Teremky", "--at", "10:00"])
        XCTAssertEqual(refused.code, 64)
        XCTAssertTrue(
            refused.stderr.hasPrefix(
                "Error: --at and --date are for a rehearsal (--speed N): a real ride starts when the train moves\n"),
            refused.stderr)
    }

    /// Names beside every code: events, journal records, and a walk-only plan's JSON.
    func testNamesBesideCodesAndWalkOnlyJSON() throws {
        let events = try ProcessRunner.run(
            "metro-timer",
            ["start", "Lisova", "Chernihivska", "--speed", "900", "--events", "--at", "10:00", "--date", "2026-11-30"])
        XCTAssertEqual(events.code, 0, events.stderr)
        for line in events.stdout.split(separator: "\n") {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            for key in ["station", "from", "to"] {
                guard let code = object[key] as? String else { continue }
                let station = try XCTUnwrap(Kyiv.network.station(code))
                XCTAssertEqual(object[key + "NameUk"] as? String, station.nameUk, String(line))
                XCTAssertEqual(object[key + "NameEn"] as? String, station.nameEn, String(line))
            }
        }
        XCTAssertTrue(events.stdout.contains(#""fromNameEn":"Lisova""#))
        // A journal record reads on its own.
        let trip = Trip(
            id: "named", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code,
            t0: Kyiv.date("2026-11-30 10:00"))
        let model = try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip)
        let record = JournalRecord(trip: trip, model: model, outcome: .stopped, at: Kyiv.date("2026-11-30 10:10"))
        XCTAssertEqual(record.version, 5)
        XCTAssertEqual(
            [record.fromNameUk, record.fromNameEn, record.toNameUk, record.toNameEn],
            ["Лісова", "Lisova", "Теремки", "Teremky"])
        // Walk only: the arrival is the end of the walk, where finalArrival is.
        let walk = CLI.run(["plan", "Khreshchatyk", "Maidan", "--at", "08:15", "--date", "2026-11-30", "--json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(walk.stdout.utf8)) as? [String: Any])
        let arrival = try XCTUnwrap(object["arrival"] as? [String: Any])
        XCTAssertEqual(arrival["time"] as? String, object["finalArrival"] as? String)
        XCTAssertEqual(arrival["time"] as? String, "2026-11-30T08:17:00+02:00")
        XCTAssertEqual((arrival["station"] as? [String: Any])?["nameEn"] as? String, "Maidan Nezalezhnosti")
    }

    /// `--arrive-by`: the latest start with the booked wait, and the safe one. In the middle of
    /// the day trains run every few minutes, unpublished: the starts are found to the second.
    /// At the edges they are real trains (ServiceEdgeTests).
    func testArriveBy() throws {
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        for (from, to) in [("Lisova", "Teremky"), ("Syrets", "Pozniaky"), ("Teremky", "Khreshchatyk")] {
            let route = try Kyiv.route(from, to)
            let target = Kyiv.date("2026-11-30 09:00")
            guard case .ride(let latest, let safe?, nil) = engine.arriveBy(route: route, target: target) else {
                return XCTFail("\(from) → \(to)")
            }
            let walk = TimeInterval(route.walkAfterAlighting?.walkSeconds ?? 0)
            XCTAssertLessThanOrEqual(engine.schedule(route: route, t0: latest).finalArrival, target)
            XCTAssertGreaterThan(
                engine.schedule(route: route, t0: latest.addingTimeInterval(1)).finalArrival, target,
                "the latest: a second later is too late")
            XCTAssertLessThanOrEqual(
                engine.schedule(route: route, t0: safe).arrivalLatest.addingTimeInterval(walk), target)
            XCTAssertGreaterThan(
                engine.schedule(route: route, t0: safe.addingTimeInterval(1)).arrivalLatest.addingTimeInterval(walk),
                target)
            XCTAssertLessThan(safe, latest, "the safe start is earlier")
        }
        let plan = CLI.run(["plan", "Lisova", "Teremky", "--arrive-by", "09:00", "--date", "2026-11-30"], columns: nil)
        XCTAssertEqual(plan.code, 0, plan.stderr)
        XCTAssertTrue(plan.stdout.contains("ℹ Arrive by 09:00: the train must leave Lisova by "), plan.stdout)
        let json = CLI.run(["plan", "Lisova", "Teremky", "--arrive-by", "09:00", "--date", "2026-11-30", "--json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let arriveBy = try XCTUnwrap(object["arriveBy"] as? [String: String])
        XCTAssertEqual(arriveBy["target"], "2026-11-30T09:00:00+02:00")
        XCTAssertEqual(arriveBy["latestStart"], object["departure"] as? String, "the plan shown is the latest start's")
        XCTAssertLessThan(try XCTUnwrap(arriveBy["safeStart"]), try XCTUnwrap(arriveBy["latestStart"]))
        XCTAssertEqual(CLI.run(["plan", "Lisova", "Teremky", "--arrive-by", "09:00", "--at", "08:00"]).code, 64)
        XCTAssertTrue(
            CLI.run(["plan", "Lisova", "Teremky", "--arrive-by", "09:00", "--lang", "uk"]).stdout.contains(
                "поїзд має рушити зі станції Лісова"))
    }

    /// `--last`: Lisova's last M1 (22:30:00, published) reaches the M2 platform at Maidan at
    /// 22:48:55 on the slow pattern with the whole walk, after the last M2 there (22:45:50,
    /// published). The trains before the last are computed, so the answer is a deadline: the
    /// slow rider must be there a minute before the last M2, 22:44:50, which is 18:55 (the
    /// last train's own slow ride to that platform) after 22:25:55.
    func testLastTrainHome() throws {
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        let day = ServiceClock.ServiceDay(year: 2026, month: 11, day: 30)
        let route = try Kyiv.route("Lisova", "Teremky")
        let found = try XCTUnwrap(engine.lastConnection(route: route, serviceDay: day))
        let lastRide = try XCTUnwrap(found.next?.changes.first)
        XCTAssertEqual(lastRide.slowArrival, Kyiv.date("2026-11-30 22:48:55"))
        XCTAssertEqual(found.departure, Kyiv.date("2026-11-30 22:25:55"))
        XCTAssertFalse(found.departureIsPublished)
        XCTAssertTrue(engine.schedule(route: route, t0: found.departure).findings.allSatisfy { !$0.preventsTheRide })
        // One line: the origin's last departure itself.
        XCTAssertEqual(
            engine.lastConnection(route: try Kyiv.route("Syrets", "Pozniaky"), serviceDay: day)?.departure,
            Kyiv.date("2026-11-30 22:30"))
        // The command, at noon: how long from now; at 23:00, gone, and exit 1.
        let noon = CLI.run(["plan", "Lisova", "Teremky", "--last"], now: Kyiv.date("2026-11-30 12:00"), columns: nil)
        XCTAssertEqual(noon.code, 0, noon.stderr)
        XCTAssertTrue(
            noon.stdout.contains(
                "ℹ Last ride home: leave Lisova by 22:25 (any train that leaves by then connects; single trains' times are not published)."
            ), noon.stdout)
        XCTAssertTrue(noon.stdout.contains("Leave Lisova by 22:25: 10 h 25 min from now."), noon.stdout)
        let late = CLI.run(["plan", "Lisova", "Teremky", "--last"], now: Kyiv.date("2026-11-30 23:00"), columns: nil)
        XCTAssertEqual(late.code, 1)
        XCTAssertTrue(late.stdout.contains("The time to leave Lisova, 22:25, passed 34 min ago."), late.stdout)
        XCTAssertTrue(
            CLI.run(["plan", "Lisova", "Teremky", "--last", "--lang", "uk"]).stdout.contains(
                "Остання поїздка додому: рушайте зі станції Лісова не пізніше 22:25"))
        XCTAssertEqual(CLI.run(["plan", "Lisova", "Teremky", "--last", "--at", "10:00"]).code, 64)
    }

    /// The entrances layer: brought in from the city's calendar, said first when a plan starts
    /// while the origin's entrances are shut, in `--last`, and on the station card.
    func testEntrances() throws {
        // The data file matches the city's layer, station by station: the layer's own figures in a
        // fixture of the layer's format (its 52 features, the fields the importer reads), so a
        // clean checkout checks it too. Where the raw layer is at hand (beside the project on the
        // machine that imports), the fixture must hold exactly its figures.
        func features(_ path: String) throws -> [[String: Any]]? {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return try XCTUnwrap(object["features"] as? [[String: Any]])
        }
        let fixture = try XCTUnwrap(try features(TestPaths.fixtures + "/portal/calendarUnderground-kyiv.json"))
        XCTAssertEqual(fixture.count, 52)
        func figures(_ features: [[String: Any]]) -> [String] {
            features.map { feature in
                let a = feature["attributes"] as? [String: Any] ?? [:]
                return ["code1", "open_max", "close_min", "halls_cnt", "halls_open"].map { "\(a[$0] ?? "-")" }.joined(
                    separator: " ")
            }.sorted()
        }
        let rawPath = TestPaths.packageRoot.appendingPathComponent(
            "../shared/data/kyiv-open-data/calendarUnderground.json"
        ).path
        if let raw = try features(rawPath) {
            XCTAssertEqual(figures(fixture), figures(raw), "the fixture is the layer's figures")
        }
        XCTAssertEqual(Kyiv.network.document.entrances?.count, 52, "every station has its entrances")
        for feature in fixture {
            let attributes = try XCTUnwrap(feature["attributes"] as? [String: Any])
            let entrance = try XCTUnwrap(Kyiv.network.entrance(station: try XCTUnwrap(attributes["code1"] as? String)))
            XCTAssertEqual(String(TimeOfDay.clock(entrance.opens).prefix(5)), attributes["open_max"] as? String)
            XCTAssertEqual(String(TimeOfDay.clock(entrance.closes).prefix(5)), attributes["close_min"] as? String)
            XCTAssertEqual(entrance.halls, attributes["halls_cnt"] as? Int)
            XCTAssertEqual(entrance.hallsOpen, attributes["halls_open"] as? Int)
        }
        // Ipodrom's entrance closes at 22:24, before its last trains (22:32:20). t₀ is when the
        // train moves: a rider on the 22:26 went in before 22:24, so the plan says what to do
        // and plans the ride (exit 0), as --last does.
        let late = CLI.run(["plan", "Ipodrom", "Lybidska", "--at", "22:26", "--date", "2026-11-30"], columns: nil)
        XCTAssertEqual(late.code, 0, late.stdout)
        XCTAssertTrue(
            late.stdout.contains("ℹ Be through the entrance by 22:24, when Ipodrom's entrances close.\n"), late.stdout)
        XCTAssertFalse(late.stdout.contains("can no longer get in"), late.stdout)
        let lateUk = CLI.run(
            ["plan", "Ipodrom", "Lybidska", "--at", "22:26", "--date", "2026-11-30", "--lang", "uk"], columns: nil)
        XCTAssertTrue(
            lateUk.stdout.contains("ℹ Пройдіть вхід до 22:24: тоді входи станції Іподром зачиняються.\n"), lateUk.stdout
        )
        // Before the entrances open no train runs either: the plan is the first train's, and
        // the entrances are open by then (05:55, the train 05:59:50).
        let early = CLI.run(["plan", "Ipodrom", "Lybidska", "--at", "05:40", "--date", "2026-11-30"], columns: nil)
        XCTAssertEqual(early.code, 0, early.stdout)
        XCTAssertFalse(early.stdout.contains("⚠"), early.stdout)
        XCTAssertTrue(
            early.stdout.contains("this is the plan of the first train, the 05:59:50 from Ipodrom"), early.stdout)
        let last = CLI.run(
            ["plan", "Ipodrom", "Lybidska", "--last", "--date", "2026-11-30"], now: Kyiv.date("2026-11-30 12:00"),
            columns: nil)
        XCTAssertEqual(last.code, 0, last.stdout)
        XCTAssertTrue(
            last.stdout.contains("Be through the entrance by 22:24, when Ipodrom's entrances close."), last.stdout)
        XCTAssertFalse(last.stdout.contains("can no longer get in"))
        XCTAssertTrue(
            CLI.run(["station", "Ipodrom"]).stdout.contains("Entrances: open 05:55–22:24, 2 of 2 vestibules open."))
        XCTAssertEqual(CLI.run(["plan", "Ipodrom", "Lybidska", "--at", "12:00"]).code, 0)
    }
}
