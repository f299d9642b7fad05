import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Saved and recent routes.
final class RoutesTests: XCTestCase {
    func environment() throws -> [String: String] { try TestPaths.riderEnvironment(self) }

    func testAddListPlanStartRemove() throws {
        let env = try environment()
        XCTAssertEqual(
            CLI.run(["routes"], environment: env).stdout,
            "No saved routes. Add one with 'metro-timer routes add home Lisova Teremky'.\n")
        XCTAssertEqual(CLI.run(["routes", "add", "home", "Лісова", "Teremky"], environment: env).code, 0)
        XCTAssertEqual(CLI.run(["routes", "add", "work", "Teremky", "Heroiv Dnipra"], environment: env).code, 0)
        // The same name again replaces it (names compare without case).
        XCTAssertEqual(CLI.run(["routes", "add", "WORK", "Teremky", "Obolon"], environment: env).code, 0)
        XCTAssertEqual(
            CLI.run(["routes", "list"], environment: env).stdout, "home  Lisova → Teremky\nWORK  Teremky → Obolon\n")
        let mode =
            try FileManager.default.attributesOfItem(atPath: env["METRO_TIMER_CONFIG"]! + "/routes.json")[
                .posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o600)
        // plan NAME is plan FROM TO.
        let byName = CLI.run(["plan", "home", "--at", "08:15", "--date", "2026-11-30"], environment: env)
        XCTAssertEqual(
            byName.stdout,
            CLI.run(["plan", "Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30"], environment: env).stdout)
        let unknown = CLI.run(["plan", "gym"], environment: env)
        XCTAssertEqual(unknown.code, 64)
        XCTAssertTrue(
            unknown.stderr.hasPrefix(
                "Error: Missing expected argument '<to>' ('gym' is not a saved route; see 'metro-timer routes list')\n"),
            unknown.stderr)
        // start NAME, rehearsed.
        let ride = try ProcessRunner.run(
            "metro-timer", ["start", "home", "--speed", "1200", "--at", "12:00", "--date", "2026-11-30", "--events"],
            environment: env)
        XCTAssertEqual(ride.code, 0, ride.stderr)
        XCTAssertTrue(ride.stdout.hasPrefix("{") && ride.stdout.contains(#""toNameEn":"Teremky""#), ride.stdout)
        XCTAssertEqual(CLI.run(["routes", "remove", "home"], environment: env).stdout, "Removed the route 'home'.\n")
        XCTAssertEqual(CLI.run(["routes", "remove", "home"], environment: env).code, 1)
        for bad in [
            ["routes", "add", "1st", "Lisova", "Teremky"], ["routes", "add", "a b", "Lisova", "Teremky"],
            ["routes", "add", "x", "Lisova"],
            ["routes", "add", "x", "Lisova", "Lisova"], ["routes", "fly"],
        ] {
            XCTAssertEqual(CLI.run(bad, environment: env).code, 64, "\(bad)")
        }
        XCTAssertTrue(CLI.run(["routes", "--lang", "uk"], environment: env).stdout.contains("Оболонь"))
    }

    func testRecentRidesAndStartAgain() throws {
        let env = try environment()
        let none = CLI.run(["start", "--again"], environment: env)
        XCTAssertEqual(none.code, 1)
        XCTAssertEqual(
            none.stderr, "Error: There is no ride to start again yet. Start one with 'metro-timer start FROM TO'.\n")
        // Two rides, ended: the journal remembers them, newest first.
        let store = FileTripStore(directory: env["METRO_TIMER_HOME"]!)
        let service = TripService(
            store: store, engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), language: .en)
        for (index, (from, to)) in [("Syrets", "Pozniaky"), ("Lisova", "Teremky")].enumerated() {
            let t0 = Kyiv.date("2026-11-30 10:00").addingTimeInterval(Double(index) * 3600)
            _ = try service.start(
                origin: Kyiv.station(from).code, destination: Kyiv.station(to).code, t0: t0, replace: true)
            try service.end(.stopped, at: t0.addingTimeInterval(60))
        }
        XCTAssertEqual(
            CLI.run(["routes"], environment: env).stdout,
            """
            No saved routes. Add one with 'metro-timer routes add home Lisova Teremky'.
            Recent rides (start --again repeats the last):
              Lisova → Teremky
              Syrets → Pozniaky

            """)
        let json = CLI.run(["routes", "--json"], environment: env).stdout
        let recent = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["recent"] as? [[String: Any]],
            json)
        XCTAssertEqual((recent.first?["from"] as? [String: String])?["code"], "mr18_127", json)
        XCTAssertEqual((recent.first?["from"] as? [String: String])?["nameEn"], "Lisova", json)
        // --again starts the last ride (rehearsed here, so nothing waits for a train).
        let again = try ProcessRunner.run(
            "metro-timer",
            ["start", "--again", "--speed", "1200", "--at", "12:00", "--date", "2026-11-30", "--events"],
            environment: env)
        XCTAssertEqual(again.code, 0, again.stderr)
        XCTAssertTrue(
            again.stdout.contains(#""from":"mr18_127""#) && again.stdout.contains(#""to":"mb18_227""#), again.stdout)
        XCTAssertEqual(CLI.run(["start", "--again", "Lisova", "Teremky"], environment: env).code, 64)
    }

    func testACorruptRoutesFileIsNamedAndLeftAlone() throws {
        let env = try environment()
        let config = env["METRO_TIMER_CONFIG"]!
        try FileManager.default.createDirectory(
            atPath: config, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let bad = #"{"version":1,"routes":[{"name":"-x","from":"mr18_127","to":"mb18_227"}]}"#
        try bad.write(toFile: config + "/routes.json", atomically: true, encoding: .utf8)
        let result = CLI.run(["routes", "add", "home", "Lisova", "Teremky"], environment: env)
        XCTAssertEqual(result.code, 65)
        XCTAssertTrue(
            result.stderr.contains("routes.json is unreadable (routes[0].name: a name is 1–40 letters"), result.stderr)
        XCTAssertEqual(try String(contentsOfFile: config + "/routes.json", encoding: .utf8), bad)
    }
}
