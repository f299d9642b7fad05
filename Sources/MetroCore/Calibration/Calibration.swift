import FoundationEssentials

/// What the passenger's own rides measured: running times per directed segment and dwell times
/// per station and direction, kept as running statistics. Private to the machine.
package struct Calibration: Codable, Equatable, Sendable {
    package static let currentVersion = 1

    /// Weighted running statistics (Welford's method with weights): a dedicated calibration
    /// press counts 1, a passive measurement from an ordinary ride less.
    package struct Statistic: Codable, Equatable, Sendable {
        package var weight: Double
        package var mean: Double
        /// Sum of weighted squared deviations; the spread is sqrt(m2 / weight).
        var m2: Double
        /// How many measurements, whatever their weight.
        package var count: Int

        package init() {
            weight = 0
            mean = 0
            m2 = 0
            count = 0
        }

        /// The least positive weight a file may hold (a passive measurement weighs 0.25).
        static let smallestWeight = 0.001

        package var spread: Double { weight > 0 ? (m2 / weight).squareRoot() : 0 }

        /// Whether the figure is steady enough to plan with: fewer than three measurements, or
        /// the latest ones within 3 % of their median (`robustSpread`; the spread where a file
        /// keeps none). Rides that disagree (a line whose speed changes from day to day) say no
        /// figure is the typical ride, and the plan falls back to the published one. A held train
        /// or a slow run now and then does not: the median stands on the rides that agree.
        var isSteady: Bool { count < 3 || robustSpread <= 0.03 * typical }

        /// The latest measurements, at most `recentLimit`, each with its weight: what the plan's
        /// figure is the median of. Absent in files written before they were kept (the mean
        /// plans there). Calibration plans with the median because what lengthens a ride is
        /// one-sided (a train is held, never sped up): a held train moves the mean, not the
        /// median (docs/decisions/0075).
        package var recent: [Measurement]?
        package struct Measurement: Codable, Equatable, Sendable {
            package var seconds: Double
            package var weight: Double

            package init(seconds: Double, weight: Double) {
                self.seconds = seconds
                self.weight = weight
            }
        }
        static let recentLimit = 15

        /// The latest measurements where they speak for the figure: three or more, and either
        /// every measurement it has or a full window. An older file's history outweighs the few
        /// rides kept since (its mean plans until the window fills).
        var window: [Measurement]? {
            guard let recent, recent.count >= 3, recent.count >= min(count, Self.recentLimit) else { return nil }
            return recent
        }

        /// The weighted median of the latest measurements (the least with half the weight at or
        /// below it) where they speak for the figure (`window`), else the mean: what the plan uses.
        package var typical: Double {
            guard let window else { return mean }
            return Self.weightedMedian(window.map { ($0.seconds, $0.weight) })
        }

        /// 1.4826 × the weighted median absolute deviation from `typical` (the standard deviation
        /// for normal measurements), else the spread.
        package var robustSpread: Double {
            guard let window else { return spread }
            let centre = typical
            return 1.4826 * Self.weightedMedian(window.map { (abs($0.seconds - centre), $0.weight) })
        }

        static func weightedMedian(_ values: [(Double, Double)]) -> Double {
            let sorted = values.sorted { $0.0 < $1.0 }
            let half = sorted.reduce(0) { $0 + $1.1 } / 2
            var running = 0.0
            for (value, weight) in sorted {
                running += weight
                if running >= half - 1e-12 { return value }
            }
            return sorted.last?.0 ?? 0
        }

        package mutating func add(_ value: Double, weight w: Double = 1) {
            guard w > 0 else { return }
            var latest = recent ?? []
            latest.append(Measurement(seconds: value, weight: w))
            recent = Array(latest.suffix(Self.recentLimit))
            count += 1
            let total = weight + w
            let delta = value - mean
            mean += delta * w / total
            m2 += w * delta * (value - mean)
            weight = total
        }

        /// Count-weighted merge of two statistics (Chan et al.'s parallel formula).
        package func merged(with other: Statistic) -> Statistic {
            guard other.weight > 0 else { return self }
            guard weight > 0 else { return other }
            var result = Statistic()
            result.weight = weight + other.weight
            let delta = other.mean - mean
            result.mean = mean + delta * other.weight / result.weight
            result.m2 = m2 + other.m2 + delta * delta * weight * other.weight / result.weight
            result.count = count + other.count
            // Only where both keep them: a side without would be outvoted by the other's few.
            if let mine = recent, let theirs = other.recent { result.recent = mine + theirs }
            return result
        }
    }

    package var version: Int
    /// Running time, departure to arrival, keyed `from>to`.
    package var running: [String: Statistic]
    /// Dwell, arrival to departure, keyed `station direction`.
    package var dwell: [String: Statistic]
    /// Which calibration this is (random, made when it is first exported): an export carries
    /// it, so importing your own export, or the same source twice, cannot count a ride twice.
    package var origin: String?
    /// Other people's measurements, kept apart by their origin: a newer export from the same
    /// source replaces the older one instead of adding to it. Never exported onward.
    var imports: [String: Calibration]?

    package init() {
        version = Calibration.currentVersion
        running = [:]
        dwell = [:]
    }

    static func runningKey(from: String, to: String) -> String { "\(from)>\(to)" }
    static func dwellKey(station: String, direction: Direction) -> String { "\(station) \(direction.rawValue)" }

    /// A measurement outside the plausible range: kept out, and said so.
    package struct Rejection: Error, Equatable, Sendable {
        package var seconds: Double
        package var range: ClosedRange<Double>
    }

    /// Plausibility bounds from the published data: the shortest and longest running times and
    /// a generous margin (a train held at a red signal runs long; a press a beat late runs short).
    static func runningBounds(_ network: Network) -> ClosedRange<Double> {
        let runs = network.document.segments.map { Double($0.runSeconds) }
        return (runs.min()! * 0.5)...(runs.max()! * 2)
    }

    /// Dwells from a door-open blink to a long hold at a busy transfer station.
    static let dwellBounds: ClosedRange<Double> = 5...180

    mutating func recordRunning(from: String, to: String, seconds: Double, weight: Double = 1, network: Network)
        throws(Rejection)
    {
        let bounds = Calibration.runningBounds(network)
        guard bounds.contains(seconds) else { throw Rejection(seconds: seconds, range: bounds) }
        running[Calibration.runningKey(from: from, to: to), default: Statistic()].add(seconds, weight: weight)
    }

    mutating func recordDwell(station: String, direction: Direction, seconds: Double, weight: Double = 1)
        throws(Rejection)
    {
        guard Calibration.dwellBounds.contains(seconds) else {
            throw Rejection(seconds: seconds, range: Calibration.dwellBounds)
        }
        dwell[Calibration.dwellKey(station: station, direction: direction), default: Statistic()].add(
            seconds, weight: weight)
    }

    /// Both calibrations together, each statistic merged by weight.
    package func merged(with other: Calibration) -> Calibration {
        var result = self
        for (key, statistic) in other.running {
            result.running[key] = (running[key] ?? Statistic()).merged(with: statistic)
        }
        for (key, statistic) in other.dwell { result.dwell[key] = (dwell[key] ?? Statistic()).merged(with: statistic) }
        return result
    }

    package var isEmpty: Bool { running.isEmpty && dwell.isEmpty && (imports ?? [:]).values.allSatisfy(\.isEmpty) }

    /// Your measurements with every import merged in: what the schedule engine uses.
    package var effective: Calibration {
        var result = ownMeasurements
        result.origin = nil
        for (_, other) in (imports ?? [:]).sorted(by: { $0.key < $1.key }) {
            result = result.merged(with: other.ownMeasurements)
        }
        return result
    }

    /// Only what was measured here, with the origin: what an export holds.
    package var ownMeasurements: Calibration {
        var result = Calibration()
        result.running = running
        result.dwell = dwell
        result.origin = origin
        return result
    }

    /// Why an incoming calibration cannot be imported.
    package enum ImportRefusal: Error, Equatable, Sendable {
        /// It is this calibration's own export: every ride would count twice.
        case ownExport
    }

    /// Keeps `incoming` apart under its origin (one made from its content when it has none),
    /// replacing an earlier import from the same source. Returns whether it replaced one.
    package mutating func importing(_ incoming: Calibration) throws(ImportRefusal) -> Bool {
        if let origin, incoming.origin == origin { throw .ownExport }
        let key = incoming.origin ?? "content:" + incoming.contentKey
        var all = imports ?? [:]
        let replaced = all[key] != nil
        all[key] = incoming.ownMeasurements
        imports = all
        return replaced
    }

    /// A stable name for an export without an origin (written before origins existed).
    var contentKey: String {
        let text =
            running.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.mean),\($0.value.weight)" }.joined(
                separator: ";")
            + "|"
            + dwell.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.mean),\($0.value.weight)" }.joined(
                separator: ";")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
