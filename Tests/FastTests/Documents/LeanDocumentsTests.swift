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
}
