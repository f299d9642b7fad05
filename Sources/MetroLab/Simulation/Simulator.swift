import FoundationEssentials
import MetroCore
import MetroData

#if canImport(Glibc)
import Glibc
#endif

/// Rides the shipped engine, trip fold, alert moments and calibration through a simulated world:
/// the world says what the train really does, the rider presses what a passenger would, and the
/// real `TripModel` says when each alert fires. Pure: the random source is passed in.
package struct Simulator: Sendable {
    /// The engine as shipped, without calibration (each ride adds the rider's own).
    package let engine: ScheduleEngine
    package let world: SimulatedWorld
    package var assumptions: SimulationAssumptions { world.assumptions }
    /// The rule the simulated riders' routes are chosen by (`RouteChoice`, with no service
    /// changes): the rider's default, the fastest by the booked waits, so that the figures are
    /// those of the rides `plan` and `start` give (docs/decisions/0086). The learning curve's
    /// commuters keep one route each way (the lookup), as a commuter does.
    static let routeRule: RouteRule = .fastest

    /// How far from each edge of the day the simulator's worlds draw their own trains (two hours
    /// covers the first trains' hour and every `--last` answer of the network).
    static let edgeSpan = 2 * 3600

    package init(engine: ScheduleEngine, world: SimulatedWorld) {
        var engine = engine
        engine.calibration = nil
        self.engine = engine
        self.world = world
    }

    /// The same rider and trains in this world at the fast edge of its family's range
    /// (`SimulatedWorld.atTheFastEdge`): a journey drawn there from a copy of the random source
    /// is the same ride, run as fast as the family allows.
    func atTheFastEdge() -> Simulator {
        Simulator(engine: engine, world: world.atTheFastEdge())
    }

    /// A stop as it really happened.
    package struct TrueStop: Equatable, Sendable {
        package var arrival: Date?
        package var departure: Date?
        /// Arriving, or leaving where the train is boarded.
        package var reached: Date { arrival ?? departure! }
        /// Leaving, or arriving where the passenger gets off.
        package var left: Date { departure ?? arrival! }
    }

    /// What the world did on one ride: each stop's true times, indexed as `Schedule.stops`.
    package struct Journey: Sendable {
        package var route: Route
        package var stops: [TrueStop]
        /// Each leg's train: its cell.
        package var cells: [SimulatedWorld.Cell]
        /// The oracle's ride time from the origin's true departure to the true arrival: the
        /// world's hidden factors and mean dwells, the published walk and half the interval;
        /// only each train's own jitter (and the wait) is unknown to it.
        var oracleSeconds: Double
        /// Each stop's leg (as `Schedule.stops`).
        package var legs: [Int] = []
        /// Each leg's wait on the platform where it was drawn (uniform over the interval), nil
        /// for the first leg and where a known first or last train set it.
        package var waits: [Wait?] = []
        package var arrival: Date { stops.last!.arrival! }
    }

    /// A wait on the platform after a change: how long it was, and the interval it was drawn over.
    package struct Wait: Equatable, Sendable {
        package var seconds: Double
        package var interval: Double
    }

    /// Runs one ride through the world: the train leaves the origin at `t0`.
    func journey(route: Route, t0: Date, using generator: inout some RandomNumberGenerator) -> Journey {
        let planned = engine.plannedStops(route)
        let a = assumptions
        var stops = [TrueStop](repeating: TrueStop(), count: planned.count)
        stops[0].departure = t0
        var cells = [cell(route.legs[0], at: t0)]
        var train = trainFigures(route.legs[0], cell: cells[0], at: t0)
        var oracle = 0.0
        // The AR(1) variation along the line: one state per train, drawn stationary at its boarding.
        let innovation = a.correlatedShare * 3.0.squareRoot()
        func freshVariation() -> Double { a.correlatedShare > 0 ? generator.uniform(-innovation, innovation) : 0 }
        var variation = freshVariation()
        var waits: [Wait?] = [nil]
        for index in planned.indices.dropFirst() {
            let previous = index - 1
            if planned[previous].role == .transferExit {
                let walk = Double(route.transferWalks[planned[previous].leg].walkSeconds)
                let platform = stops[previous].arrival!.addingTimeInterval(
                    walk * generator.uniform(1 - a.walkSpread, 1 + a.walkSpread))
                let leg = route.legs[planned[index].leg]
                let interval = Double(engine.interval(line: leg.line, direction: leg.direction, at: platform))
                var departure = platform.addingTimeInterval(generator.uniform(0, interval))
                // The published first and last trains are the world's too; near them the world
                // spaces its own trains from them (`edgeDeparture`), never the model's.
                if let edge = edgeDeparture(
                    station: leg.stations[0], line: leg.line, direction: leg.direction, platform: platform,
                    using: &generator)
                {
                    departure = edge
                    oracle += walk + max(0, edge.timeIntervalSince(platform))
                    waits.append(nil)
                } else {
                    oracle += walk + interval / 2
                    waits.append(Wait(seconds: departure.timeIntervalSince(platform), interval: interval))
                }
                stops[index].departure = departure
                cells.append(cell(leg, at: departure))
                train = trainFigures(leg, cell: cells.last!, at: departure)
                variation = freshVariation()
                continue
            }
            let from = planned[previous].station
            let to = planned[index].station
            let fast = engine.running(from: from, to: to, pattern: .early).seconds
            let slow = engine.running(from: from, to: to, pattern: .late).seconds
            // A factor far beyond the fast pattern cannot make a run shorter than half of it.
            let expected = max(fast + train.factor * (slow - fast), fast / 2) * train.scale
            var run =
                expected * (1 + generator.uniform(-a.jitterShare, a.jitterShare))
                + generator.uniform(-a.jitterSeconds, a.jitterSeconds)
            if a.correlatedShare > 0, planned[previous].role == .intermediate {
                variation =
                    a.correlation * variation + (1 - a.correlation * a.correlation).squareRoot()
                    * generator.uniform(-innovation, innovation)
            }
            run *= 1 + variation
            if a.tailProbability > 0, generator.uniform(0, 1) < a.tailProbability {
                run *= generator.uniform(a.tailFactor.lowerBound, a.tailFactor.upperBound)
            }
            run = max(run, fast / 2)
            oracle += expected
            let arrival = stops[previous].departure!.addingTimeInterval(run)
            stops[index].arrival = arrival
            if planned[index].role == .intermediate {
                let mean = world.dwellMeans[to] ?? 25
                oracle += mean
                var dwell = max(0, mean + generator.uniform(-a.dwellJitterSeconds, a.dwellJitterSeconds))
                if a.holdProbability > 0, generator.uniform(0, 1) < a.holdProbability {
                    dwell += generator.uniform(a.holdSeconds.lowerBound, a.holdSeconds.upperBound)
                }
                stops[index].departure = arrival.addingTimeInterval(dwell)
            }
        }
        var journey = Journey(route: route, stops: stops, cells: cells, oracleSeconds: oracle)
        journey.legs = planned.map(\.leg)
        journey.waits = waits
        return journey
    }

    /// The world's train a rider on `station`'s platform at `platform` boards near the edges of
    /// the day: the published first train if the rider is there by then; within
    /// `Self.edgeSpan` after the first, the first of a chain spaced from it by intervals
    /// drawn within each hour's published pair (± `edgeSpacingSlack`); within that span before
    /// the published last departure, the same chain counted back from the last. nil in the
    /// middle of the day (the wait is drawn over the interval) and after the last train.
    func edgeDeparture(
        station: String, line: String, direction: Direction, platform: Date,
        using generator: inout some RandomNumberGenerator
    ) -> Date? {
        let network = engine.network
        guard let window = network.serviceWindow(station: station, direction: direction) else { return nil }
        let position = engine.clock.position(of: platform)
        let seconds = position.seconds
        let first = window.firstDeparture
        let last = window.lastDeparture
        guard seconds <= last else { return nil }
        let series = network.headwaySeries(line: line, direction: direction, dayType: position.dayType)
        func spacing(_ moment: Int) -> Int {
            let pair = series?.record(hour: moment / 3600)
            let low = Double(pair.map { min($0.firstSeconds, $0.secondSeconds) } ?? 600) - assumptions.edgeSpacingSlack
            let high = Double(pair.map { max($0.firstSeconds, $0.secondSeconds) } ?? 600) + assumptions.edgeSpacingSlack
            return max(90, Int(generator.uniform(low, high).rounded()))
        }
        var train: Int
        if seconds <= first {
            train = first
        } else if seconds - first <= Self.edgeSpan {
            train = first
            while train < seconds { train += spacing(train) }
            train = min(train, last)
        } else if last - seconds <= Self.edgeSpan {
            train = last
            while true {
                let earlier = train - spacing(train)
                guard earlier >= seconds else { break }
                train = earlier
            }
        } else {
            return nil
        }
        return engine.clock.date(position.serviceDay, seconds: train)
    }

    /// What one train's runs are made of: its cell's factor (shifted for the day where the world
    /// moves) and the multiplier on every run (the cell's speed-up and the day's offset).
    func trainFigures(_ leg: Leg, cell: SimulatedWorld.Cell, at moment: Date) -> (factor: Double, scale: Double) {
        let day = world.day(engine.clock.position(of: moment).serviceDay, line: leg.line, direction: leg.direction)
        return (world.factor(cell) + day.shift, (1 - (world.speedUps[cell] ?? 0)) * (1 + day.offset))
    }

    func cell(_ leg: Leg, at moment: Date) -> SimulatedWorld.Cell {
        let position = engine.clock.position(of: moment)
        return world.cell(
            line: leg.line, direction: leg.direction, dayType: position.dayType, hour: position.seconds / 3600)
    }

    /// One alert as it fired against what the train really did.
    package struct AlertOutcome: Equatable, Sendable {
        /// The cell of the train the alert is about.
        package var cell: SimulatedWorld.Cell
        /// The stop it warns of (an index into `Journey.stops`).
        package var stop: Int
        package var fired: Date
        /// Fired after the train reached the station it warns of.
        package var missed: Bool
        /// Fired after the train left the stop before it (never where that stop is the origin:
        /// nothing can fire before the tap).
        package var late: Bool
        /// Seconds by which it fired before the train reached the stop before (− after).
        package var earliness: Double
        /// Fired less than `ScheduleEngine.warnedAtLeastSeconds` before the train reached the
        /// station it warns of (missed included).
        var warnedShort: Bool = false
    }

    /// What the rider saw on one ride.
    package struct RideResult: Sendable {
        var journey: Journey
        /// The cell of the last leg's train: where the ride's figures are reported.
        package var cell: SimulatedWorld.Cell
        /// "Yours is next".
        package var yours: AlertOutcome?
        /// "Change at the next stop", before each change.
        package var changes: [AlertOutcome]
        /// The plan's best estimate (at t₀, before any correction) minus the true arrival.
        package var arrivalError: Double
        /// The same, planned without calibration on the same draws (set where a commute learns).
        var uncalibratedArrivalError: Double? = nil
        /// The alerts of the same ride planned without calibration, missed and late (set where a
        /// commute learns): calibration must never raise them (decision 0031).
        package var uncalibratedMissed: Int? = nil
        package var uncalibratedLate: Int? = nil
        /// This ride's alerts ("yours is next" and each change's) missed, and late.
        var missedAlerts: Int { ([yours].compactMap { $0 } + changes).filter(\.missed).count }
        var lateAlerts: Int { ([yours].compactMap { $0 } + changes).filter(\.late).count }
        /// The true arrival inside the plan's range.
        package var covered: Bool
        /// The oracle's estimate from the same tap minus the true arrival.
        var oracleError: Double
        /// The trip as the rider left it (t₀ tapped, the departed presses), the model it was
        /// folded with, and when the rider would press arrived.
        package var trip: Trip
        package var model: TripModel
        package var arrivedTap: Date
    }

    /// The rider on a journey: taps start, maybe presses departed after each change; the real
    /// fold gives the schedule at every moment and the real alert moments fire from it.
    func observe(
        _ journey: Journey, calibration: Calibration? = nil, id: String = "sim", departedProbability: Double? = nil,
        using generator: inout some RandomNumberGenerator
    ) -> RideResult? {
        var a = assumptions
        if let departedProbability { a.departedProbability = departedProbability }
        var engine = self.engine
        engine.calibration = calibration.flatMap { $0.isEmpty ? nil : $0.effective }
        let route = journey.route
        let t0 = journey.stops[0].departure!
        // A ride round the triangle keeps the line it went round through, as `start` writes it.
        let direct = try? RouteChoice.lookup(network: engine.network, from: route.origin, to: route.destination)
        var trip = Trip(
            id: id, origin: route.origin, destination: route.destination,
            t0: t0.addingTimeInterval(generator.uniform(0, a.startTapDelayMax)),
            via: RouteChoice.via(of: route, direct: direct, network: engine.network))
        guard let model = try? TripModel(engine: engine, trip: trip) else { return nil }
        let planned = model.current(trip)
        guard planned.stops.count == journey.stops.count else { return nil }
        // The schedule in force from each moment on: the plan, then after each press.
        var timeline: [(from: Date, schedule: Schedule)] = [(trip.t0, planned)]
        for entry in planned.entryIndices where generator.uniform(0, 1) < a.departedProbability {
            let press = Trip.Correction(
                .departed,
                at: journey.stops[entry].departure!.addingTimeInterval(generator.uniform(0, a.departedDelayMax)))
            guard model.refusal(for: press, trip: trip) == nil else { continue }
            trip.corrections.append(press)
            timeline.append((press.time, model.current(trip)))
        }
        /// The first moment the alert's time has come in the schedule then in force.
        func fired(_ alert: Trip.Alert) -> Date? {
            for (index, step) in timeline.enumerated() {
                guard let time = TripModel.time(of: alert, in: step.schedule) else { return nil }
                let moment = max(time, step.from)
                if index + 1 == timeline.count || moment < timeline[index + 1].from { return moment }
            }
            return nil
        }
        func outcome(_ fired: Date, warnsOf stop: Int, cell: SimulatedWorld.Cell) -> AlertOutcome {
            let before = journey.stops[stop - 1]
            // Where the stop before is the origin, the train has left it before anyone taps
            // start: the alert fires at the tap, as early as any alert can, and is not late.
            return AlertOutcome(
                cell: cell, stop: stop, fired: fired, missed: fired > journey.stops[stop].reached,
                late: stop > 1 && fired > before.left,
                earliness: before.reached.timeIntervalSince(fired),
                warnedShort: journey.stops[stop].reached.timeIntervalSince(fired)
                    < TimeInterval(ScheduleEngine.warnedAtLeastSeconds))
        }
        let last = planned.stops.count - 1
        let yours = fired(.alert).map { outcome($0, warnsOf: last, cell: journey.cells.last!) }
        var changes: [AlertOutcome] = []
        for alert in [Trip.Alert.transferAlert, .secondTransferAlert] {
            guard let change = planned.change(for: alert), let moment = fired(alert) else { continue }
            let exit = change.entry - 1
            changes.append(outcome(moment, warnsOf: exit, cell: journey.cells[planned.stops[exit].leg]))
        }
        let truth = journey.arrival
        return RideResult(
            journey: journey, cell: journey.cells.last!, yours: yours, changes: changes,
            arrivalError: planned.arrival.timeIntervalSince(truth),
            covered: planned.arrivalEarliest <= truth && truth <= planned.arrivalLatest,
            oracleError: trip.t0.addingTimeInterval(journey.oracleSeconds).timeIntervalSince(truth),
            trip: trip, model: model, arrivedTap: truth.addingTimeInterval(generator.uniform(0, a.arrivedDelayMax)))
    }

    /// What the rider's "arrived" teaches: the shipped passive learning, recorded as the CLI
    /// records it (an implausible figure is left out).
    package func learn(from result: RideResult, into calibration: inout Calibration) {
        for measurement in result.model.passiveMeasurements(result.trip, confirmedArrival: result.arrivedTap) {
            try? calibration.record(measurement, network: engine.network)
        }
    }

    /// The week the rides are drawn from: Monday 30 November to Sunday 6 December 2026 (five
    /// weekdays, two weekend days).
    package var week: [ServiceClock.ServiceDay] {
        (0..<7).map { engine.clock.shifted(ServiceClock.ServiceDay(year: 2026, month: 11, day: 30), by: $0) }
    }

    /// A random ride: two different stations, a day of the week, a departure between 05:40 and
    /// midnight that the service hours allow.
    /// With `balanced`, weekdays and weekend days are drawn equally often (so a weekend cell fills
    /// as fast as a weekday one).
    func randomRide(balanced: Bool = false, using generator: inout some RandomNumberGenerator) -> (
        route: Route, t0: Date
    ) {
        let stations = engine.network.stations
        let choice = RouteChoice(engine: engine)
        let week = self.week
        while true {
            let from = stations[Int.random(in: 0..<stations.count, using: &generator)].code
            let to = stations[Int.random(in: 0..<stations.count, using: &generator)].code
            let day =
                balanced
                ? (Bool.random(using: &generator)
                    ? week[Int.random(in: 0..<5, using: &generator)] : week[Int.random(in: 5..<7, using: &generator)])
                : week[Int.random(in: 0..<7, using: &generator)]
            let seconds = Int.random(in: (5 * 3600 + 40 * 60)...(24 * 3600), using: &generator)
            let t0 = engine.clock.date(day, seconds: seconds)
            guard from != to, let route = try? choice.choose(from: from, to: to, at: t0, rule: Self.routeRule).route,
                !route.isWalkOnly
            else { continue }
            guard !engine.schedule(route: route, t0: t0).findings.contains(where: \.preventsTheRide) else { continue }
            return (route, t0)
        }
    }
}
