import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Only what is published is certain. The city publishes, per station and direction, the first
/// and the last departure, and per hour the interval; the trains between the first and the last
/// are computed, their phase unknown, at the edges of the day as at midday. A wait for one is
/// booked (a quarter of the interval) and ranged (no wait to the whole interval), bounded by
/// what is published: no train before the first, none after the last, the last exactly then.
final class PublishedEdgesTests: XCTestCase {
    let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)

    /// The published first and last departures of a station in a direction, as moments of `day`.
    func window(_ station: String, _ direction: Direction, on t0: Date) -> (first: Date, last: Date) {
        let window = Kyiv.network.serviceWindow(station: station, direction: direction)!
        let day = Kyiv.clock.position(of: t0).serviceDay
        return (
            Kyiv.clock.date(day, seconds: window.firstDeparture), Kyiv.clock.date(day, seconds: window.lastDeparture)
        )
    }

    /// Ploshcha Ukrainskykh Heroiv → Dnipro at 06:31 on a weekday: the change at Khreshchatyk
    /// meets an M1 train between the first (05:5x) and the last, so computed. The published
    /// interval toward Lisova before 07:00 is 8:00: the booked wait is 2:00, the wait ranges,
    /// and no train time is given as known. A real train that leaves 60 s after the rider is on
    /// the platform reaches Arsenalna (the stop before Dnipro) 60 s plus the fast published run
    /// Khreshchatyk → Arsenalna later; "yours is next" comes no later than that.
    func testAComputedTrainAfterAChangeIsBookedAndRanged() throws {
        let route = try Kyiv.route("Ploshcha Ukrainskykh Heroiv", "Dnipro")
        let schedule = engine.schedule(route: route, t0: Kyiv.date("2026-12-02 06:31:00"))
        let transfer = try XCTUnwrap(schedule.transfers.first)
        XCTAssertNil(transfer.realTrain, "a computed train is not a known one")
        XCTAssertEqual(transfer.catchableTrains, [], "no computed train's time is named")
        XCTAssertEqual(transfer.headwaySeconds, 480)
        XCTAssertEqual(transfer.bookedWaitSeconds, 120, "a quarter of 8:00")
        XCTAssertGreaterThanOrEqual(transfer.longestWaitSeconds, 480, "the range runs to the whole interval")
        XCTAssertLessThan(transfer.shortestWaitSeconds, transfer.longestWaitSeconds)
        let khreshchatyk = Kyiv.station("Khreshchatyk").code
        let arsenalna = Kyiv.station("Arsenalna").code
        let fastRun = engine.running(from: khreshchatyk, to: arsenalna, pattern: .early).seconds
        let atArsenalna = transfer.platformArrival.addingTimeInterval(60 + fastRun)
        XCTAssertLessThanOrEqual(
            schedule.alert, atArsenalna, "yours is next before a train 60 s after the platform reaches Arsenalna")
        // The plan says it the midday way: booked, and a range.
        let text = CLI.run(
            ["plan", "Ploshcha Ukrainskykh Heroiv", "Dnipro", "--at", "06:31", "--date", "2026-12-02"], columns: nil
        ).stdout
        XCTAssertTrue(text.contains("booked wait 2:00 = ¼ of the computed 8:00 interval (could be 0:00–"), text)
        XCTAssertFalse(text.contains("06:39:54"), "the computed train's second is not given")
    }

    /// Heroiv Dnipra → Lisova on the first M2 train (05:30:00): the rider is on the M1 platform
    /// at Khreshchatyk before its published first departure toward Lisova (05:58:15), so boards
    /// exactly that train, and every train time the plan names is a published one.
    func testThePublishedFirstTrainIsExactAndTheOnlyTimeNamed() throws {
        let route = try Kyiv.route("Heroiv Dnipra", "Lisova")
        let t0 = Kyiv.date("2026-12-02 05:30:00")
        let schedule = engine.schedule(route: route, t0: t0)
        let transfer = try XCTUnwrap(schedule.transfers.first)
        let khreshchatyk = window(Kyiv.station("Khreshchatyk").code, route.legs[1].direction, on: t0)
        XCTAssertEqual(Kyiv.clock.hhmmss(khreshchatyk.first), "05:58:15")
        XCTAssertLessThan(
            transfer.platformArrival, khreshchatyk.first, "(the premise: the rider is there before it leaves)")
        XCTAssertEqual(transfer.realTrain, khreshchatyk.first, "the published first train, exactly")
        XCTAssertEqual(transfer.earliestTrain, khreshchatyk.first)
        XCTAssertEqual(
            transfer.bookedWaitSeconds, Int(khreshchatyk.first.timeIntervalSince(transfer.platformArrival).rounded()))
        for train in transfer.catchableTrains {
            XCTAssertTrue([khreshchatyk.first, khreshchatyk.last].contains(train), "\(train) is not published")
        }
        let text = CLI.run(["plan", "Heroiv Dnipra", "Lisova", "--at", "05:30", "--date", "2026-12-02"], columns: nil)
            .stdout
        XCTAssertTrue(text.contains("for the first train, the 05:58:15 (published)"), text)
    }

    /// Across the first and the last two hours of a weekday and a Saturday, on routes through all
    /// three nodes: every train time a plan names at a change is a published first or last
    /// departure there, no wait ends after the last, and none starts before the first.
    func testNoComputedTrainIsEverCertain() throws {
        let pairs = [
            ("Darnytsia", "Olimpiiska"), ("Lisova", "Teremky"), ("Teremky", "Darnytsia"),
            ("Akademmistechko", "Palats «Ukraina»"),
            ("Heroiv Dnipra", "Lisova"), ("Syrets", "Akademmistechko"), ("Chervonyi khutir", "Obolon"),
            ("Teremky", "Syrets"),
        ]
        var checked = 0
        var failures: [String] = []
        for (from, to) in pairs {
            let route = try Kyiv.route(from, to)
            for date in ["2026-12-02", "2026-12-05"] {
                let origin = window(
                    route.legs[0].stations[0], route.legs[0].direction, on: Kyiv.date(date + " 12:00:00"))
                let offsets = Array(stride(from: 0, through: 2 * 3600, by: 300))
                let starts =
                    offsets.map { origin.first.addingTimeInterval(TimeInterval($0)) }
                    + offsets.map { origin.last.addingTimeInterval(TimeInterval(-$0)) }
                for t0 in starts {
                    let schedule = engine.schedule(route: route, t0: t0)
                    for (number, transfer) in schedule.transfers.enumerated() {
                        let station = route.legs[number + 1].stations[0]
                        let there = window(station, route.legs[number + 1].direction, on: t0)
                        checked += 1
                        let named = transfer.catchableTrains + [transfer.realTrain].compactMap { $0 }
                        for train in named where train != there.first && train != there.last {
                            failures.append(
                                "\(from) → \(to) \(Kyiv.clock.iso8601(t0)): names the computed \(Kyiv.clock.hhmmss(train))"
                            )
                        }
                        if transfer.platformArrival <= there.last, transfer.latestDeparture > there.last {
                            failures.append(
                                "\(from) → \(to) \(Kyiv.clock.iso8601(t0)): a wait past the last train (\(Kyiv.clock.hhmmss(transfer.latestDeparture)))"
                            )
                        }
                        if transfer.earliestDeparture < there.first {
                            failures.append("\(from) → \(to) \(Kyiv.clock.iso8601(t0)): a train before the first")
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 400)
        XCTAssertEqual(failures, [], "\(failures.count) of \(checked)")
    }

    /// Near the last train the wait is bounded by it: a rider on the M2 platform at Maidan a
    /// minute before its published last departure (22:45:50 toward Teremky) waits at most that
    /// minute, and the range's latest train is the last itself, named as published.
    func testTheLastTrainBoundsTheWait() throws {
        let route = try Kyiv.route("Lisova", "Teremky")
        // Find the start whose best estimate is on the platform 60–120 s before the last M2.
        let maidan = window(
            Kyiv.station("Maidan Nezalezhnosti").code, route.legs[1].direction, on: Kyiv.date("2026-12-02 12:00:00"))
        var t0 = Kyiv.date("2026-12-02 22:00:00")
        while let transfer = engine.schedule(route: route, t0: t0).transfers.first,
            maidan.last.timeIntervalSince(transfer.platformArrival) > 120
        {
            t0 = t0.addingTimeInterval(10)
        }
        let transfer = try XCTUnwrap(engine.schedule(route: route, t0: t0).transfers.first)
        let spare = maidan.last.timeIntervalSince(transfer.platformArrival)
        XCTAssertLessThanOrEqual(TimeInterval(transfer.bookedWaitSeconds), spare)
        XCTAssertEqual(transfer.latestDeparture, maidan.last, "at the latest the last train, exactly")
        XCTAssertEqual(transfer.latestTrain, maidan.last)
    }

    /// The last train can be ridden: t₀ is the moment the train moves, so its rider taps at or
    /// after its published departure. Lisova's last M1 toward Akademmistechko leaves at
    /// 22:30:00 on a weekday; a tap at 22:30:03 is that train, timed from 22:30:00.
    func testATapJustAfterTheLastDepartureRidesTheLastTrain() throws {
        let route = try Kyiv.route("Lisova", "Darnytsia")
        let lisova = window(Kyiv.station("Lisova").code, route.legs[0].direction, on: Kyiv.date("2026-12-02 12:00:00"))
        XCTAssertEqual(Kyiv.clock.hhmmss(lisova.last), "22:30:00")
        XCTAssertEqual(engine.lastTrainTappedLate(route: route, t0: lisova.last.addingTimeInterval(3)), lisova.last)
        XCTAssertEqual(
            engine.lastTrainTappedLate(route: route, t0: lisova.last.addingTimeInterval(300)), lisova.last,
            "within five minutes")
        XCTAssertNil(
            engine.lastTrainTappedLate(route: route, t0: lisova.last.addingTimeInterval(301)),
            "later no tap is that train's")
        XCTAssertNil(engine.lastTrainTappedLate(route: route, t0: lisova.last), "on time: nothing to move")
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        let environment = ["NO_COLOR": "1", "METRO_TIMER_HOME": home, "METRO_TIMER_ALERT_BACKEND": "off"]
        let service = TripService(store: FileTripStore(directory: home), engine: engine, language: .en)
        let t0 = try XCTUnwrap(engine.lastTrainTappedLate(route: route, t0: lisova.last.addingTimeInterval(3)))
        _ = try service.start(
            origin: route.origin, destination: route.destination, t0: t0, replace: false, changes: nil)
        let status = CLI.run(["status"], now: lisova.last.addingTimeInterval(60), environment: environment)
        XCTAssertEqual(status.code, 0, status.stderr)
        XCTAssertFalse(status.stdout.contains("⚠"), status.stdout)
        // The real command refuses nothing: the schedule rides the last train.
        let plan = engine.schedule(route: route, t0: t0)
        XCTAssertFalse(plan.findings.contains(where: \.preventsTheRide))
    }

    /// Small sentences: fifteen seconds are said as seconds, not as "0:15" that reads as minutes.
    func testSecondsAreNotReadAsMinutes() throws {
        let text = CLI.run(["plan", "Darnytsia", "Olimpiiska", "--at", "05:39", "--date", "2026-12-02"], columns: nil)
            .stdout
        XCTAssertTrue(text.contains("the 05:39:15 from Darnytsia, 15 s later"), text)
    }
}
