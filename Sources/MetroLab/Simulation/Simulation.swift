import FoundationEssentials
import MetroCore
import MetroData

#if canImport(Glibc)
import Glibc
#endif

/// The simulator's runs: a sample of random rides, the learning curve, a commuter's year.
package enum Simulation {
    /// Stream labels: the world, the rides, the learning curve's worlds and riders, a
    /// commuter's rides and the stations the commuter confirms.
    enum Stream: UInt64 {
        case world = 1
        case rides = 2
        case learning = 3
        case commute = 4
        case confirmations = 5
    }

    /// `rides` random rides in the seed's world, calibration off.
    package static func run(engine: ScheduleEngine, assumptions: SimulationAssumptions, seed: UInt64, rides: Int)
        -> SimulationSummary
    {
        var worldSource = SeededGenerator.stream(seed, Stream.world.rawValue)
        let simulator = Simulator(
            engine: engine,
            world: SimulatedWorld(network: engine.network, assumptions: assumptions, using: &worldSource))
        var source = SeededGenerator.stream(seed, Stream.rides.rawValue)
        var summary = SimulationSummary()
        for _ in 0..<rides {
            let (route, t0) = simulator.randomRide(using: &source)
            let journey = simulator.journey(route: route, t0: t0, using: &source)
            if let result = simulator.observe(journey, using: &source) {
                summary.add(result)
            }
        }
        return summary
    }

    /// One commuter: two routes ridden out in the morning and back in the evening, every weekday.
    package struct Commuter: Sendable {
        var outbound: Route
        var inbound: Route
        /// Service-day seconds of the earliest departure each way; each ride leaves within the
        /// next 45 minutes (one published hour's cell).
        package var morning = 8 * 3600
        package var evening = 18 * 3600

        /// A random commuter: with `sameLine`, both ends on one line at least three stops apart
        /// (what calibration can learn: a wait after a change is new every ride).
        package static func random(
            _ network: Network, sameLine: Bool, using generator: inout some RandomNumberGenerator
        ) -> Commuter {
            while true {
                let a: String
                let b: String
                if sameLine {
                    let stations = network.lines[Int.random(in: 0..<network.lines.count, using: &generator)].stations
                    let i = Int.random(in: 0..<stations.count, using: &generator)
                    let j = Int.random(in: 0..<stations.count, using: &generator)
                    guard abs(i - j) >= 3 else { continue }
                    (a, b) = (stations[i], stations[j])
                } else {
                    a = network.stations[Int.random(in: 0..<network.stations.count, using: &generator)].code
                    b = network.stations[Int.random(in: 0..<network.stations.count, using: &generator)].code
                }
                guard a != b, let out = try? RouteChoice.lookup(network: network, from: a, to: b),
                    let back = try? RouteChoice.lookup(network: network, from: b, to: a),
                    !out.isWalkOnly, sameLine == (out.legs.count == 1)
                else { continue }
                return Commuter(outbound: out, inbound: back)
            }
        }
    }

    /// A commuter's rides, in order: each weekday from `start` (Monday 30 November 2026) for
    /// `days` weekdays, out and back, calibration learning from every arrival when `learn`.
    /// Calls `body` with each ride's result (and the calibration it was planned with). Each
    /// ride's trip id is `rider`, the service day and the hour of the first departure each way:
    /// riders with different labels never share one.
    package static func commute(
        _ simulator: Simulator, commuter: Commuter, days: Int, learn: Bool, calibration: inout Calibration,
        rider: String = "sim", using generator: inout some RandomNumberGenerator,
        body: (Simulator.RideResult, Int) -> Void
    ) {
        let clock = simulator.engine.clock
        var day = ServiceClock.ServiceDay(year: 2026, month: 11, day: 30)
        var ridden = 0
        while ridden < days {
            defer { day = clock.shifted(day, by: 1) }
            guard clock.position(of: clock.date(day, seconds: 12 * 3600)).dayType == .weekday else { continue }
            for (route, start) in [(commuter.outbound, commuter.morning), (commuter.inbound, commuter.evening)] {
                let t0 = clock.date(day, seconds: start + Int.random(in: 0..<(45 * 60), using: &generator))
                let journey = simulator.journey(route: route, t0: t0, using: &generator)
                var unlearned = generator
                guard
                    var result = simulator.observe(
                        journey, calibration: learn ? calibration : nil, id: "\(rider)-\(day)-\(start / 3600)",
                        using: &generator)
                else { continue }
                if learn, let plain = simulator.observe(journey, using: &unlearned) {
                    result.uncalibratedArrivalError = plain.arrivalError
                    (result.uncalibratedMissed, result.uncalibratedLate) = (plain.missedAlerts, plain.lateAlerts)
                }
                body(result, ridden)
                if learn { simulator.learn(from: result, into: &calibration) }
            }
            ridden += 1
        }
    }

    /// One point of the learning curve: the median absolute arrival error of the plan after
    /// `rides` rides of the same route, and the oracle's on the same rides.
    package struct LearningPoint: Equatable, Sendable {
        package var rides: Int
        package var medianAbsError: Double
        package var oracleMedianAbsError: Double
        package var samples: Int
        /// The same rides planned without calibration.
        package var uncalibratedMedianAbsError: Double = 0
        /// Their alerts missed and late, calibrated and not (the same rides, the same draws).
        package var missed = 0, late = 0, uncalibratedMissed = 0, uncalibratedLate = 0
    }

    /// The learning curve: in each of `worlds` worlds the seed draws, one rider commuting on one
    /// line with calibration on; the error of the ride after 0, 1, 3, 10 and 30 earlier rides
    /// of the same route, beside the oracle's.
    package static func learningCurve(
        engine: ScheduleEngine, assumptions: SimulationAssumptions, seed: UInt64, worlds: Int,
        checkpoints: [Int] = [0, 1, 3, 10, 30]
    ) -> [LearningPoint] {
        var model: [Int: [Double]] = [:]
        var oracle: [Int: [Double]] = [:]
        var unlearned: [Int: [Double]] = [:]
        var alerts: [Int: (missed: Int, late: Int, plainMissed: Int, plainLate: Int)] = [:]
        let wanted = Set(checkpoints)
        var source = SeededGenerator.stream(seed, Stream.learning.rawValue)
        for _ in 0..<worlds {
            let world = SimulatedWorld(network: engine.network, assumptions: assumptions, using: &source)
            let simulator = Simulator(engine: engine, world: world)
            let commuter = Commuter.random(engine.network, sameLine: true, using: &source)
            var calibration = Calibration()
            commute(
                simulator, commuter: commuter, days: (checkpoints.max() ?? 0) + 1, learn: true,
                calibration: &calibration, using: &source
            ) { result, day in
                // Out and back are opposite directions: each route has been ridden `day` times before.
                guard wanted.contains(day) else { return }
                model[day, default: []].append(abs(result.arrivalError))
                oracle[day, default: []].append(abs(result.oracleError))
                unlearned[day, default: []].append(abs(result.uncalibratedArrivalError ?? result.arrivalError))
                var counts = alerts[day] ?? (0, 0, 0, 0)
                counts.missed += result.missedAlerts
                counts.late += result.lateAlerts
                counts.plainMissed += result.uncalibratedMissed ?? result.missedAlerts
                counts.plainLate += result.uncalibratedLate ?? result.lateAlerts
                alerts[day] = counts
            }
        }
        return checkpoints.map { n in
            var point = LearningPoint(
                rides: n, medianAbsError: Statistics.quantile(model[n] ?? [], 0.5) ?? 0,
                oracleMedianAbsError: Statistics.quantile(oracle[n] ?? [], 0.5) ?? 0,
                samples: model[n]?.count ?? 0,
                uncalibratedMedianAbsError: Statistics.quantile(unlearned[n] ?? [], 0.5) ?? 0)
            let counts = alerts[n] ?? (0, 0, 0, 0)
            (point.missed, point.late, point.uncalibratedMissed, point.uncalibratedLate) = counts
            return point
        }
    }
}
