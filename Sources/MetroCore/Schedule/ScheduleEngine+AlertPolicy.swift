import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The alert policy: the wait the alerts book after a change, and how far they lean early.
extension ScheduleEngine {
    /// How long before the train reaches the rider's station "yours is next" comes, in all but
    /// 1 % of rides after a change (the owners' goal in decision 0031: "warned less than 30 s
    /// before" at most 1 %).
    package static let warnedAtLeastSeconds = 30

    /// The alert policy's cap, in one place: the booked wait, but no more than the last step
    /// (the fast pattern's time from the alert's moment to the arrival, whole seconds) less
    /// `warnedAtLeastSeconds`, plus 1% of the shortest interval. The engine's schedules and the
    /// backtest's policy table both use it, so the backtest measures the policy the app ships
    /// (see `alertWait`).
    package static func cappedAlertWait(booked: Int, lastStep: TimeInterval, shortest: Int) -> Int {
        min(booked, max(0, Int(lastStep.rounded(.down)) - warnedAtLeastSeconds + shortest / 100))
    }

    /// The wait the alert moments book after a transfer: `booked`, the alerts' share of the
    /// interval (`alertWaitFraction`), capped so that "yours is next" comes at least
    /// `warnedAtLeastSeconds` before the train reaches the passenger's station in at least 99%
    /// of rides.
    ///
    /// The real wait W is uniform on [0, s] for the interval s between the missed train and the
    /// next (s is at least `shortest`). The alert is computed on the fast pattern, the fastest
    /// the published trains run, so the train can reach the station less than 30 s after the
    /// alert only when W < alertWait − lastStep + 30, where lastStep is the fast pattern's time
    /// from the alert's moment to the arrival (the dwell at the stop before, and the last run).
    /// That chance is at most (alertWait − lastStep + 30) / shortest: capping alertWait at
    /// lastStep − 30 s + 1% of the shortest interval keeps it at 1% or under, in every line,
    /// direction, day type and hour. The same holds at the edges of the day: every train
    /// between the published first and last has an unknown phase too.
    /// The cap costs earliness only where the interval is long and the last run short (late
    /// evenings and weekends); elsewhere the alerts' share of the interval is already under it.
    func alertWait(booked: Int, shortest: Int, stops: [Schedule.Stop], early: RouteTiming) -> Int {
        let last = stops.count - 1
        guard last >= 1 else { return booked }
        let before = stops[last - 1]
        var lastStep = early.run[last].seconds
        if before.role == .intermediate, last >= 2, !closedStations.contains(before.station) {
            lastStep += early.dwell[last - 1].seconds
        }
        return Self.cappedAlertWait(booked: booked, lastStep: lastStep, shortest: shortest)
    }

    /// How much earlier than its fast-pattern moment an alert fires: a share of the time since
    /// the last thing the passenger confirmed; `alertLeanShare` when the alert rests on the
    /// unknown wait after a change (no "departed" yet), `correctedLeanShare` after a correction,
    /// `confirmedLeanShare` otherwise.
    ///
    /// The alert wait's cap keeps the miss at 1% only if the trains run no faster than the
    /// fastest published one and the walk takes its published time. Nobody publishes how fast
    /// a midday train runs, and each source of the drift past the fast pattern (running, dwell,
    /// walk) grows with the time ridden since the last known point: so the lean is a share of
    /// that time.
    ///
    /// On a ride with no change (and before it), nothing rests on the wait, but the running and
    /// the dwells since t₀ are still unknown: the fast pattern assumes a 25 s dwell that shorter
    /// real dwells beat. There the lean is `confirmedLeanShare`.
    ///
    /// Once the passenger corrects the ride ("departed", "at a station", ± stops) the lean is
    /// `correctedLeanShare` of the time since the correction. A press removes the wait, whose
    /// early booking had been keeping those alerts early, so this share is the smallest that
    /// lets no press raise the missed or late alerts of a cell of the families the policy may be
    /// tuned on. Rides nobody corrects are planned as before. The shares and the simulations
    /// that chose them: docs/decisions/0004; what the policy leaves unmet: docs/decisions/0031.
    func alertLead(_ moment: Date, since anchor: Date, uncertain: Bool, corrected: Bool) -> TimeInterval {
        guard moment > anchor else { return 0 }
        let share = uncertain ? alertLeanShare : corrected ? correctedLeanShare : confirmedLeanShare
        return (moment.timeIntervalSince(anchor) * share).rounded(.down)
    }

    /// How far the arrival's range reaches beyond the fast published pattern (its early side;
    /// the late side is `rangeLateMargin`), for an arrival whose best estimate is `moment`: a
    /// share of the time since the last confirmed point. The patterns are two trains' gaps with
    /// an assumed 25 s dwell, so a world between them with longer or shorter dwells runs outside
    /// them; `rangeMarginShare` holds 90 % of arrivals in the range at both ends of today's world
    /// and at its fast end a whole pattern gap further out (`WorldFamilyTests`). Why the margin
    /// stays as it is: docs/decisions/0004 and 0031.
    func rangeMargin(_ moment: Date, since anchor: Date) -> TimeInterval {
        guard moment > anchor else { return 0 }
        return (moment.timeIntervalSince(anchor) * rangeMarginShare).rounded(.up)
    }

    /// How far the arrival's range reaches beyond the slow published pattern, its late side:
    /// `rangeLateMarginShare` of the time since the last confirmed point. Held trains and the
    /// slow end of a whole pattern gap of spread only make trains later: at 12 % that end held
    /// 84 % of arrivals (15 % needed, `WorldFamilyTests`) and the held trains' worst cell under
    /// 85 %; the early side stays as it was (docs/decisions/0089).
    func rangeLateMargin(_ moment: Date, since anchor: Date) -> TimeInterval {
        guard moment > anchor else { return 0 }
        return (moment.timeIntervalSince(anchor) * rangeLateMarginShare).rounded(.up)
    }
}
