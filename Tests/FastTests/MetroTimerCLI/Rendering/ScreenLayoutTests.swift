import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroTimerCLI

/// The screen never misleads: banners clear when their moment has passed, warnings cover only
/// what is still ahead, and a small terminal keeps what matters.
final class ScreenLayoutTests: XCTestCase {
    let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)

    /// A late ride Lisova → Teremky: last-train-soon warnings at Lisova (M1) and at the transfer (M2).
    func lateTrip() throws -> (Trip, TripModel) {
        let trip = Trip(
            id: "late", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code,
            t0: Kyiv.date("2026-11-30 22:00"))
        return (trip, try TripModel(engine: engine, trip: trip))
    }

    func view(_ trip: Trip, _ schedule: Schedule, at now: Date, _ language: Language = .en) -> RideView {
        RideView(
            network: Kyiv.network, clock: Kyiv.clock, language: language, style: Style(enabled: false), trip: trip,
            schedule: schedule,
            now: now, rehearsalSpeed: nil, notice: nil)
    }

    func testWarningsCoverOnlyTheLegsStillAhead() throws {
        let (trip, model) = try lateTrip()
        let schedule = model.current(trip)
        let stations = Set(schedule.findings.map(\.station))
        XCTAssertEqual(
            stations, [Kyiv.station("Lisova").code, Kyiv.station("Maidan").code], "the fixture warns at both boardings")
        let entry = try XCTUnwrap(schedule.entryIndex)
        let leaves = try XCTUnwrap(schedule.stops[entry].departure)
        let onM1 = view(trip, schedule, at: trip.t0.addingTimeInterval(60)).findingsAhead
        XCTAssertEqual(onM1.map(\.station), [Kyiv.station("Maidan").code], "on M1 only the transfer's warning is left")
        XCTAssertEqual(view(trip, schedule, at: leaves.addingTimeInterval(1)).findingsAhead, [], "on M2 none")
        let frame = ScreenRenderer().frame(view(trip, schedule, at: leaves.addingTimeInterval(1)), width: 80).joined(
            separator: "\n")
        XCTAssertFalse(frame.contains("⚠"), frame)
    }

    func testTheChangeBannerClearsOnTheSecondLegAndAfterDeparted() throws {
        var (trip, model) = try lateTrip()
        var schedule = model.current(trip)
        let alertTime = try XCTUnwrap(schedule.transferAlert)
        trip.alertsFired["transfer-alert"] = alertTime
        let entry = try XCTUnwrap(schedule.entryIndex)
        let leaves = try XCTUnwrap(schedule.stops[entry].departure)
        XCTAssertEqual(view(trip, schedule, at: alertTime.addingTimeInterval(5)).highlighted, .transferAlert)
        XCTAssertNil(
            view(trip, schedule, at: leaves.addingTimeInterval(5)).highlighted, "the second leg: the change is behind")
        // `d` on the platform, before the booked departure: resolved at once.
        let platform = try XCTUnwrap(schedule.transfer?.platformArrival)
        trip.corrections.append(Trip.Correction(.departed, at: platform.addingTimeInterval(10)))
        schedule = model.current(trip)
        XCTAssertNil(view(trip, schedule, at: platform.addingTimeInterval(11)).highlighted, "d resolved it")
        let frame = ScreenRenderer().frame(view(trip, schedule, at: platform.addingTimeInterval(11)), width: 80).joined(
            separator: "\n")
        XCTAssertFalse(frame.contains("Change is next:"), frame)
    }

    func testFortyByFifteenKeepsTheTitleNextStationCountdownsAndKeys() throws {
        var (trip, model) = try lateTrip()
        trip.changes = ServiceChanges(closed: [Kyiv.station("Dnipro").code])
        model = try TripModel(engine: engine, trip: trip)
        let schedule = model.current(trip)
        // The moment with the most to say: all three countdowns, warnings, a notice.
        let moment = try XCTUnwrap(schedule.transferAlert).addingTimeInterval(-20)
        for language in Language.allCases {
            var shown = view(trip, schedule, at: moment, language)
            shown.notice = language.tr(
                "Натисніть a ще раз, щоб підтвердити прибуття (відлік триває).",
                "Press a again to confirm the arrival (the countdown goes on).")
            for (width, height) in [(40, 15), (80, 24), (200, 50), (40, 10)] {
                let frame = ScreenRenderer().frame(shown, width: width, height: height)
                let text = frame.joined(separator: "\n")
                XCTAssertLessThanOrEqual(frame.count, max(height, 10), "\(language) \(width)×\(height):\n\(text)")
                for line in frame {
                    XCTAssertLessThanOrEqual(line.count, width, "\(language) \(width): \(line)")
                    if line.hasPrefix(language.tr("Прибуття", "Arrival")) {
                        XCTAssertFalse(line.hasSuffix("…"), "a cut-off time would mislead: \(line)")
                    }
                }
                XCTAssertTrue(frame[0].contains("Lisova".localizedIn(language)), "the title: \(text)")
                XCTAssertTrue(text.contains(language.tr("Наступна: ", "Next: ")), "the next station: \(text)")
                for label in [
                    language.tr("Готуйтеся до пересадки", "Get ready to change"),
                    language.tr("Готуйтеся виходити", "Get ready"), language.tr("Прибуття", "Arrival"),
                ] {
                    XCTAssertTrue(text.contains(label), "\(label) at \(width)×\(height): \(text)")
                }
                for key in language == .uk
                    ? ["+ позаду", "u скасувати", "q вийти"] : ["+ behind", "u undo", "q leave"]
                {
                    XCTAssertTrue(text.contains(key), "the key \(key) whole at \(width)×\(height): \(text)")
                }
                if height >= 15 {
                    XCTAssertTrue(
                        text.contains("⚠"), "warnings fold, they do not vanish, at \(width)×\(height): \(text)")
                }
            }
        }
    }
}

extension String {
    /// The station's name as the screen shows it in `language`.
    func localizedIn(_ language: Language) -> String {
        language == .en ? self : Names.station(Kyiv.station(self), language)
    }
}

/// `plan` fits the terminal: long lines wrap at spaces, annotations under their station.
final class PlanWidthTests: XCTestCase {
    func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init).filter { $0 != "│" }
    }

    func testPlanFitsFortyEightyAndTwoHundredColumnsInBothLanguages() throws {
        for language in ["en", "uk"] {
            for at in ["08:15", "22:15"] {
                let arguments = [
                    "plan", "Lisova", "Teremky", "--at", at, "--date", "2026-11-30", "--closed", "Dnipro", "--lang",
                    language,
                ]
                let whole = CLI.run(arguments, columns: nil).stdout
                XCTAssertTrue(whole.split(separator: "\n").contains { $0.count > 80 }, "the fixture has long lines")
                for width in [40, 80, 200] {
                    let result = CLI.run(arguments, columns: width)
                    XCTAssertEqual(result.code, 0, result.stderr)
                    for line in result.stdout.split(separator: "\n") {
                        XCTAssertLessThanOrEqual(line.count, width, "\(language) \(width): \(line)")
                    }
                    // Nothing cut, nothing split inside a word: the same words in the same order.
                    XCTAssertEqual(words(result.stdout), words(whole), "\(language) at \(width)")
                    if width == 200 { XCTAssertEqual(result.stdout, whole, "wide enough: nothing wraps") }
                }
            }
        }
    }

    func testAnnotationsWrapUnderTheirStation() throws {
        let lines = CLI.run(["plan", "Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30"], columns: 40).stdout
            .split(separator: "\n").map(String.init)
        // The alert fires early here: marked "get ready" at the stop the train is running to.
        let marked = try XCTUnwrap(
            lines.firstIndex { $0.hasSuffix("│ Vystavkovyi tsentr") }, lines.joined(separator: "\n"))
        XCTAssertEqual(lines[marked + 1], "         │   get ready", "under the name, the rail drawn on")
        let teremky = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("● Teremky") })
        XCTAssertTrue(
            lines[teremky + 1].hasPrefix("             ") && lines[teremky + 1].contains("–"),
            "the range under the last stop, no rail")
    }
}
