import MetroCore

/// How well the timetable model predicts the timetable itself. A backtest against the published
/// first and last trains, not field data: it measures the model's arithmetic and the spread of
/// the published running times, not how real trains run on a given day.

package enum Backtest {
    /// One published train: a maximal run of consecutive stations whose departure gaps are all
    /// plausible (a train that joins from a depot mid-line starts a new run).
    package struct Train: Equatable, Sendable {
        package enum Kind: String, Sendable { case first, last }
        package var line: String
        package var direction: Direction
        package var kind: Kind
        package var stations: [String]
        /// Published departures, seconds since the service day's midnight.
        package var departures: [Int]
    }

    package struct Prediction: Equatable, Sendable {
        package var line: String
        package var direction: Direction
        package var kind: Train.Kind
        package var from: String
        package var to: String
        package var stops: Int
        package var predicted: Int
        package var published: Int
        /// Predicted minus published: + the model is later than the train.
        package var error: Int { predicted - published }
    }

    package struct Summary: Equatable, Sendable {
        package var count: Int
        package var median: Double
        package var p90: Double
        package var max: Int
    }

    /// The published trains of a network document.
    package static func trains(_ document: NetworkDocument) -> [Train] {
        let windows = Dictionary(
            document.serviceWindows.map { ("\($0.station) \($0.direction.rawValue)", $0) },
            uniquingKeysWith: { a, _ in a })
        let plausible = document.assumptions.plausibleGapMinSeconds...document.assumptions.plausibleGapMaxSeconds
        var result: [Train] = []
        for line in document.lines {
            for direction in Direction.allCases {
                let order = direction == .forward ? line.stations : line.stations.reversed()
                for kind in [Train.Kind.first, .last] {
                    var run: [(String, Int)] = []
                    func flush() {
                        if run.count >= 2 {
                            result.append(
                                Train(
                                    line: line.id, direction: direction, kind: kind, stations: run.map(\.0),
                                    departures: run.map(\.1)))
                        }
                        run = []
                    }
                    for station in order {
                        guard let window = windows["\(station) \(direction.rawValue)"] else {
                            flush()
                            continue
                        }
                        let time = kind == .first ? window.firstDeparture : window.lastDeparture
                        if let previous = run.last, !plausible.contains(time - previous.1) { flush() }
                        run.append((station, time))
                    }
                    flush()
                }
            }
        }
        return result
    }

    /// Leave one train out: rebuild every segment without that train's samples, anchor at its
    /// departure from each station, predict its departure at every later station of its run.
    package static func leaveOneOut(_ document: NetworkDocument) -> [Prediction] {
        let trains = trains(document)
        // Every sample, remembering which train gave it.
        var samples: [String: [(train: Int, gap: Int)]] = [:]
        for (index, train) in trains.enumerated() {
            for k in 0..<(train.stations.count - 1) {
                samples["\(train.stations[k])>\(train.stations[k + 1])", default: []]
                    .append((index, train.departures[k + 1] - train.departures[k]))
            }
        }
        func gap(_ from: String, _ to: String, without excluded: Int) -> Int? {
            let own = (samples["\(from)>\(to)"] ?? []).filter { $0.train != excluded }.map(\.gap)
            if !own.isEmpty { return Statistics.median(own) }
            let mirror = (samples["\(to)>\(from)"] ?? []).filter { $0.train != excluded }.map(\.gap)
            return mirror.isEmpty ? nil : Statistics.median(mirror)
        }
        var predictions: [Prediction] = []
        for (index, train) in trains.enumerated() {
            let gaps = (0..<(train.stations.count - 1)).map {
                gap(train.stations[$0], train.stations[$0 + 1], without: index)
            }
            for i in 0..<(train.stations.count - 1) {
                var predicted = train.departures[i]
                for j in (i + 1)..<train.stations.count {
                    guard let step = gaps[j - 1] else { break }
                    predicted += step
                    predictions.append(
                        Prediction(
                            line: train.line, direction: train.direction, kind: train.kind, from: train.stations[i],
                            to: train.stations[j], stops: j - i, predicted: predicted, published: train.departures[j]))
                }
            }
        }
        return predictions
    }

    /// Median, 90th percentile (nearest rank) and maximum of absolute errors.
    package static func summarize(_ errors: [Int]) -> Summary {
        let values = errors.map { Double(abs($0)) }
        guard let median = Statistics.quantile(values, 0.5), let p90 = Statistics.quantile(values, 0.9) else {
            return Summary(count: 0, median: 0, p90: 0, max: 0)
        }
        return Summary(count: values.count, median: median, p90: p90, max: errors.map(abs).max()!)
    }

    /// The buckets of ride length the report uses.
    package static func stopBucket(_ stops: Int) -> String {
        switch stops {
        case 1: return "1"
        case 2...4: return "2–4"
        case 5...9: return "5–9"
        default: return "10+"
        }
    }
}
