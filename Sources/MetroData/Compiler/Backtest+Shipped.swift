import FoundationEssentials
import MetroCore

extension Backtest {
    /// The engine as shipped, planning a published train from one station of its run to a later
    /// one, started at its published departure.
    package struct ShippedPrediction: Equatable, Sendable {
        package var line: String
        package var direction: Direction
        package var kind: Train.Kind
        package var stops: Int
        /// Seconds after t₀: the published arrival (departure less the assumed dwell), the
        /// plan's best estimate, and its range.
        package var published: Int
        package var predicted: Int
        package var earliest: Int
        package var latest: Int
        /// Whether the ride crosses a segment with only one published sample.
        package var crossesSingleSample: Bool

        package var error: Int { predicted - published }
        package var covered: Bool { earliest <= published && published <= latest }
    }

    /// Every published first and last train, planned by `engine` from every station of its run
    /// to every later one (one-line rides; a run that changes lines is not a published train).
    package static func shipped(_ engine: ScheduleEngine, day: ServiceClock.ServiceDay) -> [ShippedPrediction] {
        let network = engine.network
        var result: [ShippedPrediction] = []
        for train in trains(network.document) {
            for i in 0..<(train.stations.count - 1) {
                let t0 = engine.clock.date(day, seconds: train.departures[i])
                for j in (i + 1)..<train.stations.count {
                    guard
                        let route = try? RouteChoice.lookup(
                            network: network, from: train.stations[i], to: train.stations[j]),
                        route.legs.count == 1
                    else { continue }
                    let schedule = engine.schedule(route: route, t0: t0)
                    let dwell = network.segment(from: train.stations[j - 1], to: train.stations[j])?.dwellSeconds ?? 0
                    let single = (i..<j).contains { k in
                        network.segment(from: train.stations[k], to: train.stations[k + 1])?.sampleGaps.count == 1
                    }
                    func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince(t0).rounded()) }
                    result.append(
                        ShippedPrediction(
                            line: train.line, direction: train.direction, kind: train.kind, stops: j - i,
                            published: train.departures[j] - dwell - train.departures[i],
                            predicted: seconds(schedule.arrival),
                            earliest: seconds(schedule.arrivalEarliest), latest: seconds(schedule.arrivalLatest),
                            crossesSingleSample: single))
                }
            }
        }
        return result
    }

    /// The alert policy in one line × direction × day type × hour cell, for a ride that changes
    /// onto that line: exact expectations over a wait W uniform on [0, h].
    package struct PolicyCell: Equatable, Sendable {
        package var line: String
        package var direction: Direction
        package var dayType: DayType
        package var hour: Int
        /// The hour's shortest published interval (the wait's span, at its tightest).
        package var headway: Double
        /// The fast pattern's shortest time from the alert's moment to the arrival on this line
        /// and direction: a destination one stop past the station where the passenger boards.
        package var lastStep: Double
        /// The wait the alert books (its share of the interval, capped), and the wait the display
        /// books (a quarter of the interval).
        package var alertWait: Double
        package var bookedWait: Double
        /// P(the train reaches the station before "yours is next"): the station is missed.
        package var missed: Double
        /// P("yours is next" comes after the train reached the stop before): late, not missed.
        package var late: Double
        /// The median time by which "yours is next" precedes the train's arrival at the stop
        /// before, on the fast pattern (the slow one adds its spread).
        package var medianEarliness: Double
        /// The same three for the old rule (a quarter of the interval, uncapped, on the best
        /// estimate's running times), for comparison.
        package var missedUncapped: Double
    }

    /// The policy table: every published cell, with the shortest last step of its line and
    /// direction (the worst case: the cap adapts to each ride's own last step).
    package static func policy(_ engine: ScheduleEngine) -> [PolicyCell] {
        let document = engine.network.document
        return document.headways.map { record in
            let segments = document.segments.filter { $0.line == record.line && $0.direction == record.direction }
            // Boarding at the stop before the destination: the last step is the run alone.
            let lastStep = Double(segments.map { $0.earlyGapSeconds - $0.dwellSeconds }.min() ?? 0)
            let bestLastStep = Double(segments.map(\.runSeconds).min() ?? 0)
            let h = Double(min(record.firstSeconds, record.secondSeconds))
            let booked = (h * engine.bookedWaitFraction).rounded()
            // The engine's own cap, not a copy of its formula.
            let alertWait = Double(
                ScheduleEngine.cappedAlertWait(
                    booked: Int((h * engine.alertWaitFraction).rounded()), lastStep: lastStep, shortest: Int(h)))
            return PolicyCell(
                line: record.line, direction: record.direction, dayType: record.dayType, hour: record.hour,
                headway: h, lastStep: lastStep, alertWait: alertWait, bookedWait: booked,
                missed: max(0, alertWait - lastStep) / h,
                late: alertWait / h,
                medianEarliness: h / 2 - alertWait,
                missedUncapped: max(0, booked - bestLastStep) / h)
        }
    }

    /// The network with each one-sample segment's best estimate put back at its one sample, as
    /// shipped before the first-to-last correction: for showing what the correction changes.
    package static func withoutSingleSampleCorrection(_ document: NetworkDocument) -> NetworkDocument {
        var copy = document
        for index in copy.segments.indices where copy.segments[index].sampleGaps.count == 1 {
            let sample = copy.segments[index].sampleGaps[0]
            copy.segments[index].gapSeconds = sample
            copy.segments[index].runSeconds = sample - copy.segments[index].dwellSeconds
            copy.segments[index].lateGapSeconds = sample
        }
        return copy
    }

    /// Mean of signed errors.
    package static func mean(_ values: [Int]) -> Double {
        values.isEmpty ? 0 : Double(values.reduce(0, +)) / Double(values.count)
    }
}
