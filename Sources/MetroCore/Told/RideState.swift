import FoundationEssentials

/// Where the ride stands at a moment: a pure function of the schedule and the time (the phase,
/// the next stop, the stops left), part of what the rider is told (`RideTold`).
package struct RideState: Equatable, Sendable {
    package enum Phase: Equatable, Sendable {
        /// Before t₀ (a rehearsal or a clock set back).
        case notStarted
        /// Standing at a stop (dwell), index into the schedule's stops.
        case atStop(Int)
        /// Running toward a stop.
        case runningTo(Int)
        /// Walking through a transfer node toward the new platform (the next stop).
        case walking
        /// On the new platform, waiting for the train (the booked wait, or longer).
        case waiting
        /// The model says the train has reached the destination.
        case arrived
    }

    package var phase: Phase
    /// The next stop the train will reach (nil once arrived).
    package var nextStop: Int?
    /// The next stop the train will stand at: `nextStop`, or past the closed stations it runs
    /// through (what a one-line status names).
    package var nextStanding: Int?
    /// Stops still to reach, counting the destination.
    package var stopsLeft: Int
    package var untilArrival: TimeInterval
    /// Which stops lie behind.
    package var passed: [Bool]

    package init(schedule: Schedule, at moment: Date) {
        let stops = schedule.stops
        let next = TripModel.nextStop(in: schedule, at: moment)
        passed = stops.indices.map { $0 < next }
        untilArrival = schedule.arrival.timeIntervalSince(moment)
        defer {
            nextStanding = nextStop.map { next in stops[next...].firstIndex { !$0.passesWithoutStopping } ?? next }
        }
        if stops.isEmpty {
            phase = .arrived
            nextStop = nil
            stopsLeft = 0
            return
        }
        // Stops reached by train; the boarding stop after a transfer is walked to, not ridden,
        // and a closed station the train runs through is no stop.
        stopsLeft =
            stops[min(next, stops.count)...].filter { $0.role != .transferEntry && !$0.passesWithoutStopping }.count
        if next >= stops.count {
            phase = .arrived
            nextStop = nil
        } else if next == 0 {
            phase = .notStarted
            nextStop = 0
        } else {
            let previous = stops[next - 1]
            let entryNext = stops[next].role == .transferEntry
            if entryNext {
                let exitArrival = previous.arrival ?? previous.time
                let walk = TimeInterval(schedule.transfer(enteringAt: next)?.walkSeconds ?? 0)
                phase = moment < exitArrival.addingTimeInterval(walk) ? .walking : .waiting
                nextStop = next
            } else if let departure = previous.departure, previous.arrival != nil, moment < departure {
                phase = .atStop(next - 1)
                nextStop = next
            } else {
                phase = .runningTo(next)
                nextStop = next
            }
        }
    }
}
