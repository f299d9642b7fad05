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
        var routes: [String: Route?] = [:]
        var firstSpans: [(span: RideSpans.Pattern, measured: Double)] = []
        var finished: [(ride: SharedRide, cell: Cell, route: Route, spans: RideSpans)] = []
        for ride in rides {
            let key = ride.from + ">" + ride.to
            if routes[key] == nil {
                routes[key] = .some(try? RouteChoice.lookup(network: engine.network, from: ride.from, to: ride.to))
            }
            guard let route = routes[key] ?? nil, let last = route.legs.last else {
                unrouted += 1
                continue
            }
            let cell = Cell(
                line: last.line, direction: last.direction, dayType: ride.moments.dayType, hour: ride.moments.hour)
            let spans = addSpans(ride, route: route, engine: engine, cell: cell)
            firstSpans += spans.first
            finished.append((ride, cell, route, spans.spans))
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
        // Late by the train's measured place (`RideSpans.late`).
        for (ride, cell, route, spans) in finished {
            let lastRun = spans.lastLeg.lastRun(route: route, fitted: fitted, engine: engine)
            if lastRun != nil, ride.moments.lastStep != nil { lateFromFit += 1 }
            let late = RideSpans.Alert(moments: ride.moments, confirmed: ride.confirmed, route: route)?.late(
                lastRun: lastRun)
            cells[cell, default: Figures()].add(ride, late: late)
            overall.add(ride, late: late)
        }
    }

    /// The cells, in order.
    package var orderedCells: [(cell: Cell, figures: Figures)] {
        cells.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
