import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The plan goes round the centre's triangle when that arrives first by the booked waits, says
/// why, and `--route lookup` keeps the one change.
final class FastestRouteCLITests: XCTestCase {
    func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    func lines(_ document: [String: Any]) -> [String] {
        (document["legs"] as? [[String: Any]] ?? []).compactMap { $0["line"] as? String }
    }

    /// Zoloti Vorota → Maidan Nezalezhnosti at midday: the lookup rides M3 one stop, walks 2:30 and
    /// waits for an M2 (every 5:00–6:30) for one stop more; round the triangle is the 2:30 walk to
    /// Teatralna, one M1 stop (every 5:30) and the measured 2:00 walk to Maidan: one wait fewer.
    func testZolotiVorotaToMaidanGoesThroughM1AndSaysWhy() throws {
        let fastest = try json(
            CLI.run(["plan", "Zoloti Vorota", "Maidan Nezalezhnosti", "--at", "12:00", "--json"]).stdout)
        XCTAssertEqual(lines(fastest), ["M1"])
        let choice = try XCTUnwrap(fastest["routeChoice"] as? [String: Any])
        XCTAssertEqual(choice["rule"] as? String, "fastest")
        let routes = try XCTUnwrap(choice["routes"] as? [[String: Any]])
        XCTAssertEqual(routes.map { $0["kind"] as? String }, ["round", "lookup"], "the chosen route first")
        XCTAssertEqual(routes.map { $0["chosen"] as? Bool }, [true, false])
        let arrivals = routes.map { ($0["arrival"] as? String) ?? "" }
        XCTAssertLessThan(arrivals[0], arrivals[1], "the chosen route arrives first by the booked waits")
        let latest = routes.map { ($0["latest"] as? String) ?? "" }
        XCTAssertLessThanOrEqual(latest[0], latest[1], "and no later at its latest")
        let text = CLI.run(["plan", "Zoloti Vorota", "Maidan Nezalezhnosti", "--at", "12:00"], columns: nil).stdout
        XCTAssertTrue(text.contains("faster than the change at Palats sportu, by the booked waits"), text)
        XCTAssertTrue(text.contains("--route lookup"), text)
        let uk = CLI.run(
            ["plan", "Zoloti Vorota", "Maidan Nezalezhnosti", "--at", "12:00", "--lang", "uk"], columns: nil
        ).stdout
        XCTAssertTrue(uk.contains("швидше, ніж із пересадкою на станції Палац спорту"), uk)
        // The seed's choice on request: the change at Palats sportu, as before.
        let lookup = try json(
            CLI.run(["plan", "Zoloti Vorota", "Maidan Nezalezhnosti", "--at", "12:00", "--json", "--route", "lookup"])
                .stdout)
        XCTAssertEqual(lines(lookup), ["M3", "M2"])
        XCTAssertNil(lookup["routeChoice"])
    }

    /// Khreshchatyk → Palats Sportu: through M2 (walk to Maidan, one stop, walk to Palats Sportu)
    /// rather than M1 to Teatralna and a change to M3.
    func testKhreshchatykToPalatsSportuGoesThroughM2() throws {
        let fastest = try json(CLI.run(["plan", "Khreshchatyk", "Palats Sportu", "--at", "12:00", "--json"]).stdout)
        XCTAssertEqual(lines(fastest), ["M2"])
        let lookup = try json(
            CLI.run(["plan", "Khreshchatyk", "Palats Sportu", "--at", "12:00", "--json", "--route", "lookup"]).stdout)
        XCTAssertEqual(lines(lookup), ["M1", "M3"])
    }

    /// A ride on one line has nothing to choose: no comparison, the plan as before.
    func testOneLineHasNoChoice() throws {
        let document = try json(CLI.run(["plan", "Lisova", "Arsenalna", "--at", "12:00", "--json"]).stdout)
        XCTAssertNil(document["routeChoice"])
    }

    /// Before the first trains the routes are timed by them, as published: from Palats Sportu at
    /// 05:40 the walk to Ploshcha Ukrainskykh Heroiv (2:30) makes its first M2 toward Heroiv Dnipra
    /// (05:45:35, Data/kyiv-timetable.csv), long before the first M3 leaves Palats Sportu toward
    /// Syrets (05:58:35) for a change at Zoloti Vorota.
    func testBeforeTheFirstTrainsTheFirstTrainsDecide() throws {
        let document = try json(
            CLI.run(["plan", "Palats Sportu", "Khreshchatyk", "--at", "05:40", "--date", "2026-11-30", "--json"])
                .stdout)
        XCTAssertEqual(lines(document), ["M2"])
        XCTAssertEqual(document["departure"] as? String, "2026-11-30T05:45:35+02:00")
    }
}
