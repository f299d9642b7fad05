import FoundationEssentials

/// A ride from a start at the origin, followed on the slow pattern with the whole walk at every
/// change (the lean-safe side: a rider must not be stranded when the trains run slow).
package struct EdgeConnection: Equatable, Sendable {
    /// One change, as the slow rider meets it.
    package struct Change: Equatable, Sendable {
        /// The new platform's station, line and direction.
        package var station: String
        package var line: String
        package var direction: Direction
        /// When the rider reaches the new platform on the slow pattern after the whole walk.
        package var slowArrival: Date
        /// The last departure there.
        package var last: Date
        /// The published train the slow rider boards there: the first, or the last where the
        /// wait runs to it (nil where it is a computed one, and when the last has gone).
        package var train: Date?
        /// How long before the last departure the slow rider is on the platform (negative: after).
        package var margin: TimeInterval { last.timeIntervalSince(slowArrival) }
    }

    /// The departure from the origin.
    package var departure: Date
    /// The origin's last departure that day in the ride's direction.
    package var originLast: Date?
    package var changes: [Change]
    /// The slow rider's arrival, after any walk at the end.
    package var slowArrival: Date

    /// Whether the slow rider makes every change (and the origin's train runs at all).
    package var connects: Bool {
        (originLast.map { departure <= $0 } ?? true) && changes.allSatisfy { $0.margin >= 0 }
    }

    /// The first change the slow rider misses.
    package var missed: Change? { changes.first { $0.margin < 0 } }
}
