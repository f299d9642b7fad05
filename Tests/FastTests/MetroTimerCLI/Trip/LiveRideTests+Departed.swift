import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// "Departed" pressed far past the change threw the arrival back by all that time without a
/// question. Lisova → Teremky from 10:00 (the plan): the M2 is booked to leave Maidan
/// Nezalezhnosti at about 10:19:30 after a wait of 0:00–4:30, and reaches Holosiivska, the
/// sixth stop on, at about 10:29:30 and Vasylkivska at about 10:32.
extension LiveRideTests {
    static let departedLongAfter =
        "'Departed' is the moment the train leaves Maidan Nezalezhnosti, and by the model more time has passed since then than the longest wait there. By now the model has it at Holosiivska, 6 stops from the change. If the train is somewhere else, say where: 'metro-timer at STATION'. Nothing changed."

    /// `metro-timer departed` at 10:31, eleven minutes after the booked M2: refused, saying where
    /// the model has the train and what to type; the trip and its arrival stay as they were. At
    /// 10:21:30 (a wait two minutes longer than booked, within the interval) it is taken.
    func testDepartedFarPastTheChangeIsRefusedAndSaysWhereTheTrainIs() throws {
        let h = try harness()
        let environment = ["METRO_TIMER_HOME": h.context.environment["METRO_TIMER_HOME"]!, "NO_COLOR": "1"]
        let before = try XCTUnwrap(h.store.load())
        let late = CLI.run(["departed", "--lang", "en"], now: Kyiv.date("2026-11-30 10:31"), environment: environment)
        XCTAssertEqual(late.code, 1, late.stdout)
        XCTAssertEqual(late.stderr, "Error: " + Self.departedLongAfter + "\n")
        XCTAssertEqual(try XCTUnwrap(h.store.load()), before, "nothing recorded")

        let uk = CLI.run(["departed", "--lang", "uk"], now: Kyiv.date("2026-11-30 10:31"), environment: environment)
        XCTAssertEqual(
            uk.stderr,
            "Помилка: «Поїзд рушив» — це мить, коли поїзд рушає від станції Майдан Незалежності, а за моделлю відтоді минуло більше часу, ніж триває найдовше очікування там. Зараз, за моделлю, він на станції Голосіївська, 6 зупинок від пересадки. Якщо поїзд деінде, скажіть де: 'metro-timer at СТАНЦІЯ'. Нічого не змінено.\n"
        )

        let taken = CLI.run(
            ["departed", "--lang", "en"], now: Kyiv.date("2026-11-30 10:21:30"), environment: environment)
        XCTAssertEqual(taken.code, 0, taken.stderr)
        XCTAssertEqual(try XCTUnwrap(h.store.load()).corrections.map(\.kind), [.departed])
    }

    /// The ride screen's `d` asks the same rule: at 10:31 it says why not, and records nothing.
    func testTheDKeyFarPastTheChangeSaysWhyAndRecordsNothing() throws {
        let h = try harness()
        let late = Kyiv.date("2026-11-30 10:31")
        h.time.set(late)
        XCTAssertEqual(
            try ride(h, keys: [(late.addingTimeInterval(1), "d"), (late.addingTimeInterval(3), "q")]).0, .left)
        XCTAssertTrue(h.output.text.contains(Self.departedLongAfter), h.output.text)
        XCTAssertEqual(try XCTUnwrap(h.store.load()).corrections, [])
    }
}
