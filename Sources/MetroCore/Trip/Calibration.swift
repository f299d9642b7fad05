import Foundation

/// What the passenger's own rides measured: running times per directed segment and dwell times
/// per station and direction, kept as running statistics. Private to the machine.
public struct Calibration: Codable, Equatable, Sendable {
    public static let currentVersion = 1

    /// Weighted running statistics (Welford's method with weights): a dedicated calibration
    /// press counts 1, a passive measurement from an ordinary ride less.
    public struct Statistic: Codable, Equatable, Sendable {
        public var weight: Double
        public var mean: Double
        /// Sum of weighted squared deviations; the spread is sqrt(m2 / weight).
        public var m2: Double
        /// How many measurements, whatever their weight.
        public var count: Int

        public init() {
            weight = 0
            mean = 0
            m2 = 0
            count = 0
        }

        public var spread: Double { weight > 0 ? (m2 / weight).squareRoot() : 0 }

        public mutating func add(_ value: Double, weight w: Double = 1) {
            guard w > 0 else { return }
            count += 1
            let total = weight + w
            let delta = value - mean
            mean += delta * w / total
            m2 += w * delta * (value - mean)
            weight = total
        }

        /// Count-weighted merge of two statistics (Chan et al.'s parallel formula).
        public func merged(with other: Statistic) -> Statistic {
            guard other.weight > 0 else { return self }
            guard weight > 0 else { return other }
            var result = Statistic()
            result.weight = weight + other.weight
            let delta = other.mean - mean
            result.mean = mean + delta * other.weight / result.weight
            result.m2 = m2 + other.m2 + delta * delta * weight * other.weight / result.weight
            result.count = count + other.count
            return result
        }
    }

    public var version: Int
    /// Running time, departure to arrival, keyed `from>to`.
    public var running: [String: Statistic]
    /// Dwell, arrival to departure, keyed `station direction`.
    public var dwell: [String: Statistic]

    public init() {
        version = Calibration.currentVersion
        running = [:]
        dwell = [:]
    }

    public static func runningKey(from: String, to: String) -> String { "\(from)>\(to)" }
    public static func dwellKey(station: String, direction: Direction) -> String { "\(station) \(direction.rawValue)" }

    /// A measurement outside the plausible range: kept out, and said so.
    public struct Rejection: Error, Equatable, Sendable {
        public var seconds: Double
        public var range: ClosedRange<Double>
    }

    /// Plausibility bounds from the published data: the shortest and longest running times and
    /// a generous margin (a train held at a red signal runs long; a press a beat late runs short).
    public static func runningBounds(_ network: Network) -> ClosedRange<Double> {
        let runs = network.document.segments.map { Double($0.runSeconds) }
        return (runs.min()! * 0.5)...(runs.max()! * 2)
    }

    /// Dwells from a door-open blink to a long hold at a busy transfer station.
    public static let dwellBounds: ClosedRange<Double> = 5...180

    public mutating func recordRunning(from: String, to: String, seconds: Double, weight: Double = 1, network: Network) throws(Rejection) {
        let bounds = Calibration.runningBounds(network)
        guard bounds.contains(seconds) else { throw Rejection(seconds: seconds, range: bounds) }
        running[Calibration.runningKey(from: from, to: to), default: Statistic()].add(seconds, weight: weight)
    }

    public mutating func recordDwell(station: String, direction: Direction, seconds: Double, weight: Double = 1) throws(Rejection) {
        guard Calibration.dwellBounds.contains(seconds) else { throw Rejection(seconds: seconds, range: Calibration.dwellBounds) }
        dwell[Calibration.dwellKey(station: station, direction: direction), default: Statistic()].add(seconds, weight: weight)
    }

    /// Both calibrations together, each statistic merged by weight.
    public func merged(with other: Calibration) -> Calibration {
        var result = self
        for (key, statistic) in other.running { result.running[key] = (running[key] ?? Statistic()).merged(with: statistic) }
        for (key, statistic) in other.dwell { result.dwell[key] = (dwell[key] ?? Statistic()).merged(with: statistic) }
        return result
    }

    public var isEmpty: Bool { running.isEmpty && dwell.isEmpty }
}

/// Where a segment's figure came from, most trusted first.
public enum SegmentSource: String, Codable, Sendable {
    /// Measured on this passenger's rides, this direction.
    case calibrated
    /// Published departures, this direction.
    case official
    /// Published departures of the opposite direction (none published for this one).
    case mirrored
    /// Nothing known: a network-wide typical figure.
    case fallback = "default"
}

extension ScheduleEngine {
    /// A segment's running time, through the chain calibrated → official this direction →
    /// official mirrored → default.
    public func running(from: String, to: String) -> (seconds: Double, source: SegmentSource) {
        if let statistic = calibration?.running[Calibration.runningKey(from: from, to: to)], statistic.weight > 0 {
            return (statistic.mean, .calibrated)
        }
        if let segment = network.segment(from: from, to: to) {
            return (Double(segment.runSeconds), segment.basis == .measured ? .official : .mirrored)
        }
        if let mirror = network.segment(from: to, to: from) {
            return (Double(mirror.runSeconds), .mirrored)
        }
        return (Double(TimetableCompiler.median(network.document.segments.map(\.runSeconds))), .fallback)
    }

    /// The dwell at a station when arriving from `from`, through the same chain (independently of
    /// the running time).
    public func dwell(at station: String, arrivingFrom from: String) -> (seconds: Double, source: SegmentSource) {
        let direction = network.direction(from: from, to: station) ?? .forward
        if let statistic = calibration?.dwell[Calibration.dwellKey(station: station, direction: direction)], statistic.weight > 0 {
            return (statistic.mean, .calibrated)
        }
        if let segment = network.segment(from: from, to: station) {
            return (Double(segment.dwellSeconds), segment.basis == .measured ? .official : .mirrored)
        }
        return (Double(network.document.assumptions.dwellSeconds), .fallback)
    }
}

/// One measured figure, ready to record.
public struct RideMeasurement: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case running(from: String, to: String)
        case dwell(station: String, direction: Direction)
    }

    public var kind: Kind
    public var seconds: Double
    public var weight: Double
}

extension Calibration {
    /// Records a measurement, or says why it was rejected.
    public mutating func record(_ measurement: RideMeasurement, network: Network) throws(Rejection) {
        switch measurement.kind {
        case let .running(from, to):
            try recordRunning(from: from, to: to, seconds: measurement.seconds, weight: measurement.weight, network: network)
        case let .dwell(station, direction):
            try recordDwell(station: station, direction: direction, seconds: measurement.seconds, weight: measurement.weight)
        }
    }
}

extension TripModel {
    /// A passive measurement weighs a quarter of a dedicated calibration press: the anchors are
    /// pressed when the passenger notices, not at the instant the doors open.
    public static let passiveWeight = 0.25

    /// What an ordinary ride measured: between every two known points on one leg (the departure,
    /// each `at STATION`, a `departed` after the transfer, a confirmed arrival), the elapsed time
    /// shared over the segments in between in proportion to their current figures. Pairs whose
    /// ratio to the model is implausible (under half or over double) teach nothing.
    public func passiveMeasurements(_ trip: Trip, confirmedArrival: Date?) -> [RideMeasurement] {
        let schedule = current(trip)
        let stops = schedule.stops
        guard let departure = stops.first?.departure else { return [] }
        var points: [(stop: Int, arrived: Bool, time: Date)] = [(0, false, departure)]
        for correction in trip.corrections {
            switch correction.kind {
            case .at(let station):
                if let index = stopIndex(of: station, in: schedule) {
                    points.append((index, stops[index].role != .transferEntry, correction.time))
                }
            case .departed:
                if let entry = schedule.entryIndex { points.append((entry, false, correction.time)) }
            case .shift:
                break
            }
        }
        if let confirmedArrival { points.append((stops.count - 1, true, confirmedArrival)) }
        points.sort { ($0.stop, $0.time) < ($1.stop, $1.time) }

        var measurements: [RideMeasurement] = []
        for (a, b) in zip(points, points.dropFirst()) where b.arrived && b.stop > a.stop && stops[a.stop].leg == stops[b.stop].leg && b.time > a.time {
            var parts: [(RideMeasurement.Kind, Double)] = []
            if a.arrived && stops[a.stop].role == .intermediate {
                let direction = engine.network.direction(from: stops[a.stop - 1].station, to: stops[a.stop].station) ?? .forward
                parts.append((.dwell(station: stops[a.stop].station, direction: direction), engine.dwell(at: stops[a.stop].station, arrivingFrom: stops[a.stop - 1].station).seconds))
            }
            for k in a.stop..<b.stop {
                let from = stops[k].station, to = stops[k + 1].station
                parts.append((.running(from: from, to: to), engine.running(from: from, to: to).seconds))
                if k + 1 < b.stop, !engine.closedStations.contains(to) {
                    let direction = engine.network.direction(from: from, to: to) ?? .forward
                    parts.append((.dwell(station: to, direction: direction), engine.dwell(at: to, arrivingFrom: from).seconds))
                }
            }
            let modelled = parts.reduce(0) { $0 + $1.1 }
            let ratio = b.time.timeIntervalSince(a.time) / modelled
            guard modelled > 0, (0.5...2).contains(ratio) else { continue }
            measurements += parts.map { RideMeasurement(kind: $0.0, seconds: $0.1 * ratio, weight: Self.passiveWeight) }
        }
        return measurements
    }
}
