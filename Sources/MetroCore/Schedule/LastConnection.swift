import FoundationEssentials

/// The answer to `--last`: the origin's published last train where its ride connects; else the
/// latest start whose ride connects, a deadline (the trains before the last are computed, so
/// any train leaving by then will do, and none is named).
package struct LastConnection: Equatable, Sendable {
    package var connection: EdgeConnection
    /// The origin's own last train (published).
    package var originLast: Date
    /// The answer is the origin's published last train (else a latest start).
    package var departureIsPublished: Bool
    /// The origin's last train's ride, where it does not connect: where it misses.
    package var next: EdgeConnection?

    package var departure: Date { connection.departure }
}
