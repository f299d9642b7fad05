import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroData
@testable import MetroLab
@testable import MetroTimerCLI

/// Air-raid mode, closed stations, suspended sections and today's headways.
final class ServiceChangesTests: XCTestCase {
    let network = Network.kyiv

    func testSurfaceSectionsAndAirRaidSectionsInTheData() {
        let openAir = network.document.segments.filter(\.openAir)
        // M1 from Arsenalna's tunnel portal out to Lisova, both ways, and M3's Pivdennyi bridge.
        let m1 = network.line("M1")!.stations
        let expected = Set(
            zip(m1[11...], m1[12...]).flatMap { [[$0, $1], [$1, $0]] }
                + [["mg09_319", "mg10_321"], ["mg10_321", "mg09_319"]])
        XCTAssertEqual(Set(openAir.map { [$0.from, $0.to] }), expected)
        XCTAssertEqual(network.document.airRaidSections.count, 4)
        let check = ServiceCheck(network: network)
        XCTAssertTrue(check.isServedDuringAirRaid(Kyiv.station("Arsenalna").code))
        XCTAssertFalse(check.isServedDuringAirRaid(Kyiv.station("Dnipro").code))
        XCTAssertFalse(check.isServedDuringAirRaid(Kyiv.station("Slavutych").code))
        XCTAssertTrue(check.isServedDuringAirRaid(Kyiv.station("Osokorky").code))
        XCTAssertTrue(network.lines.first { $0.id == "M2" }!.stations.allSatisfy(check.isServedDuringAirRaid))
    }

    func testEveryRefusalReason() {
        let cases: [([String], String)] = [
            (
                ["plan", "Lisova", "Teremky", "--air-raid"],
                "Error: No route from Lisova to Teremky runs with these service changes. During an air-raid alert M1 runs only Akademmistechko–Arsenalna, so trains do not stop at Lisova. The nearest station they serve: Arsenalna.\n"
            ),
            (
                ["plan", "Syrets", "Kharkivska", "--air-raid"],
                "Error: No route from Syrets to Kharkivska runs with these service changes. During an air-raid alert M3 runs only as far as Vydubychi.\n"
            ),
            (
                ["plan", "Kharkivska", "Syrets", "--air-raid"],
                "Error: No route from Kharkivska to Syrets runs with these service changes. During an air-raid alert M3 runs only as far as Osokorky.\n"
            ),
            (
                ["plan", "Syrets", "Slavutych", "--air-raid"],
                "Error: No route from Syrets to Slavutych runs with these service changes. During an air-raid alert M3 runs only Syrets–Vydubychi and Osokorky–Chervonyi khutir, so trains do not stop at Slavutych (it serves only as a shelter). The nearest station they serve: Vydubychi or Osokorky. But no route runs there (Osokorky) from Syrets either.\n"
            ),
            (
                ["plan", "Lisova", "Hidropark", "--closed", "Hidropark"],
                "Error: No route from Lisova to Hidropark runs with these service changes. Hidropark is closed: trains pass without stopping, so you cannot board, change or get off there. The nearest open station: Dnipro or Livoberezhna.\n"
            ),
            // Khreshchatyk alone is gone round the long way through M3 (DetourTests); with
            // Teatralna closed too, there is no way round.
            (
                ["plan", "Lisova", "Teremky", "--closed", "Khreshchatyk", "--closed", "Teatralna"],
                "Error: No route from Lisova to Teremky runs with these service changes. Khreshchatyk is closed: trains pass without stopping, so you cannot board, change or get off there. The nearest open station: Arsenalna. But no route runs from there (Arsenalna) to Teremky either.\n"
            ),
            // Like every refusal, a suspension names the nearest station served: the
            // last one the train reaches before the section, or, boarding inside it, the nearest
            // outside.
            (
                ["plan", "Teremky", "Lybidska", "--suspended", "Demiivska-Teremky"],
                "Error: No route from Teremky to Lybidska runs with these service changes. No M2 trains run between Demiivska and Teremky, and this route needs that section. The nearest station served: Demiivska.\n"
            ),
            (
                ["plan", "Lisova", "Teremky", "--suspended", "Demiivska-Teremky"],
                "Error: No route from Lisova to Teremky runs with these service changes. No M2 trains run between Demiivska and Teremky, and this route needs that section. The nearest station served: Demiivska.\n"
            ),
            (
                ["plan", "Lybidska", "Ipodrom", "--suspended", "Demiivska-Teremky"],
                "Error: No route from Lybidska to Ipodrom runs with these service changes. No M2 trains run between Demiivska and Teremky, and this route needs that section. The nearest station served: Demiivska.\n"
            ),
        ]
        for (arguments, message) in cases {
            let result = CLI.run(arguments)
            XCTAssertEqual(result.code, 1, "\(arguments)")
            XCTAssertEqual(result.stderr, message, "\(arguments)")
            XCTAssertEqual(result.stdout, "")
        }
        // The environment switches air-raid mode on just as the flag does.
        let env = CLI.run(["plan", "Lisova", "Teremky"], environment: ["METRO_TIMER_AIR_RAID": "1"])
        XCTAssertEqual(env.stderr, cases[0].1)
        // A suspension beside the route does not refuse it.
        XCTAssertEqual(CLI.run(["plan", "Lybidska", "Heroiv Dnipra", "--suspended", "Demiivska-Teremky"]).code, 0)
    }

    func testAnAirRaidRouteThatStaysInServedSectionsIsPlannedAndSaysSo() {
        let result = CLI.run(["plan", "Akademmistechko", "Teremky", "--air-raid", "--at", "10:00"])
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("ℹ Service changes: air-raid alert\n"))
        XCTAssertFalse(result.stdout.contains("runs in the open"))
        let uk = CLI.run(["plan", "Akademmistechko", "Teremky", "--air-raid", "--at", "10:00", "--lang", "uk"])
        XCTAssertTrue(uk.stdout.contains("ℹ Зміни в русі: повітряна тривога\n"))
    }

    func testOutsideAirRaidModeASurfaceRouteCarriesANote() {
        let m1 = CLI.run(["plan", "Lisova", "Teremky", "--at", "10:00"], columns: nil)
        XCTAssertTrue(
            m1.stdout.contains(
                "ℹ Between Lisova and Arsenalna (M1) this route runs in the open: during an air-raid alert trains stop short of it.\n"
            ))
        let bridge = CLI.run(["plan", "Vydubychi", "Osokorky", "--at", "10:00"], columns: nil)
        XCTAssertTrue(bridge.stdout.contains("ℹ Between Vydubychi and Slavutych (M3) this route runs in the open"))
        let underground = CLI.run(["plan", "Syrets", "Teremky", "--at", "10:00"])
        XCTAssertFalse(underground.stdout.contains("ℹ"))
    }

    func testClosedStationsArePassedWithoutDwell() throws {
        let route = try Kyiv.route("Lisova", "Arsenalna")
        let t0 = Kyiv.date("2026-11-30 10:00")
        let normal = ScheduleEngine(network: network, clock: Kyiv.clock).schedule(route: route, t0: t0)
        let changes = ServiceChanges(closed: [Kyiv.station("Hidropark").code, Kyiv.station("Dnipro").code])
        let closed = ScheduleEngine(network: network, clock: Kyiv.clock).applying(changes).schedule(
            route: route, t0: t0)
        for stop in closed.stops where changes.closed.contains(stop.station) {
            XCTAssertEqual(stop.departure, stop.arrival, "passes without stopping")
        }
        // Everything else as before: the ride is shorter by exactly the two dwells skipped.
        let dwell = TimeInterval(network.document.assumptions.dwellSeconds)
        XCTAssertEqual(normal.arrival.timeIntervalSince(closed.arrival), 2 * dwell, accuracy: 0.001)
        let text = CLI.run(["plan", "Lisova", "Arsenalna", "--closed", "Hidropark", "--at", "10:00"]).stdout
        // The changes said first; then Hidropark's own row, and only its, says it is passed.
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("ℹ Service changes: Hidropark closed"), text)
        let rows = lines.filter { $0.contains("│") }
        XCTAssertEqual(rows.filter { $0.hasSuffix("passes without stopping") }.count, 1, text)
        XCTAssertTrue(rows.contains { $0.contains("│ Hidropark") && $0.hasSuffix("passes without stopping") }, text)
    }

    func testHeadwayOverrideSetsTheBookedWaitAndTheRange() throws {
        let route = try Kyiv.route("Lisova", "Teremky")
        let engine = ScheduleEngine(network: network, clock: Kyiv.clock).applying(ServiceChanges(headways: ["M2": 600]))
        let transfer = try XCTUnwrap(engine.schedule(route: route, t0: Kyiv.date("2026-11-30 08:10")).transfer)
        XCTAssertEqual(transfer.headwaySeconds, 600)
        XCTAssertEqual(transfer.bookedWaitSeconds, 150)
        XCTAssertEqual(transfer.latestDeparture.timeIntervalSince(transfer.earliestDeparture), 600)
        let json = CLI.run(["plan", "Lisova", "Teremky", "--headway", "12", "--json", "--at", "08:10"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((object["transfer"] as? [String: Any])?["headwaySeconds"] as? Int, 720)
        XCTAssertEqual(
            (object["serviceChanges"] as? [String: Any])?["headways"] as? [String: Int],
            ["M1": 720, "M2": 720, "M3": 720])
    }

    func testBadChangeArgumentsAreUsageErrors() {
        let cases: [([String], String)] = [
            (
                ["plan", "Lisova", "Teremky", "--headway", "0"],
                "Error: The headway '0' must be minutes from 1 to 60: 10, or M1=10\n"
            ),
            (
                ["plan", "Lisova", "Teremky", "--headway", "M7=10"],
                "Error: The headway 'M7=10' must be minutes from 1 to 60: 10, or M1=10\n"
            ),
            (
                ["plan", "Lisova", "Teremky", "--suspended", "Lisova-Teremky"],
                "Error: The section 'Lisova-Teremky' must be two stations of one line joined by a hyphen, such as Demiivska-Teremky\n"
            ),
        ]
        for (arguments, message) in cases {
            let result = CLI.run(arguments)
            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix(message), result.stderr)
        }
        XCTAssertEqual(CLI.run(["plan", "Lisova", "Teremky", "--closed", "Nowhere-at-all"]).code, 64)
    }

    func testATripRemembersItsChangesForStatusAndCorrections() throws {
        let directory = try TestPaths.temporaryDirectory(self) + "/state"
        let environment = ["METRO_TIMER_HOME": directory]
        let refused = CLI.run(["start", "Lisova", "Teremky", "--air-raid"], environment: environment)
        XCTAssertEqual(refused.code, 1)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: directory + "/trip.json"), "a refused route creates no trip")

        let t0 = Kyiv.date("2026-11-30 10:00")
        let service = TripService(
            store: FileTripStore(directory: directory), engine: ScheduleEngine(network: network, clock: Kyiv.clock),
            language: .en)
        let changes = ServiceChanges(airRaid: true, closed: [Kyiv.station("Teatralna").code])
        _ = try service.start(
            origin: Kyiv.station("Akademmistechko").code, destination: Kyiv.station("Khreshchatyk").code, t0: t0,
            replace: false, changes: changes)
        let trip = try XCTUnwrap(service.store.load())
        XCTAssertEqual(trip.changes, changes)
        let schedule = try service.model(trip).current(trip)
        let teatralna = try XCTUnwrap(schedule.stops.first { $0.station == Kyiv.station("Teatralna").code })
        XCTAssertEqual(teatralna.arrival, teatralna.departure, "the closed station is passed in every recomputation")
        let status = CLI.run(["status"], now: t0.addingTimeInterval(60), environment: environment)
        XCTAssertTrue(status.stdout.hasSuffix(" · air-raid\n"), status.stdout)
    }

    func testCompilerChecksTheSectionsFile() throws {
        let directory = try TestPaths.temporaryDirectory(self) + "/Data"
        try FileManager.default.copyItem(atPath: TestPaths.data, toPath: directory)
        let path = directory + "/kyiv-sections.csv"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "M1,mr13_122,mr14_123,open-air", with: "M1,mr13_122,mr15_124,open-air").write(
            toFile: path, atomically: true, encoding: .utf8)
        let input = try TestPaths.compilerInput(directory)
        XCTAssertThrowsError(try TimetableCompiler.compile(input)) { error in
            XCTAssertEqual(
                (error as? DataError)?.description,
                "\(directory)/kyiv-sections.csv:3:3: an open-air row names one segment: mr13_122 and mr15_124 are not adjacent"
            )
        }
    }
}
