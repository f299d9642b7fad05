import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Saved routes (`routes add`) as a rider meets them: a name that is a station's is refused,
/// completion offers the names where a route's name is taken, `routes list --json` gives lines.
final class SavedRoutesTests: XCTestCase {
    var env: [String: String] = [:]

    override func setUpWithError() throws { env = try TestPaths.riderEnvironment(self) }

    func run(_ arguments: [String]) -> CLIResult { CLI.run(arguments, environment: env) }

    func testARouteMayNotTakeAStationsName() throws {
        let lisova = Kyiv.station("Lisova")
        for name in ["Lisova", "lisova", "Лісова", "Lesnaya", lisova.code] {
            let result = CLI.run(["routes", "add", name, "Teremky", "Lisova"], environment: env)
            XCTAssertEqual(result.code, 64, name)
            XCTAssertTrue(
                result.stderr.hasPrefix(
                    "Error: The name '\(name)' already means the station Lisova: 'metro-timer plan \(name)' would read it as the station. Choose another name.\n"
                ), result.stderr)
        }
        XCTAssertEqual(
            CLI.run(["routes", "add", "home", "Lisova", "Teremky"], environment: env).code, 0,
            "a name of its own is fine")
        // Nothing was saved under a station's name: plan Lisova still starts at Lisova.
        let plan = CLI.run(["plan", "Lisova", "Syrets", "--at", "10:00"], environment: env)
        XCTAssertEqual(plan.code, 0, plan.stderr)
        XCTAssertTrue(plan.stdout.hasPrefix("Lisova → Syrets"), plan.stdout)
    }

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
            ["__complete", "plan", "ho"],
            environment: ["NO_COLOR": "1", "METRO_TIMER_CONFIG": env["METRO_TIMER_HOME"]! + "/nothing"])
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
