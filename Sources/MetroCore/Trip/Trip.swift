import FoundationEssentials

/// A ride in progress: t₀ and an append-only list of corrections. Nothing else about the ride is
/// stored; the schedule is a fold over the corrections, recomputed by every command.
package struct Trip: Codable, Equatable, Sendable {
    package static let currentVersion = 1

    package var version: Int
    package var id: String
    package var origin: String
    package var destination: String
    /// The moment the train started moving at the origin, as first recorded.
    package var t0: Date
    package var corrections: [Correction]
    /// When each alert last fired, so that it fires once per trip across reattaches.
    package var alertsFired: [String: Date]
    /// Set when the trip has ended; an ended trip accepts no corrections.
    package var ended: Ending?
    /// The service changes in force when the trip started (absent: none).
    package var changes: ServiceChanges?
    /// The third line the ride goes through, when it started round the triangle (absent: the
    /// lookup, or the long way its changes force), so that every command folds the same route.
    package var via: String?

    /// The most corrections one trip keeps: a ride has a few dozen stops, and a trip file is
    /// read by every `status` (a tmux bar polls it every few seconds).
    package static let correctionCap = 300

    package init(
        id: String, origin: String, destination: String, t0: Date, changes: ServiceChanges? = nil, via: String? = nil
    ) {
        version = Trip.currentVersion
        self.id = id
        self.origin = origin
        self.destination = destination
        self.t0 = t0
        corrections = []
        alertsFired = [:]
        ended = nil
        self.changes = changes?.isEmpty == false ? changes : nil
        self.via = via
    }

    package struct Correction: Codable, Equatable, Sendable {
        package enum Kind: Codable, Equatable, Sendable {
            /// The train is `n` stops behind (+) or ahead of (−) the model.
            case shift(Int)
            /// The train stands at this station now.
            case at(String)
            /// After a transfer: the train left the transfer station now.
            case departed
        }

        package var kind: Kind
        package var time: Date

        package init(_ kind: Kind, at time: Date) {
            self.kind = kind
            self.time = time
        }
    }

    package enum Outcome: String, Codable, Sendable {
        /// The passenger confirmed arrival: the only ground truth of accuracy.
        case arrived
        /// The passenger ended the trip without arriving (or replaced it).
        case stopped
        /// Nobody confirmed, and the model's arrival is long past.
        case expired
    }

    package struct Ending: Codable, Equatable, Sendable {
        package var outcome: Outcome
        package var time: Date
        /// An expiry `status` has already said once (absent in files written before it).
        package var announced: Bool?

        package init(outcome: Outcome, time: Date, announced: Bool? = nil) {
            self.outcome = outcome
            self.time = time
            self.announced = announced
        }
    }

    /// The alerts the ride gives, each at most once.
    package enum Alert: String, CaseIterable, Sendable {
        case transferAlert = "transfer-alert"
        /// Before the second change, when the route goes the long way round a closure.
        case secondTransferAlert = "transfer-alert-2"
        case alert
        case arrival

        /// Which change a change alert is before (1 or 2); nil for the others.
        package var change: Int? {
            switch self {
            case .transferAlert: return 1
            case .secondTransferAlert: return 2
            case .alert, .arrival: return nil
            }
        }
    }

    /// How long after the modelled arrival an unconfirmed trip ends as expired.
    package static let expiryAfterArrival: TimeInterval = 600
}

extension Trip.Correction {
    enum CodingKeys: String, CodingKey { case kind, stops, station, time }

    /// `{"kind": "shift", "stops": 1, "time": …}`, `{"kind": "at", "station": "mr10_119", …}`,
    /// `{"kind": "departed", …}`: readable in the state file.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch kind {
        case .shift(let n):
            try container.encode("shift", forKey: .kind)
            try container.encode(n, forKey: .stops)
        case .at(let station):
            try container.encode("at", forKey: .kind)
            try container.encode(station, forKey: .station)
        case .departed:
            try container.encode("departed", forKey: .kind)
        }
        try container.encode(time, forKey: .time)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        time = try container.decode(Date.self, forKey: .time)
        switch try container.decode(String.self, forKey: .kind) {
        case "shift": kind = .shift(try container.decode(Int.self, forKey: .stops))
        case "at": kind = .at(try container.decode(String.self, forKey: .station))
        case "departed": kind = .departed
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown correction '\(other)'")
        }
    }
}
