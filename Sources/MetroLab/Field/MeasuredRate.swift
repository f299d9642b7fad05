import MetroCore
import MetroData

/// A share measured on `count` of `total`, with its 95 % Wilson score interval: unlike the
/// normal approximation it stays inside 0–1 and says something at 0 of 10 (Wilson, 1927).

package struct MeasuredRate: Equatable, Sendable {
    package var count: Int
    package var total: Int

    package init(count: Int, total: Int) {
        self.count = count
        self.total = total
    }

    /// The 95 % quantile of the normal distribution (two-sided).
    package static let z = Statistics.z95

    package var share: Double? { total == 0 ? nil : Double(count) / Double(total) }

    /// The Wilson score interval at 95 %, nil with no observation.
    package var interval: (low: Double, high: Double)? {
        guard total > 0 else { return nil }
        let n = Double(total)
        let p = Double(count) / n
        let z = Self.z
        let z2 = z * z
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        return (max(0, centre - half), min(1, centre + half))
    }

    mutating func add(_ value: Bool?) {
        guard let value else { return }
        total += 1
        if value { count += 1 }
    }
}

/// A mean of measured values with its 95 % interval (mean ± 1.96 standard errors; nil under two
/// values), and the median.
package struct MeasuredMean: Equatable, Sendable {
    package var values: [Double] = []

    package init(_ values: [Double] = []) { self.values = values }

    package var count: Int { values.count }
    package var mean: Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }
    package var median: Double? { Statistics.quantile(values, 0.5) }

    package var interval: (low: Double, high: Double)? {
        guard values.count >= 2, let mean else { return nil }
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
        let half = MeasuredRate.z * (variance / Double(values.count)).squareRoot()
        return (mean - half, mean + half)
    }
}
