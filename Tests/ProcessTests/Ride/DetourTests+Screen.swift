import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The long way on the live screen and in the rehearsal's events.
extension DetourTests {
    /// The live screen and the `--plain` lines, the long way: the instruction for each change in
    /// turn (with its own train's direction), each change's banner, and the opening sentence
    /// naming both changes.
    func testTheScreenGuidesThroughBothChanges() throws {
        let engine = ScheduleEngine(network: network, clock: Kyiv.clock)
        var trip = Trip(
            id: "s", origin: code("Lisova"), destination: code("Teremky"), t0: Kyiv.date("2026-11-30 10:00"),
            changes: ServiceChanges(closed: [code("Khreshchatyk")]))
        let model = try TripModel(engine: engine, trip: trip)
        var schedule = model.current(trip)
        func view(_ now: Date) -> RideView {
            RideView(
                network: network, clock: Kyiv.clock, language: .en, style: Style(enabled: false), trip: trip,
                schedule: schedule,
                now: now, rehearsalSpeed: nil, notice: nil)
        }
        func frame(_ now: Date) -> String {
            ScreenRenderer().frame(view(now), width: 200, height: 30).joined(separator: "\n")
        }
        let entries = schedule.entryIndices
        XCTAssertEqual(entries.count, 2)
        let firstAlert = schedule.transferAlerts[0].time
        let secondAlert = schedule.transferAlerts[1].time
        XCTAssertTrue(
            frame(firstAlert.addingTimeInterval(-5)).contains(
                "At Teatralna walk to Zoloti Vorota, train toward Chervonyi khutir; press d when it departs."))
        let walking = schedule.stops[entries[0] - 1].arrival!.addingTimeInterval(10)
        XCTAssertTrue(frame(walking).contains("Walking to Zoloti Vorota"), frame(walking))
        // On M3, one stop to go to the second change: its instruction, its own direction.
        let onM3 = schedule.stops[entries[0]].departure!.addingTimeInterval(10)
        XCTAssertTrue(
            frame(onM3).contains(
                "At Palats sportu walk to Ploshcha Ukrainskykh Heroiv, train toward Teremky; press d when it departs."),
            frame(onM3))
        XCTAssertFalse(frame(onM3).contains("Zoloti Vorota, train toward"), "the first change is behind")
        let waiting = schedule.transfers[1].platformArrival.addingTimeInterval(5)
        XCTAssertTrue(
            frame(waiting).contains(
                "Waiting for the train (booked \(Durations.clock(schedule.transfers[1].bookedWaitSeconds))"),
            frame(waiting))
        // Each change's banner, while it means something.
        trip.alertsFired[Trip.Alert.transferAlert.rawValue] = firstAlert
        XCTAssertEqual(view(firstAlert.addingTimeInterval(1)).highlighted, .transferAlert)
        XCTAssertNil(view(onM3).highlighted, "the first change is made")
        trip.alertsFired[Trip.Alert.secondTransferAlert.rawValue] = secondAlert
        XCTAssertEqual(view(secondAlert.addingTimeInterval(1)).highlighted, .secondTransferAlert)
        XCTAssertEqual(
            AlertText.sentence(.secondTransferAlert, view: view(secondAlert)),
            "Change is next: get off at Palats sportu and walk to Ploshcha Ukrainskykh Heroiv.")
        XCTAssertNil(view(schedule.stops[entries[1]].departure!.addingTimeInterval(1)).highlighted)
        trip.corrections.append(
            Trip.Correction(.departed, at: schedule.transfers[1].platformArrival.addingTimeInterval(30)))
        schedule = model.current(trip)
        XCTAssertNil(
            view(schedule.transfers[1].platformArrival.addingTimeInterval(31)).highlighted,
            "d resolved the second change")
        XCTAssertTrue(
            LineRenderer(plain: true).opening(view(trip.t0)).contains(
                "changing at Teatralna to Zoloti Vorota, then at Palats sportu to Ploshcha Ukrainskykh Heroiv;"))
    }

    /// A closed station the train runs through is never announced as a stop: the screen, the
    /// lines and `--plain` say the train passes it.
    func testAClosedStationIsAnnouncedAsPassedNotAsAStop() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let plain = try ProcessRunner.run(
            "metro-timer",
            ["start", "Lisova", "Teremky", "--closed", "Khreshchatyk", "--speed", "1200", "--plain", "--at", "10:00"],
            environment: ["METRO_TIMER_HOME": home])
        XCTAssertEqual(plain.code, 0, plain.stderr)
        XCTAssertTrue(plain.stdout.contains("Next: Khreshchatyk (passing without stopping)."), plain.stdout)
        let lines = try ProcessRunner.run(
            "metro-timer",
            [
                "start", "Lisova", "Teremky", "--closed", "Khreshchatyk", "--speed", "1200", "--at", "10:00", "--lang",
                "uk",
            ],
            environment: ["METRO_TIMER_HOME": home])
        XCTAssertEqual(lines.code, 0, lines.stderr)
        XCTAssertTrue(lines.stdout.contains("наступна Хрещатик (без зупинки)"), lines.stdout)
        // The screen's status line, too.
        let engine = ScheduleEngine(network: network, clock: Kyiv.clock)
        let trip = Trip(
            id: "p", origin: code("Lisova"), destination: code("Teremky"), t0: Kyiv.date("2026-11-30 10:00"),
            changes: ServiceChanges(closed: [code("Khreshchatyk")]))
        let schedule = try TripModel(engine: engine, trip: trip).current(trip)
        let khreshchatyk = try XCTUnwrap(schedule.stops.firstIndex { $0.station == code("Khreshchatyk") })
        let view = RideView(
            network: network, clock: Kyiv.clock, language: .en, style: Style(enabled: false), trip: trip,
            schedule: schedule,
            now: schedule.stops[khreshchatyk - 1].departure!.addingTimeInterval(5), rehearsalSpeed: nil, notice: nil)
        XCTAssertTrue(
            ScreenRenderer().frame(view, width: 100).joined(separator: "\n").contains(
                "Next: Khreshchatyk (passing without stopping) "))
    }

    /// The rehearsal's events: a change alert before each change, in order, then the rest.
    func testRehearsalEventsOnTheLongWay() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let result = try ProcessRunner.run(
            "metro-timer",
            ["start", "Lisova", "Teremky", "--closed", "Khreshchatyk", "--speed", "1200", "--events", "--at", "10:00"],
            environment: ["METRO_TIMER_HOME": home])
        XCTAssertEqual(result.code, 0, result.stderr)
        let events = try result.stdout.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        // The closure on the route is said once, at the start, as a warning.
        XCTAssertEqual(
            events.map { $0["event"] as? String },
            ["start", "warning", "transfer-alert", "transfer-alert", "alert", "arrival", "end"])
        XCTAssertEqual(events[1]["kind"] as? String, "service-changes")
        XCTAssertEqual(names((events[1]["closed"] as? [String]) ?? []), ["Khreshchatyk"])
        // The first before Teatralna (at Khreshchatyk, passed without stopping); the second as the
        // train leaves Zoloti Vorota, one stop before Palats sportu.
        XCTAssertEqual(names(events[2...3].compactMap { $0["station"] as? String }), ["Khreshchatyk", "Zoloti Vorota"])
        XCTAssertEqual(events[2...3].compactMap { $0["change"] as? Int }, [1, 2])
    }
}
