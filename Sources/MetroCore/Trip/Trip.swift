import FoundationEssentials

/// A ride in progress: t₀ and an append-only list of corrections. Nothing else about the ride is
/// stored; the schedule is a fold over the corrections, recomputed by every command.
public struct Trip: Codable, Equatable, Sendable {
    public static let currentVersion = 1

    public var version: Int
    public var id: String
    public var origin: String
    public var destination: String
    /// The moment the train started moving at the origin, as first recorded.
    public var t0: Date
    public var corrections: [Correction]
    /// When each alert last fired, so that it fires once per trip across reattaches.
    public var alertsFired: [String: Date]
    /// Set when the trip has ended; an ended trip accepts no corrections.
    public var ended: Ending?
    /// The service changes in force when the trip started (absent: none).
    public var changes: ServiceChanges?

    /// The most corrections one trip keeps: a ride has a few dozen stops, and a trip file is
    /// read by every `status` (a tmux bar polls it every few seconds).
    public static let correctionCap = 300

    public init(id: String, origin: String, destination: String, t0: Date, changes: ServiceChanges? = nil) {
        version = Trip.currentVersion
        self.id = id
        self.origin = origin
        self.destination = destination
        self.t0 = t0
        corrections = []
        alertsFired = [:]
        ended = nil
        self.changes = changes?.isEmpty == false ? changes : nil
    }

    public struct Correction: Codable, Equatable, Sendable {
        public enum Kind: Codable, Equatable, Sendable {
            /// The train is `n` stops behind (+) or ahead of (−) the model.
            case shift(Int)
            /// The train stands at this station now.
            case at(String)
            /// After a transfer: the train left the transfer station now.
            case departed
        }

        public var kind: Kind
        public var time: Date

        public init(_ kind: Kind, at time: Date) {
            self.kind = kind
            self.time = time
        }
    }

    public enum Outcome: String, Codable, Sendable {
        /// The passenger confirmed arrival: the only ground truth of accuracy.
        case arrived
        /// The passenger ended the trip without arriving (or replaced it).
        case stopped
        /// Nobody confirmed, and the model's arrival is long past.
        case expired
    }

    public struct Ending: Codable, Equatable, Sendable {
        public var outcome: Outcome
        public var time: Date
        /// An expiry `status` has already said once (absent in files written before it).
        public var announced: Bool?

        public init(outcome: Outcome, time: Date, announced: Bool? = nil) {
            self.outcome = outcome
            self.time = time
            self.announced = announced
        }
    }

    /// The alerts the ride gives, each at most once.
    public enum Alert: String, CaseIterable, Sendable {
        case transferAlert = "transfer-alert"
        /// Before the second change, when the route goes the long way round a closure.
        case secondTransferAlert = "transfer-alert-2"
        case alert
        case arrival

        /// Which change a change alert is before (1 or 2); nil for the others.
        public var change: Int? {
            switch self {
            case .transferAlert: return 1
            case .secondTransferAlert: return 2
            case .alert, .arrival: return nil
            }
        }
    }

    /// How long after the modelled arrival an unconfirmed trip ends as expired.
    public static let expiryAfterArrival: TimeInterval = 600
}

extension Trip.Correction {
    enum CodingKeys: String, CodingKey { case kind, stops, station, time }

    /// `{"kind": "shift", "stops": 1, "time": …}`, `{"kind": "at", "station": "mr10_119", …}`,
    /// `{"kind": "departed", …}`: readable in the state file.
    public func encode(to encoder: any Encoder) throws {
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

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        time = try container.decode(Date.self, forKey: .time)
        switch try container.decode(String.self, forKey: .kind) {
        case "shift": kind = .shift(try container.decode(Int.self, forKey: .stops))
        case "at": kind = .at(try container.decode(String.self, forKey: .station))
        case "departed": kind = .departed
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown correction '\(other)'")
        }
    }
}
