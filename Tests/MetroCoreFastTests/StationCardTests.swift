import Foundation
import MetroCore
import XCTest

@testable import metro_timer

/// `metro-timer station NAME` (issue 12, item 4, without the entrances layer).
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
        let window = try XCTUnwrap(Kyiv.network.serviceWindow(station: Kyiv.station("Teatralna").code, direction: .reverse))
        XCTAssertTrue(text.stdout.contains("first " + TimeOfDay.clock(window.firstDeparture) + " · last " + TimeOfDay.clock(window.lastDeparture)), text.stdout)
        XCTAssertTrue(CLI.run(["station", "Лісова", "--lang", "uk", "--date", "2026-11-28"]).stdout.contains("над землею"))
        XCTAssertTrue(CLI.run(["station", "Lisova", "--date", "2026-11-28"]).stdout.contains("weekend timetable"))
        XCTAssertTrue(CLI.run(["station", "Maidan", "--date", "2026-11-30"]).stdout.contains("Formerly: Ploshcha Kalinina"))
        let json = CLI.run(["station", "Teremky", "--json", "--date", "2026-11-30"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let directions = try XCTUnwrap(object["directions"] as? [[String: Any]])
        XCTAssertEqual(directions.count, 1, "a terminus runs one way")
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        let byHour = try XCTUnwrap(directions[0]["intervalsByHour"] as? [String: Int])
        XCTAssertEqual(byHour["08"], engine.interval(line: "M2", direction: .reverse, at: Kyiv.date("2026-11-30 08:00")))
        XCTAssertEqual(CLI.run(["station", "Nowhere"]).code, 64)
        // The Russian names people type, on the card and in its JSON (issue 12, item 6).
        XCTAssertTrue(CLI.run(["station", "Maidan", "--date", "2026-11-30"]).stdout.contains("\nIn Russian: Майдан Независимости, Майдан Незалежности\n"))
        XCTAssertTrue(CLI.run(["station", "Lisova", "--lang", "uk", "--date", "2026-11-30"]).stdout.contains("\nРосійською: Лесная\n"))
        XCTAssertEqual(object["namesRu"] as? [String], ["Теремки"])
        // Service changes in force are on the card.
        XCTAssertTrue(CLI.run(["station", "Dnipro", "--closed", "Dnipro"]).stdout.contains("ℹ Service changes: Dnipro closed"))
    }
}
