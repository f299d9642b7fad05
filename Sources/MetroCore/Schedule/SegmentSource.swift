/// Where a segment's figure came from, most trusted first.
package enum SegmentSource: String, Codable, Sendable {
    /// Measured on this passenger's rides, this direction.
    case calibrated
    /// Published departures, this direction.
    case official
    /// Published departures of the opposite direction (none published for this one).
    case mirrored
    /// Nothing known: a network-wide typical figure.
    case fallback = "default"
}
