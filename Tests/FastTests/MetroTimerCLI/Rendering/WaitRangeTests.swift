import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The plan's booked-wait line: a range longer than the interval it quotes says why.
final class WaitRangeTests: XCTestCase {
    /// "booked wait 0:59 = ¼ of the 3:54 interval (could be 0:00–4:06)": a range longer than the
    /// interval it quotes, unexplained. Data/kyiv-headways.csv gives two intervals an hour, so
    /// near a change of interval the gap a passenger falls into can be wider than the interval in
    /// force when they reach the platform: the line says so. (07:50: past the first two hours,
    /// where the wait is the feed's real train.)
    func testAWaitRangeLongerThanTheIntervalSaysWhy() throws {
        for language in Language.allCases {
            let plan = CLI.run(
                ["plan", "Lisova", "Teremky", "--at", "07:50", "--date", "2026-11-30", "--lang", language.rawValue],
                columns: 400)
            let line = try XCTUnwrap(
                plan.stdout.split(separator: "\n").map(String.init).first { $0.contains("¼") }, plan.stdout)
            let figures = line.matches(of: #/\d+:\d\d/#).map { String(line[$0.range]) }
            // The walk, the booked wait, the interval, 0:00 and the longest wait.
            XCTAssertGreaterThanOrEqual(figures.count, 5, line)
            let interval = figures[2]
            let longest = figures[4]
            XCTAssertNotEqual(interval, longest, line)
            XCTAssertTrue(
                line.contains(language.tr("інтервали тут сягають \(longest)", "intervals here reach \(longest)")), line)
            // Where the range is the interval, nothing more is said.
            let midday = CLI.run(
                ["plan", "Lisova", "Teremky", "--at", "11:50", "--date", "2026-11-30", "--lang", language.rawValue],
                columns: 400)
            XCTAssertFalse(midday.stdout.contains(language.tr("сягають", "reach")), midday.stdout)
        }
    }
}
