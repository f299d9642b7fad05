import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import TimetableGenCLI

/// What the documents say about the lean is what the engine ships. An alert leans early
/// by `alertLeanShare` of the time since the last confirmed point while it rests on a change
/// nobody confirmed, and by `confirmedLeanShare` after "departed" (and on a ride with no change):
/// the press no longer removes the lean. The pages said it did, and gave only the first share.
final class LeanDocumentsTests: XCTestCase {
    func testEveryPageOnTheLeanGivesBothSharesAndNoneSaysDepartedRemovesIt() throws {
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        /// The share as a whole percentage standing alone ("8%", not the end of "12.8%").
        func percent(_ share: Double) -> String { "(?<![0-9.,])\(Int((share * 100).rounded()))%" }
        func read(_ relative: String) throws -> String {
            try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(relative), encoding: .utf8)
        }
        let pages: [(String, String)] = [
            ("docs/guide/riding.md", try read("docs/guide/riding.md")),
            ("docs/guide/planning.md", try read("docs/guide/planning.md")),
            (
                "docs/decisions/0004-the-lean-early-alert-policy.md",
                try read("docs/decisions/0004-the-lean-early-alert-policy.md")
            ),
            ("timetable-gen backtest", BacktestReport.policy(engine, document: Kyiv.network.document)),
        ]
        for (name, page) in pages {
            // One line, and "10 %" read as "10%" (the pages use both).
            let text = page.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: " %", with: "%")
            XCTAssertNotNil(
                text.range(of: percent(engine.alertLeanShare), options: .regularExpression),
                "\(name) gives the lean before departed")
            XCTAssertNotNil(
                text.range(of: percent(engine.confirmedLeanShare), options: .regularExpression),
                "\(name) gives the lean with no change")
            XCTAssertNotNil(
                text.range(of: percent(engine.correctedLeanShare), options: .regularExpression),
                "\(name) gives the lean after departed")
            for stale in ["the lean goes", "removes the lean", "drops the lean", "the lean is gone"] {
                XCTAssertFalse(text.lowercased().contains(stale), "\(name) says '\(stale)'")
            }
        }
    }

    /// The alert's booked wait after a change is capped at the last step less
    /// `warnedAtLeastSeconds`, plus 1 % of the shortest interval (decision 0076). The backtest's
    /// prose (and bench/README.md, which quotes it) and decision 0004 said the last step plus 1 %,
    /// leaving out the 30 s the engine keeps.
    func testEveryPageThatGivesTheCapGivesItsWarning() throws {
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        func read(_ relative: String) throws -> String {
            try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(relative), encoding: .utf8)
        }
        let pages: [(String, String)] = [
            ("timetable-gen backtest", BacktestReport.policy(engine, document: Kyiv.network.document)),
            ("bench/README.md", try read("bench/README.md")),
            ("docs/guide/planning.md", try read("docs/guide/planning.md")),
            (
                "docs/decisions/0004-the-lean-early-alert-policy.md",
                try read("docs/decisions/0004-the-lean-early-alert-policy.md")
            ),
            (
                "docs/decisions/0031-what-the-alert-policy-leaves-unmet.md",
                try read("docs/decisions/0031-what-the-alert-policy-leaves-unmet.md")
            ),
        ]
        let warning = "less \(ScheduleEngine.warnedAtLeastSeconds) s"
        for (name, page) in pages {
            // One line, without Markdown's emphasis.
            let text = page.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "**", with: "")
            var said = 0
            var from = text.startIndex
            while let cap = text.range(of: "capped at the last step", range: from..<text.endIndex) {
                said += 1
                // The step, then what the cap keeps: "(fast pattern, …) less 30 s" may come between.
                let after = text[cap.upperBound...].prefix(160)
                let plus = after.range(of: "plus 1")
                XCTAssertNotNil(plus, "\(name): the cap's 1 % follows at \(after)")
                if let plus {
                    XCTAssertTrue(
                        after[..<plus.lowerBound].contains(warning),
                        "\(name) gives the cap without its \(warning): \(after[..<plus.upperBound])")
                }
                from = cap.upperBound
            }
            XCTAssertGreaterThan(said, 0, "\(name) gives the cap")
        }
    }
}
