import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroData
@testable import MetroLab

/// Pooled field journals, proved on known truth: riders drawn from a world whose parameters the test knows
/// ride through the shipped engine, their journals are shared and pooled, and the pool must
/// give the world back. The truth comes from the world (its factor, its dwells, its taps) and
/// from the simulator's own verdicts on each ride, never from the pool.
final class FieldRecoveryTests: XCTestCase {
    let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)

    /// `rides` random rides in `world`, each shared and read back as a file from someone else.
    func pooledRides(_ world: SimulatedWorld, rides: Int, seed: UInt64, confirm: Double) -> (
        shared: [SharedRide], results: [Simulator.RideResult], records: [JournalRecord]
    ) {
        let simulator = Simulator(engine: engine, world: world)
        var source = SeededGenerator(seed: seed)
        var records: [JournalRecord] = []
        var results: [Simulator.RideResult] = []
        for index in 0..<rides {
            let (route, t0) = simulator.randomRide(using: &source)
            let journey = simulator.journey(route: route, t0: t0, using: &source)
            guard var result = simulator.observe(journey, id: "rider-\(seed)-\(index)", using: &source) else {
                continue
            }
            if confirm > 0 {
                result.trip = simulator.confirmingStations(result, share: confirm, tapDelay: 3, using: &source)
            }
            records.append(
                JournalRecord(trip: result.trip, model: result.model, outcome: .arrived, at: result.arrivedTap))
            results.append(result)
        }
        let made = SharedJournal.make(records, network: Kyiv.network, program: "test")
        let read = SharedJournal.read(Array(made.lines.joined(separator: "\n").utf8), network: Kyiv.network)
        XCTAssertTrue(read.problems.isEmpty, "\(read.problems.map(\.reason.en))")
        XCTAssertEqual(read.rides.count, records.count)
        return (read.rides, results, records)
    }

    /// The world's verdicts on rides: the alert as the ride fired it (the moment its record
    /// keeps, checked against the simulator's own in the next test) against the train's true
    /// arrival and its true departure from the stop before (as the simulator judges: never
    /// late where the stop before is the origin).
    func truth(_ results: [Simulator.RideResult], _ records: [JournalRecord]) -> (missed: Double, late: Double) {
        var missed = 0
        var late = 0
        var total = 0
        for (result, record) in zip(results, records) {
            guard let alert = record.ride?.alert else { continue }
            let fired = result.trip.t0.addingTimeInterval(TimeInterval(alert))
            let last = result.journey.stops.count - 1
            total += 1
            if fired > result.journey.stops[last].reached { missed += 1 }
            if last > 1 && fired > result.journey.stops[last - 1].left { late += 1 }
        }
        return (Double(missed) / Double(total), Double(late) / Double(total))
    }

    /// A rider who presses only what the simulator's rider does: the alert the record keeps
    /// came due when the simulator says it fired (to the whole second the record keeps).
    func testTheRecordedAlertIsTheOneTheSimulatorFired() throws {
        let family = try XCTUnwrap(WorldFamily.named("today", spread: 1))
        var worldSource = SeededGenerator(seed: 46)
        let world = SimulatedWorld(network: Kyiv.network, assumptions: family.assumptions, using: &worldSource)
        let (_, results, records) = pooledRides(world, rides: 150, seed: 5, confirm: 0)
        var compared = 0
        for (result, record) in zip(results, records) {
            guard let yours = result.yours else { continue }
            XCTAssertEqual(record.ride?.alert, Int(yours.fired.timeIntervalSince(result.trip.t0).rounded()))
            compared += 1
        }
        XCTAssertGreaterThan(compared, 100)
    }

    /// The project's fast family (spread 100 %), riders who confirm stations (`at` at 60 % of
    /// the stops, 0–3 s late): the pool's missed and late intervals must hold the world's rates,
    /// judged on 1000 other rides of the same world.
    func testTheFastFamilysMissedAndLateRatesAreInsideThePooledIntervals() throws {
        let family = try XCTUnwrap(WorldFamily.named("fast", spread: 1))
        var worldSource = SeededGenerator(seed: 46)
        let world = SimulatedWorld(network: Kyiv.network, assumptions: family.assumptions, using: &worldSource)
        let (shared, _, _) = pooledRides(world, rides: 500, seed: 1, confirm: 0.6)
        let pool = FieldPool(shared, engine: engine)
        let other = pooledRides(world, rides: 1000, seed: 2, confirm: 0.6)
        let (missed, late) = truth(other.results, other.records)
        let missedInterval = try XCTUnwrap(pool.overall.missed.interval)
        let lateInterval = try XCTUnwrap(pool.overall.late.interval)
        print(
            "fast family: missed \(missed) in \(missedInterval) (\(pool.overall.missed.count)/\(pool.overall.missed.total)); late \(late) in \(lateInterval) (\(pool.overall.late.count)/\(pool.overall.late.total)); fit \(String(describing: pool.fit.result))"
        )
        XCTAssertTrue(
            missedInterval.low <= missed && missed <= missedInterval.high, "missed \(missed) outside \(missedInterval)")
        XCTAssertTrue(lateInterval.low <= late && late <= lateInterval.high, "late \(late) outside \(lateInterval)")
        XCTAssertEqual(pool.overall.confirmed, shared.count)
        XCTAssertEqual(pool.lateFromFit, pool.overall.late.total)
    }

    /// The same family, riders who also confirm stations: the spans sit at or beyond the fast
    /// pattern, and the family named nearest is `fast`.
    func testTheFastFamilyIsNamedNearest() throws {
        let family = try XCTUnwrap(WorldFamily.named("fast", spread: 1))
        var worldSource = SeededGenerator(seed: 46)
        let world = SimulatedWorld(network: Kyiv.network, assumptions: family.assumptions, using: &worldSource)
        let pool = FieldPool(pooledRides(world, rides: 400, seed: 3, confirm: 0.6).shared, engine: engine)
        let ranked = try XCTUnwrap(pool.families(spread: 1))
        print(
            "fast family: signature \(String(describing: pool.signature)); ranked \(ranked.map { ($0.family.name, $0.distance) })"
        )
        XCTAssertLessThan(try XCTUnwrap(pool.fit.result).place, 0)
        XCTAssertEqual(ranked.first?.family.name, "fast")
    }

    /// A world built for the test: every cell's factor 0.5 (midway between the published
    /// patterns), every dwell the network's assumed 25 s, start taps up to 30 s late. The
    /// spans' medians are within 5 s or 5 % of what that world makes them, the place on the
    /// axis is 0.5 ± 0.05, the start tap's lateness 15 ± 3 s, and `late-taps` is named nearest.
    func testABuiltWorldsSegmentSpeedsTapsAndFamilyAreRecovered() throws {
        var assumptions = SimulationAssumptions(spread: 0)
        assumptions.startTapDelayMax = 30
        let dwell = Double(Kyiv.network.document.assumptions.dwellSeconds)
        XCTAssertEqual(dwell, 25)
        let world = SimulatedWorld(network: Kyiv.network, assumptions: assumptions, factor: 0.5, dwell: dwell)
        let pool = FieldPool(pooledRides(world, rides: 400, seed: 4, confirm: 0.6).shared, engine: engine)
        var checked = 0
        for (key, figures) in pool.segments where figures.measured.count >= 8 {
            // The world's span, standing at `from` to standing at `to`: the dwell at every stop
            // left (25 s) and each run at the factor 0.5 between the two published patterns.
            let line = try XCTUnwrap(Kyiv.network.line(key.line)).stations
            let i = try XCTUnwrap(line.firstIndex(of: key.from))
            let j = try XCTUnwrap(line.firstIndex(of: key.to))
            let path = i < j ? Array(line[i...j]) : Array(line[j...i].reversed())
            var truth = 0.0
            for k in 0..<(path.count - 1) {
                let fast = engine.running(from: path[k], to: path[k + 1], pattern: .early).seconds
                let slow = engine.running(from: path[k], to: path[k + 1], pattern: .late).seconds
                truth += world.dwellMeans[path[k]]! + fast + 0.5 * (slow - fast)
            }
            let median = try XCTUnwrap(figures.measured.median)
            XCTAssertLessThanOrEqual(
                abs(median - truth), max(5, 0.05 * truth), "\(key): \(median) s against \(truth) s")
            checked += 1
        }
        print(
            "built world: \(checked) segments checked; position \(String(describing: pool.position.mean)); start \(String(describing: pool.startLateness.mean)); ranked \(pool.families(spread: 1)?.map { ($0.family.name, $0.distance) } ?? [])"
        )
        XCTAssertGreaterThanOrEqual(checked, 10)
        XCTAssertEqual(try XCTUnwrap(pool.position.mean), 0.5, accuracy: 0.05)
        XCTAssertEqual(try XCTUnwrap(pool.startLateness.mean), 15, accuracy: 3)
        XCTAssertEqual(pool.families(spread: 1)?.first?.family.name, "late-taps")
    }

    /// The built world (every factor 0.5, every dwell 25 s, so the model's best estimate is the
    /// world's own) with riders who always press departed after a change: the change times the
    /// pool measures (the model's exit → the press) average within 5 s of the true ones (the
    /// train's true arrival at the exit → the press), and exceed the plan's booked walk and
    /// wait, since the world's wait is uniform over the whole interval and the plan books a
    /// quarter of it.
    func testChangeTimesAreRecoveredInABuiltWorld() throws {
        var assumptions = SimulationAssumptions(spread: 0, departedProbability: 1)
        assumptions.startTapDelayMax = 3
        let world = SimulatedWorld(network: Kyiv.network, assumptions: assumptions, factor: 0.5, dwell: 25)
        let (shared, results, _) = pooledRides(world, rides: 300, seed: 6, confirm: 0)
        let pool = FieldPool(shared, engine: engine)
        var truth: [Double] = []
        for result in results {
            let stops = engine.plannedStops(result.journey.route)
            let entries = stops.indices.filter { stops[$0].role == .transferEntry }
            let presses = result.trip.corrections.filter { $0.kind == .departed }
            for (entry, press) in zip(entries, presses) {
                guard let exit = result.journey.stops[entry - 1].arrival else { continue }
                truth.append(press.time.timeIntervalSince(exit))
            }
        }
        let all = pool.changeMiddle.measured.values + pool.changeEdge.measured.values
        let measured = all.reduce(0, +) / Double(all.count)
        let booked = try XCTUnwrap(pool.changeMiddle.booked.mean)
        let trueMean = truth.reduce(0, +) / Double(truth.count)
        print(
            "built world changes: \(pool.changeMiddle.measured.count) + \(pool.changeEdge.measured.count) measured \(measured) s, true \(trueMean) s (\(truth.count)), booked \(booked) s"
        )
        XCTAssertEqual(all.count, truth.count)
        XCTAssertEqual(measured, trueMean, accuracy: 5)
        XCTAssertGreaterThan(try XCTUnwrap(pool.changeMiddle.difference.interval).low, 0)
    }
}
