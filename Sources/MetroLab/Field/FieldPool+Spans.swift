import MetroCore
import MetroData

/// The running times between consecutive `at` confirmations, and the changes' times.

extension FieldPool {
    /// Two stations on one line, in travel order: a span between consecutive confirmations.
    package struct SegmentKey: Hashable, Comparable, Sendable {
        package var line: String
        package var from: String
        package var to: String

        package init(line: String, from: String, to: String) {
            self.line = line
            self.from = from
            self.to = to
        }

        package static func < (a: SegmentKey, b: SegmentKey) -> Bool { (a.line, a.from, a.to) < (b.line, b.from, b.to) }
    }

    /// One span's measurements against the published patterns: standing at `from` → standing at
    /// `to`, the dwell at `from` and every stop between included (the patterns' assumed dwell).
    package struct SegmentFigures: Equatable, Sendable {
        /// The fast (the last train's) and slow (the first train's) published patterns, seconds.
        package var fast: Double
        package var slow: Double
        package var measured = MeasuredMean()

        /// The measured median's place on the axis fast (0) → slow (1).
        package var position: Double? {
            guard let median = measured.median, slow - fast >= 1 else { return nil }
            return (median - fast) / (slow - fast)
        }
    }

    package struct ChangeFigures: Equatable, Sendable {
        /// What the plan booked (walk + wait) and what was measured, seconds.
        package var booked = MeasuredMean()
        package var measured = MeasuredMean()
        /// Measured less booked, per change.
        package var difference = MeasuredMean()
    }

    /// A span as the published patterns have it: the runs on the fast and slow patterns, and
    /// the dwells left on the way (their count and the network's assumed seconds).
    package struct PatternSpan: Equatable, Sendable {
        var runsFast = 0.0
        var runsSlow = 0.0
        package var dwells = 0
        package var assumedDwell = 0.0
        package var fast: Double { runsFast + assumedDwell }
        package var slow: Double { runsSlow + assumedDwell }
    }

    /// The published span from standing at `stations[from]` to standing at `stations[to]` on
    /// one leg: the runs, and the assumed dwell at every stop left on the way (at `from` too,
    /// unless the span starts with the train moving: t₀).
    static func published(_ stations: [String], from: Int, to: Int, engine: ScheduleEngine, dwellAtStart: Bool)
        -> PatternSpan
    {
        var span = PatternSpan()
        for k in from..<to {
            if k > from || dwellAtStart, k > 0 {
                span.assumedDwell += engine.dwell(at: stations[k], arrivingFrom: stations[k - 1]).seconds
                span.dwells += 1
            }
            span.runsFast += engine.running(from: stations[k], to: stations[k + 1], pattern: .early).seconds
            span.runsSlow += engine.running(from: stations[k], to: stations[k + 1], pattern: .late).seconds
        }
        return span
    }

    /// Adds the ride's spans; returns its first span (from t₀ to the first `at`, on the first
    /// leg), which measures the start tap and not the train.
    ///
    /// Also returns the sums of the spans measured on the ride's last leg (its gap, its
    /// excess over the fast runs and assumed dwells, its dwells): that train's own speed.
    mutating func addSpans(_ ride: SharedRide, route: Route, engine: ScheduleEngine, cell: Cell)
        -> (first: [(span: PatternSpan, measured: Double)], lastLeg: (gap: Double, excess: Double, dwells: Int))
    {
        var first: [(span: PatternSpan, measured: Double)] = []
        var lastLeg = (gap: 0.0, excess: 0.0, dwells: 0)
        // The last confirmed point: (leg, index in the leg, seconds); t₀ is the origin's departure.
        var anchor: (leg: Int, index: Int, seconds: Int, isStart: Bool)? = (0, 0, 0, true)
        var leg = 0
        for step in ride.moments.steps {
            switch step.kind {
            case "departed":
                // A new leg: the train left the change's entry; no span crosses a change.
                leg += 1
                anchor = nil
            case "at":
                // The station's leg: this one or a later one (a rider who changed without
                // pressing departed); no span crosses a change.
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
                guard let from = anchor, from.leg == leg, from.index < index, index > 0 else { continue }
                let stations = route.legs[leg].stations
                let pattern = Self.published(
                    stations, from: from.index, to: index, engine: engine, dwellAtStart: !from.isStart)
                let measured = Double(step.seconds - from.seconds)
                if from.isStart {
                    first.append((pattern, measured))
                    continue
                }
                // A span starting at a leg's first station starts on a platform, not on a train.
                guard from.index > 0 else { continue }
                let key = SegmentKey(line: route.legs[leg].line, from: stations[from.index], to: station)
                segments[key, default: SegmentFigures(fast: pattern.fast, slow: pattern.slow)].measured.values.append(
                    measured)
                if pattern.slow - pattern.fast >= 1 {
                    let place = (measured - pattern.fast) / (pattern.slow - pattern.fast)
                    position.values.append(place)
                    cellPositions[
                        Cell(
                            line: route.legs[leg].line, direction: route.legs[leg].direction, dayType: cell.dayType,
                            hour: cell.hour), default: MeasuredMean()
                    ].values.append(place)
                }
                if index - from.index == 1 { longSpans.add(measured > 1.6 * pattern.slow) }
                fit.add(
                    gap: pattern.runsSlow - pattern.runsFast, dwells: pattern.dwells, excess: measured - pattern.fast)
                if leg == route.legs.count - 1 {
                    lastLeg.gap += pattern.runsSlow - pattern.runsFast
                    lastLeg.excess += measured - pattern.fast
                    lastLeg.dwells += pattern.dwells
                }
            default:
                continue
            }
        }
        return (first, lastLeg)
    }

    mutating func addChanges(_ ride: SharedRide) {
        for change in ride.moments.changes {
            guard let exit = change.exitSeconds, let departed = change.departedSeconds, departed >= exit else {
                continue
            }
            let measured = Double(departed - exit)
            let booked = Double(change.bookedSeconds)
            if change.edge {
                changeEdge.booked.values.append(booked)
                changeEdge.measured.values.append(measured)
                changeEdge.difference.values.append(measured - booked)
            } else {
                changeMiddle.booked.values.append(booked)
                changeMiddle.measured.values.append(measured)
                changeMiddle.difference.values.append(measured - booked)
            }
        }
    }
}
