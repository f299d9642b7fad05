import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// What the ride's screen and its `--plain` sentence say as the ride goes on: a closure already
/// passed leaves the screen, a cut instruction says it is cut, long durations in hours.
final class RideWordingTests: XCTestCase {
    /// A view of Lisova → Teremky from 10:00:00 on Monday 2026-11-30, with `changes`.
    func view(_ changes: ServiceChanges?, at moment: (Schedule) -> Date, language: Language = .en) throws -> RideView {
        let trip = TestRide.trip(t0: Kyiv.date("2026-11-30 10:00:00"), id: "words", changes: changes)
        let schedule = try TestRide.schedule(trip)
        return RideView(
            network: Kyiv.network, clock: Kyiv.clock, language: language, style: Style(enabled: false), trip: trip,
            schedule: schedule, now: moment(schedule), rehearsalSpeed: nil, notice: nil)
    }

    /// "Service changes: Khreshchatyk closed" stayed on the screen after the train had run
    /// through Khreshchatyk (10:16:28): at 10:15 it is ahead, at 10:19 behind.
    func testAClosureThePassengerHasPassedLeavesTheScreen() throws {
        let closed = ServiceChanges(closed: [Kyiv.station("Khreshchatyk").code])
        for language in Language.allCases {
            let note = language.tr("станція Хрещатик зачинена", "Khreshchatyk closed")
            let before = try view(closed, at: { _ in Kyiv.date("2026-11-30 10:15:00") }, language: language)
            XCTAssertTrue(ScreenRenderer().frame(before, width: 80).joined(separator: "\n").contains(note))
            let after = try view(closed, at: { _ in Kyiv.date("2026-11-30 10:19:00") }, language: language)
            let frame = ScreenRenderer().frame(after, width: 80).joined(separator: "\n")
            XCTAssertFalse(frame.contains(note), frame)
            // What else is in force stays said.
            var more = closed
            more.headways = ["M2": 600]
            let still = try view(more, at: { _ in Kyiv.date("2026-11-30 10:19:00") }, language: language)
            let kept = ScreenRenderer().frame(still, width: 80).joined(separator: "\n")
            XCTAssertTrue(kept.contains(language.tr("M2 кожні 10:00", "M2 every 10:00")) && !kept.contains(note), kept)
        }
    }

    /// At 40×10 the change's instruction is cut to one or two lines: the cut says so with "…"
    /// (a line that stops mid-sentence with no mark reads as the whole instruction). Every 20 s
    /// from seven minutes before the new platform is reached to three after, both languages.
    func testACutInstructionEndsWithAnEllipsis() throws {
        var cuts = 0
        for language in Language.allCases {
            for offset in stride(from: -420, through: 180, by: 20) {
                let view = try view(
                    nil, at: { $0.transfers[0].platformArrival.addingTimeInterval(Double(offset)) }, language: language)
                guard let whole = AlertText.transferInstruction(view: view) else { continue }
                let frame = ScreenRenderer().frame(view, width: 40, height: 10)
                XCTAssertLessThanOrEqual(frame.count, 10)
                guard let first = frame.firstIndex(where: { $0.hasPrefix("⇄ ") }) else { continue }
                var shown = [frame[first]]
                for line in frame[(first + 1)...] where line.hasPrefix("  ") { shown.append(line) }
                let words = shown.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                if words != "⇄ " + whole {
                    cuts += 1
                    XCTAssertTrue(shown.last!.hasSuffix("…"), "\(language) \(offset)\n" + frame.joined(separator: "\n"))
                }
                XCTAssertTrue(shown.allSatisfy { $0.count <= 40 })
            }
        }
        XCTAssertGreaterThan(cuts, 0, "no moment cut the instruction: the test shows nothing")
    }

    /// `--plain` said "about 75 minutes" and "близько 75 хв" where every other output says
    /// "1 h 15 min": the spoken form is the one formatter's, in words a screen reader says well.
    func testThePlainSentenceSaysLongDurationsInHoursAndMinutes() throws {
        // 30 min before t0 (10:00:00) the train leaves in 30 min and arrives at Teremky at about
        // 10:45, so the arrival is about 75 minutes away.
        let early = { (_: Schedule) in Kyiv.date("2026-11-30 09:30:00") }
        let en = try view(nil, at: early)
        let minutes = Int((en.schedule.arrival.timeIntervalSince(Kyiv.date("2026-11-30 09:30:00")) / 60).rounded())
        XCTAssertTrue((61...119).contains(minutes), "\(minutes)")
        let spokenEn = "about 1 hour \(minutes - 60) minutes"
        XCTAssertTrue(
            LineRenderer(plain: true).sentence(en, state: en.state).hasSuffix(spokenEn + "."),
            LineRenderer(plain: true).sentence(en, state: en.state))
        let uk = try view(nil, at: early, language: .uk)
        // «близько» takes the genitive: 1 години, 15 хвилин (21 хвилини).
        let rest = minutes - 60
        let form = rest % 10 == 1 && rest % 100 != 11 ? "хвилини" : "хвилин"
        XCTAssertTrue(
            LineRenderer(plain: true).sentence(uk, state: uk.state).hasSuffix("близько 1 години \(rest) \(form)."),
            LineRenderer(plain: true).sentence(uk, state: uk.state))
    }
}
