import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// `plan --last`: the answer said in days when it is weeks away, the same in the calendar card,
/// a caveat on a thin margin after an estimated walk, and the answer in `--json`.
final class LastTrainPlanTests: XCTestCase {
    /// `plan --last` for a date weeks away said "It leaves in 565 h 13 min" (now the deadline is
    /// named: "Leave Lisova by 22:25: 23 days 13 h from now").
    func testALastTrainWeeksAwayIsSaidInDays() {
        let en = CLI.run(["plan", "Lisova", "Teremky", "--last", "--date", "2026-12-23"], columns: nil)
        XCTAssertEqual(en.code, 0, en.stderr)
        XCTAssertNil(en.stdout.range(of: "[0-9]{3,} h", options: .regularExpression), en.stdout)
        XCTAssertNotNil(
            en.stdout.range(
                of: "Leave Lisova by 22:[0-9]{2}: 23 days [0-9]+ h from now\\.", options: .regularExpression), en.stdout
        )
        let uk = CLI.run(["plan", "Lisova", "Teremky", "--last", "--date", "2026-12-23", "--lang", "uk"], columns: nil)
        XCTAssertNotNil(
            uk.stdout.range(
                of: "Рушайте зі станції Лісова до 22:[0-9]{2} — лишилося 23 дні [0-9]+ год\\.",
                options: .regularExpression), uk.stdout)
    }

    /// The ICS card said "a wait of 0 to 5:14" where the plan named the train the wait ends on.
    /// With --last (Lisova's own last train connects at Zoloti Vorota) the wait runs at the
    /// latest to the last M3 toward Syrets, 22:56:05 (published; `station Zoloti Vorota` shows
    /// it): the card says so as the plan does.
    func testTheCalendarCardNamesTheLastTrainAsThePlanDoes() throws {
        for language in Language.allCases {
            let plan = CLI.run(
                ["plan", "Lisova", "Syrets", "--last", "--date", "2026-12-07", "--lang", language.rawValue],
                columns: 400)
            XCTAssertTrue(
                plan.stdout.contains(
                    language.tr("щонайпізніше останній поїзд, о 22:56:05", "at the latest the last train, the 22:56:05")
                ), plan.stdout)
            let ics = CLI.run([
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
        let json = CLI.run(["plan", "Akademmistechko", "Teremky", "--last", "--date", "2026-12-07", "--json"])
        XCTAssertEqual(json.code, 0, json.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let last = try XCTUnwrap(object["last"] as? [String: Any], json.stdout)
        // The same figures the sentence gives (see `plan … --last` in English).
        // (The note wraps: read it as one run of words.)
        let text = CLI.run(["plan", "Akademmistechko", "Teremky", "--last", "--date", "2026-12-07"], columns: 400)
            .stdout
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
            (try JSONSerialization.jsonObject(with: Data(CLI.run(["plan", "Lisova", "Teremky", "--json"]).stdout.utf8))
                as? [String: Any])?["last"])
    }
}
