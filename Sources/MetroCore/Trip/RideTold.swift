import FoundationEssentials

/// What the rider is told at a moment of a ride: the one answer the screen, line mode, `status`
/// and the ride card render (the card carries the rule's inputs and words: `PocketCard`). It
/// decides; the surfaces only draw.
package struct RideTold: Sendable {
    package var schedule: Schedule
    package var moment: Date
    /// Where the train is: the phase, the next stop, the stops left.
    package var state: RideState
    /// The alert whose banner stands: the last one rung whose moment is still the current one,
    /// while it still means something (a change's until the train on the new line leaves or
    /// `departed` says it has; "yours" until the arrival; the arrival from then on).
    package var banner: Trip.Alert?

    /// `fired` is when each alert rang (`Trip.alertsFired`); nil for a surface that rings nothing
    /// itself (`status`): each alert is then taken as rung at its moment, as the notifier rings it.
    package init(schedule: Schedule, fired: [String: Date]?, at moment: Date) {
        self.schedule = schedule
        self.moment = moment
        state = RideState(schedule: schedule, at: moment)
        banner = Self.standing(schedule: schedule, fired: fired, at: moment)
    }

    static func standing(schedule: Schedule, fired: [String: Date]?, at now: Date) -> Trip.Alert? {
        for alert in [Trip.Alert.arrival, .alert, .secondTransferAlert, .transferAlert] {
            guard let time = TripModel.time(of: alert, in: schedule) else { continue }
            if let fired {
                // Rung, and not moved later since by more than the re-arm margin: the same alert
                // (moved further, it is re-armed and stands again once it rings).
                guard let rang = fired[alert.rawValue], time.timeIntervalSince(rang) <= TripModel.reArmMargin
                else { continue }
            } else if now < time {
                continue
            }
            switch alert {
            case .transferAlert, .secondTransferAlert:
                if let change = schedule.change(for: alert) {
                    if change.transfer.confirmed { continue }
                    if let leaves = schedule.stops[change.entry].departure, now >= leaves { continue }
                }
            case .alert:
                if now >= schedule.arrival { continue }
            case .arrival:
                break
            }
            return alert
        }
        return nil
    }

    /// The standing banner's heading as it is true now: "Yours is next" only when the station is
    /// the next stop the train reaches, else "Get ready" (`AlertWording`).
    package func label(_ language: Language) -> String? {
        banner.map { AlertWording.label($0, in: schedule, at: moment, language) }
    }

    /// What the countdown counts to: the next change's exit while it is ahead, then the
    /// destination.
    package var countdownTarget: Date {
        for entry in schedule.entryIndices {
            let exit = schedule.stops[entry - 1]
            if let arrival = exit.arrival, arrival > moment { return arrival }
        }
        return schedule.arrival
    }

    /// The alerts still to ring, in order, with their moments.
    package var alertsToCome: [(alert: Trip.Alert, time: Date)] {
        [Trip.Alert.transferAlert, .secondTransferAlert, .alert, .arrival].compactMap { alert in
            TripModel.time(of: alert, in: schedule).flatMap { $0 > moment ? (alert, $0) : nil }
        }.sorted { $0.time < $1.time }
    }
}
