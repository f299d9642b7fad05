import FoundationEssentials
import MetroCore

/// Each line's trains generated as the timetable the cache holds.
extension ServiceTrains {
    /// Generates one line's trains in one direction on one day type: `engine` gives the running
    /// and dwell figures, the official ones.
    static func timetable(
        network: Network, engine: ScheduleEngine, line: NetworkDocument.Line, direction: Direction, dayType: DayType
    ) -> Timetable {
        let stations = direction == .forward ? line.stations : line.stations.reversed()
        let count = stations.count
        var run = [Int](repeating: 0, count: max(count - 1, 0))
        var dwell = [Int](repeating: 0, count: count)
        for index in 0..<(count - 1) {
            // The running time into the next station and the dwell there, one lookup for both.
            let figures = engine.bestFigures(from: stations[index], to: stations[index + 1])
            run[index] = Int(figures.run.rounded())
            if index + 1 < count - 1 { dwell[index + 1] = Int(figures.dwell.rounded()) }
        }
        var frame = Timetable(
            line: line.id, direction: direction, dayType: dayType, stations: stations, run: run, dwell: dwell)
        let windows = stations.map { network.serviceWindow(station: $0, direction: direction) }
        guard let first = windows[0]?.firstDeparture, let last = windows[0]?.lastDeparture else { return frame }
        let base = frame
        func times(_ train: Train) -> (arrivals: [Int], departures: [Int]) { base.times(train) }
        func departure(_ train: Train, at index: Int) -> Int { base.departure(train, at: index) }
        /// Whether a train may keep a published departure at `index`: the segment into it must
        /// stay a plausible running time.
        func snappable(_ train: Train, _ index: Int, _ time: Int) -> Bool {
            let previous = departure(train, at: index - 1)
            let gap = time - dwell[index] - previous
            return gap >= 30 && abs(time - departure(train, at: index)) <= Self.snapWindow
        }

        // The first trains: the terminal's, plus each depot train that joins before it.
        var firsts = [Train(start: 0, departure: first, joinsMidLine: false)]
        // The last trains: the terminal's last; a later one joining mid-line if published.
        var lasts = [Train(start: 0, departure: last, joinsMidLine: false)]
        for index in 1..<(count - 1) {
            if let published = windows[index]?.firstDeparture {
                let running = firsts.filter { $0.start < index }
                let earliest = running.min { departure($0, at: index) < departure($1, at: index) }
                if let earliest, published >= departure(earliest, at: index) - Self.depotMargin {
                    if snappable(earliest, index, published),
                        let at = firsts.firstIndex(where: { $0.start == earliest.start })
                    {
                        firsts[at].anchors.append((index, published))
                    }
                } else {
                    firsts.append(Train(start: index, departure: published, joinsMidLine: true))
                }
            }
            if let published = windows[index]?.lastDeparture {
                let latest = lasts.max { departure($0, at: index) < departure($1, at: index) }!
                if published <= departure(latest, at: index) + Self.depotMargin {
                    if snappable(latest, index, published),
                        let at = lasts.firstIndex(where: { $0.start == latest.start })
                    {
                        lasts[at].anchors.append((index, published))
                    }
                } else {
                    lasts.append(Train(start: index, departure: published, joinsMidLine: true))
                }
            }
        }
        // The line's intervals, looked up once: `headway` is asked hundreds of times.
        let series = network.headwaySeries(line: line.id, direction: direction, dayType: dayType)
        func headway(_ moment: Int) -> Int { series?.seconds(at: moment) ?? 600 }
        // Between the terminal's first and last trains, one every interval, ending so that the
        // last of them is an interval ahead of the published last train at every station.
        let bands = Bands { series?.record(hour: $0) }
        let interval = Self.intervalDepartures(
            first: first, lastTrain: times(lasts[0]).departures,
            offsets: times(Train(start: 0, departure: 0, joinsMidLine: false)).departures,
            headway: headway, bands: bands)
        var trains = firsts + lasts + interval.map { Train(start: 0, departure: $0, joinsMidLine: false) }
        // Before the trains from the terminal arrive, a depot train's station is served at the
        // interval too: trains join there, evenly, in the gap the depot train opens.
        for index in 1..<(count - 1) where trains.contains(where: { $0.start == index }) {
            let passing = trains.filter { $0.start <= index }.map {
                (departure: departure($0, at: index), start: $0.start)
            }.sorted { $0.departure < $1.departure }
            guard let through = passing.first(where: { $0.start < index })?.departure else { continue }
            for (a, b) in zip(passing, passing.dropFirst()) where b.departure <= through {
                let gap = b.departure - a.departure
                let step = headway(a.departure)
                guard gap > step + Self.intervalSlack else { continue }
                // As many equal parts as keep each nearest the published band (the two ends are
                // published times, so an exact fit is not always possible).
                let parts = (1...max(1, gap / 90)).min {
                    bands.violation(gap / $0, a.departure, b.departure)
                        < bands.violation(gap / $1, a.departure, b.departure)
                }!
                for part in 1..<max(1, parts) {
                    let moment = a.departure + (gap * part + parts / 2) / parts
                    trains.append(Train(start: index, departure: moment, joinsMidLine: true))
                }
            }
        }
        // In the trips' order: by departure from the start, then by length (longest last).
        frame.trains = trains.sorted { ($0.departure, count - $0.start) < ($1.departure, count - $1.start) }
        return frame
    }
}
