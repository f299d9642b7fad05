import Foundation

/// One line of the journal: a finished trip's plan against its outcome.
///
/// Seconds are counted from the original t₀. `confirmedSeconds` exists only when the passenger
/// confirmed arrival; `errorSeconds` is then confirmed minus final model (+ the train was later
/// than the countdown said, − earlier: the dangerous side).
public struct JournalRecord: Codable, Equatable, Sendable {
    public static let currentVersion = 1

    public struct CorrectionCounts: Codable, Equatable, Sendable {
        /// `+` presses: the train was behind the model.
        public var behind: Int
        /// `−` presses: the train was ahead of the model.
        public var ahead: Int
        public var at: Int
        public var departed: Int

        public init(behind: Int, ahead: Int, at: Int, departed: Int) {
            self.behind = behind
            self.ahead = ahead
            self.at = at
            self.departed = departed
        }
    }

    public var version: Int
    public var id: String
    public var from: String
    public var to: String
    public var t0: Date
    public var endedAt: Date
    public var outcome: Trip.Outcome
    public var plannedArrival: Date
    public var plannedSeconds: Int
    public var finalArrival: Date
    public var finalSeconds: Int
    public var confirmedArrival: Date?
    public var confirmedSeconds: Int?
    public var plannedAlert: Date?
    public var finalAlert: Date?
    public var corrections: CorrectionCounts

    public init(trip: Trip, model: TripModel, outcome: Trip.Outcome, at time: Date) {
        let planned = model.planned(trip)
        let current = model.current(trip)
        version = JournalRecord.currentVersion
        id = trip.id
        from = trip.origin
        to = trip.destination
        t0 = trip.t0
        endedAt = time
        self.outcome = outcome
        plannedArrival = planned.arrival
        plannedSeconds = Int(planned.arrival.timeIntervalSince(trip.t0).rounded())
        finalArrival = current.arrival
        finalSeconds = Int(current.arrival.timeIntervalSince(trip.t0).rounded())
        confirmedArrival = outcome == .arrived ? time : nil
        confirmedSeconds = outcome == .arrived ? Int(time.timeIntervalSince(trip.t0).rounded()) : nil
        plannedAlert = planned.alertStop == nil ? nil : planned.alert
        finalAlert = current.alertStop == nil ? nil : current.alert
        var counts = CorrectionCounts(behind: 0, ahead: 0, at: 0, departed: 0)
        for correction in trip.corrections {
            switch correction.kind {
            case .shift(let n) where n > 0: counts.behind += n
            case .shift(let n): counts.ahead += -n
            case .at: counts.at += 1
            case .departed: counts.departed += 1
            }
        }
        corrections = counts
    }
}
