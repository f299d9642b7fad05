/// The spans between confirmations fitted by least squares to two unknowns: where the runs sit
/// on the axis fast (0) → slow (1) published pattern, and how much longer than the network's
/// assumed dwell each dwell is. A span's excess over the fast runs and the assumed dwells,
/// y = measured − fast runs − assumed dwells, is modelled as `place` × (slow − fast runs) +
/// `dwellExcess` × (dwells in the span): one-segment spans alone cannot tell a slow run from a
/// long dwell, spans of several segments can.

package struct SpanFit: Equatable, Sendable {
    var gg = 0.0, gn = 0.0, nn = 0.0, gy = 0.0, ny = 0.0, yy = 0.0
    package private(set) var count = 0

    package init() {}

    package mutating func add(gap: Double, dwells: Int, excess y: Double) {
        let n = Double(dwells)
        gg += gap * gap
        gn += gap * n
        nn += n * n
        gy += gap * y
        ny += n * y
        yy += y * y
        count += 1
    }

    /// The fitted place and dwell excess (seconds), each with its 95 % interval, nil while the
    /// spans cannot separate them (fewer than three, or every span the same mix).
    package typealias Result = (place: Double, placeHalf: Double, dwellExcess: Double, dwellHalf: Double)

    package var result: Result? {
        let determinant = gg * nn - gn * gn
        guard count >= 3, determinant > 1e-9 * max(1, gg * nn) else { return nil }
        let place = (gy * nn - ny * gn) / determinant
        let excess = (ny * gg - gy * gn) / determinant
        // Residual sum of squares from the sums: Σy² − 2(p Σgy + d Σny) + p²Σg² + 2pdΣgn + d²Σn².
        let rss = max(
            0, yy - 2 * (place * gy + excess * ny) + place * place * gg + 2 * place * excess * gn + excess * excess * nn
        )
        let variance = rss / Double(count - 2)
        let z = Statistics.z95
        return (
            place, z * (variance * nn / determinant).squareRoot(), excess,
            z * (variance * gg / determinant).squareRoot()
        )
    }
}
