import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// What a tap on Start needs (docs/decisions/0080-what-a-tap-needs.md): a published departure
/// has an allowance on both sides. Lisova's first train toward Akademmistechko leaves at
/// 05:34:45 and its last at 22:30:00 (Data/kyiv-timetable.csv, `mr18_127,Лісова,reverse`).
final class TapRuleTests: XCTestCase {
    let first = Kyiv.date("2026-12-07 05:34:45")
    let last = Kyiv.date("2026-12-07 22:30:00")

    /// A real `start` (a process on a clock shifted by libfaketime to `moment`), left at once with
    /// q (the trip goes on): what it said, and the trip it wrote.
    func start(_ route: [String], at moment: Date, language: String = "en") throws -> (ProcessRunner.Result, Trip?) {
        let home = try TestPaths.temporaryDirectory(self) + "/state-\(Int(moment.timeIntervalSince1970))-\(language)"
        var environment = try DaytimeClock.variablesOrSkip(offset: moment.timeIntervalSinceNow.rounded())
        environment["METRO_TIMER_HOME"] = home
        environment["METRO_TIMER_ALERT_BACKEND"] = "off"
        let result = try ProcessRunner.run(
            "metro-timer", ["start"] + route + ["--plain", "--lang", language], environment: environment, input: "q")
        return (result, try FileTripStore(directory: home).load())
    }

    /// A tap six seconds before the first train is that train: the rider taps as the doors
    /// close, or by a phone clock a little fast. The ride is timed from 05:34:45 and says so.
    func testATapSecondsBeforeTheFirstTrainIsThatTrain() throws {
        // (The process reads its clock a moment after the shift is taken: 4 to 6 s before.)
        let (result, trip) = try start(["Lisova", "Teremky"], at: first.addingTimeInterval(-6))
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(trip?.t0, first, "timed from the published first departure")
        XCTAssertNotNil(
            result.stdout.firstMatch(
                of:
                    /Start tapped [4-6] s before the first train left Lisova \(05:34:45\): that is your train, and the ride is timed from 05:34:45\./
            ), result.stdout)
        let (uk, _) = try start(["Lisova", "Teremky"], at: first.addingTimeInterval(-6), language: "uk")
        XCTAssertNotNil(
            uk.stdout.firstMatch(
                of:
                    /Старт — за [4-6] с до відправлення першого поїзда зі станції Лісова \(05:34:45\): це ваш поїзд, поїздку відлічено від 05:34:45\./
            ), uk.stdout)
    }

    /// The allowance is a minute (its edges to the second: `testTheCoreReadsEveryTapTheSameWay`):
    /// a tap earlier than that is no train's, and nothing is written.
    func testATapMoreThanAMinuteBeforeTheFirstTrainIsRefused() throws {
        let (inside, insideTrip) = try start(["Lisova", "Darnytsia"], at: first.addingTimeInterval(-40))
        XCTAssertEqual(inside.code, 0, inside.stderr)
        XCTAssertEqual(insideTrip?.t0, first)
        let (outside, trip) = try start(["Lisova", "Darnytsia"], at: first.addingTimeInterval(-120))
        XCTAssertEqual(outside.code, 1, outside.stdout)
        XCTAssertTrue(outside.stderr.contains("Trains are not running yet"), outside.stderr)
        XCTAssertNil(trip)
    }

    /// The last train's allowance stays five minutes after it, and past it a tap is no train's:
    /// a real start then is refused with the origin's last train named.
    func testTheLastTrainsAllowanceEndsFiveMinutesAfterIt() throws {
        let (inside, insideTrip) = try start(["Lisova", "Darnytsia"], at: last.addingTimeInterval(280))
        XCTAssertEqual(inside.code, 0, inside.stderr)
        XCTAssertEqual(insideTrip?.t0, last)
        let (outside, trip) = try start(["Lisova", "Darnytsia"], at: last.addingTimeInterval(330))
        XCTAssertEqual(outside.code, 1, outside.stdout)
        XCTAssertTrue(outside.stderr.contains("22:30:00"), outside.stderr)
        XCTAssertNil(trip)
    }

    /// The one rule, as the core answers it for any caller (the card precomputes these).
    func testTheCoreReadsEveryTapTheSameWay() throws {
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        let route = try Router(network: Kyiv.network).route(
            from: Kyiv.station("Lisova").code, to: Kyiv.station("Darnytsia").code)
        XCTAssertEqual(engine.tap(route: route, at: first.addingTimeInterval(-61)).t0, nil)
        XCTAssertEqual(engine.tap(route: route, at: first.addingTimeInterval(-60)).t0, first)
        XCTAssertEqual(engine.tap(route: route, at: first).t0, first)
        let noon = Kyiv.date("2026-12-07 12:00:07")
        XCTAssertEqual(engine.tap(route: route, at: noon).t0, noon)
        XCTAssertEqual(engine.tap(route: route, at: last.addingTimeInterval(1)).t0, last)
        XCTAssertEqual(engine.tap(route: route, at: last.addingTimeInterval(300)).t0, last)
        XCTAssertEqual(engine.tap(route: route, at: last.addingTimeInterval(301)).t0, last.addingTimeInterval(301))
    }
}
