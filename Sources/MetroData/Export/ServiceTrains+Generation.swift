import FoundationEssentials
import MetroCore
import Synchronization

/// The service model's trains: every train of every line, direction and day type, as the GTFS
/// feed writes them (the rider's app boards the published departures, not these: see
/// `ServiceTrains`).
///
/// What is published is the first and last departure of every station and direction and the
/// interval of every hour; the trains are made from them once: from each terminal from the first
/// to the last published departure at the interval of each hour, the depot trains that join
/// mid-line at their own published first departures, running and dwell from the very figures
/// `plan` uses. The first and last trains keep the published minute at every station (snapped
/// where the published time lies within three minutes of the modelled one), and the trains
/// before the last are stretched or closed up so that the last of them runs an interval ahead
/// of the last train at every station (the stretched intervals of the last half hour).
extension ServiceTrains {
    /// One train: its stations from `first` on, with arrival and departure in seconds of the
    /// service day.
    package struct Trip: Equatable, Sendable {
        package var line: String
        package var direction: Direction
        package var dayType: DayType
        package var stations: [String]
        package var arrivals: [Int]
        package var departures: [Int]
        /// Why it runs: a train from the terminal, or a depot train joining mid-line.
        var joinsMidLine: Bool
    }

    /// The generated trains of a network, made once per line, direction and day type the first
    /// time they are asked for, and kept for the life of the feed value (`GTFSFeed`) that holds
    /// the cache. The trains are the official figures' (no calibration, no service changes):
    /// they are the timetable, not a rider's ride.
    package final class Cache: @unchecked Sendable {
        struct Key: Hashable {
            var line: String
            var direction: Direction
            var dayType: DayType
        }
        struct Entry {
            var key: Key
            /// The trains, their times not yet written out: the trips are made only when asked
            /// for.
            var timetable: Timetable
            var trips: [Trip]?
        }
        private let lock = Mutex(())
        /// A list searched in order, not a dictionary: a feed asks for a few dozen of them, and
        /// the first dictionary of a new key type costs the runtime more (its metadata and
        /// conformances, about 0.2 M instructions) than the search ever will.
        private var entries: [Entry] = []

        package init() {}

        private func entryLocked(_ key: Key, network: Network, engine: ScheduleEngine) -> Int {
            if let known = entries.firstIndex(where: { $0.key == key }) { return known }
            let official = ScheduleEngine(network: network, clock: engine.clock)
            let timetable =
                network.line(key.line).map {
                    ServiceTrains.timetable(
                        network: network, engine: official, line: $0, direction: key.direction, dayType: key.dayType)
                }
                ?? Timetable(
                    line: key.line, direction: key.direction, dayType: key.dayType, stations: [], run: [], dwell: [])
            entries.append(Entry(key: key, timetable: timetable, trips: nil))
            return entries.count - 1
        }

        /// One line's trains in one direction on one day type, in a fixed order (start time,
        /// then length).
        package func trips(line: String, direction: Direction, dayType: DayType, engine: ScheduleEngine) -> [Trip] {
            let key = Key(line: line, direction: direction, dayType: dayType)
            return lock.withLock { _ in
                let index = entryLocked(key, network: engine.network, engine: engine)
                if let known = entries[index].trips { return known }
                let trips = entries[index].timetable.trips
                entries[index].trips = trips
                return trips
            }
        }
    }

    /// How far a published first or last departure may lie from the modelled train for the
    /// train to be taken as the same one (and snapped to it), and how much earlier a published
    /// first departure must be to be a depot train of its own.
    static let snapWindow = 180
    static let depotMargin = 60
    /// How far a modelled interval may stray from the published one (the check CI runs).
    static let intervalSlack = 30

    /// The published pair of an hour as a band an interval should keep: both values, less and
    /// more `intervalSlack`, the hours clamped to the published ones.
    struct Bands {
        /// Each hour's published pair as its smaller and its larger value, looked up once (the
        /// generation asks tens of thousands of times, in the process of a `plan` or a
        /// `status`); `Int.max` and `Int.min` for an hour with none. Plain integers, no optional
        /// pair: this is the inner loop of the last trains' spacing search.
        let lows: [Int]
        let highs: [Int]

        init(record: (Int) -> NetworkDocument.Headway?) {
            var lows = [Int](repeating: .max, count: 48)
            var highs = [Int](repeating: .min, count: 48)
            for hour in 0..<48 {
                guard let pair = record(hour) else { continue }
                lows[hour] = min(pair.firstSeconds, pair.secondSeconds)
                highs[hour] = max(pair.firstSeconds, pair.secondSeconds)
            }
            self.lows = lows
            self.highs = highs
        }

        /// How far `gap`, between trains leaving at `a` and `b`, lies outside the band of either
        /// hour (0 inside; 0 where neither hour has one); a gap under 90 s counts far worse.
        func violation(_ gap: Int, _ a: Int, _ b: Int) -> Int {
            let first = a / 3600
            let second = b / 3600
            let firstKnown = first >= 0 && first < 48
            let secondKnown = second >= 0 && second < 48
            let lowA = firstKnown ? lows[first] : .max
            let lowB = secondKnown ? lows[second] : .max
            guard lowA != .max || lowB != .max else { return 0 }
            let highA = firstKnown ? highs[first] : .min
            let highB = secondKnown ? highs[second] : .min
            let low = min(lowA, lowB) - ServiceTrains.intervalSlack
            let high = max(highA, highB) + ServiceTrains.intervalSlack
            return (gap < 90 ? 10_000 : 0) + max(0, low - gap) + max(0, gap - high)
        }
    }

    /// The interval trains' departures from the terminal: one every interval from the first
    /// train on, and at the end the last few stretched or closed up (the last dropped, or not)
    /// so that the last of them runs an interval ahead of the published last train. That train
    /// keeps the published minute at every station, so its distance from the one before varies
    /// along the line: every station's counts. `offsets` are an unanchored train's departures
    /// from the terminal's at 0, `lastTrain` the last train's.
    static func intervalDepartures(first: Int, lastTrain: [Int], offsets: [Int], headway: (Int) -> Int, bands: Bands)
        -> [Int]
    {
        var earliest = Int.max
        var latest = Int.min
        for index in 0..<(lastTrain.count - 1) {
            earliest = min(earliest, lastTrain[index] - offsets[index])
            latest = max(latest, lastTrain[index] - offsets[index])
        }
        var departures = [first]
        while departures.last! + headway(departures.last!) < latest {
            departures.append(departures.last! + headway(departures.last!))
        }
        // departures[0] is the first train itself; the rest are the interval trains.
        let k = departures.count - 1
        guard k >= 1 else { return [] }
        // A candidate is `departures[...kept]` followed by `tail`; its cost counts the gaps from
        // `kept` on (the ones before are the same in every candidate) and the end's distance
        // from the last train. Only the winner is made into an array: this runs in the process
        // of a `plan` or a `status` near the edges of the day.
        // (Plain integers and one reused buffer: a labelled tuple or a slice here makes the
        // runtime build its type's metadata from a mangled name, about 0.1 M instructions.)
        // Every term is at least 0, so a candidate is dropped as soon as its running total
        // reaches `bound`, the best so far: only a strictly smaller cost replaces it, so the
        // winner is the one the whole sums would pick.
        func cost(kept: Int, tail: [Int], count: Int, bound: Int) -> Int {
            var total =
                kept >= 1
                ? bands.violation(departures[kept] - departures[kept - 1], departures[kept - 1], departures[kept]) : 0
            var previous = departures[kept]
            for i in 0..<count {
                if total >= bound { return total }
                total += bands.violation(tail[i] - previous, previous, tail[i])
                previous = tail[i]
            }
            return total + bands.violation(earliest - previous, previous, earliest)
                + bands.violation(latest - previous, previous, latest)
        }
        var bestKept = k
        var bestTail: [Int] = []
        var bestCost = 0
        for i in 1...k {
            bestCost += bands.violation(departures[i] - departures[i - 1], departures[i - 1], departures[i])
        }
        bestCost +=
            bands.violation(earliest - departures[k], departures[k], earliest)
            + bands.violation(latest - departures[k], departures[k], latest)
        var tail = [Int](repeating: 0, count: 12)
        // Spread the change over the last m intervals: keep every train and move them toward
        // the last train's place, or drop the last and close up, aiming at the middle of the
        // last train's range; the least outside the published bands wins.
        for m in 1...min(12, k) {
            let anchor = departures[k - m]
            for dropLast in 0...1 where !(dropLast == 1 && m < 2) {
                for quarter in 0...4 {
                    let target = earliest + (latest - earliest) * quarter / 4
                    let count = m - dropLast
                    let step = Double(target - anchor) / Double(count + 1)
                    for i in stride(from: 1, through: count, by: 1) {
                        tail[i - 1] = anchor + Int((step * Double(i)).rounded())
                    }
                    let value = cost(kept: k - m, tail: tail, count: count, bound: bestCost)
                    if value < bestCost {
                        bestKept = k - m
                        bestTail = []
                        for i in 0..<count { bestTail.append(tail[i]) }
                        bestCost = value
                    }
                }
            }
        }
        var result: [Int] = []
        result.reserveCapacity(bestKept + bestTail.count)
        for i in 1...bestKept { result.append(departures[i]) }
        return result + bestTail
    }

    struct Train {
        var start: Int
        /// Its departure from `start`.
        var departure: Int
        /// Published departures the train keeps further on, in station order (most trains keep
        /// none). A list, not a dictionary: it is read in order, and a dictionary held by a
        /// copy of the train is copied whole on every change.
        var anchors: [(index: Int, time: Int)] = []
        var joinsMidLine: Bool
    }

    /// One line's trains in one direction on one day type, with the running and dwell figures
    /// that give their times (what the cache holds).
    struct Timetable: Sendable {
        var line: String
        var direction: Direction
        var dayType: DayType
        /// The line's stations in the direction of travel.
        var stations: [String]
        /// Departure-to-departure figures, exactly as the schedule engine resolves them.
        var run: [Int]
        var dwell: [Int]
        /// In the trips' order (start time, then length).
        var trains: [Train] = []

        /// A train's arrival and departure at every station (0 before its start).
        func times(_ train: Train) -> (arrivals: [Int], departures: [Int]) {
            let count = stations.count
            var arrivals = Array(repeating: 0, count: count)
            var departures = Array(repeating: 0, count: count)
            departures[train.start] = train.departure
            arrivals[train.start] = departures[train.start]
            var next = 0
            for index in (train.start + 1)..<count {
                arrivals[index] = departures[index - 1] + run[index - 1]
                departures[index] = arrivals[index] + dwell[index]
                if next < train.anchors.count, train.anchors[next].index == index {
                    departures[index] = train.anchors[next].time
                    arrivals[index] = train.anchors[next].time - dwell[index]
                    next += 1
                }
            }
            return (arrivals, departures)
        }

        /// One departure of `times(train)`, without making its arrays (a station's departures,
        /// and the depot and last-train rules, ask for single stations many times over).
        func departure(_ train: Train, at target: Int) -> Int {
            var time = train.departure
            guard target > train.start else { return time }
            var next = 0
            for index in (train.start + 1)...target {
                time += run[index - 1] + dwell[index]
                if next < train.anchors.count, train.anchors[next].index == index {
                    time = train.anchors[next].time
                    next += 1
                }
            }
            return time
        }

        /// The trains as trips (the GTFS feed's), each from its start.
        var trips: [Trip] {
            trains.map { train in
                let (arrivals, departures) = times(train)
                // (A train from the terminal shares the arrays: no copy.)
                let whole = train.start == 0
                return Trip(
                    line: line, direction: direction, dayType: dayType,
                    stations: whole ? stations : Array(stations[train.start...]),
                    arrivals: whole ? arrivals : Array(arrivals[train.start...]),
                    departures: whole ? departures : Array(departures[train.start...]),
                    joinsMidLine: train.joinsMidLine)
            }
        }
    }
}
