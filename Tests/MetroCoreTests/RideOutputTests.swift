import CLIKit
import Foundation
import MetroCore
import XCTest

@testable import metro_timer

/// The ride's outputs: events for scripts, notifications, and the frame at narrow widths.
final class RideOutputTests: XCTestCase {
    func testRehearsalEventsForAWholeRide() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let result = try ProcessRunner.run(
            "metro-timer", ["start", "Lisova", "Teremky", "--speed", "1200", "--events"], environment: ["METRO_TIMER_HOME": home])
        XCTAssertEqual(result.code, 0, result.stderr)
        let events = try result.stdout.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(events.map { $0["event"] as? String }, ["start", "transfer-alert", "alert", "arrival", "end"])
        XCTAssertEqual(events[0]["from"] as? String, Kyiv.station("Lisova").code)
        XCTAssertEqual(events[1]["station"] as? String, Kyiv.station("Arsenalna").code)
        XCTAssertEqual(events[2]["station"] as? String, Kyiv.station("Ipodrom").code)
        XCTAssertEqual(events[3]["station"] as? String, Kyiv.station("Teremky").code)
        XCTAssertEqual(events.last?["outcome"] as? String, "arrived")
        // Every event that speaks of the arrival carries its range.
        for event in events.prefix(4) {
            let arrival = try XCTUnwrap(event["arrival"] as? String), earliest = try XCTUnwrap(event["arrivalEarliest"] as? String)
            let latest = try XCTUnwrap(event["arrivalLatest"] as? String)
            XCTAssertTrue(earliest < arrival && arrival < latest, "\(event)")
        }
        let times = events.compactMap { $0["time"] as? String }
        XCTAssertEqual(times, times.sorted())
        XCTAssertFalse(FileManager.default.fileExists(atPath: home), "a rehearsal touches neither the trip nor the journal")
    }

    func testNotificationsOnlyWithADisplayAndNotifySend() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        let marker = directory + "/notified"
        let fake = directory + "/notify-send"
        try "#!/bin/sh\necho \"$1|$2\" > \(marker)\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        Notifier(environment: ["PATH": directory]).notify(title: "metro-timer", body: "no display")
        Notifier(environment: ["DISPLAY": ":0", "PATH": "/nonexistent"]).notify(title: "metro-timer", body: "no notify-send")
        usleep(200_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "skipped quietly")
        Notifier(environment: ["DISPLAY": ":0", "PATH": directory]).notify(title: "metro-timer", body: "Yours is next: Teremky.")
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: marker) && Date() < deadline { usleep(20_000) }
        XCTAssertEqual(try String(contentsOfFile: marker, encoding: .utf8), "metro-timer|Yours is next: Teremky.\n")
    }

    func testTheFrameStaysWithinFortyColumns() throws {
        let t0 = Kyiv.date("2026-11-30 10:00")
        var trip = Trip(id: "t", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: t0)
        let model = try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip)
        let schedule = model.current(trip)
        trip.alertsFired["transfer-alert"] = schedule.transferAlert
        for language in Language.allCases {
            for moment in [t0.addingTimeInterval(5), schedule.transferAlert!.addingTimeInterval(30), schedule.alert.addingTimeInterval(1)] {
                let view = RideView(
                    network: Kyiv.network, clock: Kyiv.clock, language: language, style: Style(enabled: false), trip: trip,
                    schedule: schedule, now: moment, rehearsalSpeed: nil, notice: nil)
                for width in [40, 80] {
                    let frame = ScreenRenderer().frame(view, width: width)
                    for line in frame { XCTAssertLessThanOrEqual(line.count, width, "\(language) \(width): \(line)") }
                    XCTAssertTrue(frame[1].contains("◉"), "the strip shows the next stop")
                }
            }
        }
    }
}
