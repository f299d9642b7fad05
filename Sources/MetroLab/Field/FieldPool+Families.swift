import MetroCore
import MetroData

/// Which of the simulator's families the pooled rides resemble most: each family's assumptions
/// say what four measurable figures should be, and the distance is how far the pool is from
/// them, each figure in its own unit.

extension FieldPool {
    /// The figures a family's assumptions predict, and the pool's.
    package struct Signature: Equatable, Sendable {
        /// The runs' place on the fast (0) → slow (1) axis.
        package var position: Double
        /// How much longer than the network's assumed dwell a dwell is, seconds.
        package var dwellExcess: Double
        /// The start tap's mean lateness, seconds.
        package var startLateness: Double
        /// The share of one-segment spans longer than 1.6 × the slow pattern.
        package var longSpans: Double

        /// The units the distance counts in: a quarter of the pattern gap, 3 s of dwell, 5 s of
        /// tap, 1 % of spans. One unit each is about what a few hundred confirmations can tell apart.
        package static let units = Signature(position: 0.25, dwellExcess: 3, startLateness: 5, longSpans: 0.01)

        /// From a family's assumptions: the factor's mean over its uniform range, the dwells'
        /// mean less the network's assumed dwell, half the start tap's greatest delay, the tail's
        /// probability. (A speed-up, a day offset, AR(1) variation and a daily shift move none of
        /// these means: families that differ only in them have the same signature, and this
        /// distance cannot tell them apart.)
        package init(_ a: SimulationAssumptions, assumedDwell: Double) {
            position = (-a.spread + min(1 + a.spread, a.factorCeiling)) / 2
            dwellExcess = (a.dwellMeanRange.lowerBound + a.dwellMeanRange.upperBound) / 2 - assumedDwell
            startLateness = a.startTapDelayMax / 2
            longSpans = a.tailProbability
        }

        package init(position: Double, dwellExcess: Double, startLateness: Double, longSpans: Double) {
            self.position = position
            self.dwellExcess = dwellExcess
            self.startLateness = startLateness
            self.longSpans = longSpans
        }

        package func distance(to other: Signature) -> Double {
            let u = Signature.units
            let d = [
                (position - other.position) / u.position, (dwellExcess - other.dwellExcess) / u.dwellExcess,
                (startLateness - other.startLateness) / u.startLateness, (longSpans - other.longSpans) / u.longSpans,
            ]
            return d.reduce(0) { $0 + $1 * $1 }.squareRoot()
        }
    }

    /// The pool's signature, nil until it has spans and a start tap measured.
    package var signature: Signature? {
        guard let fitted = fit.result, let lateness = startLateness.mean else { return nil }
        return Signature(
            position: fitted.place, dwellExcess: fitted.dwellExcess, startLateness: lateness,
            longSpans: longSpans.share ?? 0)
    }

    /// The families ranked by distance, nearest first (nil without a signature), against the
    /// network's assumed dwell.
    package func families(spread: Double) -> [(family: WorldFamily, signature: Signature, distance: Double)]? {
        guard let signature else { return nil }
        return WorldFamily.all(spread: spread)
            .map { family in
                let predicted = Signature(family.assumptions, assumedDwell: assumedDwell)
                return (family, predicted, predicted.distance(to: signature))
            }
            .sorted { $0.2 < $1.2 }
    }
}
