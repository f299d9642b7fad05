import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore

/// The arrival's range reaches 15 % of the time ridden past the slow pattern, 12 % past the fast
/// one (docs/decisions/0089). The expectations are worked from the published figures (the
/// segments' gaps and dwells in Data/), not from the engine's schedule.
final class RangeLateMarginTests: XCTestCase {
    let network = Kyiv.network
    let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)

    /// Departure to departure along `stations` from index `from` to index `to`, on the fast
    /// pattern (`early`) or the best estimate, in seconds.
    func gaps(_ stations: [String], from: Int, to: Int, early: Bool) -> Int {
        guard to > from else { return 0 }
        return (from + 1...to).reduce(0) { total, i in
            let segment = network.segment(from: stations[i - 1], to: stations[i])!
            return total + (early ? segment.earlyGapSeconds : segment.gapSeconds)
        }
    }

    func dwell(_ stations: [String], into i: Int) -> Int {
        network.segment(from: stations[i - 1], to: stations[i])!.dwellSeconds
    }

    /// One line, no change: the range is the fast pattern less 12 % of the time to the best
    /// estimate's arrival, to the slow pattern plus 15 % of it.
    func testTheRangeReachesFifteenPercentPastTheSlowPatternAndTwelvePastTheFast() throws {
        let t0 = Kyiv.date("2026-11-30 12:00:00")
        for (origin, destination) in [
            ("Akademmistechko", "Lisova"), ("Syrets", "Chervonyi khutir"), ("Heroiv Dnipra", "Teremky"),
        ] {
            let route = try Kyiv.route(origin, destination)
            let stations = route.legs[0].stations
            let last = stations.count - 1
            let into = dwell(stations, into: last)
            var late = 0
            for i in 1...last { late += network.segment(from: stations[i - 1], to: stations[i])!.lateGapSeconds }
            let slow = t0.addingTimeInterval(TimeInterval(late - into))
            let fast = t0.addingTimeInterval(TimeInterval(gaps(stations, from: 0, to: last, early: true) - into))
            let best = TimeInterval(gaps(stations, from: 0, to: last, early: false) - into)
            let schedule = engine.schedule(route: route, t0: t0)
            XCTAssertEqual(schedule.arrival, t0.addingTimeInterval(best), "\(origin)→\(destination)")
            XCTAssertEqual(
                schedule.arrivalLatest, slow.addingTimeInterval((best * 0.15).rounded(.up)), "\(origin)→\(destination)")
            XCTAssertEqual(
                schedule.arrivalEarliest, fast.addingTimeInterval(-(best * 0.12).rounded(.up)),
                "\(origin)→\(destination)")
        }
    }
}
