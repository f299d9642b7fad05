/// Many riders' shared rides pooled into measured accuracy: per cell (line × direction × day
/// type × hour, the cell of the ride's last leg and the hour of t₀) and overall, the alert's
/// missed, late and short-warning rates and the range's coverage with 95 % Wilson intervals, the
/// arrival error; the running times between consecutive `at` confirmations against the
/// published fast and slow patterns; the time a change took against the plan's booked walk and
/// wait; the start tap's lateness where the first confirmation reveals it; and the simulator's
/// families ranked by how far their assumptions are from what was measured. Measured, never
/// simulated: nothing here comes from a simulated world.
public struct FieldPool: Sendable {
    /// A cell with fewer confirmed rides is shown as too small, never as a verdict.
    public static let minimumCell = 20

    public struct Cell: Hashable, Comparable, Sendable {
        public var line: String
        public var direction: Direction
        public var dayType: DayType
        public var hour: Int

        public static func < (a: Cell, b: Cell) -> Bool {
            (a.line, a.direction.rawValue, a.dayType.rawValue, a.hour) < (b.line, b.direction.rawValue, b.dayType.rawValue, b.hour)
        }
    }

    /// The alert and arrival figures of a group of rides.
    public struct Figures: Equatable, Sendable {
        public var rides = 0
        public var confirmed = 0
        public var missed = MeasuredRate(count: 0, total: 0)
        public var late = MeasuredRate(count: 0, total: 0)
        public var warnedUnder30 = MeasuredRate(count: 0, total: 0)
        public var covered = MeasuredRate(count: 0, total: 0)
        /// Confirmed arrival minus the plan at t₀, seconds (+ later than the plan).
        public var arrivalError = MeasuredMean()

        public var isSmall: Bool { confirmed < FieldPool.minimumCell }

        mutating func add(_ ride: SharedRide) {
            rides += 1
            if ride.confirmed != nil { confirmed += 1 }
            missed.add(ride.missed)
            late.add(ride.late)
            warnedUnder30.add(ride.warnedUnder30)
            covered.add(ride.covered)
            if let error = ride.arrivalError { arrivalError.values.append(Double(error)) }
        }
    }

    public var rides: Int
    public var cells: [Cell: Figures] = [:]
    public var overall = Figures()
    /// Rides whose route no longer exists in this network (a closed station): not pooled.
    public var unrouted = 0
    public var segments: [SegmentKey: SegmentFigures] = [:]
    /// Every span's position on the fast (0) → slow (1) axis, pooled.
    public var position = MeasuredMean()
    /// Per cell, the spans' positions.
    public var cellPositions: [Cell: MeasuredMean] = [:]
    /// Spans longer than 1.6 × the slow pattern, of the spans over one segment.
    public var longSpans = MeasuredRate(count: 0, total: 0)
    /// The start tap's lateness, seconds, where the first `at` reveals it: the published time
    /// at the pooled position less the time measured from t₀.
    public var startLateness = MeasuredMean()
    /// Spans from t₀ shorter than even the fast pattern: the tap was at least that late.
    public var startLatenessAtLeast = MeasuredMean()
    /// A change's time (the model's exit → the `departed` press) less the plan's booked walk and
    /// wait, seconds; the middle of the day and the edges (a published first or last train) apart.
    public var changeMiddle = ChangeFigures()
    public var changeEdge = ChangeFigures()

    public init(_ rides: [SharedRide], engine: ScheduleEngine) {
        self.rides = rides.count
        let router = Router(network: engine.network)
        var routes: [String: Route?] = [:]
        var firstSpans: [(fast: Double, slow: Double, measured: Double)] = []
        for ride in rides {
            let key = ride.from + ">" + ride.to
            if routes[key] == nil { routes[key] = .some(try? router.route(from: ride.from, to: ride.to)) }
            guard let route = routes[key] ?? nil, let last = route.legs.last else { unrouted += 1; continue }
            let cell = Cell(line: last.line, direction: last.direction, dayType: ride.moments.dayType, hour: ride.moments.hour)
            cells[cell, default: Figures()].add(ride)
            overall.add(ride)
            firstSpans += addSpans(ride, route: route, engine: engine, cell: cell)
            addChanges(ride)
        }
        // The start tap against the pooled position: what the published patterns say the first
        // span takes at the position the other spans measured.
        let p = position.mean ?? 0.5
        for span in firstSpans {
            startLateness.values.append(span.fast + p * (span.slow - span.fast) - span.measured)
            if span.measured < span.fast { startLatenessAtLeast.values.append(span.fast - span.measured) }
        }
    }

    /// The cells, in order.
    public var orderedCells: [(cell: Cell, figures: Figures)] { cells.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
}
