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

    /// Adds the ride's spans; returns its spans from t₀ to the first `at` on the first leg
    /// (which measure the start tap as much as the train), and the ride's spans.
    mutating func addSpans(_ ride: SharedRide, route: Route, engine: ScheduleEngine, cell: Cell)
        -> (first: [(span: RideSpans.Pattern, measured: Double)], spans: RideSpans)
    {
        let measured = RideSpans(steps: ride.moments.steps, route: route, engine: engine)
        var first: [(span: RideSpans.Pattern, measured: Double)] = []
        for span in measured.spans {
            if span.fromStart {
                first.append((span.pattern, span.measured))
                continue
            }
            let leg = route.legs[span.leg]
            let pattern = span.pattern
            let key = SegmentKey(line: leg.line, from: leg.stations[span.from], to: leg.stations[span.to])
            segments[key, default: SegmentFigures(fast: pattern.fast, slow: pattern.slow)].measured.values.append(
                span.measured)
            if pattern.slow - pattern.fast >= 1 {
                let place = (span.measured - pattern.fast) / (pattern.slow - pattern.fast)
                position.values.append(place)
                cellPositions[
                    Cell(line: leg.line, direction: leg.direction, dayType: cell.dayType, hour: cell.hour),
                    default: MeasuredMean()
                ].values.append(place)
            }
            if span.to - span.from == 1 { longSpans.add(span.measured > 1.6 * pattern.slow) }
        }
        measured.add(to: &fit)
        return (first, measured)
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
