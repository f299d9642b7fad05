import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroData
@testable import MetroLab

/// The earliness floor: the least median earliness that any alert policy which knows
/// only the route and the moment of the tap could have in a cell, if its alerts are to be late
/// no more often than the goal allows in the world at the fast edge of the family's range. The
/// figures are worked out here by hand from the published segments.
final class EarlinessFloorTests: XCTestCase {
    let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)

    /// A world on the slow published pattern with 25 s dwells, no jitter and no walk spread, at a
    /// whole gap of spread, and the same world at its fast edge.
    func slowPatternAndItsEdge() -> (Simulator, Simulator) {
        var assumptions = SimulationAssumptions.fastPattern(dwell: 25)
        assumptions.spread = 1
        let world = SimulatedWorld(network: Kyiv.network, assumptions: assumptions, factor: 1, dwell: 25)
        let simulator = Simulator(engine: engine, world: world)
        return (simulator, simulator.atTheFastEdge())
    }

    /// M1's ten published runs from Akademmistechko (order 1) to Khreshchatyk (order 11), summed
    /// by hand: the slow train's, and the fastest train's at a whole gap of spread (each the fast
    /// run less the gap to the slow one, never under half the fast run: the simulator's stated
    /// floor on any run) times `scale`.
    func m1RunsToKhreshchatyk(fastestScale scale: Double = 1) throws -> (slow: Double, fastest: Double) {
        let m1 = Kyiv.network.document.stations.filter { $0.line == "M1" }.sorted { $0.order < $1.order }.map(\.code)
        var slow = 0.0
        var fastest = 0.0
        for k in 1...10 {
            let segment = try XCTUnwrap(Kyiv.network.document.segments.first { $0.from == m1[k - 1] && $0.to == m1[k] })
            let fastRun = Double(segment.earlyGapSeconds - segment.dwellSeconds)
            let slowRun = Double(segment.lateGapSeconds - segment.dwellSeconds)
            slow += slowRun
            fastest += max(fastRun - (slowRun - fastRun), fastRun / 2) * scale
        }
        return (slow, fastest)
    }

    /// A world on the slow published pattern with 25 s dwells and no jitter, and its fast edge
    /// at a whole gap of spread: the margin of the alert for Arsenalna (the stop before is
    /// Khreshchatyk) is the slow train's arrival at Khreshchatyk less the fastest train's
    /// departure from it. Each fastest run is the fast run less the gap to the slow one (never
    /// under half the fast run: the simulator's stated floor on any run).
    func testTheMarginIsTheTrueArrivalAtTheStopBeforeLessTheFastestTrainsDepartureFromIt() throws {
        let (simulator, edge) = slowPatternAndItsEdge()
        let route = try Kyiv.route("Akademmistechko", "Arsenalna")
        let t0 = Kyiv.date("2026-12-01 11:00:00")
        var a = SeededGenerator(seed: 1)
        var b = a
        let journey = simulator.journey(route: route, t0: t0, using: &a)
        let fastest = edge.journey(route: route, t0: t0, using: &b)

        // M1 from Akademmistechko to Khreshchatyk: ten segments, nine dwells on the way, and the
        // fastest train's dwell at Khreshchatyk itself.
        var (slowToKhreshchatyk, fastestFromKhreshchatyk) = try m1RunsToKhreshchatyk()
        slowToKhreshchatyk += 9 * 25
        fastestFromKhreshchatyk += 10 * 25
        let expected = slowToKhreshchatyk - fastestFromKhreshchatyk
        XCTAssertEqual(journey.stops.count, 12)
        XCTAssertEqual(EarlinessFloor.margin(journey, edge: fastest, warnsOf: 11), expected, accuracy: 1e-9)
        XCTAssertGreaterThan(expected, 25, "two pattern gaps on ten segments outweigh one dwell")
        XCTAssertEqual(
            EarlinessFloor.sample(journey, edge: fastest, warnsOf: 11), EarlinessFloor.Sample(value: expected),
            "no wait to buy")
        // The alert whose stop before is the origin cannot be late: nothing bounds it.
        XCTAssertEqual(EarlinessFloor.margin(journey, edge: fastest, warnsOf: 1), -.infinity)
    }

    /// The rank: a median of n alerts is at least the ⌈n/2⌉-th smallest earliness; with k of
    /// them allowed to be late (k = ⌊share × n⌋), at least the (⌈n/2⌉ − k)-th smallest margin.
    func testWithoutWaitsTheFloorIsTheMarginAtTheMediansRankLessTheLateAlertsAllowed() {
        func samples(_ values: [Double]) -> [EarlinessFloor.Sample] {
            values.shuffled().map { EarlinessFloor.Sample(value: $0) }
        }
        let ten = (1...10).map { Double($0 * 10) }
        XCTAssertEqual(EarlinessFloor.bound(samples(ten), lateAllowance: 0), 50)
        XCTAssertEqual(EarlinessFloor.bound(samples(ten), lateAllowance: 0.1), 40)
        XCTAssertEqual(EarlinessFloor.bound(samples(ten), lateAllowance: 0.2), 30)
        XCTAssertEqual(EarlinessFloor.bound(samples((1...9).map(Double.init)), lateAllowance: 0), 5)
        XCTAssertEqual(
            EarlinessFloor.bound(samples((1...9).map(Double.init)), lateAllowance: 0.05), 5,
            "⌊0.45⌋ = 0 alerts may be late")
        // Rides whose stop before is the origin bound nothing; where the rank falls on one, no floor.
        XCTAssertEqual(EarlinessFloor.bound(samples([-.infinity, -.infinity, 30, 40, 50]), lateAllowance: 0), 30)
        XCTAssertNil(EarlinessFloor.bound(samples([-.infinity, -.infinity, -.infinity, 40, 50]), lateAllowance: 0))
        XCTAssertNil(EarlinessFloor.bound([], lateAllowance: 0.05))
        XCTAssertNil(EarlinessFloor.bound(samples([10, 20]), lateAllowance: 0.5))
    }

    /// With an unknown wait: an alert 100 s early if never late, on a wait over a 200 s interval,
    /// can be brought to t by accepting a late probability of (100 − t) / 200. Alone, within 5 %:
    /// t = 100 − 0.05 × 200 = 90. With alerts 10 s and 300 s early beside it (no waits) and an
    /// expected 0.3 late alerts: the median is the second, brought to 100 − 0.3 × 200 = 40; with
    /// none, 100.
    func testAnUnknownWaitLetsTheFloorSpendTheLateAllowanceAsAProbability() throws {
        typealias Sample = EarlinessFloor.Sample
        XCTAssertEqual(
            try XCTUnwrap(EarlinessFloor.bound([Sample(value: 100, rate: 200)], lateAllowance: 0.05)), 90,
            accuracy: 0.01)
        let three = [Sample(value: 10), Sample(value: 100, rate: 200), Sample(value: 300)]
        XCTAssertEqual(try XCTUnwrap(EarlinessFloor.bound(three, lateAllowance: 0.1)), 40, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(EarlinessFloor.bound(three, lateAllowance: 0)), 100, accuracy: 0.01)
    }

    /// On a ride with a change, the last leg's wait is unknown to the policy: the sample of
    /// "yours is next" (Lisova → Teremky, the stop before is Ipodrom on M2) is the margin plus the
    /// wait at the fast edge, bought at the interval the edge's wait was drawn over. The ride
    /// leaves where the fastest train reaches the platform under one published interval and the
    /// slow one under the next, so the two worlds' intervals differ. The wait is worked out from
    /// the published walk (120 s, Khreshchatyk → Maidan Nezalezhnosti; no spread in this world).
    func testAfterAChangeTheSampleAddsTheEdgesWaitAtTheEdgesInterval() throws {
        let (simulator, edge) = slowPatternAndItsEdge()
        let route = try Kyiv.route("Lisova", "Teremky")
        let planned = engine.plannedStops(route)
        let exit = try XCTUnwrap(planned.firstIndex { $0.role == .transferExit })
        let entry = exit + 1
        XCTAssertEqual(planned[exit].station, "mr11_120")
        let direction = route.legs[1].direction
        var found = false
        for step in 0..<360 {
            let t0 = Kyiv.date("2026-12-01 10:00:00").addingTimeInterval(Double(step * 10))
            var a = SeededGenerator(seed: 5)
            var b = a
            let journey = simulator.journey(route: route, t0: t0, using: &a)
            let fastest = edge.journey(route: route, t0: t0, using: &b)
            let platform = fastest.stops[exit].arrival!.addingTimeInterval(120)
            let slowPlatform = journey.stops[exit].arrival!.addingTimeInterval(120)
            let interval = Double(engine.interval(line: "M2", direction: direction, at: platform))
            guard interval != Double(engine.interval(line: "M2", direction: direction, at: slowPlatform)) else {
                continue
            }
            found = true
            let wait = fastest.stops[entry].left.timeIntervalSince(platform)
            let last = journey.stops.count - 1
            let sample = EarlinessFloor.sample(journey, edge: fastest, warnsOf: last)
            XCTAssertEqual(
                sample.value, EarlinessFloor.margin(journey, edge: fastest, warnsOf: last) + wait, accuracy: 1e-6,
                "\(t0)")
            XCTAssertEqual(sample.rate, interval, "the edge's interval, not this world's")
            XCTAssertGreaterThanOrEqual(wait, 0)
            XCTAssertLessThanOrEqual(wait, sample.rate)
            break
        }
        XCTAssertTrue(found, "a departure between two published intervals")
    }

    /// The edge of each family: every cell's factor at −spread, the fast family's speed-up at its
    /// most, every day's offset and shift at their fast ends; the dwells as they were drawn.
    func testTheFastEdgeIsTheFamilysFastestRunningWithTheDwellsAsDrawn() {
        var source = SeededGenerator(seed: 3)
        let day = ServiceClock.ServiceDay(year: 2026, month: 12, day: 2)
        for family in WorldFamily.all(spread: 0.6) {
            let world = SimulatedWorld(network: Kyiv.network, assumptions: family.assumptions, using: &source)
            let edge = world.atTheFastEdge()
            XCTAssertTrue(edge.factors.values.allSatisfy { $0 == -0.6 }, family.name)
            XCTAssertEqual(edge.dwellMeans, world.dwellMeans, family.name)
            XCTAssertTrue(edge.speedUps.values.allSatisfy { $0 == family.assumptions.speedUpShare }, family.name)
            XCTAssertEqual(
                edge.speedUps.count, family.assumptions.speedUpShare > 0 ? world.factors.count : 0, family.name)
            let drawn = edge.day(day, line: "M2", direction: .reverse)
            XCTAssertEqual(drawn.offset, -family.assumptions.dayOffsetShare, family.name)
            XCTAssertEqual(drawn.shift, -family.assumptions.dailyFactorShift, family.name)
        }
    }

    /// The floor is a floor: the shipped policy, ridden through today's world and through its fast
    /// edge on the same draws, has a median earliness no lower than the floor allowing the late
    /// alerts it is expected to have at the edge (each alert after a change late with the
    /// probability that the edge's wait is shorter than the time from the platform moment to it;
    /// any other alert late or not as it was). The floor's own promise, checked on a real policy.
    func testTheShippedPolicyIsNeverEarlierThanTheFloorAllowingItsOwnLateAlertsAtTheEdge() {
        var source = SeededGenerator(seed: 21)
        let world = SimulatedWorld(network: Kyiv.network, assumptions: SimulationAssumptions(spread: 1), using: &source)
        let simulator = Simulator(engine: engine, world: world)
        let edge = simulator.atTheFastEdge()
        var samples: [EarlinessFloor.Sample] = []
        var earliness: [Double] = []
        var expectedLate = 0.0
        var changes = 0
        while samples.count < 400 {
            let (route, t0) = simulator.randomRide(using: &source)
            var replay = source
            let journey = simulator.journey(route: route, t0: t0, using: &source)
            let fastest = edge.journey(route: route, t0: t0, using: &replay)
            let rider = SeededGenerator(seed: source.next())
            var a = rider
            var b = rider
            guard let here = simulator.observe(journey, departedProbability: 0, using: &a)?.yours,
                let there = edge.observe(fastest, departedProbability: 0, using: &b)?.yours
            else { continue }
            XCTAssertEqual(here.stop, journey.stops.count - 1)
            XCTAssertEqual(there.fired, here.fired, "the policy knows the route and the tap, the same in both worlds")
            let sample = EarlinessFloor.sample(journey, edge: fastest, warnsOf: here.stop)
            samples.append(sample)
            earliness.append(here.earliness)
            if sample.rate > 0, let wait = fastest.waits[fastest.legs[here.stop - 1]] {
                changes += 1
                let platform = fastest.stops[here.stop - 1].left.addingTimeInterval(-wait.seconds)
                expectedLate += min(1, max(0, here.fired.timeIntervalSince(platform) / sample.rate))
            } else if there.late {
                expectedLate += 1
            }
        }
        let share = expectedLate / Double(samples.count)
        let floor = EarlinessFloor.bound(samples, lateAllowance: share)
        let median = Statistics.quantile(earliness, 0.5)!
        XCTAssertLessThanOrEqual(
            floor ?? .infinity, median, "expected late at the edge: \(expectedLate) of \(samples.count)")
        // Not vacuous: rides with a change among them, and a floor well above nothing.
        XCTAssertGreaterThan(changes, 50)
        XCTAssertGreaterThan(floor ?? 0, 30, "median \(median)")
    }

    /// The late goal is per cell, and after a change the edge's faster ride can board a train in
    /// an earlier hour. Such an alert counts against that hour's goal at the edge, not this one's:
    /// here it bounds nothing. Found by stepping the tap across an hour until the two worlds'
    /// M2 trains leave Maidan Nezalezhnosti in different hours of the service day.
    func testAnAlertWhoseTrainTheEdgeBoardsInAnotherHourBoundsNothingHere() throws {
        let (simulator, edge) = slowPatternAndItsEdge()
        let route = try Kyiv.route("Lisova", "Teremky")
        let planned = engine.plannedStops(route)
        let entry = try XCTUnwrap(planned.firstIndex { $0.role == .transferExit }) + 1
        let last = planned.count - 1
        func hour(_ moment: Date) -> Int { Kyiv.clock.position(of: moment).seconds / 3600 }
        var crossed = 0
        var same = 0
        for step in 0..<240 {
            let t0 = Kyiv.date("2026-12-01 09:30:00").addingTimeInterval(Double(step * 15))
            var a = SeededGenerator(seed: 9)
            var b = a
            let journey = simulator.journey(route: route, t0: t0, using: &a)
            let fastest = edge.journey(route: route, t0: t0, using: &b)
            let sample = EarlinessFloor.sample(journey, edge: fastest, warnsOf: last)
            XCTAssertTrue(EarlinessFloor.margin(journey, edge: fastest, warnsOf: last).isFinite)
            if hour(journey.stops[entry].left) != hour(fastest.stops[entry].left) {
                crossed += 1
                XCTAssertEqual(sample.value, -.infinity, "\(t0): the edge's train is in the hour before")
            } else {
                same += 1
                XCTAssertTrue(sample.value.isFinite, "\(t0)")
            }
        }
        XCTAssertGreaterThan(crossed, 0, "a tap whose change train crosses the hour at the edge")
        XCTAssertGreaterThan(same, crossed)
    }

    /// The late alerts the goal allows are a share of the alerts the edge has in the cell (from
    /// any cell's rides), not of the rides here: ten alerts 10…100 s early, with twenty at the edge
    /// and 10 % allowed, may have two late, so the median (the 5th) is brought to the 3rd: 30 s;
    /// with ten at the edge, one: 40 s; with none, 50 s.
    func testTheLateAllowanceIsAShareOfTheEdgesAlertsInTheCell() {
        var floor = EarlinessFloor()
        floor.samples = (1...10).map { EarlinessFloor.Sample(value: Double($0 * 10)) }
        floor.edgeAlerts = 20
        XCTAssertEqual(floor.bounds(lateLimit: 0.1).yours, 30)
        floor.edgeAlerts = 10
        XCTAssertEqual(floor.bounds(lateLimit: 0.1).yours, 40)
        floor.edgeAlerts = 0
        XCTAssertEqual(floor.bounds(lateLimit: 0.1).yours, 50)
        XCTAssertNil(floor.bounds(lateLimit: 0.1).changes)
        floor.changeSamples = [EarlinessFloor.Sample(value: 100, rate: 200)]
        floor.changeEdgeAlerts = 1
        XCTAssertEqual(try XCTUnwrap(floor.bounds(lateLimit: 0.05).changes), 90, accuracy: 0.01)
    }

    /// The world the floor that also keeps the fast family's goal stands on, worked by hand as
    /// above: at the fast family's edge every run is the fastest train's less the gap (never under
    /// half the fast run) and 3 % faster still; here every dwell is 15 s, the fast family's least.
    /// Against the same slow train, the margin of the alert for Arsenalna grows by what those
    /// take off. (A characterisation of the edge, which that floor replays rides at.)
    func testAtTheFastFamilysEdgeTheMarginAlsoTakesItsSpeedUpAndItsShortDwells() throws {
        let (simulator, _) = slowPatternAndItsEdge()
        var fastAssumptions = SimulationAssumptions.fastPattern(dwell: 15)
        fastAssumptions.spread = 1
        fastAssumptions.speedUpShare = 0.03
        let fastEdge = Simulator(
            engine: engine,
            world: SimulatedWorld(network: Kyiv.network, assumptions: fastAssumptions, factor: 0, dwell: 15)
        ).atTheFastEdge()
        let route = try Kyiv.route("Akademmistechko", "Arsenalna")
        let t0 = Kyiv.date("2026-12-01 11:00:00")
        var a = SeededGenerator(seed: 1)
        var b = a
        let journey = simulator.journey(route: route, t0: t0, using: &a)
        let fastest = fastEdge.journey(route: route, t0: t0, using: &b)
        var (slowToKhreshchatyk, fastestFromKhreshchatyk) = try m1RunsToKhreshchatyk(fastestScale: 0.97)
        slowToKhreshchatyk += 9 * 25
        fastestFromKhreshchatyk += 10 * 15
        XCTAssertEqual(
            EarlinessFloor.margin(journey, edge: fastest, warnsOf: 11), slowToKhreshchatyk - fastestFromKhreshchatyk,
            accuracy: 1e-6)
    }

    /// Where the policy may be tuned, the run also gives the floor for a policy that keeps the
    /// fast family's late goal too (10 %): the larger of the cell's own floor and the floor at
    /// the fast family's edge. Replaying there takes nothing from the rides: every figure and
    /// every own floor is what the run without it gives. Each floor is its samples' bound at its
    /// family's late limit: 5 % at today's edge, 10 % at the fast family's. And it is a real
    /// constraint: the fast family's edge runs 3 % faster with dwells of 15–25 s, so in most cells
    /// the floor rises.
    func testTheFloorThatAlsoKeepsTheFastFamilysLateGoalIsTheLargerOneAndTakesNothingFromTheRides() {
        let family = WorldFamily.today(spread: 1)
        let fast = WorldFamily.fast(spread: 1)
        let alone = FamilyRun(engine: engine, family: family, seed: 4, perCell: 1, maxRides: 1500, learningWorlds: 0)
        let run = FamilyRun(
            engine: engine, family: family, seed: 4, perCell: 1, maxRides: 1500, learningWorlds: 0, alsoHolding: fast)
        XCTAssertNil(alone.alsoHolding)
        XCTAssertTrue(alone.floorsAlsoHolding.isEmpty)
        XCTAssertEqual(run.alsoHolding?.name, "fast")
        XCTAssertEqual(run.rides, alone.rides)
        XCTAssertEqual(run.floors, alone.floors)
        for index in FamilyRun.departedSettings.indices {
            XCTAssertEqual(run.summaries[index].overall, alone.summaries[index].overall)
        }
        func larger(_ a: Double?, _ b: Double?) -> Double? { [a, b].compactMap { $0 }.max() }
        for (cell, samples) in run.edgeSamples {
            let own = samples.bounds(lateLimit: 0.05)
            XCTAssertEqual(run.floors[cell], own, "\(cell)")
            let there = try? XCTUnwrap(run.alsoHoldingEdgeSamples[cell]?.bounds(lateLimit: 0.10), "\(cell)")
            XCTAssertEqual(run.floorsAlsoHolding[cell]?.yours, larger(own.yours, there?.yours), "\(cell)")
            XCTAssertEqual(run.floorsAlsoHolding[cell]?.changes, larger(own.changes, there?.changes), "\(cell)")
        }
        var compared = 0
        var higher = 0
        for (cell, own) in run.floors {
            let both = run.floorsAlsoHolding[cell]
            for (mine, joint) in [(own.yours, both?.yours), (own.changes, both?.changes)] {
                guard let mine else { continue }
                let joint = try? XCTUnwrap(joint, "\(cell): an own floor, so a floor with the fast family's goal")
                guard let joint else { continue }
                compared += 1
                XCTAssertGreaterThanOrEqual(joint, mine, "\(cell)")
                if joint > mine { higher += 1 }
            }
        }
        XCTAssertGreaterThan(compared, 100)
        XCTAssertGreaterThan(higher, compared / 2, "the fast family's edge is faster than today's")
        let own = run.floorSummary(minimumRides: 1)
        let both = run.floorSummary(minimumRides: 1, alsoHolding: true)
        XCTAssertEqual(own.judged, both.judged)
        XCTAssertGreaterThan(both.over90, own.over90)
        XCTAssertGreaterThan(both.median ?? 0, own.median ?? .infinity)
    }
}
