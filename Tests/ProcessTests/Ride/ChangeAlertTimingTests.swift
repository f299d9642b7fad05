import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore

/// The long way's second change: its alert never comes while the rider still walks the first.
final class ChangeAlertTimingTests: XCTestCase {
    let arguments = [
        "Lisova", "Teremky", "--at", "08:15", "--date", "2026-12-07", "--closed", "Maidan Nezalezhnosti", "--lang",
        "en",
    ]

    /// Lisova → Teremky round closed Maidan Nezalezhnosti: the M1 reaches Teatralna at 08:33:21
    /// and the walk to Zoloti Vorota takes 2:30 (both as the plan prints them), so the rider is
    /// on the M3 platform at 08:35:51, the earliest the M3 toward Palats sportu can be boarded.
    /// "2nd change is next" came at 08:33:59, on the M1 still; it comes at 08:35:51, in the plan,
    /// its JSON and the ride's events alike (the first change's alert stays where it was).
    func testTheSecondChangesAlertWaitsUntilTheRiderIsOnTheFirstChangesNewPlatform() throws {
        let plan = CLI.run(["plan"] + arguments)
        XCTAssertEqual(plan.code, 0, plan.stderr)
        XCTAssertTrue(plan.stdout.contains("  08:33  ● Teatralna\n"), plan.stdout)
        XCTAssertTrue(plan.stdout.contains("⇄ Walk to Zoloti Vorota: 2:30 (estimate)"), plan.stdout)
        // (The first alert rings running into Khreshchatyk, two stops before Teatralna: "get
        // ready"; the second on the M3 platform, Palats sportu the next stop: "next".)
        XCTAssertTrue(plan.stdout.contains("Get ready to change  08:29:39  Teatralna in about 2 stops\n"), plan.stdout)
        XCTAssertTrue(plan.stdout.contains("2nd change is next   08:35:51  leaving Zoloti Vorota\n"), plan.stdout)

        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(CLI.run(["plan", "--json"] + arguments).stdout.utf8))
                as? [String: Any])
        let legs = try XCTUnwrap(json["legs"] as? [[String: Any]])
        let stops = legs.flatMap { ($0["stops"] as? [[String: Any]]) ?? [] }
        let teatralna = try XCTUnwrap(
            stops.first { ($0["station"] as? [String: Any])?["nameEn"] as? String == "Teatralna" })
        XCTAssertEqual(teatralna["arrival"] as? String, "2026-12-07T08:33:21+02:00")
        let alerts = try XCTUnwrap(json["transferAlerts"] as? [[String: Any]])
        XCTAssertEqual(
            alerts.compactMap { $0["time"] as? String }, ["2026-12-07T08:29:39+02:00", "2026-12-07T08:35:51+02:00"])

        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let ride = try ProcessRunner.run(
            "metro-timer", ["start"] + arguments + ["--speed", "1200", "--events"],
            environment: ["METRO_TIMER_HOME": home])
        XCTAssertEqual(ride.code, 0, ride.stderr)
        let changes = try ride.stdout.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }.filter { $0["event"] as? String == "transfer-alert" }
        // A rehearsal says each alert at the first frame at or after its moment (how far a frame
        // steps at ×1200 depends on the machine): never before it.
        let times = changes.compactMap { $0["time"] as? String }
        XCTAssertEqual(times.count, 2, ride.stdout)
        XCTAssertGreaterThanOrEqual(times.first ?? "", "2026-12-07T08:29:39+02:00")
        XCTAssertGreaterThanOrEqual(times.last ?? "", "2026-12-07T08:35:51+02:00")
    }
}
