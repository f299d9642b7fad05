import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The alert policy: the wait the alerts book after a change, and how far they lean early.
extension ScheduleEngine {
    /// How long before the train reaches the rider's station "yours is next" comes, in all but
    /// 1 % of rides after a change (the owners' goal in decision 0031: "warned less than 30 s
    /// before" at most 1 %).
    public static let warnedAtLeastSeconds = 30

    /// The alert policy's cap, in one place: the booked wait, but no more than the last step
    /// (the fast pattern's time from the alert's moment to the arrival, whole seconds) less
    /// `warnedAtLeastSeconds`, plus 1% of the shortest interval. The engine's schedules and the
    /// backtest's policy table both use it, so the backtest measures the policy the app ships
    /// (see `alertWait`).
    public static func cappedAlertWait(booked: Int, lastStep: TimeInterval, shortest: Int) -> Int {
        min(booked, max(0, Int(lastStep.rounded(.down)) - warnedAtLeastSeconds + shortest / 100))
    }

    /// The wait the alert moments book after a transfer: the booked wait, capped so that "yours
    /// is next" comes at least `warnedAtLeastSeconds` before the train reaches the passenger's
    /// station in at least 99% of rides.
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
    /// evenings and weekends); elsewhere a quarter of the interval is already under it.
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
    /// a midday train runs; the simulator (`timetable-gen simulate`) shows that a world up to a
    /// whole pattern gap faster, with dwells of 15–40 s and a walk ±20%, misses the station in
    /// up to 2% of such rides in its worst cell. Every one of those misses comes after a change
    /// the passenger did not confirm, and each source of the drift (running, dwell, walk) grows
    /// with the time ridden since the last known point: so the lean is a share of that time.
    ///
    /// On a ride with no change (and before it), nothing rests on the wait, but the running and
    /// the dwells since t₀ are still unknown: the fast pattern assumes a 25 s dwell that shorter
    /// real dwells beat. There the lean is `confirmedLeanShare` (8 %); 5 % made 7.4 % of the
    /// alerts in one cell of the correlated family late.
    ///
    /// Once the passenger corrects the ride ("departed", "at a station", ± stops) the lean is
    /// `correctedLeanShare` (12 %) of the time since the correction. A press removes the wait,
    /// whose early booking had been keeping those alerts early: with 8 % there, pressing departed
    /// made alerts late that would not have been (+87 in one cell of the correlated family at
    /// seed 1, +140 at seed 2), with 11 % still +4. 12 % is the smallest whole share for which no
    /// cell of `today` or `correlated` (the families that may be tuned on) has more missed or late
    /// alerts with departed pressed than without, at seeds 1 and 2 (1,000 rides a cell, spread
    /// 100 %). Rides nobody corrects are planned as before. The figures of every family are in
    /// docs/guide/accuracy.md, and what stays unmet in docs/decisions/0031.
    func alertLead(_ moment: Date, since anchor: Date, uncertain: Bool, corrected: Bool) -> TimeInterval {
        guard moment > anchor else { return 0 }
        let share = uncertain ? alertLeanShare : corrected ? correctedLeanShare : confirmedLeanShare
        return (moment.timeIntervalSince(anchor) * share).rounded(.down)
    }

    /// How far the arrival's range reaches beyond the published patterns on each side, for an
    /// arrival whose best estimate is `moment`: a share of the time since the last confirmed
    /// point. The patterns are two trains' gaps with an assumed 25 s dwell; a world between them
    /// with dwells of 20–35 s held only 46–50 % of true arrivals in the range at its ends
    /// (`WorldFamilyTests`, issue 31). 12 % holds 90 % at both ends of today's world (factor 0
    /// with 20 s dwells, 1 with 35 s) and at its fast end a whole pattern gap further out
    /// (factor −1); at the slow end that far out (factor 2, every dwell 35 s, every hour) it
    /// holds 84 %, and 15 % would be needed (`WorldFamilyTests`). The seeded world at a whole
    /// gap of spread draws no cell so far out: its figures, and why the margin stays at 12 %,
    /// are in docs/decisions/0031.
    public func rangeMargin(_ moment: Date, since anchor: Date) -> TimeInterval {
        guard moment > anchor else { return 0 }
        return (moment.timeIntervalSince(anchor) * rangeMarginShare).rounded(.up)
    }
}
