import FoundationEssentials

/// Where a segment's figure came from, most trusted first.
public enum SegmentSource: String, Codable, Sendable {
    /// Measured on this passenger's rides, this direction.
    case calibrated
    /// Published departures, this direction.
    case official
    /// Published departures of the opposite direction (none published for this one).
    case mirrored
    /// Nothing known: a network-wide typical figure.
    case fallback = "default"
}

/// Which of the published running patterns a computation uses.
public enum RunningPattern: Sendable {
    /// The best estimate, midway between the first and the last trains: what is displayed.
    case best
    /// The fast pattern (the last train's): alert moments, and the early end of ranges.
    case early
    /// The slow pattern (the first train's): the late end of ranges.
    case late
}

extension ScheduleEngine {
    /// A segment's running time, through the chain calibrated → official this direction →
    /// official mirrored → default. Your own measurements, where there are any, stand for all
    /// three patterns: they are of the trains you ride, not of the published first and last;
    /// except that the fast pattern (the alerts') never runs slower for them: a mean is beaten
    /// by half the trains, and calibration may not make an alert later than it was without it.
    public func running(from: String, to: String, pattern: RunningPattern = .best) -> (seconds: Double, source: SegmentSource) {
        if let statistic = calibration?.running[Calibration.runningKey(from: from, to: to)], statistic.weight > 0, statistic.isSteady {
            guard pattern == .early else { return (statistic.mean, .calibrated) }
            var official = self
            official.calibration = nil
            return (min(statistic.mean, official.running(from: from, to: to, pattern: .early).seconds), .calibrated)
        }
        func seconds(_ segment: NetworkDocument.Segment) -> Double {
            switch pattern {
            case .best: return Double(segment.runSeconds)
            case .early: return Double(segment.earlyGapSeconds - segment.dwellSeconds)
            case .late: return Double(segment.lateGapSeconds - segment.dwellSeconds)
            }
        }
        if let segment = network.segment(from: from, to: to) {
            return (seconds(segment), segment.basis == .measured ? .official : .mirrored)
        }
        if let mirror = network.segment(from: to, to: from) {
            return (seconds(mirror), .mirrored)
        }
        return (Double(TimetableCompiler.median(network.document.segments.map(\.runSeconds))), .fallback)
    }

    /// The dwell at a station when arriving from `from`, through the same chain (independently of
    /// the running time); on the fast pattern, never longer for calibration (as `running`).
    public func dwell(at station: String, arrivingFrom from: String, pattern: RunningPattern = .best) -> (seconds: Double, source: SegmentSource) {
        let direction = network.direction(from: from, to: station) ?? .forward
        if let statistic = calibration?.dwell[Calibration.dwellKey(station: station, direction: direction)], statistic.weight > 0, statistic.isSteady {
            guard pattern == .early else { return (statistic.mean, .calibrated) }
            var official = self
            official.calibration = nil
            return (min(statistic.mean, official.dwell(at: station, arrivingFrom: from).seconds), .calibrated)
        }
        if let segment = network.segment(from: from, to: station) {
            return (Double(segment.dwellSeconds), segment.basis == .measured ? .official : .mirrored)
        }
        return (Double(network.document.assumptions.dwellSeconds), .fallback)
    }
}
