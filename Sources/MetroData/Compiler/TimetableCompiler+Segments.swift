import FoundationEssentials
import MetroCore

/// Running time and dwell per directed segment, derived from consecutive published departures.
extension TimetableCompiler {
    static func deriveSegments(
        lines: [NetworkDocument.Line], windows: [WindowKey: NetworkDocument.ServiceWindow],
        stations: [String: NetworkDocument.Station], options: Options, file: String
    ) throws(DataError) -> [NetworkDocument.Segment] {
        // Pass 1: each direction's own samples, by pattern.
        var own: [String: Samples] = [:]
        for line in lines {
            for (a, b) in zip(line.stations, line.stations.dropFirst()) {
                own["\(a) \(b)"] = samples(from: a, to: b, direction: .forward, windows: windows, options: options)
                own["\(b) \(a)"] = samples(from: b, to: a, direction: .reverse, windows: windows, options: options)
            }
        }
        // The network's first-to-last ratio, over the segments where both trains gave a sample:
        // the slow pattern a segment with one sample lacks is estimated with it.
        let pairs = own.values.compactMap { sample in sample.first.flatMap { f in sample.last.map { (f, $0) } } }
        let sumFirst = pairs.map(\.0).reduce(0, +)
        let sumLast = pairs.map(\.1).reduce(0, +)
        func patterns(_ sample: Samples) -> (early: Int, late: Int)? {
            switch (sample.first, sample.last) {
            case (let first?, let last?): return (min(first, last), max(first, last))
            case (nil, let last?): return (last, sumLast > 0 ? (last * sumFirst + sumLast / 2) / sumLast : last)
            case (let first?, nil): return (sumFirst > 0 ? (first * sumLast + sumFirst / 2) / sumFirst : first, first)
            case (nil, nil): return nil
            }
        }
        var result: [NetworkDocument.Segment] = []
        for line in lines {
            for (a, b) in zip(line.stations, line.stations.dropFirst()) {
                let forward = own["\(a) \(b)"]!
                let reverse = own["\(b) \(a)"]!
                guard patterns(forward) != nil || patterns(reverse) != nil else {
                    throw DataError(
                        file: file,
                        "segment \(stations[a]!.nameEn) – \(stations[b]!.nameEn) (\(line.id)) has no plausible sample in either direction (plausible gaps: \(options.plausibleGap.lowerBound)–\(options.plausibleGap.upperBound) s)"
                    )
                }
                for (from, to, direction, mine, mirror) in [
                    (a, b, Direction.forward, forward, reverse), (b, a, .reverse, reverse, forward),
                ] {
                    let (early, late) = patterns(mine) ?? patterns(mirror)!
                    // The best estimate: midway between the two patterns (the median of two
                    // samples; for one sample, midway to the estimated other pattern).
                    let gap = (early + late + 1) / 2
                    guard early > options.dwellSeconds else {
                        throw DataError(
                            file: file,
                            "segment \(stations[from]!.nameEn) → \(stations[to]!.nameEn) (\(line.id)): gap \(early) s leaves no running time after a dwell of \(options.dwellSeconds) s"
                        )
                    }
                    result.append(
                        .init(
                            line: line.id, direction: direction, from: from, to: to, gapSeconds: gap,
                            runSeconds: gap - options.dwellSeconds, dwellSeconds: options.dwellSeconds,
                            sampleGaps: mine.all, basis: mine.all.isEmpty ? .mirror : .measured, openAir: false,
                            earlyGapSeconds: early, lateGapSeconds: late))
                }
            }
        }
        return result
    }

    /// Departure-to-departure gaps of the first and of the last train between two stations,
    /// each kept only when plausible.
    struct Samples {
        var first: Int?
        var last: Int?
        var all: [Int] { [first, last].compactMap { $0 } }
    }

    static func samples(
        from: String, to: String, direction: Direction,
        windows: [WindowKey: NetworkDocument.ServiceWindow], options: Options
    ) -> Samples {
        guard let start = windows[WindowKey(station: from, direction: direction)],
            let end = windows[WindowKey(station: to, direction: direction)]
        else { return Samples() }
        let first = end.firstDeparture - start.firstDeparture
        let last = end.lastDeparture - start.lastDeparture
        return Samples(
            first: options.plausibleGap.contains(first) ? first : nil,
            last: options.plausibleGap.contains(last) ? last : nil)
    }

}
