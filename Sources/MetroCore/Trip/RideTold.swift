import FoundationEssentials

/// What the rider is told at a moment of a ride, where the surfaces once decided it apiece: the
/// banner that stands. The screen and `status` render it; the ride card's script follows the
/// same rule (`highlighted`, with the engine's `REARM`).
package enum RideTold {
    /// The alert whose banner stands: the last one rung whose moment is still the current one,
    /// while it still means something (a change's until the train on the new line leaves or
    /// `departed` says it has; "yours" until the arrival; the arrival from then on).
    ///
    /// `fired` is when each alert rang (`Trip.alertsFired`); nil for a surface that rings nothing
    /// itself (`status`): each alert is then taken as rung at its moment, as the notifier rings it.
    package static func banner(schedule: Schedule, fired: [String: Date]?, at now: Date) -> Trip.Alert? {
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
}
