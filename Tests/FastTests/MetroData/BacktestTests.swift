import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroData
@testable import MetroLab

/// The backtest's arithmetic on a crafted timetable whose answers can be worked out by hand.
final class BacktestTests: XCTestCase {
    /// One line of four stations, forward only, built the way real documents arrive: as JSON.
    func crafted(first: [Int], last: [Int]) throws -> NetworkDocument {
        let codes = ["a", "b", "c", "d"]
        let stations = codes.enumerated().map { index, code in
            #"{"code":"\#(code)","line":"T","order":\#(index + 1),"nameUk":"\#(code)","nameEn":"\#(code)","formerNames":[],"aboveGround":false,"latitudeE6":50450000,"longitudeE6":30520000}"#
        }
        let windows = codes.indices.map { index in
            #"{"station":"\#(codes[index])","direction":"forward","firstDeparture":\#(first[index]),"lastDeparture":\#(last[index])}"#
        }
        let json = """
            {"version":1,
             "source":{"dataset":"crafted","publisher":"tests","licence":"none","resourcesDated":"2026-01-01","retrieved":"2026-01-01"},
             "assumptions":{"dwellSeconds":25,"dwellAssumed":true,"plausibleGapMinSeconds":60,"plausibleGapMaxSeconds":420},
             "lines":[{"id":"T","nameUk":"Т","nameEn":"T","color":"red","stations":["a","b","c","d"]}],
             "stations":[\(stations.joined(separator: ","))],
             "segments":[],"transfers":[],"headways":[],
             "serviceWindows":[\(windows.joined(separator: ","))],
             "airRaidSections":[]}
            """
        return try JSONDecoder().decode(NetworkDocument.self, from: Data(json.utf8))
    }

    func testLeaveOneOutErrorsByHand() throws {
        let document = try crafted(first: [0, 100, 200, 300], last: [1000, 1120, 1240, 1360])
        XCTAssertEqual(Backtest.trains(document).count, 2)
        let predictions = Backtest.leaveOneOut(document)
        // Without the first train, every segment is the last train's 120 s: from a, b, c the
        // first train is predicted 20 s late per segment; the last train 20 s early.
        let first = predictions.filter { $0.kind == .first }.map(\.error)
        let last = predictions.filter { $0.kind == .last }.map(\.error)
        XCTAssertEqual(first, [20, 40, 60, 20, 40, 20])
        XCTAssertEqual(last, [-20, -40, -60, -20, -40, -20])
        XCTAssertEqual(predictions.filter { $0.stops == 3 }.count, 2)
        let summary = Backtest.summarize(first + last)
        XCTAssertEqual([summary.count, summary.max], [12, 60])
        XCTAssertEqual(summary.median, 30)
        XCTAssertEqual(summary.p90, 60)
    }

    func testADepotEntrySplitsATrain() throws {
        // The first train's departure at c (50) is before b's (100): a train from the depot.
        let document = try crafted(first: [0, 100, 50, 150], last: [1000, 1120, 1240, 1360])
        let firsts = Backtest.trains(document).filter { $0.kind == .first }
        XCTAssertEqual(firsts.map(\.stations), [["a", "b"], ["c", "d"]])
    }

    func testThePolicyCellsAgreeWithASweepOfWaits() {
        // Each cell's missed and late shares and median earliness, by brute force over 10 000
        // evenly spaced waits in [0, h), from the cell's own interval, booked wait and last step.
        let cells = Backtest.policy(ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock))
        XCTAssertEqual(cells.count, 204)
        for cell in cells {
            let waits = (0..<10_000).map { cell.headway * (Double($0) + 0.5) / 10_000 }
            let missed = Double(waits.filter { $0 + cell.lastStep < cell.alertWait }.count) / 10_000
            let late = Double(waits.filter { $0 < cell.alertWait }.count) / 10_000
            let earliness = waits.map { $0 - cell.alertWait }.sorted()[5_000]
            XCTAssertEqual(cell.missed, missed, accuracy: 0.001)
            XCTAssertEqual(cell.late, late, accuracy: 0.001)
            XCTAssertEqual(cell.medianEarliness, earliness, accuracy: cell.headway / 5_000)
            // The promise: at most 1% of alerts less than 30 s before the train reaches the
            // station (so at most 1% missed) in every cell; never more earliness than needed.
            let warnedUnder30 = Double(waits.filter { $0 + cell.lastStep - cell.alertWait < 30 }.count) / 10_000
            XCTAssertLessThanOrEqual(
                warnedUnder30, 0.01 + 1e-9, "\(cell.line) \(cell.direction) \(cell.dayType) \(cell.hour)")
            XCTAssertLessThanOrEqual(
                cell.missed, 0.01 + 1e-9, "\(cell.line) \(cell.direction) \(cell.dayType) \(cell.hour)")
            XCTAssertEqual(
                cell.alertWait,
                min(cell.bookedWait, max(0, cell.lastStep.rounded(.down) - 30 + (cell.headway / 100).rounded(.down))))
        }
    }

    func testTheRealReportRuns() {
        let predictions = Backtest.leaveOneOut(Network.kyiv.document)
        XCTAssertGreaterThan(predictions.count, 1000)
        // One stop ahead, the published first and last trains agree with the model closely.
        let oneStop = Backtest.summarize(predictions.filter { $0.stops == 1 }.map(\.error))
        XCTAssertLessThanOrEqual(oneStop.p90, 30)
        // Every published train's arrival inside the shipped plan's range.
        let shipped = Backtest.shipped(
            ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), day: .init(year: 2026, month: 11, day: 30))
        XCTAssertGreaterThan(shipped.count, 1000)
        XCTAssertTrue(shipped.allSatisfy(\.covered))
    }
}
