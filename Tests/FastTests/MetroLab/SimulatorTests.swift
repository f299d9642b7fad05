import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroData
@testable import MetroLab

/// The simulator's properties (not its timings): determinism, the world's ranges, the fast
/// pattern reproducing the published trains, and what it says about the shipped policy.
final class SimulatorTests: XCTestCase {
    let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)

    func testTheSameSeedGivesTheSameFiguresAndAnotherSeedOthers() {
        let assumptions = SimulationAssumptions(spread: 0.5)
        let a = Simulation.run(engine: engine, assumptions: assumptions, seed: 7, rides: 150)
        let b = Simulation.run(engine: engine, assumptions: assumptions, seed: 7, rides: 150)
        let c = Simulation.run(engine: engine, assumptions: assumptions, seed: 8, rides: 150)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a.overall.errors, c.overall.errors)
        XCTAssertEqual(a.overall.rides, 150)
        // More rides never change the world: the first rides are the same rides.
        let longer = Simulation.run(engine: engine, assumptions: assumptions, seed: 7, rides: 200)
        XCTAssertEqual(Array(longer.overall.errors.prefix(150)), a.overall.errors)
    }

    func testTheWorldsFactorsAndDwellsStayInsideTheirRanges() {
        for spread in [0.0, 0.5, 1.0] {
            var source = SeededGenerator(seed: 42)
            let world = SimulatedWorld(
                network: Kyiv.network, assumptions: SimulationAssumptions(spread: spread), using: &source)
            XCTAssertEqual(world.factors.count, Kyiv.network.document.headways.count)
            let factors = Array(world.factors.values)
            XCTAssertTrue(factors.allSatisfy { (-spread...(1 + spread)).contains($0) }, "spread \(spread)")
            // The range is used, not just respected: with 204 draws both ends are approached.
            XCTAssertLessThan(factors.min()!, -spread + 0.1)
            XCTAssertGreaterThan(factors.max()!, 1 + spread - 0.1)
            XCTAssertTrue(world.dwellMeans.values.allSatisfy { (20...35).contains($0) })
            XCTAssertEqual(world.dwellMeans.count, Kyiv.network.stations.count)
        }
    }

    func testTheSeededGeneratorMatchesSplitMix64() {
        // The reference values of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
        var generator = SeededGenerator(seed: 0)
        XCTAssertEqual(generator.next(), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(generator.next(), 0x6E78_9E6A_A1B9_65F4)
    }

    /// A world that is the fast published pattern, with the assumed dwell and no jitter, runs
    /// every published last train exactly: the simulated true arrival is the published one
    /// (departure less the dwell), so the plan's error against it is the backtest's.
    func testAWorldEqualToTheFastPatternReproducesThePublishedLastTrains() throws {
        let document = Kyiv.network.document
        let dwell = Double(document.assumptions.dwellSeconds)
        let world = SimulatedWorld(
            network: Kyiv.network, assumptions: .fastPattern(dwell: dwell), factor: 0, dwell: dwell)
        let simulator = Simulator(engine: engine, world: world)
        var source = SeededGenerator(seed: 1)
        let day = ServiceClock.ServiceDay(year: 2026, month: 11, day: 30)
        var errors: [Int] = []
        var mismatches = 0
        var rides = 0
        for train in Backtest.trains(document) where train.kind == .last {
            for i in 0..<(train.stations.count - 1) {
                for j in (i + 1)..<train.stations.count {
                    guard
                        let route = try? Router(network: Kyiv.network).route(
                            from: train.stations[i], to: train.stations[j]), route.legs.count == 1
                    else { continue }
                    let t0 = Kyiv.clock.date(day, seconds: train.departures[i])
                    let journey = simulator.journey(route: route, t0: t0, using: &source)
                    let published = train.departures[j] - document.assumptions.dwellSeconds - train.departures[i]
                    rides += 1
                    if Int(journey.arrival.timeIntervalSince(t0).rounded()) != published { mismatches += 1 }
                    let result = try XCTUnwrap(simulator.observe(journey, using: &source))
                    errors.append(Int(result.arrivalError.rounded()))
                }
            }
        }
        XCTAssertEqual(mismatches, 0)
        let backtest = Backtest.shipped(engine, day: day).filter { $0.kind == .last }
        XCTAssertEqual(rides, backtest.count)
        XCTAssertEqual(Backtest.summarize(errors), Backtest.summarize(backtest.map(\.error)))
        XCTAssertEqual(Backtest.mean(errors), Backtest.mean(backtest.map(\.error)), accuracy: 1e-9)
    }

    /// The learning curve's goal: after 10 rides of a route, the calibrated plan's median error
    /// is within 1.25× the oracle's (which knows the world's hidden figures).
    func testCalibrationConvergesToWithinAQuarterOfTheOracle() throws {
        let curve = Simulation.learningCurve(
            engine: engine, assumptions: SimulationAssumptions(spread: 1), seed: 3, worlds: 40, checkpoints: [0, 10])
        let before = try XCTUnwrap(curve.first)
        let after = try XCTUnwrap(curve.last)
        XCTAssertEqual(after.samples, 80)
        XCTAssertGreaterThan(before.medianAbsError, 1.5 * before.oracleMedianAbsError)
        XCTAssertLessThanOrEqual(after.medianAbsError, 1.25 * after.oracleMedianAbsError)
    }

    /// Calibration never makes the missed share worse: in random worlds, the same rides (the
    /// same draws) with a learned calibration miss no more often than without it.
    func testCalibrationNeverMakesTheMissedShareWorse() {
        var worlds = SeededGenerator(seed: 11)
        var worse: [String] = []
        for index in 0..<6 {
            let spread = [0.0, 0.5, 1.0][index % 3]
            let assumptions = SimulationAssumptions(spread: spread, departedProbability: index < 3 ? 0 : 0.5)
            let world = SimulatedWorld(network: Kyiv.network, assumptions: assumptions, using: &worlds)
            let simulator = Simulator(engine: engine, world: world)
            let commuter = Simulation.Commuter.random(Kyiv.network, sameLine: index % 2 == 0, using: &worlds)
            var calibration = Calibration()
            var learning = SeededGenerator(seed: UInt64(100 + index))
            Simulation.commute(
                simulator, commuter: commuter, days: 15, learn: true, calibration: &calibration, using: &learning
            ) { _, _ in }
            var missed: [Bool: Int] = [:]
            for calibrated in [false, true] {
                // The same draws both times: only the calibration differs.
                var rides = SeededGenerator(seed: UInt64(200 + index))
                var count = 0
                for day in 0..<60 {
                    for (route, start) in [(commuter.outbound, commuter.morning), (commuter.inbound, commuter.evening)]
                    {
                        let t0 = Kyiv.clock.date(
                            Kyiv.clock.shifted(ServiceClock.ServiceDay(year: 2026, month: 11, day: 30), by: day),
                            seconds: start + 600)
                        let journey = simulator.journey(route: route, t0: t0, using: &rides)
                        guard
                            let result = simulator.observe(
                                journey, calibration: calibrated ? calibration : nil, using: &rides)
                        else { continue }
                        if result.yours?.missed == true { count += 1 }
                        count += result.changes.filter(\.missed).count
                    }
                }
                missed[calibrated] = count
            }
            if missed[true]! > missed[false]! { worse.append("world \(index): \(missed[false]!) → \(missed[true]!)") }
        }
        XCTAssertEqual(worse, [])
    }

    /// Lean early against the unseen: in a world a whole pattern gap faster than the fastest
    /// published train, with the shortest hidden dwells, a rider who changes lines and never
    /// presses "departed" must still get "yours is next" before the station in 99% of rides.
    func testYoursIsNextHoldsAfterAnUnconfirmedChangeInAWorldFasterThanThePublishedTrains() {
        var assumptions = SimulationAssumptions(spread: 1, departedProbability: 0)
        assumptions.dwellMeanRange = 20...20
        let world = SimulatedWorld(network: Kyiv.network, assumptions: assumptions, factor: -1, dwell: 20)
        let simulator = Simulator(engine: engine, world: world)
        var source = SeededGenerator(seed: 5)
        var rides = 0
        var missed = 0
        while rides < 600 {
            let (route, t0) = simulator.randomRide(using: &source)
            guard route.legs.count == 2 else { continue }
            guard
                let result = simulator.observe(simulator.journey(route: route, t0: t0, using: &source), using: &source),
                let yours = result.yours
            else { continue }
            rides += 1
            if yours.missed { missed += 1 }
        }
        XCTAssertLessThanOrEqual(Double(missed) / Double(rides), 0.01, "\(missed) of \(rides) missed")
    }
}
