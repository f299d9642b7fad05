import FoundationEssentials

/// The computed ride: every stop's arrival and departure, the transfer, the alert moments and the
/// service-hour findings. Pure data; the CLI renders it.
package struct Schedule: Equatable, Sendable {
    package enum Role: String, Equatable, Sendable, Codable {
        case origin, intermediate, transferExit, transferEntry, destination
    }

    package struct Stop: Equatable, Sendable {
        package var station: String
        package var leg: Int
        package var role: Role
        /// When the train stops here (nil at a boarding stop: origin or transfer entry).
        package var arrival: Date?
        /// When the train leaves (nil where the passenger gets off).
        package var departure: Date?
        /// True when this time rests on the unknown wait after a transfer.
        var uncertain: Bool
        /// True when the running time into this stop, or the dwell here, comes from the
        /// passenger's own calibration.
        package var calibrated: Bool = false
        /// The range of `time`: the fast published pattern with no wait after a transfer, and
        /// the slow pattern with the longest wait.
        package var earliest: Date?
        package var latest: Date?

        /// The moment that matters at this stop: arrival if the train arrives, else departure.
        package var time: Date { arrival ?? departure! }

        /// A closed station: the train passes it without stopping (no dwell).
        package var passesWithoutStopping: Bool { role == .intermediate && arrival != nil && arrival == departure }
    }

    package struct TransferTiming: Equatable, Sendable {
        package var exit: String
        package var entry: String
        package var walkSeconds: Int
        /// When the passenger reaches the new platform.
        package var platformArrival: Date
        /// The interval on the new line, in its direction and day type, that spaces the train
        /// the passenger waits for: the one in force when that train left its terminal.
        package var headwaySeconds: Int
        /// The longest the wait can be: the widest interval that can separate the train just
        /// missed from the next one (intervals change through the hour, and the gap a waiting
        /// passenger falls into was set when the missed train left its terminal).
        package var longestWaitSeconds: Int
        /// The shortest interval that can separate the missed train from the next: the chance
        /// of a wait shorter than x is at most x divided by it.
        package var shortestWaitSeconds: Int = 0
        /// The wait the model books: a quarter of the headway.
        package var bookedWaitSeconds: Int
        /// The wait the alert moments book: the booked wait, capped so that the train reaches
        /// the passenger's station before "yours is next" in at most 1% of rides (see
        /// `ScheduleEngine.alertWait`).
        package var alertWaitSeconds: Int = 0
        /// True once the passenger said the train departed (or anchored a later stop).
        package var confirmed: Bool
        /// The published first train the best estimate boards (the rider is on the platform by
        /// its published departure); nil where the train is a computed one, its phase unknown.
        package var realTrain: Date? = nil
        /// The published last train, where the pass's wait runs to it (nothing leaves later).
        package var lastTrain: Date? = nil
        /// The published trains at the ends of the range: the first train if the fast rider
        /// (the alerts') makes it, and the train the slow rider (slow pattern, whole walk) waits
        /// for at the latest, the first or the last; nil where that end is a computed train.
        package var earliestTrain: Date? = nil
        package var latestTrain: Date? = nil
        /// How long before the latest published train the slow rider is on the platform: under a
        /// minute, and with no train after it, the connection is not one to promise (nil where
        /// the latest train is a computed one).
        package var slowMarginSeconds: Int? = nil

        /// The published trains the rider may be on, earliest first, each once (a computed train
        /// is never named).
        var catchableTrains: [Date] {
            var trains: [Date] = []
            for train in [earliestTrain, realTrain, latestTrain].compactMap({ $0 }) where !trains.contains(train) {
                trains.append(train)
            }
            return trains.sorted()
        }

        /// The honest range of the departure from the new platform: no wait at all, or a whole
        /// headway; bounded by the published first and last trains where they are the ends.
        package var earliestDeparture: Date { earliestTrain ?? platformArrival }
        package var latestDeparture: Date {
            latestTrain ?? platformArrival.addingTimeInterval(TimeInterval(longestWaitSeconds))
        }
        /// How far the schedule after the transfer may move: earlier by the booked wait, later
        /// by the rest of the headway.
        package var earlier: TimeInterval { TimeInterval(bookedWaitSeconds) }
        package var later: TimeInterval { TimeInterval(longestWaitSeconds - bookedWaitSeconds) }
    }

    /// "Change at the next stop": the moment, and the stop before a transfer exit it belongs to.
    package struct ChangeAlert: Equatable, Sendable {
        package var time: Date
        package var stop: Int
    }

    package var route: Route
    package var stops: [Stop]
    /// Each change, in order (two when the route goes the long way round a closure).
    package var transfers: [TransferTiming]
    /// "Yours is next": the train reaches the stop before the passenger's last (when that stop is
    /// a boarding stop, the moment the train leaves it).
    package var alert: Date
    package var alertStop: Int?
    /// "Change at the next stop", before each change: the same for the stop before its exit.
    package var transferAlerts: [ChangeAlert]
    /// The train reaches the passenger's last station.
    package var arrival: Date
    /// After any walk through a transfer node at the end.
    package var finalArrival: Date
    package var findings: [ServiceFinding]

    /// The departure from the origin: t₀ as it stands after corrections.
    package var departure: Date { stops.first?.departure ?? alert }

    /// The arrival's range: both running patterns and every possible wait.
    package var arrivalEarliest: Date { stops.last?.earliest ?? arrival }
    package var arrivalLatest: Date { stops.last?.latest ?? arrival }

    /// The first stop of every leg after the first: where each change boards (found once, when
    /// the schedule is built: a trip's fold reads it for every correction).
    package var entryIndices: [Int]

    /// The index of the first stop of the second leg, if any.
    var entryIndex: Int? { entryIndices.first }

    /// The first change (the only one, unless the route goes the long way).
    package var transfer: TransferTiming? { transfers.first }
    /// The first change's alert.
    package var transferAlert: Date? { transferAlerts.first?.time }
    var transferAlertStop: Int? { transferAlerts.first?.stop }

    /// The change a change alert is before: its timing, its alert and its entry stop (nil for the
    /// other alerts, or when the route has no such change).
    package func change(for alert: Trip.Alert) -> (transfer: TransferTiming, alert: ChangeAlert, entry: Int)? {
        guard let number = alert.change.map({ $0 - 1 }), transfers.indices.contains(number),
            transferAlerts.indices.contains(number),
            entryIndices.indices.contains(number)
        else { return nil }
        return (transfers[number], transferAlerts[number], entryIndices[number])
    }

    /// The change whose new platform is stop `entry`.
    package func transfer(enteringAt entry: Int) -> TransferTiming? {
        guard stops.indices.contains(entry), stops[entry].role == .transferEntry else { return nil }
        let number = stops[entry].leg - 1
        return transfers.indices.contains(number) ? transfers[number] : nil
    }
}
