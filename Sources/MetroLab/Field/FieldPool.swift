import MetroCore
import MetroData

/// Many riders' shared rides pooled into measured accuracy: per cell (line × direction × day
/// type × hour, the cell of the ride's last leg and the hour of t₀) and overall, the alert's
/// missed, late and short-warning rates and the range's coverage with 95 % Wilson intervals, the
/// arrival error; the running times between consecutive `at` confirmations against the
/// published fast and slow patterns; the time a change took against the plan's booked walk and
/// wait; the start tap's lateness where the first confirmation reveals it; and the simulator's
/// families ranked by how far their assumptions are from what was measured. Measured, never
/// simulated: nothing here comes from a simulated world.

package struct FieldPool: Sendable {
    /// A cell with fewer confirmed rides is shown as too small, never as a verdict.
    package static let minimumCell = 20

    package struct Cell: Hashable, Comparable, Sendable {
        package var line: String
        package var direction: Direction
        package var dayType: DayType
        package var hour: Int

        package static func < (a: Cell, b: Cell) -> Bool {
            (a.line, a.direction.rawValue, a.dayType.rawValue, a.hour) < (
                b.line, b.direction.rawValue, b.dayType.rawValue, b.hour
            )
        }
    }

    /// The alert and arrival figures of a group of rides.
    package struct Figures: Equatable, Sendable {
        package var rides = 0
        package var confirmed = 0
        package var missed = MeasuredRate(count: 0, total: 0)
        package var late = MeasuredRate(count: 0, total: 0)
        package var warnedUnder30 = MeasuredRate(count: 0, total: 0)
        package var covered = MeasuredRate(count: 0, total: 0)
        /// Confirmed arrival minus the plan at t₀, seconds (+ later than the plan).
        package var arrivalError = MeasuredMean()

        package var isSmall: Bool { confirmed < FieldPool.minimumCell }

        mutating func add(_ ride: SharedRide, late verdict: Bool?) {
            rides += 1
            if ride.confirmed != nil { confirmed += 1 }
            missed.add(ride.missed)
            late.add(verdict)
            warnedUnder30.add(ride.warnedUnder30)
            covered.add(ride.covered)
            if let error = ride.arrivalError { arrivalError.values.append(Double(error)) }
        }
    }

    package var rides: Int
    /// The network's assumed dwell at an intermediate stop, seconds.
    package var assumedDwell: Double
    package var cells: [Cell: Figures] = [:]
    package var overall = Figures()
    /// Rides whose route no longer exists in this network (a closed station): not pooled.
    package var unrouted = 0
    package var segments: [SegmentKey: SegmentFigures] = [:]
    /// Every span's position on the fast (0) → slow (1) axis, pooled.
    package var position = MeasuredMean()
    /// Per cell, the spans' positions.
    package var cellPositions: [Cell: MeasuredMean] = [:]
    /// The runs' place and the dwells' excess, fitted over every span (`SpanFit`).
    package var fit = SpanFit()
    /// Spans longer than 1.6 × the slow pattern, of the spans over one segment.
    package var longSpans = MeasuredRate(count: 0, total: 0)
    /// The start tap's lateness, seconds, where the first `at` reveals it: the first span as the
    /// fit has it (runs at the fitted place, dwells with the fitted excess) less the time
    /// measured from t₀.
    package var startLateness = MeasuredMean()
    /// Spans from t₀ shorter than even the fast pattern: the tap was at least that late.
    package var startLatenessAtLeast = MeasuredMean()
    /// A change's time (the model's exit → the `departed` press) less the plan's booked walk and
    /// wait, seconds; the middle of the day and the edges (a published first or last train) apart.
    package var changeMiddle = ChangeFigures()
    package var changeEdge = ChangeFigures()
    /// Rides whose late verdict used the fitted last run rather than the model's last step.
    package var lateFromFit = 0

    package init(_ rides: [SharedRide], engine: ScheduleEngine) {
        self.rides = rides.count
        assumedDwell = Double(engine.network.document.assumptions.dwellSeconds)
        let router = Router(network: engine.network)
        var routes: [String: Route?] = [:]
        var firstSpans: [(span: PatternSpan, measured: Double)] = []
        var finished:
            [(
                ride: SharedRide, cell: Cell, leg: Leg, oneStop: Bool, last: (fast: Double, slow: Double)?,
                own: (gap: Double, excess: Double, dwells: Int)
            )] = []
        for ride in rides {
            let key = ride.from + ">" + ride.to
            if routes[key] == nil { routes[key] = .some(try? router.route(from: ride.from, to: ride.to)) }
            guard let route = routes[key] ?? nil, let last = route.legs.last else {
                unrouted += 1
                continue
            }
            let cell = Cell(
                line: last.line, direction: last.direction, dayType: ride.moments.dayType, hour: ride.moments.hour)
            let stations = last.stations
            let lastRun =
                stations.count < 2
                ? nil
                : Self.published(
                    stations, from: stations.count - 2, to: stations.count - 1, engine: engine, dwellAtStart: false)
            let spans = addSpans(ride, route: route, engine: engine, cell: cell)
            firstSpans += spans.first
            finished.append(
                (
                    ride, cell, last, route.legs.count == 1 && last.stations.count == 2,
                    lastRun.map { ($0.runsFast, $0.runsSlow) }, spans.lastLeg
                ))
            addChanges(ride)
        }
        let fitted = fit.result
        // The start tap against the fit: what the first span takes with the runs at the fitted
        // place and the dwells as long as fitted.
        if let fitted {
            for (span, measured) in firstSpans {
                let expected =
                    span.runsFast + fitted.place * (span.runsSlow - span.runsFast) + span.assumedDwell + fitted
                    .dwellExcess * Double(span.dwells)
                startLateness.values.append(expected - measured)
            }
        }
        for (span, measured) in firstSpans where measured < span.runsFast {
            startLatenessAtLeast.values.append(span.runsFast - measured)
        }
        // Late needs the train's departure from the stop before: the confirmed arrival less the
        // last run at the place that train's own spans measured (the fitted dwell excess taken
        // out), else at the fitted place of all spans, else the final model's last step (the
        // best estimate, which overstates late where trains run faster).
        for (ride, cell, leg, oneStop, last, own) in finished {
            var ride = ride
            if let fitted, let last, ride.moments.lastStep != nil {
                let place =
                    own.gap >= 5 ? (own.excess - fitted.dwellExcess * Double(own.dwells)) / own.gap : fitted.place
                ride.moments.lastStep = Int((last.fast + place * (last.slow - last.fast)).rounded())
                lateFromFit += 1
            }
            var late = ride.late
            if late == true, let alert = ride.moments.alert {
                // One stop from the origin: the train left the stop before (the origin) before
                // anyone tapped start, and nothing fires before the tap: never late (the
                // simulator's rule). And a rider who said the train stood at the stop before at
                // some moment tells us it had not left it then.
                let before = leg.stations.count >= 2 ? leg.stations[leg.stations.count - 2] : nil
                let standing = ride.moments.steps.last { $0.kind == "at" && $0.station == before }?.seconds
                if oneStop { late = false } else if let standing, alert <= standing { late = false }
            }
            cells[cell, default: Figures()].add(ride, late: late)
            overall.add(ride, late: late)
        }
    }

    /// The cells, in order.
    package var orderedCells: [(cell: Cell, figures: Figures)] {
        cells.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
