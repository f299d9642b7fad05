import FoundationEssentials

/// A re-anchoring of the schedule: the train (or the passenger) was at a stop at a moment.
/// The first anchor is t₀: departure from the origin. Each later anchor replaces the times from
/// its stop onward; times before it stay as they were.
public struct Anchor: Equatable, Sendable, Codable {
    public enum Event: String, Codable, Sendable { case arrival, departure }

    /// Index into `Schedule.stops`.
    public var stop: Int
    public var event: Event
    public var time: Date

    public init(stop: Int, event: Event, time: Date) {
        self.stop = stop
        self.event = event
        self.time = time
    }
}

/// The computed ride: every stop's arrival and departure, the transfer, the alert moments and the
/// service-hour findings. Pure data; the CLI renders it.
public struct Schedule: Equatable, Sendable {
    public enum Role: String, Equatable, Sendable, Codable {
        case origin, intermediate, transferExit, transferEntry, destination
    }

    public struct Stop: Equatable, Sendable {
        public var station: String
        public var leg: Int
        public var role: Role
        /// When the train stops here (nil at a boarding stop: origin or transfer entry).
        public var arrival: Date?
        /// When the train leaves (nil where the passenger gets off).
        public var departure: Date?
        /// True when this time rests on the unknown wait after a transfer.
        public var uncertain: Bool
        /// True when the running time into this stop, or the dwell here, comes from the
        /// passenger's own calibration.
        public var calibrated: Bool = false
        /// The range of `time`: the fast published pattern with no wait after a transfer, and
        /// the slow pattern with the longest wait.
        public var earliest: Date?
        public var latest: Date?

        /// The moment that matters at this stop: arrival if the train arrives, else departure.
        public var time: Date { arrival ?? departure! }

        /// A closed station: the train passes it without stopping (no dwell).
        public var passesWithoutStopping: Bool { role == .intermediate && arrival != nil && arrival == departure }
    }

    public struct TransferTiming: Equatable, Sendable {
        public var exit: String
        public var entry: String
        public var walkSeconds: Int
        /// When the passenger reaches the new platform.
        public var platformArrival: Date
        /// The interval on the new line, in its direction and day type, that spaces the train
        /// the passenger waits for: the one in force when that train left its terminal.
        public var headwaySeconds: Int
        /// The longest the wait can be: the widest interval that can separate the train just
        /// missed from the next one (intervals change through the hour, and the gap a waiting
        /// passenger falls into was set when the missed train left its terminal).
        public var longestWaitSeconds: Int
        /// The shortest interval that can separate the missed train from the next: the chance
        /// of a wait shorter than x is at most x divided by it.
        public var shortestWaitSeconds: Int = 0
        /// The wait the model books: a quarter of the headway.
        public var bookedWaitSeconds: Int
        /// The wait the alert moments book: the booked wait, capped so that the train reaches
        /// the passenger's station before "yours is next" in at most 1% of rides (see
        /// `ScheduleEngine.alertWait`).
        public var alertWaitSeconds: Int = 0
        /// True once the passenger said the train departed (or anchored a later stop).
        public var confirmed: Bool
        /// The real train the wait ends on, at the edges of the service day (set by
        /// `scheduleOnRealTrains`; nil: any train, the wait is the model's).
        public var realTrain: Date? = nil

        /// The honest range of the departure from the new platform: no wait at all, or a whole
        /// headway.
        public var earliestDeparture: Date { platformArrival }
        public var latestDeparture: Date { platformArrival.addingTimeInterval(TimeInterval(longestWaitSeconds)) }
        /// How far the schedule after the transfer may move: earlier by the booked wait, later
        /// by the rest of the headway.
        public var earlier: TimeInterval { TimeInterval(bookedWaitSeconds) }
        public var later: TimeInterval { TimeInterval(longestWaitSeconds - bookedWaitSeconds) }
    }

    /// "Change at the next stop": the moment, and the stop before a transfer exit it belongs to.
    public struct ChangeAlert: Equatable, Sendable {
        public var time: Date
        public var stop: Int
    }

    public var route: Route
    public var stops: [Stop]
    /// Each change, in order (two when the route goes the long way round a closure).
    public var transfers: [TransferTiming]
    /// "Yours is next": the train reaches the stop before the passenger's last (when that stop is
    /// a boarding stop, the moment the train leaves it).
    public var alert: Date
    public var alertStop: Int?
    /// "Change at the next stop", before each change: the same for the stop before its exit.
    public var transferAlerts: [ChangeAlert]
    /// The train reaches the passenger's last station.
    public var arrival: Date
    /// After any walk through a transfer node at the end.
    public var finalArrival: Date
    public var findings: [ServiceFinding]

    /// The departure from the origin: t₀ as it stands after corrections.
    public var departure: Date { stops.first?.departure ?? alert }

    /// The arrival's range: both running patterns and every possible wait.
    public var arrivalEarliest: Date { stops.last?.earliest ?? arrival }
    public var arrivalLatest: Date { stops.last?.latest ?? arrival }

    /// The first stop of every leg after the first: where each change boards (found once, when
    /// the schedule is built: a trip's fold reads it for every correction).
    public var entryIndices: [Int]

    /// The index of the first stop of the second leg, if any.
    public var entryIndex: Int? { entryIndices.first }

    /// The first change (the only one, unless the route goes the long way).
    public var transfer: TransferTiming? { transfers.first }
    /// The first change's alert.
    public var transferAlert: Date? { transferAlerts.first?.time }
    public var transferAlertStop: Int? { transferAlerts.first?.stop }

    /// The change a change alert is before: its timing, its alert and its entry stop (nil for the
    /// other alerts, or when the route has no such change).
    public func change(for alert: Trip.Alert) -> (transfer: TransferTiming, alert: ChangeAlert, entry: Int)? {
        guard let number = alert.change.map({ $0 - 1 }), transfers.indices.contains(number), transferAlerts.indices.contains(number),
            entryIndices.indices.contains(number)
        else { return nil }
        return (transfers[number], transferAlerts[number], entryIndices[number])
    }

    /// The change whose new platform is stop `entry`.
    public func transfer(enteringAt entry: Int) -> TransferTiming? {
        guard stops.indices.contains(entry), stops[entry].role == .transferEntry else { return nil }
        let number = stops[entry].leg - 1
        return transfers.indices.contains(number) ? transfers[number] : nil
    }
}

/// What the published service hours say about a boarding.
public enum ServiceFinding: Equatable, Sendable {
    /// The first train in this direction has not left yet.
    case beforeFirstTrain(station: String, line: String, toward: String, first: Date)
    /// The last train has gone: the route cannot be completed from here.
    case afterLastTrain(station: String, line: String, toward: String, last: Date)
    /// The last train leaves within the warning window.
    case lastTrainSoon(station: String, line: String, toward: String, last: Date)

    /// The boarding station the finding is about.
    public var station: String {
        switch self {
        case .beforeFirstTrain(let station, _, _, _), .afterLastTrain(let station, _, _, _), .lastTrainSoon(let station, _, _, _): return station
        }
    }

    /// Whether the route cannot be ridden as planned.
    public var isBlocking: Bool {
        if case .afterLastTrain = self { return true }
        return false
    }

    /// Whether the ride cannot be made at the planned time: after the last train or before the
    /// first (`plan` still prints it, and exits 1).
    public var preventsTheRide: Bool {
        switch self {
        case .afterLastTrain, .beforeFirstTrain: return true
        case .lastTrainSoon: return false
        }
    }
}

/// Computes schedules. A pure function of its inputs: no clock, no I/O.
public struct ScheduleEngine: Sendable {
    public let network: Network
    public var clock: ServiceClock
    /// The share of the headway booked as the wait after a transfer. The wait is unknowable
    /// (zero to one headway); a quarter leans early on purpose: an early alert costs a glance,
    /// a late one costs the station. Half would be the unbiased mean and zero the earliest.
    public var bookedWaitFraction: Double = 0.25
    /// The share of the time since the last confirmed point by which an alert that rests on an
    /// unconfirmed change leans early (see `alertLead`).
    public var alertLeanShare: Double = 0.1
    /// Warn when the last train leaves within this many seconds of a boarding.
    public var lastTrainWarning: Int = 3600
    /// Today's interval per line, in seconds, replacing the published one (service changes).
    public var headwayOverrides: [String: Int] = [:]
    /// Stations trains pass without stopping: timed as usual, but no dwell.
    public var closedStations: Set<String> = []
    /// The passenger's own measurements; nil plans from the official figures only.
    public var calibration: Calibration?

    /// The engine with a day's service changes applied.
    public func applying(_ changes: ServiceChanges) -> ScheduleEngine {
        var engine = self
        engine.headwayOverrides.merge(changes.headways) { $1 }
        engine.closedStations.formUnion(changes.closed)
        if let dayType = changes.dayType { engine.clock.dayTypeOverride = dayType }
        return engine
    }

    public init(network: Network, clock: ServiceClock) {
        self.network = network
        self.clock = clock
    }

    /// The interval between trains on a line at a moment, as this engine plans with it (today's
    /// changes and day type included).
    public func interval(line: String, direction: Direction, at moment: Date) -> Int {
        if let override = headwayOverrides[line] { return override }
        let position = clock.position(of: moment)
        return network.headway(line: line, direction: direction, dayType: position.dayType, secondsOfDay: position.seconds) ?? 600
    }

    /// Each leg's interval at its boarding: what the iOS app's route preview shows beside each line.
    public func legIntervals(_ schedule: Schedule) -> [Int] {
        schedule.route.legs.enumerated().map { index, leg in
            // After a change, the interval the booked wait is a quarter of (the plan's walk line
            // names it): the one the awaited train left its terminal at.
            if index > 0, schedule.transfers.indices.contains(index - 1) { return schedule.transfers[index - 1].headwaySeconds }
            let boarding = schedule.stops.first { $0.leg == index }?.departure ?? schedule.departure
            return interval(line: leg.line, direction: leg.direction, at: boarding)
        }
    }

    /// The schedule for a ride whose train starts moving at `t0`.
    public func schedule(route: Route, t0: Date) -> Schedule {
        schedule(route: route, anchors: [Anchor(stop: 0, event: .departure, time: t0)])
    }

    /// The schedule after a series of anchors, applied in order.
    public func schedule(route: Route, anchors: [Anchor]) -> Schedule {
        var builder = Builder(engine: self, route: route)
        for anchor in anchors { builder.apply(anchor) }
        return builder.schedule()
    }

    /// A schedule built one anchor at a time: each anchor is applied to the passes as they
    /// stand, so folding n corrections costs n propagations, not n² (a trip's current schedule
    /// is a fold over its corrections, each read against the schedule before it).
    public struct Builder: Sendable {
        let engine: ScheduleEngine
        let route: Route
        // The best estimate (displayed); the alert moments (fast pattern, the alert's wait);
        // the range (fast pattern with no wait, slow pattern with the longest wait).
        // Each pass's changes, by number (nil until the pass has reached it).
        var best: (stops: [Schedule.Stop], transfers: [Schedule.TransferTiming?])
        var alert: (stops: [Schedule.Stop], transfers: [Schedule.TransferTiming?])
        var low: (stops: [Schedule.Stop], transfers: [Schedule.TransferTiming?])
        var high: (stops: [Schedule.Stop], transfers: [Schedule.TransferTiming?])
        var first: Date?
        /// The latest anchor's moment: the last thing the passenger confirmed.
        var latest: Date?
        let bestTiming: RouteTiming, earlyTiming: RouteTiming, lateTiming: RouteTiming

        public init(engine: ScheduleEngine, route: Route) {
            self.engine = engine
            self.route = route
            let planned = engine.plannedStops(route)
            let none = [Schedule.TransferTiming?](repeating: nil, count: max(route.legs.count - 1, 0))
            best = (planned, none)
            alert = (planned, none)
            low = (planned, none)
            high = (planned, none)
            bestTiming = engine.timing(planned, pattern: .best)
            earlyTiming = engine.timing(planned, pattern: .early)
            lateTiming = engine.timing(planned, pattern: .late)
        }

        public mutating func apply(_ anchor: Anchor) {
            guard first == nil || best.stops.indices.contains(anchor.stop) else { return }
            if first == nil { first = anchor.time }
            latest = anchor.time
            guard !best.stops.isEmpty else { return }
            engine.propagate(&best.stops, route: route, anchor: anchor, transfers: &best.transfers, timing: bestTiming, early: earlyTiming, wait: .booked)
            engine.propagate(&alert.stops, route: route, anchor: anchor, transfers: &alert.transfers, timing: earlyTiming, early: earlyTiming, wait: .alert)
            engine.propagate(&low.stops, route: route, anchor: anchor, transfers: &low.transfers, timing: earlyTiming, early: earlyTiming, wait: .none)
            engine.propagate(&high.stops, route: route, anchor: anchor, transfers: &high.transfers, timing: lateTiming, early: earlyTiming, wait: .longest)
        }

        /// The best estimate alone, without ranges, alerts or findings: enough to read the next
        /// correction against (where the train is), at a fraction of a full schedule's cost.
        public func draft() -> Schedule {
            let time = first ?? Date(timeIntervalSince1970: 0)
            guard let last = best.stops.last?.arrival else { return schedule() }
            return Schedule(
                route: route, stops: best.stops, transfers: best.transfers.compactMap { $0 }, alert: time, alertStop: best.stops.count - 2,
                transferAlerts: [], arrival: last, finalArrival: last, findings: [], entryIndices: bestTiming.entries)
        }

        public func schedule() -> Schedule {
            let walkAfter = TimeInterval(route.walkAfterAlighting?.walkSeconds ?? 0)
            guard !best.stops.isEmpty, first != nil else {
                let t0 = first ?? Date(timeIntervalSince1970: 0)
                return Schedule(
                    route: route, stops: [], transfers: [], alert: t0, alertStop: nil, transferAlerts: [],
                    arrival: t0, finalArrival: t0.addingTimeInterval(walkAfter), findings: [], entryIndices: [])
            }
            var stops = best.stops
            var transfers = best.transfers.compactMap { $0 }
            for index in stops.indices {
                stops[index].earliest = min(low.stops[index].time, stops[index].time)
                stops[index].latest = max(high.stops[index].time, stops[index].time)
            }
            for number in transfers.indices { transfers[number].alertWaitSeconds = alert.transfers[number]?.alertWaitSeconds ?? 0 }
            let last = stops.count - 1
            let alertStop = last - 1
            let since = latest ?? first!
            func moment(_ index: Int) -> Date {
                let fast = alert.stops[index].time
                return min(fast.addingTimeInterval(-engine.alertLead(fast, since: since, uncertain: alert.stops[index].uncertain)), stops[index].time)
            }
            let transferAlerts = stops.indices.filter { stops[$0].role == .transferExit }.map { exit in
                Schedule.ChangeAlert(time: moment(exit - 1), stop: exit - 1)
            }
            let arrival = stops[last].arrival!
            return Schedule(
                route: route, stops: stops, transfers: transfers,
                alert: moment(alertStop), alertStop: alertStop,
                transferAlerts: transferAlerts,
                arrival: arrival, finalArrival: arrival.addingTimeInterval(walkAfter),
                findings: engine.findings(stops: stops, route: route, transfers: transfers), entryIndices: bestTiming.entries)
        }
    }

    /// Which wait after a transfer a pass books.
    enum WaitChoice {
        case booked, none, alert, longest
    }

    /// The stops of the route in travel order, with roles and no times yet.
    public func plannedStops(_ route: Route) -> [Schedule.Stop] {
        var stops: [Schedule.Stop] = []
        for (legIndex, leg) in route.legs.enumerated() {
            for (index, station) in leg.stations.enumerated() {
                let role: Schedule.Role
                if index == 0 {
                    role = legIndex == 0 ? .origin : .transferEntry
                } else if index == leg.stations.count - 1 {
                    role = legIndex == route.legs.count - 1 ? .destination : .transferExit
                } else {
                    role = .intermediate
                }
                stops.append(.init(station: station, leg: legIndex, role: role, arrival: nil, departure: nil, uncertain: false))
            }
        }
        return stops
    }

    /// A route's running times (into each stop from the one before) and dwells (at each stop)
    /// for one pattern, looked up once: a trip's fold applies hundreds of anchors to the same
    /// route, and looking each figure up by station names every time dominated `status`.
    struct RouteTiming: Sendable {
        var run: [(seconds: Double, source: SegmentSource)]
        var dwell: [(seconds: Double, source: SegmentSource)]
        /// For each change, from the new leg's terminal to the change's entry, departure to
        /// departure.
        var fromTerminal: [TimeInterval]
        /// Each change's entry: the first stop of every leg after the first.
        var entries: [Int]
    }

    func timing(_ stops: [Schedule.Stop], pattern: RunningPattern) -> RouteTiming {
        var run: [(seconds: Double, source: SegmentSource)] = [(0, .official)]
        var dwell: [(seconds: Double, source: SegmentSource)] = [(0, .official)]
        for index in stops.indices.dropFirst() {
            run.append(running(from: stops[index - 1].station, to: stops[index].station, pattern: pattern))
            dwell.append(self.dwell(at: stops[index].station, arrivingFrom: stops[index - 1].station, pattern: pattern))
        }
        let entries = stops.indices.filter { stops[$0].role == .transferEntry }
        let fromTerminal = entries.map { entry in
            let line = network.station(stops[entry].station)?.line ?? ""
            let direction = entry + 1 < stops.count ? network.direction(from: stops[entry].station, to: stops[entry + 1].station) ?? .forward : .forward
            return secondsFromTerminal(line: line, direction: direction, to: stops[entry].station)
        }
        return RouteTiming(run: run, dwell: dwell, fromTerminal: fromTerminal, entries: entries)
    }

    /// Applies an anchor to one pass: `timing` is the pass's pattern, `early` the fast pattern
    /// the alert's wait is capped with, `wait` the wait it books after a transfer.
    func propagate(
        _ stops: inout [Schedule.Stop], route: Route, anchor: Anchor, transfers: inout [Schedule.TransferTiming?],
        timing: RouteTiming, early: RouteTiming, wait: WaitChoice
    ) {
        let k = anchor.stop
        let boards = stops[k].role == .origin || stops[k].role == .transferEntry
        // Waiting at a boarding stop is not dwell: an anchor there is the departure.
        if boards || anchor.event == .departure {
            stops[k].departure = anchor.time
            if boards { stops[k].arrival = nil }
        } else {
            stops[k].arrival = anchor.time
            stops[k].departure = departureAfterArrival(stops, k, timing: timing)
        }
        stops[k].uncertain = false
        // Every change whose new train has left by this anchor is confirmed.
        for (number, entry) in timing.entries.enumerated() where k >= entry && transfers[number] != nil {
            transfers[number]?.confirmed = true
        }
        // The train is at stop k at the anchor's time: every stop before it has been passed, so
        // none may be timed after it (a passenger who says "at Hidropark" early has the train
        // past Chernihivska, whatever the model thought).
        let limit = stops[k].arrival ?? stops[k].departure ?? anchor.time
        for index in 0..<k {
            if let arrival = stops[index].arrival, arrival > limit { stops[index].arrival = limit }
            if let departure = stops[index].departure, departure > limit { stops[index].departure = limit }
            stops[index].uncertain = false
        }
        var index = k
        while index < stops.count - 1 {
            let next = index + 1
            let number = stops[index].leg
            if stops[index].role == .transferExit, route.transferWalks.indices.contains(number) {
                let walk = route.transferWalks[number]
                let platform = stops[index].arrival!.addingTimeInterval(TimeInterval(walk.walkSeconds))
                let leg = route.legs[stops[next].leg]
                let (headway, shortest, longest) = waitAfterTransfer(
                    line: leg.line, direction: leg.direction, platform: platform,
                    fromTerminal: timing.fromTerminal.indices.contains(number) ? timing.fromTerminal[number] : 0)
                let booked = Int((Double(headway) * bookedWaitFraction).rounded())
                let alert = alertWait(booked: booked, shortest: shortest, stops: stops, early: early)
                transfers[number] = .init(
                    exit: stops[index].station, entry: stops[next].station, walkSeconds: walk.walkSeconds,
                    platformArrival: platform, headwaySeconds: headway, longestWaitSeconds: longest, shortestWaitSeconds: shortest,
                    bookedWaitSeconds: booked, alertWaitSeconds: alert, confirmed: false)
                let waited = switch wait {
                case .booked: booked
                case .none: 0
                case .alert: alert
                case .longest: longest
                }
                stops[next].arrival = nil
                stops[next].departure = platform.addingTimeInterval(TimeInterval(waited))
                stops[next].uncertain = true
            } else {
                let run = timing.run[next]
                stops[next].arrival = stops[index].departure!.addingTimeInterval(run.seconds)
                stops[next].departure = departureAfterArrival(stops, next, timing: timing)
                stops[next].uncertain = stops[index].uncertain
                stops[next].calibrated = run.source == .calibrated || (stops[next].role == .intermediate && timing.dwell[next].source == .calibrated)
            }
            index = next
        }
    }

    /// Dwell belongs to the arriving segment: the published departure-to-departure gap into a
    /// station includes the stop there. None where the passenger gets off.
    func departureAfterArrival(_ stops: [Schedule.Stop], _ index: Int, timing: RouteTiming) -> Date? {
        guard stops[index].role == .intermediate, index > 0, let arrival = stops[index].arrival else { return nil }
        // A closed station: the train passes through without stopping.
        if closedStations.contains(stops[index].station) { return arrival }
        return arrival.addingTimeInterval(timing.dwell[index].seconds)
    }

    /// The interval that spaces the trains a passenger reaching `entry` at `platform` waits
    /// between, and the longest wait it allows.
    ///
    /// Trains are dispatched from the terminal at the interval of the moment they leave it, so a
    /// train reaching `entry` at `platform` left its terminal the running time earlier, and
    /// that moment's interval is the one that matters (in the morning peak the interval shrinks
    /// within the hour, and looking it up at the platform would promise too short a wait). The
    /// gap the passenger falls into was set by the train just missed, which left up to one
    /// interval before: the longest wait is the widest interval over that window.
    func waitAfterTransfer(
        line: String, direction: Direction, platform: Date, fromTerminal: TimeInterval
    ) -> (headway: Int, shortest: Int, longest: Int) {
        let reference = platform.addingTimeInterval(-fromTerminal)
        // Widen until the window of the missed train's departure stops growing (intervals
        // change slowly: twice at most). Within a published hour the interval is linear in
        // time, and constant outside the published hours, so over a window its extremes lie at
        // the window's ends or at an hour's boundary (on either side of it): those points are
        // all that need looking up.
        // One conversion to the service day's clock; the window's points are offsets from it.
        let position = clock.position(of: reference)
        let referenceSeconds = position.seconds
        let override = headwayOverrides[line]
        let series = override == nil ? network.headwaySeries(line: line, direction: direction, dayType: position.dayType) : nil
        func interval(_ offset: Int) -> Int {
            override ?? series?.seconds(at: referenceSeconds - offset) ?? 600
        }
        let headway = interval(0)
        var longest = headway, shortest = headway
        var window = 0
        func look(_ offset: Int) {
            let value = interval(offset)
            longest = max(longest, value)
            shortest = min(shortest, value)
        }
        while window < longest {
            window = longest
            // (No arrays: this runs for every correction of a trip, three patterns each.)
            look(window)
            var boundary = (referenceSeconds / 3600) * 3600
            while referenceSeconds - boundary <= window {
                look(referenceSeconds - boundary)
                if referenceSeconds - boundary + 1 <= window { look(referenceSeconds - boundary + 1) }
                boundary -= 3600
            }
        }
        return (headway, shortest, longest)
    }

    /// The wait the alert moments book after a transfer: the booked wait, capped so that "yours
    /// is next" comes before the train reaches the passenger's station in at least 99% of rides.
    ///
    /// The real wait W is uniform on [0, s] for the interval s between the missed train and the
    /// next (s is at least `shortest`). The alert is computed on the fast pattern, the fastest
    /// the published trains run, so the train can reach the station before the alert only when
    /// W < alertWait − lastStep, where lastStep is the fast pattern's time from the alert's
    /// moment to the arrival (the dwell at the stop before, and the last run). That chance is
    /// at most (alertWait − lastStep) / shortest: capping alertWait at lastStep + 1% of the
    /// shortest interval keeps it at 1% or under, in every line, direction, day type and hour.
    /// The cap costs earliness only where the interval is long and the last run short (late
    /// evenings and weekends); elsewhere a quarter of the interval is already under it.
    func alertWait(booked: Int, shortest: Int, stops: [Schedule.Stop], early: RouteTiming) -> Int {
        let last = stops.count - 1
        guard last >= 1 else { return booked }
        let before = stops[last - 1]
        var lastStep = early.run[last].seconds
        if before.role == .intermediate, last >= 2, !closedStations.contains(before.station) {
            lastStep += early.dwell[last - 1].seconds
        }
        return Self.cappedAlertWait(booked: booked, lastStep: lastStep, shortest: shortest)
    }

    /// How much earlier than its fast-pattern moment an alert fires: a share of the time since
    /// the last thing the passenger confirmed, when the alert rests on the unknown wait after a
    /// change (no "departed" yet).
    ///
    /// The alert wait's cap keeps the miss at 1% only if the trains run no faster than the
    /// fastest published one and the walk takes its published time. Nobody publishes how fast
    /// a midday train runs; the simulator (`timetable-gen simulate`) shows that a world up to a
    /// whole pattern gap faster, with dwells of 15–40 s and a walk ±20%, misses the station in
    /// up to 2% of such rides in its worst cell. Every one of those misses comes after a change
    /// the passenger did not confirm, and each source of the drift (running, dwell, walk) grows
    /// with the time ridden since the last known point: so the lean is a share of that time.
    /// Once "departed" is pressed nothing rests on the wait and the alert is the fast pattern's.
    func alertLead(_ moment: Date, since anchor: Date, uncertain: Bool) -> TimeInterval {
        guard uncertain, moment > anchor else { return 0 }
        return (moment.timeIntervalSince(anchor) * alertLeanShare).rounded(.down)
    }

    /// Departure to departure, from the line's terminal in `direction` to `station`.
    func secondsFromTerminal(line: String, direction: Direction, to station: String) -> TimeInterval {
        guard let stations = network.line(line)?.stations else { return 0 }
        let ordered = direction == .forward ? stations : stations.reversed()
        var total: TimeInterval = 0
        for (from, to) in zip(ordered, ordered.dropFirst()) {
            if from == station { break }
            total += running(from: from, to: to).seconds + dwell(at: to, arrivingFrom: from).seconds
        }
        return total
    }

    /// Service hours checked at every boarding: the origin at its departure, and each new line at
    /// the moment the passenger reaches its platform.
    func findings(stops: [Schedule.Stop], route: Route, transfers: [Schedule.TransferTiming]) -> [ServiceFinding] {
        var boardings: [(station: String, leg: Leg, at: Date)] = []
        if let first = stops.first, let leg = route.legs.first { boardings.append((first.station, leg, first.departure!)) }
        for (number, transfer) in transfers.enumerated() where number + 1 < route.legs.count {
            boardings.append((transfer.entry, route.legs[number + 1], transfer.platformArrival))
        }
        var result: [ServiceFinding] = []
        for boarding in boardings {
            guard let window = network.serviceWindow(station: boarding.station, direction: boarding.leg.direction),
                let toward = network.terminal(line: boarding.leg.line, direction: boarding.leg.direction)
            else { continue }
            let position = clock.position(of: boarding.at)
            let first = clock.date(position.serviceDay, seconds: window.firstDeparture)
            let last = clock.date(position.serviceDay, seconds: window.lastDeparture)
            // The first boarding that cannot be made is the ride's one warning: the boardings
            // after it (a change made in the next service day's small hours) are moot.
            if boarding.at < first {
                result.append(.beforeFirstTrain(station: boarding.station, line: boarding.leg.line, toward: toward, first: first))
                break
            } else if boarding.at > last {
                result.append(.afterLastTrain(station: boarding.station, line: boarding.leg.line, toward: toward, last: last))
                break
            } else if last.timeIntervalSince(boarding.at) <= TimeInterval(lastTrainWarning) {
                result.append(.lastTrainSoon(station: boarding.station, line: boarding.leg.line, toward: toward, last: last))
            }
        }
        return result
    }
}
