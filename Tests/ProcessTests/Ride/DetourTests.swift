import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Around closures: when the one node between two lines is closed, or a
/// section its route needs is suspended, the route goes the long way, through the third line and
/// its two nodes: both changes timed, and the plan saying why.
final class DetourTests: XCTestCase {
    let network = Network.kyiv
    var router: Router { Router(network: network) }
    func code(_ name: String) -> String { Kyiv.station(name).code }
    func names(_ codes: [String]) -> [String] { codes.map { network.station($0)!.nameEn } }

    func testTheDetourGoesThroughTheThirdLineAndItsTwoNodes() throws {
        let route = try XCTUnwrap(router.detour(from: code("Lisova"), to: code("Teremky")))
        XCTAssertEqual(route.legs.map(\.line), ["M1", "M3", "M2"])
        XCTAssertEqual(names(route.legs.map(\.board)), ["Lisova", "Zoloti Vorota", "Ploshcha Ukrainskykh Heroiv"])
        XCTAssertEqual(names(route.legs.map(\.alight)), ["Teatralna", "Palats sportu", "Teremky"])
        XCTAssertEqual(route.transferWalks.map(\.walkSeconds).count, 2)
        XCTAssertEqual(route.stopCount, 8 + 1 + 9)
        // The same line needs no detour; neither does a walk through the node alone.
        XCTAssertNil(router.detour(from: code("Lisova"), to: code("Akademmistechko")))
    }

    /// Every origin and destination on different lines: the detour is a chain of rides and walks
    /// from the origin to the destination, through the third line, never through the direct
    /// node's change, and each leg is the stretch of its line between its ends.
    func testEveryDetourIsAConnectedChainThroughTheThirdLine() throws {
        var checked = 0
        for a in network.stations {
            for b in network.stations where a.line != b.line {
                let route = try XCTUnwrap(router.detour(from: a.code, to: b.code), "\(a.nameEn) → \(b.nameEn)")
                let third = Set(network.lines.map(\.id)).subtracting([a.line, b.line]).first!
                XCTAssertTrue(route.legs.contains { $0.line == third }, "\(a.nameEn) → \(b.nameEn) rides \(third)")
                XCTAssertEqual(route.transferWalks.count, max(route.legs.count - 1, 0))
                // Follow the chain: walk first, ride, walk between rides, walk last.
                var here = a.code
                func walk(_ transfer: NetworkDocument.Transfer) {
                    XCTAssertTrue(
                        [transfer.stationA, transfer.stationB].contains(here),
                        "\(a.nameEn) → \(b.nameEn): a walk from where the rider is")
                    here = here == transfer.stationA ? transfer.stationB : transfer.stationA
                }
                if let first = route.walkBeforeBoarding { walk(first) }
                for (index, leg) in route.legs.enumerated() {
                    if index > 0 { walk(route.transferWalks[index - 1]) }
                    XCTAssertEqual(leg.board, here)
                    // A leg is a ride: at least two stations (one station is no ride, and the
                    // engine cannot time it).
                    XCTAssertGreaterThanOrEqual(leg.stations.count, 2, "\(a.nameEn) → \(b.nameEn)")
                    XCTAssertEqual(leg, router.leg(leg.board, leg.alight))
                    here = leg.alight
                }
                if let last = route.walkAfterAlighting { walk(last) }
                XCTAssertEqual(here, b.code, "\(a.nameEn) → \(b.nameEn) ends at the destination")
                let direct = network.interchange(from: a.line, to: b.line)!
                let changes = zip(route.legs, route.legs.dropFirst()).map { [$0.alight, $1.board] }
                XCTAssertFalse(
                    changes.contains { Set($0) == Set([direct.exit, direct.entry]) }, "never the direct node's change")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1_500)
    }

    /// An origin that is the first node's own station starts with the walk (Teatralna → Zoloti
    /// Vorota), a destination that is the second node's own station ends with one; neither has
    /// a ride of one station.
    func testADetourFromOrToANodesOwnStationStartsOrEndsWithTheWalk() throws {
        let from = try XCTUnwrap(router.detour(from: code("Teatralna"), to: code("Teremky")))
        XCTAssertEqual(
            names([try XCTUnwrap(from.walkBeforeBoarding)].flatMap { [$0.stationA, $0.stationB] }).sorted(),
            ["Teatralna", "Zoloti Vorota"])
        XCTAssertEqual(names(from.legs.map(\.board)), ["Zoloti Vorota", "Ploshcha Ukrainskykh Heroiv"])
        XCTAssertEqual(names(from.legs.map(\.alight)), ["Palats sportu", "Teremky"])
        XCTAssertEqual(from.transferWalks.count, 1)
        let to = try XCTUnwrap(router.detour(from: code("Teremky"), to: code("Teatralna")))
        XCTAssertEqual(names(to.legs.map(\.board)), ["Teremky", "Palats sportu"])
        XCTAssertEqual(names(to.legs.map(\.alight)), ["Ploshcha Ukrainskykh Heroiv", "Zoloti Vorota"])
        XCTAssertEqual(
            names([try XCTUnwrap(to.walkAfterAlighting)].flatMap { [$0.stationA, $0.stationB] }).sorted(),
            ["Teatralna", "Zoloti Vorota"])
        // A plan that once crashed.
        let plan = CLI.run([
            "plan", "Teatralna", "Teremky", "--closed", "Khreshchatyk", "--at", "10:00", "--date", "2026-11-30",
        ])
        XCTAssertEqual(plan.code, 0, plan.stderr)
        XCTAssertTrue(plan.stdout.contains("Zoloti Vorota"), plan.stdout)
    }

    /// With Khreshchatyk closed, Lisova → Teremky goes the long way, never refused.
    func testAClosedNodeGoesTheLongWayAndSaysWhy() throws {
        let result = CLI.run(["plan", "Lisova", "Teremky", "--closed", "Khreshchatyk", "--at", "10:00"], columns: nil)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains(
                "ℹ The direct way is cut (Khreshchatyk is closed), so this route goes the long way, through M3, with two changes: Teatralna → Zoloti Vorota, then Palats sportu → Ploshcha Ukrainskykh Heroiv.\n"
            ), result.stdout)
        // Both changes are timed, each on its own walk line, in order.
        let walks = result.stdout.split(separator: "\n").filter { $0.contains("⇄ Walk to") }
        XCTAssertEqual(walks.count, 2, result.stdout)
        XCTAssertTrue(walks[0].contains("Walk to Zoloti Vorota"))
        XCTAssertTrue(walks[1].contains("Walk to Ploshcha Ukrainskykh Heroiv"))
        XCTAssertEqual(
            result.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains("change is next") }.count,
            2, "two change alerts")
        // The first comes as the train passes closed Khreshchatyk; the second as it leaves
        // Zoloti Vorota, one stop before Palats sportu.
        XCTAssertTrue(result.stdout.contains(" passing Khreshchatyk\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains(" leaving Zoloti Vorota\n"), result.stdout)
        // The guide's example (docs/guide/planning.md) is this output.
        let planning = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/guide/planning.md"), encoding: .utf8)
        let note = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasPrefix("ℹ The direct way") })
        XCTAssertTrue(planning.contains("```text\n" + note + "\n```"), "the guide shows the real sentence")
        let uk = CLI.run(
            ["plan", "Lisova", "Teremky", "--closed", "Khreshchatyk", "--at", "10:00", "--lang", "uk"], columns: nil)
        XCTAssertEqual(uk.code, 0)
        XCTAssertTrue(
            uk.stdout.contains(
                "ℹ Прямий шлях перервано (станція Хрещатик зачинена), тож маршрут іде в обхід, через M3, з двома пересадками: Театральна → Золоті Ворота, потім Палац спорту → Площа Українських Героїв.\n"
            ), uk.stdout)
    }

    func testASuspendedSectionAtTheNodeGoesTheLongWay() throws {
        let section = "Maidan Nezalezhnosti-Ploshcha Ukrainskykh Heroiv"
        let result = CLI.run(["plan", "Teremky", "Lisova", "--suspended", section, "--at", "10:00"], columns: nil)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains(
                "(no M2 trains run between Maidan Nezalezhnosti and Ploshcha Ukrainskykh Heroiv), so this route goes the long way, through M3, with two changes: Ploshcha Ukrainskykh Heroiv → Palats sportu, then Zoloti Vorota → Teatralna."
            ), result.stdout)
        // When the long way is cut too, the refusal is the direct route's, as before.
        let both = CLI.run(["plan", "Lisova", "Teremky", "--closed", "Khreshchatyk", "--closed", "Teatralna"])
        XCTAssertEqual(both.code, 1)
        XCTAssertTrue(
            both.stderr.hasPrefix(
                "Error: No route from Lisova to Teremky runs with these service changes. Khreshchatyk is closed"),
            both.stderr)
        // A closed origin has no way round.
        XCTAssertEqual(CLI.run(["plan", "Khreshchatyk", "Teremky", "--closed", "Khreshchatyk"]).code, 1)
    }

    func testTheDetourInJSONHasThreeLegsAndBothChanges() throws {
        let result = CLI.run(["plan", "Lisova", "Teremky", "--closed", "Maidan", "--at", "10:00", "--json"])
        XCTAssertEqual(result.code, 0, result.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["version"] as? Int, 5)
        let legs = try XCTUnwrap(object["legs"] as? [[String: Any]])
        XCTAssertEqual(legs.map { $0["line"] as? String }, ["M1", "M3", "M2"])
        XCTAssertTrue(legs.allSatisfy { $0["intervalSeconds"] is Int }, "each line's interval")
        let transfers = try XCTUnwrap(object["transfers"] as? [[String: Any]])
        XCTAssertEqual(transfers.count, 2)
        let walks = transfers.compactMap { ($0["walk"] as? [String: Any])?["from"] as? [String: Any] }.compactMap {
            $0["nameEn"] as? String
        }
        XCTAssertEqual(walks, ["Teatralna", "Palats sportu"])
        XCTAssertEqual((object["transferAlerts"] as? [[String: Any]])?.count, 2)
        let detour = try XCTUnwrap(object["detour"] as? [String: Any])
        XCTAssertEqual(detour["via"] as? String, "M3")
        XCTAssertTrue((detour["reason"] as? String)?.contains("Maidan Nezalezhnosti is closed") == true)
        // An ordinary route has no detour and one change, in both shapes.
        let plain = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(CLI.run(["plan", "Lisova", "Teremky", "--json"]).stdout.utf8))
                as? [String: Any])
        XCTAssertNil(plain["detour"])
        XCTAssertEqual((plain["transfers"] as? [Any])?.count, 1)
        XCTAssertNotNil(plain["transfer"])
    }

    /// Both changes timed the same way a single one is: the walk, then the booked wait (a
    /// quarter of the new line's interval) before the train on the new line leaves.
    func testBothChangesAreTimedAndEachBoardingIsChecked() throws {
        let route = try XCTUnwrap(router.detour(from: code("Lisova"), to: code("Teremky")))
        let engine = ScheduleEngine(network: network, clock: Kyiv.clock)
        let schedule = engine.schedule(route: route, t0: Kyiv.date("2026-11-30 10:00"))
        XCTAssertEqual(schedule.transfers.count, 2)
        let entries = schedule.stops.indices.filter { schedule.stops[$0].role == .transferEntry }
        XCTAssertEqual(entries.count, 2)
        for (transfer, entry) in zip(schedule.transfers, entries) {
            let exit = schedule.stops[entry - 1]
            XCTAssertEqual(exit.role, .transferExit)
            XCTAssertEqual(transfer.exit, exit.station)
            XCTAssertEqual(
                transfer.platformArrival, exit.arrival!.addingTimeInterval(TimeInterval(transfer.walkSeconds)))
            XCTAssertEqual(
                schedule.stops[entry].departure,
                transfer.platformArrival.addingTimeInterval(TimeInterval(transfer.bookedWaitSeconds)))
            XCTAssertEqual(transfer.bookedWaitSeconds, Int((Double(transfer.headwaySeconds) / 4).rounded()))
        }
        // A change alert before each change, no later than the stop it belongs to.
        XCTAssertEqual(schedule.transferAlerts.map(\.stop), entries.map { $0 - 2 })
        for alert in schedule.transferAlerts { XCTAssertLessThanOrEqual(alert.time, schedule.stops[alert.stop].time) }
        // The range widens by both waits.
        let spread = schedule.arrivalLatest.timeIntervalSince(schedule.arrival)
        XCTAssertGreaterThanOrEqual(spread, schedule.transfers.map { $0.later }.reduce(0, +))
        XCTAssertEqual(engine.legIntervals(schedule).count, 3)

        // Each boarding is checked against its line's last train: swept through the evening
        // on every long way between the lines' ends, the one warning is always about the first
        // boarding reached after its last train, and each of the three boardings is that one
        // somewhere.
        var blockingBoardings = Set<Int>()
        let ends = ["Lisova", "Akademmistechko", "Teremky", "Heroiv Dnipra", "Syrets", "Chervonyi khutir"].map(code)
        for from in ends {
            for to in ends where network.station(from)!.line != network.station(to)!.line {
                let long = try XCTUnwrap(router.detour(from: from, to: to))
                for step in 0..<120 {
                    let t0 = Kyiv.date("2026-11-30 21:40").addingTimeInterval(Double(step * 30))
                    let schedule = engine.schedule(route: long, t0: t0)
                    let day = Kyiv.clock.position(of: t0).serviceDay
                    var boardings = [(long.legs[0], schedule.departure)]
                    for (number, transfer) in schedule.transfers.enumerated() {
                        boardings.append((long.legs[number + 1], transfer.platformArrival))
                    }
                    let missed = boardings.firstIndex { leg, at in
                        at
                            > Kyiv.clock.date(
                                day,
                                seconds: network.serviceWindow(station: leg.board, direction: leg.direction)!
                                    .lastDeparture)
                    }
                    let finding = schedule.findings.first { $0.preventsTheRide }
                    XCTAssertEqual(
                        finding?.station, missed.map { boardings[$0].0.board },
                        "\(from) → \(to) at \(Kyiv.clock.hhmmss(t0))")
                    if let missed { blockingBoardings.insert(missed) }
                }
            }
        }
        XCTAssertEqual(blockingBoardings, [0, 1, 2])
    }

    /// `--last` on the long way: every change must be made before the last train there leaves.
    func testLastTrainHomeOnTheLongWayCatchesBothChanges() throws {
        let route = try XCTUnwrap(router.detour(from: code("Lisova"), to: code("Teremky")))
        // As the plan does: with Khreshchatyk closed, trains pass it without the dwell.
        let engine = ScheduleEngine(network: network, clock: Kyiv.clock).applying(
            ServiceChanges(closed: [code("Khreshchatyk")]))
        let day = Kyiv.clock.position(of: Kyiv.date("2026-11-30 12:00")).serviceDay
        let found = try XCTUnwrap(engine.lastConnection(route: route, serviceDay: day))
        // Lisova's last train misses: the answer is a deadline, with a minute to spare at both
        // changes (the trains before the last are computed).
        XCTAssertFalse(found.departureIsPublished)
        XCTAssertEqual(found.connection.changes.count, 2)
        XCTAssertTrue(found.connection.changes.allSatisfy { $0.margin >= 60 })
        XCTAssertTrue(try XCTUnwrap(found.next).changes.contains { $0.margin < 0 }, "the next train misses a change")
        XCTAssertTrue(engine.schedule(route: route, t0: found.departure).findings.allSatisfy { !$0.preventsTheRide })
        let text = CLI.run(["plan", "Lisova", "Teremky", "--closed", "Khreshchatyk", "--last"], columns: nil)
        XCTAssertEqual(text.code, 0, text.stderr)
        XCTAssertTrue(
            text.stdout.contains("Last ride home: leave Lisova by \(Kyiv.clock.hhmm(found.departure))"), text.stdout)
        XCTAssertEqual(
            text.stdout.components(separatedBy: "Change at ").count - 1, 2, "a margin at both changes: \(text.stdout)")
    }

    /// A whole ride the long way, as a rider corrects it: the trip keeps its detour (it is chosen
    /// from the changes the trip started under), `departed` confirms each change in turn, and
    /// the stops left never count a node twice.
    func testARideTheLongWayTakesCorrectionsAtBothChanges() throws {
        let t0 = Kyiv.date("2026-11-30 10:00")
        let home = try TestRide.saved(
            TestRide.trip(t0: t0, id: "d", changes: ServiceChanges(closed: [code("Khreshchatyk")])), for: self)
        let environment = ["METRO_TIMER_HOME": home]
        func status(_ seconds: TimeInterval) -> String {
            CLI.run(
                ["status", "--format", "{next}|{stops}"], now: t0.addingTimeInterval(seconds), environment: environment
            ).stdout
        }
        func correct(_ arguments: [String], _ seconds: TimeInterval) {
            let result = CLI.run(arguments, now: t0.addingTimeInterval(seconds), environment: environment)
            XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
        }
        // 17 stops: Lisova → Teatralna (7; Khreshchatyk, closed, is run through: no stop),
        // Zoloti Vorota → Palats sportu (1), then 9.
        XCTAssertEqual(status(5), "Chernihivska|17\n")
        correct(["at", "Teatralna"], 1_200)
        XCTAssertEqual(status(1_205), "Zoloti Vorota|10\n", "at the first node: the platform to walk to")
        correct(["departed"], 1_500)
        XCTAssertEqual(status(1_505), "Palats sportu|10\n")
        // `d` again before the second change: it re-confirms the first (the train has just
        // left Zoloti Vorota), never the change not yet reached.
        correct(["departed"], 1_510)
        XCTAssertEqual(status(1_512), "Palats sportu|10\n")
        correct(["at", "Palats sportu"], 1_700)
        XCTAssertEqual(status(1_705), "Ploshcha Ukrainskykh Heroiv|9\n")
        correct(["departed"], 1_900)
        XCTAssertEqual(status(1_905), "Olimpiiska|9\n")
        correct(["adjust", "-2"], 1_950)
        XCTAssertEqual(status(1_955), "Lybidska|7\n")
        correct(["arrived"], 2_700)
        let journal = CLI.run(["journal", "--json"], now: t0.addingTimeInterval(2_800), environment: environment)
        XCTAssertTrue(journal.stdout.contains(self.code("Teremky")), journal.stdout)
    }
}
