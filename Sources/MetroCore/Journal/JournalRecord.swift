import FoundationEssentials

/// One line of the journal: a finished trip's plan against its outcome.
///
/// Seconds are counted from the original t₀. `confirmedSeconds` exists only when the passenger
/// confirmed arrival; `errorSeconds` is then confirmed minus final model (+ the train was later
/// than the countdown said, − earlier: the dangerous side).
package struct JournalRecord: Codable, Equatable, Sendable {
    /// 2 added `calibrated`; 3 added `finalAlertStop`; 4 added the stations' names beside their
    /// codes; 5 added `ride` (the ride moment by moment, what a shared journal carries). Older
    /// records read with them absent.
    package static let currentVersion = 5

    package struct CorrectionCounts: Codable, Equatable, Sendable {
        /// `+` presses: the train was behind the model.
        package var behind: Int
        /// `−` presses: the train was ahead of the model.
        package var ahead: Int
        package var at: Int
        package var departed: Int

        package init(behind: Int, ahead: Int, at: Int, departed: Int) {
            self.behind = behind
            self.ahead = ahead
            self.at = at
            self.departed = departed
        }
    }

    package var version: Int
    package var id: String
    package var from: String
    package var to: String
    /// The stations' names in both languages (absent before version 4): a record reads on its own.
    package var fromNameUk: String?
    package var fromNameEn: String?
    package var toNameUk: String?
    package var toNameEn: String?
    package var t0: Date
    package var endedAt: Date
    package var outcome: Trip.Outcome
    package var plannedArrival: Date
    package var plannedSeconds: Int
    package var finalArrival: Date
    package var finalSeconds: Int
    package var confirmedArrival: Date?
    package var confirmedSeconds: Int?
    package var plannedAlert: Date?
    package var finalAlert: Date?
    package var corrections: CorrectionCounts
    /// Whether the model used the passenger's calibration (absent in version-1 records).
    package var calibrated: Bool?
    /// When the final model had the train at the stop before the destination (absent before
    /// version 3): with the confirmed arrival it dates the train's real passage there.
    package var finalAlertStop: Date?
    /// The ride moment by moment, as seconds from t₀ (absent before version 5).
    package var ride: RideLog?
    /// The third line the ride went round through (absent on the lookup, and in records
    /// written before the route was chosen by time).
    package var via: String?

    /// Confirmed minus final model, in seconds: + the train was later than the countdown said,
    /// − earlier (the dangerous side). Nil without a confirmed arrival.
    ///
    /// From the two whole-second figures the record keeps, not from its dates: the file keeps
    /// dates to the whole second while t₀ and the model's arrival have fractions, so the dates
    /// read back gave a second more or less than `arrived` had said of the same trip.
    package var errorSeconds: Int? {
        guard let confirmedArrival else { return nil }
        if let confirmedSeconds { return confirmedSeconds - finalSeconds }
        return Int(confirmedArrival.timeIntervalSince(finalArrival).rounded())
    }

    /// The train reached the passenger's station before "yours is next" fired: the station
    /// would have been missed.
    package var missedStation: Bool? {
        guard let confirmed = confirmedArrival, let alert = finalAlert else { return nil }
        return confirmed < alert
    }

    /// "Yours is next" fired after the train had reached the stop before (late, though maybe
    /// not missed). The train's real passage there is dated by the confirmed arrival less the
    /// model's last step.
    package var alertWasLate: Bool? {
        guard let confirmed = confirmedArrival, let alert = finalAlert, let stop = finalAlertStop else { return nil }
        return confirmed.addingTimeInterval(-finalArrival.timeIntervalSince(stop)) < alert
    }

    package init(trip: Trip, model: TripModel, outcome: Trip.Outcome, at time: Date) {
        let planned = model.planned(trip)
        let current = model.current(trip)
        version = JournalRecord.currentVersion
        id = trip.id
        from = trip.origin
        to = trip.destination
        let origin = model.engine.network.station(trip.origin)
        let destination = model.engine.network.station(trip.destination)
        fromNameUk = origin?.nameUk
        fromNameEn = origin?.nameEn
        toNameUk = destination?.nameUk
        toNameEn = destination?.nameEn
        t0 = trip.t0
        via = trip.via
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
        finalAlertStop = current.alertStop.map { current.stops[$0].time }
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
        calibrated = model.engine.calibration != nil
        ride = RideLog(trip: trip, model: model)
    }
}

/// Accuracy over a journal: only confirmed arrivals count.
package struct JournalSummary: Equatable, Sendable {
    package var trips: Int
    package var confirmed: Int
    /// Median signed error (+ later than the countdown), seconds.
    package var medianError: Double?
    /// 90th percentile of the absolute error, seconds.
    package var p90AbsoluteError: Double?
    /// Share of confirmed trips whose arrival came before their "yours is next" alert: the
    /// station missed. The backtest's policy table answers the same question.
    package var missedStationShare: Double?
    /// Share of confirmed trips (version 3 on) whose "yours is next" came after the train had
    /// reached the stop before.
    package var lateAlertShare: Double?

    package init(_ records: [JournalRecord]) {
        var parts = Parts()
        for record in records { parts.add(record) }
        self.init(parts)
    }

    /// What the summary needs of each record, gathered one record at a time (a reader that
    /// streams the journal keeps these, not the records).
    package struct Parts: Sendable {
        package var trips = 0
        var errors: [Int] = []
        var missed = 0, missedKnown = 0, late = 0, lateKnown = 0

        package init() {}

        package mutating func add(_ record: JournalRecord) {
            trips += 1
            if let error = record.errorSeconds { errors.append(error) }
            if let missedStation = record.missedStation {
                missedKnown += 1
                if missedStation { missed += 1 }
            }
            if let alertWasLate = record.alertWasLate {
                lateKnown += 1
                if alertWasLate { late += 1 }
            }
        }
    }

    package init(_ parts: Parts) {
        trips = parts.trips
        let errors = parts.errors
        confirmed = errors.count
        guard !errors.isEmpty else { return }
        medianError = Statistics.quantile(errors.map(Double.init), 0.5)
        p90AbsoluteError = Statistics.quantile(errors.map { Double(abs($0)) }, 0.9)
        missedStationShare = parts.missedKnown == 0 ? nil : Double(parts.missed) / Double(parts.missedKnown)
        lateAlertShare = parts.lateKnown == 0 ? nil : Double(parts.late) / Double(parts.lateKnown)
    }
}
