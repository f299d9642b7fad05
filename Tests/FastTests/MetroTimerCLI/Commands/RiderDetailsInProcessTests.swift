import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Small gaps in the rider's path, each as a rider meets it.
final class RiderDetailsInProcessTests: XCTestCase {
    var home = ""
    var config = ""

    override func setUpWithError() throws {
        let base = try TestPaths.temporaryDirectory(self)
        home = base + "/state"
        config = base + "/config"
    }

    var environment: [String: String] { ["NO_COLOR": "1", "METRO_TIMER_HOME": home, "METRO_TIMER_CONFIG": config] }

    func run(_ arguments: [String], at time: String = "2026-11-30 12:00:00", columns: Int = 80) -> CLIResult {
        CLI.run(arguments, now: Kyiv.date(time), environment: environment, columns: columns)
    }

    /// A view of Lisova → Teremky from 10:00:00 on Monday 2026-11-30, with `changes`.
    func view(_ changes: ServiceChanges?, at moment: (Schedule) -> Date, language: Language = .en) throws -> RideView {
        let trip = Trip(
            id: "words", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code,
            t0: Kyiv.date("2026-11-30 10:00:00"), changes: changes)
        let schedule = try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip)
            .current(trip)
        return RideView(
            network: Kyiv.network, clock: Kyiv.clock, language: language, style: Style(enabled: false), trip: trip,
            schedule: schedule,
            now: moment(schedule), rehearsalSpeed: nil, notice: nil)
    }

    // MARK: Words in the ride

    /// "Service changes: Khreshchatyk closed" stayed on the screen after the train had run
    /// through Khreshchatyk (10:16:28): at 10:15 it is ahead, at 10:19 behind.
    func testAClosureThePassengerHasPassedLeavesTheScreen() throws {
        let closed = ServiceChanges(closed: [Kyiv.station("Khreshchatyk").code])
        for language in Language.allCases {
            let note = language.tr("станція Хрещатик зачинена", "Khreshchatyk closed")
            let before = try view(closed, at: { _ in Kyiv.date("2026-11-30 10:15:00") }, language: language)
            XCTAssertTrue(ScreenRenderer().frame(before, width: 80).joined(separator: "\n").contains(note))
            let after = try view(closed, at: { _ in Kyiv.date("2026-11-30 10:19:00") }, language: language)
            let frame = ScreenRenderer().frame(after, width: 80).joined(separator: "\n")
            XCTAssertFalse(frame.contains(note), frame)
            // What else is in force stays said.
            var more = closed
            more.headways = ["M2": 600]
            let still = try view(more, at: { _ in Kyiv.date("2026-11-30 10:19:00") }, language: language)
            let kept = ScreenRenderer().frame(still, width: 80).joined(separator: "\n")
            XCTAssertTrue(kept.contains(language.tr("M2 кожні 10:00", "M2 every 10:00")) && !kept.contains(note), kept)
        }
    }

    /// At 40×10 the change's instruction is cut to one or two lines: the cut says so with "…"
    /// (a line that stops mid-sentence with no mark reads as the whole instruction). Every 20 s
    /// from seven minutes before the new platform is reached to three after, both languages.
    func testACutInstructionEndsWithAnEllipsis() throws {
        var cuts = 0
        for language in Language.allCases {
            for offset in stride(from: -420, through: 180, by: 20) {
                let view = try view(
                    nil, at: { $0.transfers[0].platformArrival.addingTimeInterval(Double(offset)) }, language: language)
                guard let whole = AlertText.transferInstruction(view: view) else { continue }
                let frame = ScreenRenderer().frame(view, width: 40, height: 10)
                XCTAssertLessThanOrEqual(frame.count, 10)
                guard let first = frame.firstIndex(where: { $0.hasPrefix("⇄ ") }) else { continue }
                var shown = [frame[first]]
                for line in frame[(first + 1)...] where line.hasPrefix("  ") { shown.append(line) }
                let words = shown.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                if words != "⇄ " + whole {
                    cuts += 1
                    XCTAssertTrue(shown.last!.hasSuffix("…"), "\(language) \(offset)\n" + frame.joined(separator: "\n"))
                }
                XCTAssertTrue(shown.allSatisfy { $0.count <= 40 })
            }
        }
        XCTAssertGreaterThan(cuts, 0, "no moment cut the instruction: the test shows nothing")
    }

    /// `--plain` said "about 75 minutes" and "близько 75 хв" where every other output says
    /// "1 h 15 min": the spoken form is the one formatter's, in words a screen reader says well.
    func testThePlainSentenceSaysLongDurationsInHoursAndMinutes() throws {
        // 30 min before t0 (10:00:00) the train leaves in 30 min and arrives at Teremky at about
        // 10:45, so the arrival is about 75 minutes away.
        let early = { (_: Schedule) in Kyiv.date("2026-11-30 09:30:00") }
        let en = try view(nil, at: early)
        let minutes = Int((en.schedule.arrival.timeIntervalSince(Kyiv.date("2026-11-30 09:30:00")) / 60).rounded())
        XCTAssertTrue((61...119).contains(minutes), "\(minutes)")
        let spokenEn = "about 1 hour \(minutes - 60) minutes"
        XCTAssertTrue(
            LineRenderer(plain: true).sentence(en, state: en.state).hasSuffix(spokenEn + "."),
            LineRenderer(plain: true).sentence(en, state: en.state))
        let uk = try view(nil, at: early, language: .uk)
        // «близько» takes the genitive: 1 години, 15 хвилин (21 хвилини).
        let rest = minutes - 60
        let form = rest % 10 == 1 && rest % 100 != 11 ? "хвилини" : "хвилин"
        XCTAssertTrue(
            LineRenderer(plain: true).sentence(uk, state: uk.state).hasSuffix("близько 1 години \(rest) \(form)."),
            LineRenderer(plain: true).sentence(uk, state: uk.state))
    }

    /// The spoken form of the one duration formatter, by the rules people say durations with.
    func testTheSpokenDurationInBothLanguages() {
        // The formatter itself, in both languages, by the rules people say them with.
        XCTAssertEqual(Language.en.aboutDuration(60), "about 1 minute")
        XCTAssertEqual(Language.en.aboutDuration(20), "about 1 minute")
        XCTAssertEqual(Language.en.aboutDuration(5 * 60 + 20), "about 5 minutes")
        XCTAssertEqual(Language.en.aboutDuration(3600), "about 1 hour")
        XCTAssertEqual(Language.en.aboutDuration(2 * 3600 + 60), "about 2 hours 1 minute")
        XCTAssertEqual(Language.uk.aboutDuration(60), "близько 1 хвилини")
        XCTAssertEqual(Language.uk.aboutDuration(2 * 60), "близько 2 хвилин")
        XCTAssertEqual(Language.uk.aboutDuration(11 * 60), "близько 11 хвилин")
        XCTAssertEqual(Language.uk.aboutDuration(21 * 60), "близько 21 хвилини")
        XCTAssertEqual(Language.uk.aboutDuration(3600 + 5 * 60), "близько 1 години 5 хвилин")
        XCTAssertEqual(Language.uk.aboutDuration(2 * 3600), "близько 2 годин")
        XCTAssertEqual(Language.uk.aboutDuration(25 * 3600), "близько 1 дня 1 години")
        XCTAssertEqual(Language.en.aboutDuration(49 * 3600), "about 2 days 1 hour")
    }

    // MARK: Words in the plan and its exports

    /// The ICS card said "a wait of 0 to 5:14" where the plan named the train the wait ends on.
    /// With --last (Lisova's own last train connects at Zoloti Vorota) the wait runs at the
    /// latest to the last M3 toward Syrets, 22:56:05 (published; `station Zoloti Vorota` shows
    /// it): the card says so as the plan does.
    func testTheCalendarCardNamesTheLastTrainAsThePlanDoes() throws {
        for language in Language.allCases {
            let plan = run(
                ["plan", "Lisova", "Syrets", "--last", "--date", "2026-12-07", "--lang", language.rawValue],
                columns: 400)
            XCTAssertTrue(
                plan.stdout.contains(
                    language.tr("щонайпізніше останній поїзд, о 22:56:05", "at the latest the last train, the 22:56:05")
                ), plan.stdout)
            let ics = run([
                "plan", "Lisova", "Syrets", "--last", "--date", "2026-12-07", "--ics", "-", "--lang", language.rawValue,
            ])
            XCTAssertEqual(ics.code, 0, ics.stderr)
            // ICS folds lines at 75 octets: unfold before reading.
            let text = ics.stdout.replacing("\r\n ", with: "").replacing("\\n", with: "\n").replacing("\\,", with: ",")
            XCTAssertTrue(
                text.contains(
                    language.tr("щонайпізніше останній поїзд, о 22:56:05", "at the latest the last train, the 22:56:05")
                ), text)
        }
    }

    /// "booked wait 0:59 = ¼ of the 3:54 interval (could be 0:00–4:06)": a range longer than the
    /// interval it quotes, unexplained. Data/kyiv-headways.csv gives two intervals an hour, so
    /// near a change of interval the gap a passenger falls into can be wider than the interval in
    /// force when they reach the platform: the line says so. (07:50: past the first two hours,
    /// where the wait is the feed's real train.)
    func testAWaitRangeLongerThanTheIntervalSaysWhy() throws {
        for language in Language.allCases {
            let plan = run(
                ["plan", "Lisova", "Teremky", "--at", "07:50", "--date", "2026-11-30", "--lang", language.rawValue],
                columns: 400)
            let line = try XCTUnwrap(
                plan.stdout.split(separator: "\n").map(String.init).first { $0.contains("¼") }, plan.stdout)
            let figures = line.matches(of: #/\d+:\d\d/#).map { String(line[$0.range]) }
            // The walk, the booked wait, the interval, 0:00 and the longest wait.
            XCTAssertGreaterThanOrEqual(figures.count, 5, line)
            let interval = figures[2]
            let longest = figures[4]
            XCTAssertNotEqual(interval, longest, line)
            XCTAssertTrue(
                line.contains(language.tr("інтервали тут сягають \(longest)", "intervals here reach \(longest)")), line)
            // Where the range is the interval, nothing more is said.
            let midday = run(
                ["plan", "Lisova", "Teremky", "--at", "11:50", "--date", "2026-11-30", "--lang", language.rawValue],
                columns: 400)
            XCTAssertFalse(midday.stdout.contains(language.tr("сягають", "reach")), midday.stdout)
        }
    }

    /// `--last` gave "0:05 before the last M1" after a 2:30 walk the data mark as an estimate,
    /// with no word of doubt. The node Palats sportu ⇄ Ploshcha Ukrainskykh Heroiv is an estimate
    /// in Data/kyiv-transfers.csv: a margin of 0:06 there gets the caveat; a minute or more, or a
    /// measured walk (Khreshchatyk ⇄ Maidan Nezalezhnosti), none.
    func testALastTrainMarginOnAnEstimatedWalkSaysSo() throws {
        let route = try Kyiv.route("Klovska", "Heroiv Dnipra")
        let walks = route.transferWalks
        XCTAssertEqual(walks.first?.basis, "estimate")
        let last = Kyiv.date("2026-12-05 22:48:35")
        func connection(_ margin: TimeInterval, _ station: String = "Ploshcha Ukrainskykh Heroiv") -> EdgeConnection {
            EdgeConnection(
                departure: Kyiv.date("2026-12-05 22:30:00"), originLast: nil,
                changes: [
                    .init(
                        station: Kyiv.station(station).code, line: "M2", direction: route.legs[1].direction,
                        slowArrival: last.addingTimeInterval(-margin), last: last, train: last)
                ],
                slowArrival: last)
        }
        let en = PlanCommand.margins(
            connection(6), walks: walks, network: Kyiv.network, clock: Kyiv.clock, language: .en
        ).joined()
        XCTAssertTrue(en.contains("0:06 before the last M2"), en)
        XCTAssertTrue(
            en.contains(
                "The 2:30 walk to Ploshcha Ukrainskykh Heroiv is an estimate, not a measurement: 0:06 to spare leaves no room for a slower walk, so take an earlier train to be sure."
            ), en)
        let uk = PlanCommand.margins(
            connection(6), walks: walks, network: Kyiv.network, clock: Kyiv.clock, language: .uk
        ).joined()
        XCTAssertTrue(
            uk.contains(
                "Перехід 2:30 на станцію Площа Українських Героїв — оцінка, не вимір: запас 0:06 не лишає місця для повільнішого переходу, тож для певності їдьте раніше."
            ), uk)
        XCTAssertFalse(
            PlanCommand.margins(connection(60), walks: walks, network: Kyiv.network, clock: Kyiv.clock, language: .en)
                .joined().contains("is an estimate"))
        let measured = try Kyiv.route("Akademmistechko", "Teremky").transferWalks
        XCTAssertFalse(
            PlanCommand.margins(
                connection(6, "Maidan Nezalezhnosti"), walks: measured, network: Kyiv.network, clock: Kyiv.clock,
                language: .en
            ).joined().contains("is an estimate"))
    }

    /// `plan --last --json` carried only the plan: the answer (which train, how many before the
    /// last, where the next one misses, each change's margin) was in a sentence.
    func testPlanLastJSONCarriesTheAnswer() throws {
        let json = run(["plan", "Akademmistechko", "Teremky", "--last", "--date", "2026-12-07", "--json"])
        XCTAssertEqual(json.code, 0, json.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let last = try XCTUnwrap(object["last"] as? [String: Any], json.stdout)
        // The same figures the sentence gives (see `plan … --last` in English).
        // (The note wraps: read it as one run of words.)
        let text = run(["plan", "Akademmistechko", "Teremky", "--last", "--date", "2026-12-07"], columns: 400).stdout
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let departure = try XCTUnwrap(last["departure"] as? String)
        // The last train misses the last M2: the answer is a deadline (to the minute in words).
        XCTAssertTrue(
            text.contains("Last ride home: leave Akademmistechko by \(departure.dropFirst(11).prefix(5))"),
            "\(departure)\n\(text)")
        XCTAssertEqual(last["departureIsPublished"] as? Bool, false)
        let changes = try XCTUnwrap(last["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.count, 1)
        XCTAssertEqual(
            (changes[0]["station"] as? [String: Any])?["code"] as? String, Kyiv.station("Maidan Nezalezhnosti").code)
        XCTAssertEqual(changes[0]["line"] as? String, "M2")
        XCTAssertEqual(changes[0]["walkBasis"] as? String, "measured")
        let margin = try XCTUnwrap(changes[0]["marginSeconds"] as? Int)
        XCTAssertTrue(
            text.contains(Durations.clock(margin) + " before the last M2 toward Teremky"), "\(margin)\n\(text)")
        let next = try XCTUnwrap(last["next"] as? [String: Any])
        XCTAssertEqual(
            (next["missesAt"] as? [String: Any]).flatMap { ($0["station"] as? [String: Any])?["code"] as? String },
            Kyiv.station("Maidan Nezalezhnosti").code)
        XCTAssertNotNil(last["leavesInSeconds"] as? Int)
        // Without --last there is no such key.
        XCTAssertNil(
            (try JSONSerialization.jsonObject(with: Data(run(["plan", "Lisova", "Teremky", "--json"]).stdout.utf8))
                as? [String: Any])?["last"])
    }

    /// `about` in English named the dataset only by its Ukrainian title.
    func testAboutNamesTheDatasetInEnglishToo() {
        let en = run(["about"]).stdout
        XCTAssertTrue(
            en.contains(
                "Dataset: Timetable of urban electric and road transport — Розклад руху міського електричного та автомобільного транспорту (7b958c05-43ba-4ae5-b541-01904d658030)\n"
            ), en)
        let uk = run(["about", "--lang", "uk"]).stdout
        XCTAssertTrue(
            uk.contains(
                "Набір даних: Розклад руху міського електричного та автомобільного транспорту (7b958c05-43ba-4ae5-b541-01904d658030)\n"
            ), uk)
    }

    /// A closed station's card said "3 of 3 vestibules open" and left the closure to a footnote.
    func testAClosedStationsCardSaysItIsClosed() throws {
        let en = run(["station", "Khreshchatyk", "--closed", "Khreshchatyk", "--date", "2026-11-30"])
        XCTAssertEqual(en.code, 0, en.stderr)
        let lines = en.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Said under the name, before the timetable.
        XCTAssertEqual(
            lines[2], "⚠ Closed: trains pass without stopping, so you cannot board, change or get off here.", en.stdout)
        XCTAssertTrue(
            en.stdout.contains(
                "Transfer: Maidan Nezalezhnosti (M2), walk 2:00 (measured) — not while the station is closed\n"),
            en.stdout)
        XCTAssertTrue(en.stdout.hasSuffix("Entrances: closed (normally open 05:40–22:33, 3 vestibules).\n"), en.stdout)
        XCTAssertFalse(en.stdout.contains("vestibules open"), en.stdout)
        let uk = run(["station", "Khreshchatyk", "--closed", "Khreshchatyk", "--date", "2026-11-30", "--lang", "uk"])
            .stdout
        XCTAssertTrue(
            uk.contains(
                "\n⚠ Станцію зачинено: поїзди проходять без зупинки, тож сісти, пересісти чи вийти тут не можна.\n"), uk
        )
        XCTAssertTrue(uk.hasSuffix("Входи: зачинені (зазвичай відчинені 05:40–22:33, вестибюлів: 3).\n"), uk)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(
                with: Data(run(["station", "Khreshchatyk", "--closed", "Khreshchatyk", "--json"]).stdout.utf8))
                as? [String: Any])
        XCTAssertEqual(json["closed"] as? Bool, true)
        // Its station references carry the line, as the guide's table says and plan's do.
        XCTAssertEqual((json["station"] as? [String: Any])?["line"] as? String, "M1")
        // An open station's card is as before.
        let open = run(["station", "Khreshchatyk", "--date", "2026-11-30"]).stdout
        XCTAssertTrue(
            open.hasSuffix("Entrances: open 05:40–22:33, 3 of 3 vestibules open.\n") && !open.contains("Closed"), open)
        XCTAssertNil(
            (try JSONSerialization.jsonObject(with: Data(run(["station", "Khreshchatyk", "--json"]).stdout.utf8))
                as? [String: Any])?["closed"])
    }

    // MARK: Input

    /// `--suspended mb13_222-mb18_227` was refused, though `--closed mr11_120` and every station
    /// argument take the codes events and the journal write.
    func testSuspendedTakesStationCodes() {
        let byName = run(["plan", "Lisova", "Teremky", "--suspended", "Demiivska-Teremky", "--json"])
        let byCode = run(["plan", "Lisova", "Teremky", "--suspended", "mb13_222-mb18_227", "--json"])
        XCTAssertEqual(byCode.code, byName.code, byCode.stderr)
        XCTAssertEqual(byCode.stdout, byName.stdout)
        XCTAssertEqual(byCode.stderr, byName.stderr)
        // A code and a name mixed, too; a code of another line still is no section.
        XCTAssertEqual(
            run(["plan", "Lisova", "Teremky", "--suspended", "mb13_222-Teremky", "--json"]).stdout, byName.stdout)
        let mixed = run(["plan", "Lisova", "Teremky", "--suspended", "mr11_120-mb18_227"])
        XCTAssertEqual(mixed.code, 64)
        XCTAssertTrue(
            mixed.stderr.contains("The section 'mr11_120-mb18_227' must be two stations of one line"), mixed.stderr)
    }

    // MARK: Saved routes

    /// bash completion did not offer saved route names: `plan ho<Tab>` gave Holosiivska only.
    func testCompletionOffersSavedRouteNames() {
        XCTAssertEqual(run(["routes", "add", "home", "Lisova", "Teremky"]).code, 0)
        XCTAssertEqual(run(["routes", "add", "gym", "Syrets", "Pozniaky"]).code, 0)
        for command in ["plan", "start"] {
            let bash = run(["__complete", "--shell=bash", command, "ho"]).stdout
            XCTAssertEqual(bash, "home\nHolosiivska\n", command)
            // zsh and fish see where it goes.
            XCTAssertEqual(
                run(["__complete", "--shell=zsh", command, "g"]).stdout.split(separator: "\n").first,
                "gym\tSyrets → Pozniaky", command)
        }
        // Only where a route's name is taken: not as the destination, not by 'station'.
        XCTAssertEqual(run(["__complete", "plan", "Lisova", "ho"]).stdout, "Holosiivska\n")
        XCTAssertEqual(run(["__complete", "station", "ho"]).stdout, "Holosiivska\n")
        // 'routes remove NAME' offers the names.
        XCTAssertEqual(run(["__complete", "routes", "remove", ""]).stdout, "home\ngym\n")
        // No routes file: the stations alone, as before.
        let none = CLI.run(
            ["__complete", "plan", "ho"], environment: ["NO_COLOR": "1", "METRO_TIMER_CONFIG": home + "/nothing"])
        XCTAssertEqual(none.stdout, "Holosiivska\n")
    }

    /// `routes list --json` had no `line` in its station references (plan's have one).
    func testRoutesListJSONGivesEachStationsLine() throws {
        XCTAssertEqual(run(["routes", "add", "home", "Lisova", "Teremky"]).code, 0)
        let json = run(["routes", "list", "--json"]).stdout
        let routes = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["routes"] as? [[String: Any]],
            json)
        XCTAssertEqual((routes.first?["from"] as? [String: Any])?["line"] as? String, "M1", json)
        XCTAssertEqual((routes.first?["to"] as? [String: Any])?["line"] as? String, "M2", json)
    }
}
