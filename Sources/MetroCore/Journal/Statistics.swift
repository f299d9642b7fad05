/// The order statistics every accuracy report shares: the journal's report, the backtest, the
/// simulator and the calibration's fallback, so that one median is meant everywhere.
package enum Statistics {
    /// The 95 % quantile of the normal distribution (two-sided).
    package static let z95 = 1.959964

    /// The q-quantile by the nearest rank (the median of an even count is the mean of the two
    /// middle values); nil for no values.
    package static func quantile(_ values: [Double], _ q: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        if q == 0.5 {
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(0, rank), sorted.count - 1)]
    }

    /// The median of whole seconds, an even count's half rounded up, so that a figure made from it
    /// stays integer and stable.
    package static func median(_ values: [Int]) -> Int {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[middle] }
        return (sorted[middle - 1] + sorted[middle] + 1) / 2
    }
}
