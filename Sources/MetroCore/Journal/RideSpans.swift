/// What a ride's `at` confirmations measure of its trains: the spans between consecutive
/// confirmations on one leg (t₀ counting as the origin's departure), each against the published
/// fast and slow patterns; and from them, whether "yours is next" was late by the train's
/// measured place. The journal's report and the field pool judge late by this one rule.
package struct RideSpans: Sendable {
    /// A span as the published patterns have it: the runs on the fast and slow patterns, and
    /// the dwells left on the way (their count and the network's assumed seconds).
    package struct Pattern: Equatable, Sendable {
        package var runsFast = 0.0
        package var runsSlow = 0.0
        package var dwells = 0
        package var assumedDwell = 0.0
        package var fast: Double { runsFast + assumedDwell }
        package var slow: Double { runsSlow + assumedDwell }

        /// The published span from standing at `stations[from]` to standing at `stations[to]`
        /// on one leg: the runs, and the assumed dwell at every stop left on the way (at `from`
        /// too, unless the span starts with the train moving: t₀).
        package init(_ stations: [String], from: Int, to: Int, engine: ScheduleEngine, dwellAtStart: Bool) {
            for k in from..<to {
                if k > from || dwellAtStart, k > 0 {
                    assumedDwell += engine.dwell(at: stations[k], arrivingFrom: stations[k - 1]).seconds
                    dwells += 1
                }
                runsFast += engine.running(from: stations[k], to: stations[k + 1], pattern: .early).seconds
                runsSlow += engine.running(from: stations[k], to: stations[k + 1], pattern: .late).seconds
            }
        }
    }

    /// One span: its leg, the indices in the leg's stations, its pattern and the seconds
    /// measured. A span from t₀ measures the start tap as much as the train.
    package struct Span: Sendable {
        package var leg: Int
        package var from: Int
        package var to: Int
        package var pattern: Pattern
        package var measured: Double
        package var fromStart: Bool
    }

    /// The sums of a leg's spans (from t₀ left out): the gap between the patterns' runs, the
    /// excess measured over the fast runs and assumed dwells, and the dwells.
    package struct Sums: Equatable, Sendable {
        package var gap = 0.0
        package var excess = 0.0
        package var dwells = 0

        /// The seconds of the last run (leaving the stop before → arriving) at the place this
        /// ride's own last-leg spans (these sums) measured (the fitted dwell excess taken out; where they span
        /// under 5 s of gap, the fitted place of all spans). Nil without a fit or a last run.
        package func lastRun(route: Route, fitted: SpanFit.Result?, engine: ScheduleEngine) -> Int? {
            guard let fitted, let stations = route.legs.last?.stations, stations.count >= 2 else { return nil }
            let last = Pattern(
                stations, from: stations.count - 2, to: stations.count - 1, engine: engine, dwellAtStart: false)
            let place =
                gap >= 5 ? (excess - fitted.dwellExcess * Double(dwells)) / gap : fitted.place
            return Int((last.runsFast + place * (last.runsSlow - last.runsFast)).rounded())
        }
    }

    package var spans: [Span] = []
    /// The ride's last leg's own spans, summed: that train's measured speed.
    package var lastLeg = Sums()

    /// The spans of a ride's steps on `route`. A `departed` starts a new leg; an `at` names the
    /// leg it is on (this one or a later one: a rider who changed without pressing departed);
    /// no span crosses a change, and a span from a leg's first station (a platform, not a
    /// train) is left out.
    package init(steps: [RideLog.Step], route: Route, engine: ScheduleEngine) {
        var anchor: (leg: Int, index: Int, seconds: Int, isStart: Bool)? = (0, 0, 0, true)
        var leg = 0
        for step in steps {
            switch step.kind {
            case "departed":
                leg += 1
                anchor = nil
            case "at":
                guard let station = step.station,
                    let found = (min(leg, route.legs.count)..<route.legs.count).first(where: {
                        route.legs[$0].stations.contains(station)
                    }),
                    let index = route.legs[found].stations.firstIndex(of: station)
                else {
                    anchor = nil
                    continue
                }
                if found != leg {
                    leg = found
                    anchor = nil
                }
                defer { anchor = (leg, index, step.seconds, false) }
                guard let from = anchor, from.leg == leg, from.index < index, index > 0,
                    from.isStart || from.index > 0
                else { continue }
                let pattern = Pattern(
                    route.legs[leg].stations, from: from.index, to: index, engine: engine, dwellAtStart: !from.isStart)
                spans.append(
                    Span(
                        leg: leg, from: from.index, to: index, pattern: pattern,
                        measured: Double(step.seconds - from.seconds), fromStart: from.isStart))
                if !from.isStart && leg == route.legs.count - 1 {
                    lastLeg.gap += pattern.runsSlow - pattern.runsFast
                    lastLeg.excess += Double(step.seconds - from.seconds) - pattern.fast
                    lastLeg.dwells += pattern.dwells
                }
            default:
                continue
            }
        }
    }

    /// Adds the spans (from t₀ left out) to a fit of all rides' spans.
    package func add(to fit: inout SpanFit) {
        for span in spans where !span.fromStart {
            fit.add(
                gap: span.pattern.runsSlow - span.pattern.runsFast, dwells: span.pattern.dwells,
                excess: span.measured - span.pattern.fast)
        }
    }

    /// What the late verdict needs of a ride besides its trains: when "yours is next" fired
    /// (`RideLog.alert`), the confirmed arrival, the final model's last step, the rider's last
    /// `at` at the stop before, and whether the ride is one stop on one leg.
    package struct Alert: Equatable, Sendable {
        package var fired: Int
        package var confirmed: Int
        package var lastStep: Int
        package var standingBefore: Int?
        package var oneStop: Bool

        /// Nil without a confirmed arrival, an alert or a last step.
        package init?(moments: RideLog, confirmed: Int?, route: Route) {
            guard let confirmed, let fired = moments.alert, let step = moments.lastStep, let leg = route.legs.last
            else { return nil }
            self.fired = fired
            self.confirmed = confirmed
            lastStep = step
            oneStop = route.legs.count == 1 && leg.stations.count == 2
            let before = leg.stations.count >= 2 ? leg.stations[leg.stations.count - 2] : nil
            standingBefore = moments.steps.last { $0.kind == "at" && $0.station == before }?.seconds
        }

        /// Fired after the train left the stop before, dated by the confirmed arrival less
        /// `lastRun` (`RideSpans.lastRun`), else less the final model's last step (the best
        /// estimate, which overstates late where trains run faster). Never late one stop from
        /// the origin on one leg (the train left the origin before anyone tapped start, and
        /// nothing fires before the tap), nor where the rider said the train stood at the stop
        /// before at the alert's moment or later.
        package func late(lastRun: Int?) -> Bool {
            guard fired > confirmed - (lastRun ?? lastStep), !oneStop else { return false }
            if let standingBefore, fired <= standingBefore { return false }
            return true
        }
    }
}
