import FoundationEssentials

/// What a finished ride did, moment by moment, as seconds from t₀: the plan's moments, every
/// correction, the alerts as they fired, and each change. Kept in the journal record (version 5
/// on) so that a shared journal (`SharedJournal`) can carry the ride without a date or a clock
/// time: nothing here is finer than the hour of t₀.
package struct RideLog: Codable, Equatable, Sendable {
    /// One correction: `shift` (with `stops`), `at` (with `station`) or `departed`.
    package struct Step: Codable, Equatable, Sendable {
        package var kind: String
        package var stops: Int?
        package var station: String?
        package var seconds: Int

        package init(kind: String, stops: Int? = nil, station: String? = nil, seconds: Int) {
            self.kind = kind
            self.stops = stops
            self.station = station
            self.seconds = seconds
        }
    }

    /// One change of line: what the plan booked for it, and what the rider's `departed` says.
    package struct Change: Codable, Equatable, Sendable {
        /// The plan's walk plus booked wait, seconds.
        package var bookedSeconds: Int
        /// When the model in force just before the `departed` press had the train at the
        /// change's exit (nil without a press).
        package var exitSeconds: Int?
        /// The `departed` press (nil without one).
        package var departedSeconds: Int?
        /// The boarding was one of the published trains at the edges of the day.
        package var edge: Bool

        package init(bookedSeconds: Int, exitSeconds: Int?, departedSeconds: Int?, edge: Bool) {
            self.bookedSeconds = bookedSeconds
            self.exitSeconds = exitSeconds
            self.departedSeconds = departedSeconds
            self.edge = edge
        }
    }

    /// Day type and service-day hour of t₀ (a service day runs 03:00–03:00: past midnight is 24–26).
    package var dayType: DayType
    package var hour: Int
    /// The timetable's date (`source.resourcesDated` of the network the ride was planned on).
    package var timetable: String
    /// The plan at t₀: its arrival and range.
    package var arrival: Int
    package var earliest: Int
    package var latest: Int
    /// The final model's arrival, and its last step (leaving the stop before → arriving): with a
    /// confirmed arrival it dates the train's real passage at the stop before.
    package var finalArrival: Int
    package var lastStep: Int?
    /// When "yours is next" and each change alert came due, in the schedule in force at the time.
    package var alert: Int?
    var changeAlerts: [Int]
    package var steps: [Step]
    package var changes: [Change]

    package init(trip: Trip, model: TripModel) {
        let planned = model.planned(trip)
        let current = model.current(trip)
        let t0 = trip.t0
        func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince(t0).rounded()) }
        let position = model.engine.clock.position(of: t0)
        dayType = position.dayType
        hour = position.seconds / 3600
        timetable = model.engine.network.document.source.resourcesDated
        arrival = seconds(planned.arrival)
        earliest = seconds(planned.arrivalEarliest)
        latest = seconds(planned.arrivalLatest)
        finalArrival = seconds(current.arrival)
        lastStep = current.alertStop.map {
            Int(current.arrival.timeIntervalSince(current.stops[$0].departure ?? current.stops[$0].time).rounded())
        }
        steps = trip.corrections.map { correction in
            switch correction.kind {
            case .shift(let n): return Step(kind: "shift", stops: n, seconds: seconds(correction.time))
            case .at(let station): return Step(kind: "at", station: station, seconds: seconds(correction.time))
            case .departed: return Step(kind: "departed", seconds: seconds(correction.time))
            }
        }
        // The schedule in force from each moment on: the plan, then after each correction (the
        // simulator fires alerts the same way: the first moment an alert's time has come).
        var timeline: [(from: Date, schedule: Schedule)] = [(t0, planned)]
        var prefix = trip
        prefix.corrections = []
        for correction in trip.corrections {
            prefix.corrections.append(correction)
            timeline.append((correction.time, model.current(prefix)))
        }
        func fired(_ alert: Trip.Alert) -> Int? {
            for (index, step) in timeline.enumerated() {
                guard let time = TripModel.time(of: alert, in: step.schedule) else { return nil }
                let moment = max(time, step.from)
                if index + 1 == timeline.count || moment < timeline[index + 1].from { return seconds(moment) }
            }
            return nil
        }
        alert = planned.alertStop == nil ? nil : fired(.alert)
        changeAlerts = [Trip.Alert.transferAlert, .secondTransferAlert].compactMap {
            planned.change(for: $0) == nil ? nil : fired($0)
        }
        // Each change: its `departed` press (the n-th press belongs to the n-th change) and
        // the exit as the model in force just before it had it.
        let presses = timeline.indices.dropFirst().filter {
            if case .departed = trip.corrections[$0 - 1].kind { return true } else { return false }
        }
        changes = planned.transfers.enumerated().map { index, transfer in
            let booked = transfer.walkSeconds + transfer.bookedWaitSeconds
            guard index < presses.count else {
                return Change(
                    bookedSeconds: booked, exitSeconds: nil, departedSeconds: nil, edge: transfer.realTrain != nil)
            }
            let before = timeline[presses[index] - 1].schedule
            let entry = index < before.entryIndices.count ? before.entryIndices[index] : nil
            let exit = entry.flatMap { before.stops[$0 - 1].arrival }
            return Change(
                bookedSeconds: booked, exitSeconds: exit.map(seconds),
                departedSeconds: seconds(timeline[presses[index]].from),
                edge: transfer.realTrain != nil)
        }
    }
}
