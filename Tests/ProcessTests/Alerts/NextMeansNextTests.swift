import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// "Next" means the next stop the train reaches: "Yours is next: Teremky" only while the train
/// stands at the stop before or runs into Teremky. Two stops out it says how far, on every
/// surface at the same moment (docs/decisions/0050-alert-wording.md). The ride is the one a
/// rider met: Lisova → Teremky at 08:15 on a Monday, standing at Vystavkovyi tsentr with Ipodrom
/// still to come, the screen said "▶ Yours is next: Teremky" and `status` "yours is next".
final class NextMeansNextTests: XCTestCase {
    let t0 = Kyiv.date("2026-12-07 08:15")

    func trip() -> Trip {
        Trip(id: "n", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: t0)
    }

    func schedule() throws -> Schedule {
        let trip = trip()
        return try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip).current(
            trip)
    }

    /// The moment the train stands at `station` (half way through its dwell).
    func standing(at station: String, in schedule: Schedule) throws -> Date {
        let stop = try XCTUnwrap(schedule.stops.first { $0.station == Kyiv.station(station).code })
        let arrival = try XCTUnwrap(stop.arrival)
        let departure = try XCTUnwrap(stop.departure)
        return arrival.addingTimeInterval(departure.timeIntervalSince(arrival) / 2)
    }

    func frame(at moment: Date, language: Language = .en) throws -> String {
        var trip = trip()
        let schedule = try schedule()
        // The alert has rung: the banner stands.
        trip.alertsFired[Trip.Alert.alert.rawValue] = min(schedule.alert, moment)
        let view = RideView(
            network: Kyiv.network, clock: Kyiv.clock, language: language, style: Style(enabled: false), trip: trip,
            schedule: schedule, now: moment, rehearsalSpeed: nil, notice: nil)
        return ScreenRenderer().frame(view, width: 80).joined(separator: "\n")
    }

    func testTheScreenSaysGetReadyTwoStopsOutAndNextAtTheStopBefore() throws {
        let schedule = try schedule()
        let atExhibition = try standing(at: "Vystavkovyi tsentr", in: schedule)
        XCTAssertGreaterThanOrEqual(atExhibition, schedule.alert, "the alert has fired by then on this ride")
        let twoOut = try frame(at: atExhibition)
        XCTAssertFalse(twoOut.contains("Yours is next"), twoOut)
        XCTAssertTrue(twoOut.contains("▶ Teremky in about 2 stops: get ready."), twoOut)
        let uk = try frame(at: atExhibition, language: .uk)
        XCTAssertFalse(uk.contains("Наступна — ваша"), uk)
        XCTAssertTrue(uk.contains("▶ Теремки приблизно за 2 зупинки: готуйтеся виходити."), uk)

        let atIpodrom = try frame(at: try standing(at: "Ipodrom", in: schedule))
        XCTAssertTrue(atIpodrom.contains("▶ Yours is next: Teremky"), atIpodrom)
    }

    func testStatusSaysGetReadyTwoStopsOut() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let service = TripService(
            store: FileTripStore(directory: home), engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock),
            language: .en)
        _ = try service.start(
            origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: t0, replace: false)
        let schedule = try schedule()
        let environment = ["NO_COLOR": "1", "METRO_TIMER_HOME": home]
        let twoOut = CLI.run(
            ["status"], now: try standing(at: "Vystavkovyi tsentr", in: schedule), environment: environment)
        XCTAssertEqual(twoOut.code, 0, twoOut.stderr)
        XCTAssertTrue(twoOut.stdout.contains(" · 2 stops · "), twoOut.stdout)
        XCTAssertFalse(twoOut.stdout.contains("yours is next"), twoOut.stdout)
        XCTAssertTrue(twoOut.stdout.hasSuffix(" · get ready\n"), twoOut.stdout)
        let oneOut = CLI.run(["status"], now: try standing(at: "Ipodrom", in: schedule), environment: environment)
        XCTAssertTrue(oneOut.stdout.hasSuffix(" · yours is next\n"), oneOut.stdout)
    }

    /// `--plain` says "Change is next" / "Yours is next" only after the line naming that
    /// station as next ("Next: Khreshchatyk."), and "in about N stops" for the destination only
    /// after "N stops left": read back from its own lines, for every alert of four rides.
    func testPlainSaysNextOnlyWhenTheNextStopIsTheOne() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let rides = [
            ["Lisova", "Teremky"], ["Akademmistechko", "Khreshchatyk"], ["Heroiv Dnipra", "Lisova"],
            ["Syrets", "Chervonyi khutir"],
        ]
        var checked = 0
        for ride in rides {
            let result = try ProcessRunner.run(
                "metro-timer",
                ["start"] + ride + ["--plain", "--speed", "1200", "--at", "12:00", "--date", "2026-12-07"],
                environment: ["METRO_TIMER_HOME": home])
            XCTAssertEqual(result.code, 0, result.stderr)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            for (index, line) in lines.enumerated() {
                let named: String
                if let match = line.firstMatch(of: /^[^.]+ in about (\d+) stops?: get ready\.$/),
                    !line.hasPrefix("Change at ")
                {
                    let before = try XCTUnwrap(lines[..<index].last { $0.hasPrefix("Next: ") }, result.stdout)
                    XCTAssertTrue(before.contains(". \(match.1) stop"), "\(line) after \(before)\n\(result.stdout)")
                    checked += 1
                    continue
                } else if line.hasPrefix("Yours is next: ") {
                    named = String(line.dropFirst("Yours is next: ".count).prefix { $0 != "." })
                } else if line.hasPrefix("Change is next: get off at ") {
                    named = String(line.dropFirst("Change is next: get off at ".count).prefix { $0 != " " })
                } else {
                    continue
                }
                let before = try XCTUnwrap(lines[..<index].last { $0.hasPrefix("Next: ") }, result.stdout)
                XCTAssertTrue(before.hasPrefix("Next: \(named)"), "\(line) after \(before)\n\(result.stdout)")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, rides.count, "every ride has its alert")
    }
}
