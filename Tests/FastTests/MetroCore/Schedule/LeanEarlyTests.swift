import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroData
@testable import MetroLab

/// The alert policy's promises, as properties over the whole network and day: "yours is next"
/// comes before the train reaches the passenger's station in at least 99% of rides in every
/// cell, under a uniform wait and either published running pattern; every range holds every
/// published train; the displayed times stay the best estimate.
final class LeanEarlyTests: XCTestCase {
    let network = Kyiv.network
    let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
    /// The engine whose range is the published patterns alone (fast with no wait, slow with the
    /// longest): the cap's 1% is a promise against the fast pattern with no wait, and the margin
    /// the shipped range adds beyond it would hide a cap that grew.
    let patternsOnly = ScheduleEngine(
        network: Kyiv.network, clock: Kyiv.clock, rangeMarginShare: 0, rangeLateMarginShare: 0)

    /// Rides that change lines, onto every line, both directions, through every node.
    lazy var transferRoutes: [Route] = {
        let ends = [
            ("Lisova", "Teremky"), ("Teremky", "Lisova"), ("Heroiv Dnipra", "Akademmistechko"),
            ("Akademmistechko", "Heroiv Dnipra"),
            ("Akademmistechko", "Syrets"), ("Syrets", "Lisova"), ("Lisova", "Chervonyi khutir"),
            ("Chervonyi khutir", "Akademmistechko"),
            ("Heroiv Dnipra", "Chervonyi khutir"), ("Chervonyi khutir", "Teremky"), ("Syrets", "Heroiv Dnipra"),
            ("Teremky", "Syrets"),
            // Short last legs: the destination one stop past the entry.
            ("Lisova", "Ploshcha Ukrainskykh Heroiv"), ("Syrets", "Universytet"), ("Teremky", "Arsenalna"),
        ]
        return ends.map { try! Kyiv.route($0.0, $0.1) }
    }()

    func testTheStationIsMissedInAtMostOnePercentOfRidesInEveryCell() throws {
        // The real wait W is uniform on [0, s], s at least the shortest interval the engine
        // found. The train reaches the station before the alert only if, running the fast
        // pattern, it arrives before: earliest arrival (fast, no wait) + W < alert.
        var worst = (share: 0.0, ride: "")
        var cells = 0
        var capped = 0
        for (day, _) in [("2026-11-30", DayType.weekday), ("2026-12-05", .weekend)] {
            for route in transferRoutes {
                for minute in stride(from: 6 * 60, through: 21 * 60 + 40, by: 10) {
                    let t0 = Kyiv.date("\(day) \(minute / 60):\(minute % 60):00")
                    let schedule = patternsOnly.schedule(route: route, t0: t0)
                    let transfer = try XCTUnwrap(schedule.transfer)
                    let exposure = max(0, schedule.alert.timeIntervalSince(schedule.arrivalEarliest))
                    // Near the first and the last trains the wait is to a known train, not a
                    // uniform one: there the alert comes before the earliest arrival, always.
                    guard transfer.realTrain == nil else {
                        XCTAssertEqual(
                            exposure, 0, "\(route.origin)→\(route.destination) \(day) \(minute / 60):\(minute % 60)")
                        cells += 1
                        continue
                    }
                    let share = exposure / Double(transfer.shortestWaitSeconds)
                    if share > worst.share {
                        worst = (share, "\(route.origin)→\(route.destination) \(day) \(minute / 60):\(minute % 60)")
                    }
                    XCTAssertLessThanOrEqual(
                        share, 0.01, "\(route.origin)→\(route.destination) \(day) \(minute / 60):\(minute % 60)")
                    if transfer.alertWaitSeconds < transfer.bookedWaitSeconds { capped += 1 }
                    // The displayed times stay the best estimate: a quarter of the interval.
                    XCTAssertEqual(
                        schedule.stops[schedule.entryIndex!].departure,
                        transfer.platformArrival.addingTimeInterval(TimeInterval(transfer.bookedWaitSeconds)))
                    cells += 1
                }
            }
        }
        XCTAssertGreaterThan(cells, 2500)
        XCTAssertGreaterThan(capped, 0, "late evenings and weekends need the cap")
        XCTAssertLessThanOrEqual(worst.share, 0.01, worst.ride)
    }

    /// The same promise when the stop before the destination is closed: the train passes it
    /// without stopping, so its last step is the run alone and the alert must come earlier.
    /// (Evenings and weekends, where the cap binds; one cell every 20 minutes.)
    ///
    /// The interval here is the widest of the plan's window, not its shortest: the cap takes the
    /// interval the fast pattern meets (its awaited train left the terminal later, and late in
    /// the evening intervals grow), which the best estimate's window need not contain. Measured
    /// against the shortest, one cell reads 4 s of 390 (Teremky → Lisova, Saturday 21:00,
    /// Chernihivska closed: the cap's own interval was 400 s or more). A dwell wrongly left in the last step adds 25 s
    /// to every capped cell, several times 1% of any interval.
    func testTheOnePercentHoldsWithAClosedStopBeforeTheDestination() throws {
        var cells = 0
        var capped = 0
        // Besides the rides onto every line, two whose last run is short, so that the cap binds
        // by nearly a whole dwell in the middle of the day: the dwell a closed stop does not
        // have must not be counted (the cap would then not bind, and the alert come 24 s late).
        let shortLastRuns = [("Akademmistechko", "Ipodrom"), ("Syrets", "Lybidska")].map { try! Kyiv.route($0.0, $0.1) }
        for day in ["2026-11-30", "2026-12-05"] {
            for route in transferRoutes + shortLastRuns {
                let stations = route.legs.last!.stations
                // Only an intermediate stop can be closed and passed (not the change's own entry).
                guard stations.count >= 3 else { continue }
                // The 1% (of alerts under 30 s before the train is there) is the cap's own promise. The lean against an unconfirmed change
                // comes on top of it, earlier still, and would hide a cap that grew:
                // it is set aside here so the cap is what is measured.
                var closed = ScheduleEngine(
                    network: Kyiv.network, clock: Kyiv.clock, alertLeanShare: 0, rangeMarginShare: 0)
                closed.closedStations = [stations[stations.count - 2]]
                // Where the wait is the interval's (not a known train's): mornings past
                // the first two hours and evenings before the last two, when the intervals are long.
                let minutes =
                    Array(stride(from: 7 * 60 + 40, through: 10 * 60, by: 20)) + [12 * 60, 16 * 60]
                    + Array(stride(from: 18 * 60, through: 20 * 60 + 20, by: 20))
                for minute in minutes {
                    let schedule = closed.schedule(
                        route: route, t0: Kyiv.date("\(day) \(minute / 60):\(minute % 60):00"))
                    let transfer = try XCTUnwrap(schedule.transfer)
                    // The cap's promise: "yours is next" at least 30 s before the train can be there
                    // in all but 1 % of waits (decision 0031's "warned less than 30 s").
                    let share =
                        max(0, schedule.alert.addingTimeInterval(30).timeIntervalSince(schedule.arrivalEarliest))
                        / Double(transfer.longestWaitSeconds)
                    XCTAssertLessThanOrEqual(
                        share, 0.01, "\(route.origin)→\(route.destination) \(day) \(minute / 60):\(minute % 60)")
                    if transfer.alertWaitSeconds < transfer.bookedWaitSeconds { capped += 1 }
                    cells += 1
                }
            }
        }
        XCTAssertGreaterThan(cells, 100)
        XCTAssertGreaterThan(capped, 10, "the cap binds in these cells")
    }

    /// Before any change, an alert is the fast pattern's moment (the published last train's gaps,
    /// from the document) leaning early by 8% of the time since t₀: what is still unknown is the
    /// running and the dwell since the last confirmed point (on the bare fast pattern a
    /// train with shorter dwells than the assumed 25 s made one alert in eight late).
    func testAlertsLeanEarlyOfTheBestEstimateAndOfTheFastPattern() throws {
        let t0 = Kyiv.date("2026-11-30 12:00:00")
        /// The fast pattern's arrival at stop `k` of the first leg: the published last train's
        /// departure-to-departure gaps, less the dwell at the stop arrived at.
        func fast(_ route: Route, _ k: Int) -> Date {
            let stations = route.legs[0].stations
            var seconds = 0
            for i in 1...k { seconds += network.segment(from: stations[i - 1], to: stations[i])!.earlyGapSeconds }
            return t0.addingTimeInterval(
                TimeInterval(seconds - network.segment(from: stations[k - 1], to: stations[k])!.dwellSeconds))
        }
        func leaned(_ moment: Date) -> Date {
            moment.addingTimeInterval(-(moment.timeIntervalSince(t0) * 0.08).rounded(.down))
        }
        for route in transferRoutes + [
            try Kyiv.route("Akademmistechko", "Lisova"), try Kyiv.route("Syrets", "Chervonyi khutir"),
        ] {
            let schedule = engine.schedule(route: route, t0: t0)
            let alertStop = schedule.stops[schedule.alertStop!]
            XCTAssertLessThanOrEqual(schedule.alert, alertStop.time, "\(route.origin)→\(route.destination)")
            if let stop = schedule.transferAlertStop {
                // No wait before the first change: the fast pattern, leaning.
                XCTAssertEqual(
                    schedule.transferAlert, leaned(fast(route, stop)), "\(route.origin)→\(route.destination)")
                XCTAssertLessThan(schedule.transferAlert!, fast(route, stop))
            }
            if route.legs.count == 1 {
                XCTAssertEqual(
                    schedule.alert, leaned(fast(route, schedule.alertStop!)),
                    "a one-line ride: the fast pattern, leaning")
            }
        }
    }

    /// After "departed", what is still unknown is the running and the dwell since the press:
    /// the alert is the fast pattern from the press (the published last train's gaps, from the
    /// document), leaning early by 12 % of the time since the press. 8 %, the share of a ride
    /// with no change, let pressing departed make alerts late that would not have been (without it:
    /// +87 in one cell of the correlated family, seed 1; +140 at seed 2).
    func testAfterDepartedTheAlertLeansByTheCorrectedShareOfTheTimeSinceThePress() throws {
        let t0 = Kyiv.date("2026-11-30 12:00:00")
        for route in transferRoutes {
            var trip = Trip(id: "lean", origin: route.origin, destination: route.destination, t0: t0)
            let model = try TripModel(engine: engine, trip: trip)
            let planned = model.current(trip)
            let entry = planned.entryIndices.last!
            let press = planned.stops[entry].departure!.addingTimeInterval(40)
            let departed = Trip.Correction(.departed, at: press)
            XCTAssertNil(model.refusal(for: departed, trip: trip))
            trip.corrections.append(departed)
            let current = model.current(trip)
            let stations = route.legs.last!.stations
            let alertStop = current.alertStop!
            let k = alertStop - entry
            guard k >= 1 else { continue }
            var seconds = 0
            for i in 1...k { seconds += network.segment(from: stations[i - 1], to: stations[i])!.earlyGapSeconds }
            seconds -= network.segment(from: stations[k - 1], to: stations[k])!.dwellSeconds
            let fast = press.addingTimeInterval(TimeInterval(seconds))
            let expected = fast.addingTimeInterval(-(Double(seconds) * 0.12).rounded(.down))
            XCTAssertEqual(
                current.alert, min(expected, current.stops[alertStop].time), "\(route.origin)→\(route.destination)")
        }
    }

    func testEveryPublishedTrainArrivesWithinThePlansRange() throws {
        // Plan each published first and last train from every station of its run to every later
        // one, starting at its published departure: its published arrival (departure less the
        // assumed dwell) must fall inside the plan's range.
        var checked = 0
        var outside: [String] = []
        for train in Backtest.trains(network.document) {
            for i in 0..<(train.stations.count - 1) {
                for j in (i + 1)..<train.stations.count {
                    let route = try Router(network: network).route(from: train.stations[i], to: train.stations[j])
                    guard route.legs.count == 1 else { continue }
                    let day = ServiceClock.ServiceDay(year: 2026, month: 11, day: 30)
                    let schedule = engine.schedule(route: route, t0: Kyiv.clock.date(day, seconds: train.departures[i]))
                    let dwell = network.segment(from: train.stations[j - 1], to: train.stations[j])!.dwellSeconds
                    let published = Kyiv.clock.date(day, seconds: train.departures[j] - dwell)
                    if published < schedule.arrivalEarliest || published > schedule.arrivalLatest {
                        outside.append("\(train.line) \(train.kind) \(train.stations[i])→\(train.stations[j])")
                    }
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000)
        XCTAssertEqual(outside, [])
    }

    func testASegmentWithOneSampleGetsTheOtherPatternFromTheNetworksRatio() {
        let segments = network.document.segments
        let both = segments.filter { $0.sampleGaps.count == 2 }
        let first = both.map { $0.sampleGaps[0] }.reduce(0, +)
        let last = both.map { $0.sampleGaps[1] }.reduce(0, +)
        XCTAssertGreaterThan(first, last, "the first train runs slower than the last, network-wide")
        let single = segments.filter { $0.sampleGaps.count == 1 }
        XCTAssertEqual(single.count, 7)
        for segment in single {
            let sample = segment.sampleGaps[0]
            XCTAssertEqual(
                segment.earlyGapSeconds, sample, "\(segment.from)→\(segment.to): the sample is the fast pattern")
            XCTAssertEqual(Double(segment.lateGapSeconds), Double(sample) * Double(first) / Double(last), accuracy: 0.5)
            XCTAssertEqual(
                segment.gapSeconds, (segment.earlyGapSeconds + segment.lateGapSeconds + 1) / 2,
                "the best estimate is midway")
        }
        for segment in both {
            XCTAssertEqual(segment.earlyGapSeconds, segment.sampleGaps.min())
            XCTAssertEqual(segment.lateGapSeconds, segment.sampleGaps.max())
        }
    }
}
