import FoundationEssentials

/// A re-anchoring of the schedule: the train (or the passenger) was at a stop at a moment.
/// The first anchor is t₀: departure from the origin. Each later anchor replaces the times from
/// its stop onward; times before it stay as they were.
package struct Anchor: Equatable, Sendable, Codable {
    package enum Event: String, Codable, Sendable { case arrival, departure }

    /// Index into `Schedule.stops`.
    package var stop: Int
    package var event: Event
    package var time: Date

    package init(stop: Int, event: Event, time: Date) {
        self.stop = stop
        self.event = event
        self.time = time
    }
}
