import FoundationEssentials

/// What the rider is told at a moment of a ride: one answer, from the ride's current schedule
/// (route, tap and corrections folded by `TripModel`) and the moment, to every question a surface
/// shows. Where the ride stands (`state`: the phase, the next stop, the stops left), whether it
/// can still be made and what blocks it, the banner that stands and how it is worded now, the
/// countdown's target, and the alerts still to come, each worded as it will ring. The ride
/// screen, line mode, `--plain`, `--events`, `status`, the notifier and the calendar card render
/// it and decide none of it; the ride card's script follows the same rules over the engine's
/// precomputed rows (`highlighted`, with the engine's `REARM`).
package struct RideTold: Equatable, Sendable {
    /// An alert still to come, as it will ring.
    package struct Coming: Equatable, Sendable {
        package var alert: Trip.Alert
        package var time: Date
        /// How many stops early it is worded as it rings ("in about N stops: get ready"); nil
        /// where "next" is true then (`AlertWording.early`), and for the arrival.
        package var early: Int?
    }

    /// What the big countdown counts to: the next change's exit while one is ahead, then the
    /// destination; `stop` indexes the schedule's stops.
    package struct Countdown: Equatable, Sendable {
        package var stop: Int
        package var time: Date
        package var isChange: Bool
    }

    package var moment: Date
    package var state: RideState
    /// The warnings that still apply: one about a boarding the ride has already made (the
    /// train has left that station) no longer does; one before the first train is the start's
    /// business, not the ride's.
    package var findingsAhead: [ServiceFinding]
    /// Why the ride cannot be completed (the last train missed, and where), nil when it can.
    package var blocker: ServiceFinding? { findingsAhead.first(where: \.isBlocking) }
    /// The alert whose banner stands (`banner(schedule:fired:at:)`).
    package var banner: Trip.Alert?
    /// How many stops early the standing banner is worded now; nil where "next" is true now (or
    /// no banner stands, or it is the arrival's).
    package var bannerEarly: Int?
    package var countdown: Countdown?
    /// The alerts whose moments are still ahead, in time order (the arrival last).
    package var coming: [Coming]

    /// `fired` is when each alert rang (`Trip.alertsFired`); nil for a surface that rings
    /// nothing itself (`status`, the notifier's plan, the calendar card): each alert is then taken
    /// as rung at its moment.
    package init(schedule: Schedule, fired: [String: Date]?, at now: Date) {
        moment = now
        state = RideState(schedule: schedule, at: now)
        findingsAhead = schedule.findings.filter { finding in
            guard let index = schedule.stops.lastIndex(where: { $0.station == finding.station }),
                let departure = schedule.stops[index].departure
            else { return true }
            return now < departure
        }
        banner = Self.banner(schedule: schedule, fired: fired, at: now)
        bannerEarly = banner.flatMap { $0 == .arrival ? nil : AlertWording.early($0, in: schedule, at: now) }
        let exits = schedule.entryIndices.map { $0 - 1 }
        if let exit = exits.first(where: { (schedule.stops[$0].arrival ?? .distantPast) > now }) {
            countdown = Countdown(stop: exit, time: schedule.stops[exit].arrival!, isChange: true)
        } else if let last = schedule.stops.indices.last {
            countdown = Countdown(stop: last, time: schedule.arrival, isChange: false)
        } else {
            countdown = nil
        }
        coming = [Trip.Alert.transferAlert, .secondTransferAlert, .alert, .arrival].compactMap { alert in
            guard let time = TripModel.time(of: alert, in: schedule), time > now else { return nil }
            return Coming(
                alert: alert, time: time, early: alert == .arrival ? nil : AlertWording.early(alert, in: schedule))
        }.sorted { $0.time < $1.time }
    }

    /// The next change's alert still to come, if any.
    package var nextChangeAlert: Coming? {
        coming.first { $0.alert == .transferAlert || $0.alert == .secondTransferAlert }
    }

    /// "Yours is next" (or "get ready") still to come.
    package var stationAlert: Coming? { coming.first { $0.alert == .alert } }

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
