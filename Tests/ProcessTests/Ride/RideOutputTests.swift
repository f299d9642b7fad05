import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The ride's outputs: events for scripts, notifications, and the frame at narrow widths.
final class RideOutputTests: XCTestCase {
    func testRehearsalEventsForAWholeRide() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let result = try ProcessRunner.run(
            // At midday, whatever the hour the tests run at: late in the evening the ride says the
            // last train is near (a warning event), before the first train it rides the first.
            "metro-timer",
            ["start", "Lisova", "Teremky", "--speed", "1200", "--at", "12:00", "--date", "2026-11-30", "--events"],
            environment: ["METRO_TIMER_HOME": home])
        XCTAssertEqual(result.code, 0, result.stderr)
        let events = try result.stdout.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(events.map { $0["event"] as? String }, ["start", "transfer-alert", "alert", "arrival", "end"])
        XCTAssertEqual(events[0]["from"] as? String, Kyiv.station("Lisova").code)
        XCTAssertEqual(events[1]["station"] as? String, Kyiv.station("Arsenalna").code)
        XCTAssertEqual(events[2]["station"] as? String, Kyiv.station("Ipodrom").code)
        XCTAssertEqual(events[3]["station"] as? String, Kyiv.station("Teremky").code)
        // Nobody confirmed the rehearsal's arrival.
        XCTAssertEqual(events.last?["outcome"] as? String, "rehearsal")
        // Every event that speaks of the arrival carries its range.
        for event in events.prefix(4) {
            let arrival = try XCTUnwrap(event["arrival"] as? String)
            let earliest = try XCTUnwrap(event["arrivalEarliest"] as? String)
            let latest = try XCTUnwrap(event["arrivalLatest"] as? String)
            XCTAssertTrue(earliest < arrival && arrival < latest, "\(event)")
        }
        let times = events.compactMap { $0["time"] as? String }
        XCTAssertEqual(times, times.sorted())
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: home), "a rehearsal touches neither the trip nor the journal")
    }

    /// Nothing opens a socket unless the alert check is on: not the ride, not its notifications
    /// (Foundation's Process opened two loopback sockets just to start notify-send).
    func testNoSocketIsOpenedWithTheAlertCheckOff() throws {
        guard let strace = which("strace") else { throw XCTSkip("strace is not installed (.ci/run installs it)") }
        let directory = try TestPaths.temporaryDirectory(self)
        let marker = directory + "/notified"
        try "#!/bin/sh\necho \"$*\" >> \(marker)\n".write(
            toFile: directory + "/notify-send", atomically: true, encoding: .utf8)
        chmod(directory + "/notify-send", 0o755)
        let binary = TestPaths.products.appendingPathComponent("metro-timer").path
        let trace = directory + "/trace"
        for arguments in [
            ["plan", "Lisova", "Teremky", "--at", "10:00"],
            ["start", "Lisova", "Teremky", "--speed", "1200", "--plain", "--at", "10:00"], ["stations"], ["about"],
        ] {
            let result = try ProcessRunner.run(
                executable: strace, ["-f", "-e", "trace=socket,socketpair,connect", "-o", trace, binary] + arguments,
                environment: [
                    "DISPLAY": ":0", "PATH": directory + ":/usr/bin:/bin", "METRO_TIMER_HOME": directory + "/state",
                ])
            XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
            // The calls traced, by name: strace also prints `??? <unfinished ...>` for a thread
            // caught in a call it cannot name as the process exits, which is no socket.
            let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter {
                $0.contains("socket(") || $0.contains("socketpair(") || $0.contains("connect(")
            }
            XCTAssertEqual(calls, [], "\(arguments)")
        }
        // With the check on, the helper makes the request; starting it must open no socket in
        // metro-timer itself (the parent is traced alone: the helper's own request is its job).
        let config = directory + "/config"
        XCTAssertEqual(
            try ProcessRunner.run(
                "metro-timer", ["alerts", "enable", "--url", "http://127.0.0.1:9/feed"],
                environment: ["METRO_TIMER_CONFIG": config]
            ).code, 0)
        let result = try ProcessRunner.run(
            executable: strace,
            [
                "-e", "trace=socket,socketpair,connect", "-o", trace, binary, "plan", "Lisova", "Teremky", "--at",
                "10:00",
            ],
            environment: [
                "PATH": "/usr/bin:/bin", "METRO_TIMER_CONFIG": config, "METRO_TIMER_HOME": directory + "/state",
            ])
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Alert status unknown"), "the helper ran: \(result.stdout)")
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter {
            !$0.contains("+++") && !$0.contains("---")
        }
        XCTAssertEqual(calls, [], "starting the helper")
        _ = marker
    }

    func testTheFrameStaysWithinFortyColumns() throws {
        let t0 = Kyiv.date("2026-11-30 10:00")
        var trip = Trip(id: "t", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: t0)
        let model = try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip)
        let schedule = model.current(trip)
        trip.alertsFired["transfer-alert"] = schedule.transferAlert
        for language in Language.allCases {
            for moment in [
                t0.addingTimeInterval(5), schedule.transferAlert!.addingTimeInterval(30),
                schedule.alert.addingTimeInterval(1),
            ] {
                let view = RideView(
                    network: Kyiv.network, clock: Kyiv.clock, language: language, style: Style(enabled: false),
                    trip: trip,
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
