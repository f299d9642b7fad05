import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Ukrainian grammar in what the rider reads. «перейдіть на» takes the accusative, so a station's
/// name (nominative) follows «на станцію»; one former name is «Колишня назва»; the journal's
/// outcome does not assume the rider's gender; and at 40 columns the arrival row keeps «через»,
/// or "44:25 · 08:59" reads as two clock times.
final class UkrainianGrammarTests: XCTestCase {
    func view(_ trip: Trip, at moment: Date, _ language: Language = .uk) throws -> RideView {
        let schedule = try TestRide.schedule(trip)
        return RideView(
            network: Kyiv.network, clock: Kyiv.clock, language: language, style: Style(enabled: false), trip: trip,
            schedule: schedule,
            now: moment, rehearsalSpeed: nil, notice: nil)
    }

    func testAChangeSaysNaStantsiiuBeforeTheName() throws {
        let trip = TestRide.trip(t0: Kyiv.date("2026-11-30 10:00"), id: "slips")
        let schedule = try TestRide.schedule(trip)
        let entry = try XCTUnwrap(schedule.entryIndex)
        // Running into the exit (Khreshchatyk), then walking from it.
        let before = try view(trip, at: schedule.stops[entry - 2].departure!.addingTimeInterval(5))
        let instruction = try XCTUnwrap(AlertText.transferInstruction(view: before))
        XCTAssertTrue(instruction.contains("перейдіть на станцію Майдан Незалежності,"), instruction)
        let walking = try view(trip, at: schedule.stops[entry - 1].arrival!.addingTimeInterval(5))
        let text = ScreenRenderer().frame(walking, width: 100).joined(separator: "\n")
        XCTAssertTrue(text.contains("Перехід на станцію Майдан Незалежності"), text)
        XCTAssertTrue(
            LineRenderer(plain: true).sentence(walking, state: walking.state).contains(
                "перейдіть на станцію Майдан Незалежності,"))
        XCTAssertTrue(
            try XCTUnwrap(AlertText.transferInstruction(view: walking)).hasPrefix(
                "Перейдіть на станцію Майдан Незалежності,"))
        for frame in [instruction, text] { XCTAssertFalse(frame.contains("на Майдан"), frame) }
    }

    func testOneFormerNameIsSingular() {
        let one = CLI.run(["station", "Ploshcha Ukrainskykh Heroiv", "--lang", "uk"])
        XCTAssertEqual(one.code, 0, one.stderr)
        XCTAssertTrue(one.stdout.contains("Колишня назва: Площа Льва Толстого"), one.stdout)
        let two = CLI.run(["station", "Maidan Nezalezhnosti", "--lang", "uk"])
        XCTAssertTrue(two.stdout.contains("Колишні назви: Площа Калініна, Площа Жовтневої революції"), two.stdout)
        // The list too.
        XCTAssertTrue(
            CLI.run(["stations", "Ploshcha Ukrainskykh", "--lang", "uk"]).stdout.contains(
                "колишня назва: Площа Льва Толстого\n"))
        XCTAssertTrue(
            CLI.run(["stations", "Maidan", "--lang", "uk"]).stdout.contains(
                "колишні назви: Площа Калініна, Площа Жовтневої революції\n"))
    }

    func testTheJournalsOutcomeHasNoGender() throws {
        let home = try TestRide.saved(
            TestRide.trip("Lisova", "Darnytsia", t0: Kyiv.date("2026-11-30 10:00:00"), id: "slips-j"), for: self)
        let environment = ["NO_COLOR": "1", "METRO_TIMER_HOME": home]
        XCTAssertEqual(CLI.run(["arrived"], now: Kyiv.date("2026-11-30 10:04:10"), environment: environment).code, 0)
        let journal = CLI.run(
            ["journal", "--lang", "uk"], now: Kyiv.date("2026-11-30 10:05"), environment: environment
        ).stdout
        XCTAssertTrue(journal.contains("Лісова → Дарниця  прибули  план "), journal)
    }

    /// The long way round a closed Khreshchatyk, a minute in: about 44 minutes to go.
    func testTheArrivalRowKeepsItsPrepositionAtFortyColumns() throws {
        let trip = TestRide.trip(
            t0: Kyiv.date("2026-12-09 08:15"), id: "slips-40",
            changes: ServiceChanges(closed: [Kyiv.station("Khreshchatyk").code]))
        for language in Language.allCases {
            let shown = try view(trip, at: Kyiv.date("2026-12-09 08:16"), language)
            for height in [10, 15, 24] {
                let frame = ScreenRenderer().frame(shown, width: 40, height: height)
                let row = try XCTUnwrap(
                    frame.first { $0.hasPrefix(language.tr("Прибуття", "Arrival")) }, frame.joined(separator: "\n"))
                XCTAssertTrue(row.contains(language.tr("через ", "in ")), "\(language) 40×\(height): \(row)")
            }
        }
    }
}
