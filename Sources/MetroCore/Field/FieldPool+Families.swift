/// Which of the simulator's families the pooled rides resemble most: each family's assumptions
/// say what three measurable figures should be, and the distance is how far the pool is from
/// them, each figure in its own unit.
extension FieldPool {
    /// The figures a family's assumptions predict, and the pool's.
    public struct Signature: Equatable, Sendable {
        /// The spans' mean place on the fast (0) → slow (1) axis.
        public var position: Double
        /// The start tap's mean lateness, seconds.
        public var startLateness: Double
        /// The share of one-segment spans longer than 1.6 × the slow pattern.
        public var longSpans: Double

        /// The units the distance counts in: a quarter of the pattern gap, 5 s of tap, 1 % of
        /// spans. One unit each is about what a few hundred confirmations can tell apart.
        public static let units = Signature(position: 0.25, startLateness: 5, longSpans: 0.01)

        /// From a family's assumptions: the factor's mean over its uniform range, half the
        /// start tap's greatest delay, the tail's probability. (A speed-up, a day offset, AR(1)
        /// variation and a daily shift move none of these means: families that differ only in
        /// them have the same signature, and this distance cannot tell them apart.)
        public init(_ a: SimulationAssumptions) {
            position = (-a.spread + min(1 + a.spread, a.factorCeiling)) / 2
            startLateness = a.startTapDelayMax / 2
            longSpans = a.tailProbability
        }

        public init(position: Double, startLateness: Double, longSpans: Double) {
            self.position = position
            self.startLateness = startLateness
            self.longSpans = longSpans
        }

        public func distance(to other: Signature) -> Double {
            let u = Signature.units
            let d = [(position - other.position) / u.position, (startLateness - other.startLateness) / u.startLateness, (longSpans - other.longSpans) / u.longSpans]
            return d.reduce(0) { $0 + $1 * $1 }.squareRoot()
        }
    }

    /// The pool's signature, nil until it has spans and a start tap measured.
    public var signature: Signature? {
        guard let position = position.mean, let lateness = startLateness.mean else { return nil }
        return Signature(position: position, startLateness: lateness, longSpans: longSpans.share ?? 0)
    }

    /// The families ranked by distance, nearest first (nil without a signature).
    public func families(spread: Double) -> [(family: WorldFamily, distance: Double)]? {
        guard let signature else { return nil }
        return WorldFamily.all(spread: spread)
            .map { ($0, Signature($0.assumptions).distance(to: signature)) }
            .sorted { $0.1 < $1.1 }
    }
}
