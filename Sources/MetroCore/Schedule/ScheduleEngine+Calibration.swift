import FoundationEssentials

extension ScheduleEngine {
    /// A segment's running time, through the chain calibrated → official this direction →
    /// official mirrored → default. Your own measurements, where there are any, stand for all
    /// three patterns: they are of the trains you ride, not of the published first and last;
    /// except that the fast pattern (the alerts') never runs slower for them: a mean is beaten
    /// by half the trains, and calibration may not make an alert later than it was without it.
    package func running(from: String, to: String, pattern: RunningPattern = .best) -> (
        seconds: Double, source: SegmentSource
    ) {
        if let statistic = calibration?.running[Calibration.runningKey(from: from, to: to)], statistic.weight > 0,
            statistic.isSteady
        {
            guard pattern == .early else { return (statistic.typical, .calibrated) }
            return (min(statistic.typical, officialFigures(from: from, to: to).run(.early)), .calibrated)
        }
        let figures = officialFigures(from: from, to: to)
        return (figures.run(pattern), figures.runSource)
    }

    /// The dwell at a station when arriving from `from`, through the same chain (independently of
    /// the running time); on the fast pattern, never longer for calibration (as `running`).
    package func dwell(at station: String, arrivingFrom from: String, pattern: RunningPattern = .best) -> (
        seconds: Double, source: SegmentSource
    ) {
        if let calibration,
            let statistic = calibration.dwell[
                Calibration.dwellKey(
                    station: station, direction: network.direction(from: from, to: station) ?? .forward)],
            statistic.weight > 0, statistic.isSteady
        {
            guard pattern == .early else { return (statistic.typical, .calibrated) }
            return (min(statistic.typical, officialFigures(from: from, to: station).dwell), .calibrated)
        }
        let figures = officialFigures(from: from, to: station)
        return (figures.dwell, figures.dwellSource)
    }

    /// A segment's published figures, without calibration: the running time of each pattern
    /// through the chain official this direction → official mirrored → default, and the dwell at
    /// `to` from this direction's segment or the assumed figure (no mirror). `running` and
    /// `dwell` read their uncalibrated answers here, and `timings` all of a stop's at once.
    struct OfficialFigures {
        var best: Double
        var early: Double
        var late: Double
        var runSource: SegmentSource
        var dwell: Double
        var dwellSource: SegmentSource

        func run(_ pattern: RunningPattern) -> Double {
            switch pattern {
            case .best: return best
            case .early: return early
            case .late: return late
            }
        }
    }

    func officialFigures(from: String, to: String) -> OfficialFigures {
        let segment = network.segment(from: from, to: to)
        let dwell =
            segment.map { (Double($0.dwellSeconds), $0.basis == .measured ? SegmentSource.official : .mirrored) }
            ?? (Double(network.document.assumptions.dwellSeconds), .fallback)
        guard let figures = segment ?? network.segment(from: to, to: from) else {
            let median = Double(Statistics.median(network.document.segments.map(\.runSeconds)))
            return OfficialFigures(
                best: median, early: median, late: median, runSource: .fallback, dwell: dwell.0, dwellSource: dwell.1)
        }
        return OfficialFigures(
            best: Double(figures.runSeconds), early: Double(figures.earlyGapSeconds - figures.dwellSeconds),
            late: Double(figures.lateGapSeconds - figures.dwellSeconds),
            runSource: segment != nil && figures.basis == .measured ? .official : .mirrored,
            dwell: dwell.0, dwellSource: dwell.1)
    }
}
