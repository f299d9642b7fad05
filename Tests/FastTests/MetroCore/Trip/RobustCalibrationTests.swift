import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore

/// Calibration plans with the weighted median of the latest measurements: a held train
/// or a slow run now and then is the metro's, and one-sided (a ride is held, never sped up), so
/// it must neither move the figure nor make every other ride's agreement count for nothing. The
/// figures are worked out here by hand.
final class RobustCalibrationTests: XCTestCase {
    let network = Network.kyiv
    func code(_ name: String) -> String { Kyiv.station(name).code }

    /// Seven rides of 100 s and three held to 130 s: the median is 100 s and the rides agree
    /// (half of them sit on it), so the plan runs 100 s. (With the mean, 109 s and a spread of
    /// √189 ≈ 13.7 s, over 3 % of it, the plan fell back to the published figure.)
    func testThreeHeldRidesInTenMoveThePlanByNothing() throws {
        let (from, to) = (code("Teatralna"), code("Khreshchatyk"))
        var calibration = Calibration()
        for seconds in [100.0, 130, 100, 100, 130, 100, 100, 130, 100, 100] {
            try calibration.recordRunning(from: from, to: to, seconds: seconds, network: network)
        }
        var engine = ScheduleEngine(network: network, clock: Kyiv.clock)
        engine.calibration = calibration
        let planned = engine.running(from: from, to: to)
        XCTAssertEqual(planned.source, .calibrated)
        XCTAssertEqual(planned.seconds, 100)
    }

    /// The median is weighted: one dedicated press (weight 1) of 100 s against three passive
    /// measurements (¼ each) of 120, 130 and 140 s. Total weight 1.75; the least value with half
    /// of it (0.875) at or below it is 100 s.
    func testADedicatedPressOutweighsThreePassiveMeasurements() {
        var statistic = Calibration.Statistic()
        statistic.add(100)
        for seconds in [120.0, 130, 140] { statistic.add(seconds, weight: 0.25) }
        XCTAssertEqual(statistic.typical, 100)
        XCTAssertEqual(statistic.mean, (100 + 0.25 * 390) / 1.75, accuracy: 1e-9, "the mean is kept as it was")
    }

    /// Only the latest 15 count for the median: twenty rides of 100 s, then fifteen of 120 s.
    /// (The median is the lower one, the least value with half the weight at or below it: it
    /// leans to the shorter figure, as an early alert does.)
    func testTheMedianForgetsAllButTheLatestFifteen() {
        var statistic = Calibration.Statistic()
        for _ in 0..<20 { statistic.add(100) }
        for _ in 0..<15 { statistic.add(120) }
        XCTAssertEqual(statistic.recent?.count, 15)
        XCTAssertEqual(statistic.typical, 120)
        XCTAssertEqual(statistic.count, 35)
    }

    /// Rides that disagree still fall back to the published figure: five near 100 s and five near
    /// 140 s. The median is 103 s (the fifth of ten, sorted); the deviations from it sorted are
    /// 0, 1, 2, 3, 4, 35, …, so the median deviation is 4 s, ×1.4826 = 5.9 s, over 3 % of 103 s.
    func testRidesThatDisagreeStillFallBackToThePublishedFigure() throws {
        let (from, to) = (code("Teatralna"), code("Khreshchatyk"))
        var calibration = Calibration()
        for seconds in [100.0, 141, 102, 139, 101, 140, 99, 142, 103, 138] {
            try calibration.recordRunning(from: from, to: to, seconds: seconds, network: network)
        }
        let statistic = try XCTUnwrap(calibration.running[Calibration.runningKey(from: from, to: to)])
        XCTAssertEqual(statistic.typical, 103)
        XCTAssertEqual(statistic.robustSpread, 1.4826 * 4, accuracy: 1e-9)
        XCTAssertFalse(statistic.isSteady)
        var engine = ScheduleEngine(network: network, clock: Kyiv.clock)
        engine.calibration = calibration
        XCTAssertEqual(engine.running(from: from, to: to).source, .official)
    }

    /// Two statistics merged (an import beside your own) keep every latest measurement of both.
    func testAMergeKeepsBothSidesLatestMeasurements() {
        var a = Calibration.Statistic()
        var b = Calibration.Statistic()
        for seconds in [100.0, 101, 102] { a.add(seconds) }
        for seconds in [150.0, 151, 152, 153] { b.add(seconds) }
        let merged = a.merged(with: b)
        XCTAssertEqual(merged.recent?.map(\.seconds), [100, 101, 102, 150, 151, 152, 153])
        XCTAssertEqual(merged.typical, 150, "the fourth of seven")
    }

    /// Where the latest measurements do not cover a figure's history, its mean plans: an older
    /// file's 50 rides of 100 s, then three new ones of 120 s, still plan 100 × 50 / 53 + 120 ×
    /// 3 / 53 s, not the three rides' median; and that file merged with an import that keeps its
    /// latest measurements plans with the merged mean too, not the import's median. Once the
    /// window is full (15), its median plans.
    func testLatestMeasurementsThatDoNotCoverTheHistoryLeaveTheMeanToPlan() {
        var old = Calibration.Statistic()
        for _ in 0..<50 { old.add(100) }
        old.recent = nil  // as a file written before they were kept
        var mine = old
        for _ in 0..<3 { mine.add(120) }
        XCTAssertEqual(mine.typical, (100 * 50 + 120 * 3) / 53, accuracy: 1e-9)
        var imported = Calibration.Statistic()
        for seconds in [150.0, 151, 152] { imported.add(seconds) }
        let merged = old.merged(with: imported)
        XCTAssertEqual(merged.typical, (100 * 50 + 151 * 3) / 53, accuracy: 1e-9)
        XCTAssertEqual(imported.merged(with: old).typical, merged.typical, accuracy: 1e-9)
        for _ in 0..<12 { mine.add(120) }
        XCTAssertEqual(mine.recent?.count, 15)
        XCTAssertEqual(mine.typical, 120)
    }

    /// A file from before the latest measurements were kept reads as it did: the mean plans.
    func testAFileWithoutLatestMeasurementsPlansWithTheMeanAsBefore() throws {
        let text = #"{"version":1,"running":{"mr10_119>mr11_120":{"weight":4,"mean":95,"m2":4,"count":4}},"dwell":{}}"#
        let calibration = try JSONObject.decode(Calibration.self, from: Data(text.utf8), rejectDuplicateKeys: true)
        XCTAssertNil(calibration.running["mr10_119>mr11_120"]?.recent)
        XCTAssertNil(calibration.valueProblem())
        var engine = ScheduleEngine(network: network, clock: Kyiv.clock)
        engine.calibration = calibration
        XCTAssertEqual(engine.running(from: "mr10_119", to: "mr11_120").seconds, 95)
        XCTAssertEqual(engine.running(from: "mr10_119", to: "mr11_120").source, .calibrated)
    }

    /// A hostile file cannot plan with latest measurements the mean would not allow: more than 15,
    /// a time outside 0–3600 s, a weight outside 0.001–1000000, or a median outside the plausible
    /// running times. (JSON has no way to write a number that is not finite.)
    func testLatestMeasurementsOutsideTheirBoundsAreRefused() throws {
        func file(_ recent: String) -> Calibration? {
            let text =
                #"{"version":1,"running":{"mr10_119>mr11_120":{"weight":3,"mean":95,"m2":0,"count":3,"recent":"#
                + recent + "}},\"dwell\":{}}"
            return try? JSONObject.decode(Calibration.self, from: Data(text.utf8), rejectDuplicateKeys: true)
        }
        let fine = try XCTUnwrap(
            file(#"[{"seconds":95,"weight":1},{"seconds":96,"weight":1},{"seconds":94,"weight":1}]"#))
        XCTAssertNil(fine.valueProblem())
        XCTAssertNil(fine.networkProblem(network))
        let sixteen = "[" + Array(repeating: #"{"seconds":95,"weight":1}"#, count: 16).joined(separator: ",") + "]"
        for bad in [
            sixteen, #"[{"seconds":4000,"weight":1}]"#, #"[{"seconds":95,"weight":0}]"#,
            #"[{"seconds":95,"weight":1e7}]"#, #"[{"seconds":-1,"weight":1}]"#,
        ] {
            let calibration = try XCTUnwrap(file(bad), bad)
            XCTAssertNotNil(calibration.valueProblem(), bad)
        }
        // Every value in bounds, but the median a running time no segment could have.
        let implausible = try XCTUnwrap(
            file(#"[{"seconds":3000,"weight":1},{"seconds":3000,"weight":1},{"seconds":3000,"weight":1}]"#))
        XCTAssertNil(implausible.valueProblem())
        XCTAssertNotNil(implausible.networkProblem(network))
    }
}
