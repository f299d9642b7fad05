import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// A terminal too small to draw the ride in (below 40×10) gets a notice that fits it, in both
/// languages. (The real terminal growing out of it: TerminalTests.)
final class SmallTerminalTests: XCTestCase {
    let t0 = Kyiv.date("2026-11-30 10:00")

    func testBelowFortyByTenTheScreenSaysSo() throws {
        let trip = TestRide.trip(t0: t0)
        let schedule = try TestRide.schedule(trip)
        // (40×10 and up are drawn whole: ScreenLayoutTests.)
        for (width, height) in [(39, 24), (80, 9), (20, 6), (10, 3)] {
            for language in Language.allCases {
                let view = RideView(
                    network: Kyiv.network, clock: Kyiv.clock, language: language, style: Style(enabled: false),
                    trip: trip, schedule: schedule,
                    now: t0.addingTimeInterval(60), rehearsalSpeed: nil, notice: nil)
                let lines = ScreenRenderer().frame(view, width: width, height: height)
                XCTAssertLessThanOrEqual(lines.count, height, "\(width)×\(height)")
                for line in lines { XCTAssertLessThanOrEqual(line.count, width, line) }
                XCTAssertTrue(lines.joined(separator: " ").hasPrefix(language.tr("Замалий", "Terminal")), "\(lines)")
            }
        }
    }
}
