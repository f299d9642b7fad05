import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroTimerCLI

/// `metro-timer station NAME` (without the entrances layer).
final class StationCardTests: XCTestCase {
    func testTheCardInBothLanguagesAndJSON() throws {
        let text = CLI.run(["station", "Teatralna", "--date", "2026-11-30"])
        XCTAssertEqual(text.code, 0, text.stderr)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "Teatralna  Театральна")
        XCTAssertEqual(lines[1], " M1  Sviatoshynsko-Brovarska · underground")
        XCTAssertEqual(lines[2], "Transfer: Zoloti Vorota (M3), walk 2:30 (estimate)")
        XCTAssertTrue(text.stdout.contains("Toward Akademmistechko (next Universytet)"))
        XCTAssertTrue(text.stdout.contains("Toward Lisova (next Khreshchatyk)"))
        let window = try XCTUnwrap(
            Kyiv.network.serviceWindow(station: Kyiv.station("Teatralna").code, direction: .reverse))
        XCTAssertTrue(
            text.stdout.contains(
                "first " + TimeOfDay.clock(window.firstDeparture) + " · last " + TimeOfDay.clock(window.lastDeparture)),
            text.stdout)
        XCTAssertTrue(
            CLI.run(["station", "Лісова", "--lang", "uk", "--date", "2026-11-28"]).stdout.contains("над землею"))
        XCTAssertTrue(CLI.run(["station", "Lisova", "--date", "2026-11-28"]).stdout.contains("weekend timetable"))
        XCTAssertTrue(
            CLI.run(["station", "Maidan", "--date", "2026-11-30"]).stdout.contains("Formerly: Ploshcha Kalinina"))
        let json = CLI.run(["station", "Teremky", "--json", "--date", "2026-11-30"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let directions = try XCTUnwrap(object["directions"] as? [[String: Any]])
        XCTAssertEqual(directions.count, 1, "a terminus runs one way")
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        let byHour = try XCTUnwrap(directions[0]["intervalsByHour"] as? [String: Int])
        XCTAssertEqual(
            byHour["08"], engine.interval(line: "M2", direction: .reverse, at: Kyiv.date("2026-11-30 08:00")))
        XCTAssertEqual(CLI.run(["station", "Nowhere"]).code, 64)
        // The Russian names people type, on the card and in its JSON.
        XCTAssertTrue(
            CLI.run(["station", "Maidan", "--date", "2026-11-30"]).stdout.contains(
                "\nIn Russian: Майдан Независимости, Майдан Незалежности\n"))
        XCTAssertTrue(
            CLI.run(["station", "Lisova", "--lang", "uk", "--date", "2026-11-30"]).stdout.contains(
                "\nРосійською: Лесная\n"))
        XCTAssertEqual(object["namesRu"] as? [String], ["Теремки"])
        // Service changes in force are on the card.
        XCTAssertTrue(
            CLI.run(["station", "Dnipro", "--closed", "Dnipro"]).stdout.contains("ℹ Service changes: Dnipro closed"))
    }

    /// A closed station's card said "3 of 3 vestibules open" and left the closure to a footnote.
    func testAClosedStationsCardSaysItIsClosed() throws {
        let en = CLI.run(["station", "Khreshchatyk", "--closed", "Khreshchatyk", "--date", "2026-11-30"])
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
        let uk = CLI.run([
            "station", "Khreshchatyk", "--closed", "Khreshchatyk", "--date", "2026-11-30", "--lang", "uk",
        ])
        .stdout
        XCTAssertTrue(
            uk.contains(
                "\n⚠ Станцію зачинено: поїзди проходять без зупинки, тож сісти, пересісти чи вийти тут не можна.\n"), uk
        )
        XCTAssertTrue(uk.hasSuffix("Входи: зачинені (зазвичай відчинені 05:40–22:33, вестибюлів: 3).\n"), uk)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(
                with: Data(CLI.run(["station", "Khreshchatyk", "--closed", "Khreshchatyk", "--json"]).stdout.utf8))
                as? [String: Any])
        XCTAssertEqual(json["closed"] as? Bool, true)
        // Its station references carry the line, as the guide's table says and plan's do.
        XCTAssertEqual((json["station"] as? [String: Any])?["line"] as? String, "M1")
        // An open station's card is as before.
        let open = CLI.run(["station", "Khreshchatyk", "--date", "2026-11-30"]).stdout
        XCTAssertTrue(
            open.hasSuffix("Entrances: open 05:40–22:33, 3 of 3 vestibules open.\n") && !open.contains("Closed"), open)
        XCTAssertNil(
            (try JSONSerialization.jsonObject(with: Data(CLI.run(["station", "Khreshchatyk", "--json"]).stdout.utf8))
                as? [String: Any])?["closed"])
    }
}

/// The card's intervals in the first and last hours are the published ones (as at midday): the
/// spacing of the trains between the published first and last there is computed, not
/// published, so the feed's stretched gaps are not quoted as the interval.
final class StationCardEdgeHoursTests: XCTestCase {
    func testTheFirstAndLastHoursIntervalsAreThePublishedOnes() throws {
        let cases: [(station: String, date: String, dayType: DayType)] = [
            ("Maidan Nezalezhnosti", "2026-12-09", .weekday), ("Teatralna", "2026-12-09", .weekday),
            ("Lisova", "2026-12-09", .weekday),
            ("Syrets", "2026-12-12", .weekend), ("Khreshchatyk", "2026-12-12", .weekend),
        ]
        var checked = 0
        for (name, date, dayType) in cases {
            let station = Kyiv.station(name)
            let result = CLI.run(["station", name, "--json", "--date", date])
            XCTAssertEqual(result.code, 0, result.stderr)
            let card = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            for entry in try XCTUnwrap(card["directions"] as? [[String: Any]]) {
                let toward = try XCTUnwrap((entry["toward"] as? [String: Any])?["code"] as? String)
                let direction: Direction =
                    Kyiv.network.terminal(line: station.line, direction: .forward) == toward ? .forward : .reverse
                let window = try XCTUnwrap(Kyiv.network.serviceWindow(station: station.code, direction: direction))
                let byHour = try XCTUnwrap(entry["intervalsByHour"] as? [String: Int])
                let firstHour = window.firstDeparture / 3600
                let lastHour = window.lastDeparture / 3600
                for hour in [firstHour, firstHour + 1, lastHour - 1, lastHour] {
                    let key = String(format: "%02d", hour % 24)
                    let published = Kyiv.network.headway(
                        line: station.line, direction: direction, dayType: dayType, secondsOfDay: hour * 3600)
                    XCTAssertEqual(byHour[key], published, "\(name) toward \(toward), \(date), hour \(key)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 32)
    }
}
