import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The screen and `status` tell the same ride the same way at every moment: the alert in force
/// (its words as the screen's banner gives them, its heading as `status` gives it) and the stops
/// left. Every 10 s of three rides (one line, one change, two changes round a closure), with
/// each alert rung at its moment as the notifier rings it.
final class OneTruthTests: XCTestCase {
    func rides() -> [(String, String, ServiceChanges?)] {
        [
            ("Lisova", "Arsenalna", nil), ("Lisova", "Teremky", nil),
            ("Lisova", "Teremky", ServiceChanges(closed: [Kyiv.station("Maidan Nezalezhnosti").code])),
        ]
    }

    /// What the screen's banner line says, reduced to the heading `status` would give it.
    func heading(ofBanner frame: [String]) -> String? {
        guard let line = frame.first(where: { $0.hasPrefix("▶ ") }) else { return nil }
        if line.hasPrefix("▶ Yours is next") { return "yours is next" }
        if line.hasPrefix("▶ Change is next") { return "change is next" }
        if line.hasPrefix("▶ Arriving") { return nil }
        if line.hasPrefix("▶ Change at ") && line.contains(": get ready") {
            return line.contains("2nd") ? "get ready for the 2nd change" : "get ready to change"
        }
        if line.contains(" stops: get ready") || line.contains(" stop: get ready") { return "get ready" }
        return "unknown: \(line)"
    }

    func testTheScreenAndStatusAgreeEveryTenSeconds() throws {
        var compared = 0
        for (from, to, changes) in rides() {
            let home = try TestPaths.temporaryDirectory(self) + "/\(from)-\(to)-\(changes == nil)"
            let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
            let service = TripService(store: FileTripStore(directory: home), engine: engine, language: .en)
            let trip = try service.start(
                origin: Kyiv.station(from).code, destination: Kyiv.station(to).code,
                t0: Kyiv.date("2026-12-07 08:15"), replace: false, changes: changes)
            let schedule = try service.model(trip).current(trip)
            var moment = trip.t0.addingTimeInterval(5)
            while moment < schedule.arrival {
                // Each alert rung at its moment, as the notifier rings it.
                var shown = trip
                for alert in Trip.Alert.allCases {
                    if let time = TripModel.time(of: alert, in: schedule), time <= moment {
                        shown.alertsFired[alert.rawValue] = time
                    }
                }
                let view = RideView(
                    network: Kyiv.network, clock: Kyiv.clock, language: .en, style: Style(enabled: false), trip: shown,
                    schedule: schedule, now: moment, rehearsalSpeed: nil, notice: nil)
                let frame = ScreenRenderer().frame(view, width: 200, height: 50)
                let status = CLI.run(
                    ["status"], now: moment, environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": home], columns: 400)
                XCTAssertEqual(status.code, 0, status.stderr)
                // (The screen's banner gives the change's instruction; `status`, short, its number.)
                let said = [
                    "yours is next", "2nd change is next", "change is next", "get ready to change",
                    "get ready for the 2nd change", "get ready",
                ].first { status.stdout.contains(" · \($0)") }.map {
                    $0 == "2nd change is next" ? "change is next" : $0
                }
                let clock = Kyiv.clock.hhmmss(moment)
                XCTAssertEqual(said, heading(ofBanner: frame), "\(from) → \(to) at \(clock): \(status.stdout)")
                let stops = try XCTUnwrap(status.stdout.firstMatch(of: /· (\d+) stops? ·/)).1
                XCTAssertEqual(Int(stops), view.state.stopsLeft, "\(from) → \(to) at \(clock)")
                compared += 1
                moment = moment.addingTimeInterval(10)
            }
        }
        XCTAssertGreaterThan(compared, 400)
    }
}

/// A banner rung, then moved a little later by a correction (less than the re-arm margin: the
/// same alert, not rung again), still stands: on the screen as in `status`. The sweep found
/// Darnytsia → Lukianivska on a Saturday, "departed" pressed at the change, the one-stop last
/// leg's "yours is next" gone from the card and the screen while `status` said it.
final class OneTruthAfterACorrectionTests: XCTestCase {
    func testARungAlertMovedWithinTheMarginStillStands() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        let service = TripService(store: FileTripStore(directory: home), engine: engine, language: .en)
        let t0 = Kyiv.date("2026-12-12 08:15")
        var trip = try service.start(
            origin: Kyiv.station("Darnytsia").code, destination: Kyiv.station("Lukianivska").code, t0: t0,
            replace: false)
        // Every alert rang at its moment as planned, before the press.
        let planned = try service.model(trip).current(trip)
        for alert in Trip.Alert.allCases {
            if let time = TripModel.time(of: alert, in: planned), time <= t0.addingTimeInterval(955) {
                trip.alertsFired[alert.rawValue] = time
            }
        }
        try FileTripStore(directory: home).update { (current: inout Trip?) throws(CLIError) in current = trip }
        let (corrected, schedule) = try service.correct(.departed, at: t0.addingTimeInterval(955))
        var compared = 0
        var moment = t0.addingTimeInterval(956)
        while moment < schedule.arrival {
            let view = RideView(
                network: Kyiv.network, clock: Kyiv.clock, language: .en, style: Style(enabled: false),
                trip: corrected, schedule: schedule, now: moment, rehearsalSpeed: nil, notice: nil)
            let status = CLI.run(
                ["status"], now: moment, environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": home], columns: 400)
            let yours = status.stdout.contains(" · yours is next") || status.stdout.contains(" · get ready")
            XCTAssertEqual(
                view.highlighted == .alert, yours, "\(Kyiv.clock.hhmmss(moment)): \(status.stdout)")
            compared += 1
            moment = moment.addingTimeInterval(10)
        }
        XCTAssertGreaterThan(compared, 3)
    }
}
