import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The operations on the active trip, shared by the live screen's keys and the commands run from
/// other terminals. Every change is a locked read-modify-write of the store.
struct TripService: Sendable {
    let store: TripStore
    let engine: ScheduleEngine
    let language: Language
    /// Keeps the alert moments scheduled outside the process (nil: a rehearsal, a notifier).
    var alerts: AlertScheduler?
    /// The one trip this service may change (a live screen's): another trip in the store, one
    /// that replaced it, is refused.
    var only: String?

    var network: Network { engine.network }

    func model(_ trip: Trip) throws(CLIError) -> TripModel {
        do { return try TripModel(engine: engine, trip: trip) } catch {
            throw .data(
                language.tr(
                    "файл поїздки \(store.location) містить маршрут, якого немає в мережі (\(trip.origin) → \(trip.destination))",
                    "the trip file \(store.location) holds a route the network does not have (\(trip.origin) → \(trip.destination))"
                ))
        }
    }

    /// The active trip, after ending it as expired if its arrival is long past unconfirmed.
    /// Nil when there is none (or the last one has ended).
    func active(at now: Date) throws(CLIError) -> Trip? {
        try activeSchedule(at: now)?.trip
    }

    /// The active trip with its current schedule, folded once (the expiry check needs it too).
    func activeSchedule(at now: Date) throws(CLIError) -> (trip: Trip, schedule: Schedule)? {
        guard let trip = try store.load(), trip.ended == nil else { return nil }
        let model = try model(trip)
        let schedule = model.current(trip)
        if now.timeIntervalSince(schedule.finalArrival) > Trip.expiryAfterArrival {
            try end(.expired, at: now)
            return nil
        }
        // Any command that finds the trip active re-arms what is missing (a notifier killed).
        alerts?.sync(trip, model: model, schedule: schedule, at: now)
        return (trip, schedule)
    }

    /// A trip that ended as expired and has not said so yet: marked as said, and returned once.
    func expiryToAnnounce() throws(CLIError) -> Trip? {
        guard let trip = try store.load(), trip.ended?.outcome == .expired, trip.ended?.announced != true else {
            return nil
        }
        return try store.update { (current: inout Trip?) throws(CLIError) -> Trip? in
            guard var trip = current, trip.ended?.outcome == .expired, trip.ended?.announced != true else { return nil }
            trip.ended?.announced = true
            current = trip
            return trip
        }
    }

    /// The active trip, or an error that says how to start one.
    func requireActive(at now: Date) throws(CLIError) -> Trip {
        if let trip = try active(at: now) { return trip }
        if let ended = try store.load()?.ended {
            throw .failure(
                language.tr(
                    "Поїздка вже завершилась (\(outcomeText(ended.outcome))). Нова: 'metro-timer start ЗВІДКИ КУДИ'.",
                    "The trip has already ended (\(outcomeText(ended.outcome))). Start a new one with 'metro-timer start FROM TO'."
                ))
        }
        throw noTrip()
    }

    func outcomeText(_ outcome: Trip.Outcome) -> String {
        switch outcome {
        case .arrived: return language.tr("прибуття підтверджено", "arrival confirmed")
        case .stopped: return language.tr("зупинено", "stopped")
        case .expired: return language.tr("минула без підтвердження", "expired unconfirmed")
        }
    }

    /// Starts a trip, ending an active one as stopped when `replace` is set.
    func start(
        origin: String, destination: String, t0: Date, replace: Bool, changes: ServiceChanges? = nil,
        via: String? = nil
    ) throws(CLIError) -> Trip {
        let trip = Trip(
            id: UUID().uuidString.lowercased(), origin: origin, destination: destination, t0: t0, changes: changes,
            via: via)
        _ = try model(trip)
        let service = self
        let started = try store.update { (current: inout Trip?) throws(CLIError) -> Trip in
            if let existing = current, existing.ended == nil {
                let existingModel = try service.model(existing)
                if !replace && !existingModel.isExpired(existing, at: t0) {
                    throw .failure(
                        service.language.tr(
                            "Уже триває поїздка \(service.name(existing.origin)) → \(service.name(existing.destination)). Замінити: 'metro-timer start --replace …'.",
                            "A trip \(service.name(existing.origin)) → \(service.name(existing.destination)) is already active. Replace it with 'metro-timer start --replace …'."
                        ))
                }
                let outcome: Trip.Outcome = existingModel.isExpired(existing, at: t0) ? .expired : .stopped
                try service.store.appendJournal(
                    JournalRecord(trip: existing, model: existingModel, outcome: outcome, at: t0))
            }
            current = trip
            return trip
        }
        if let alerts, let model = try? model(started) {
            alerts.sync(started, model: model, schedule: model.current(started), at: t0, starting: true)
        }
        return started
    }

    /// After a correction or an undo, from any terminal: the alerts follow the new schedule.
    func rescheduleAlerts(_ trip: Trip, _ schedule: Schedule, at now: Date) {
        guard let alerts, let model = try? model(trip) else { return }
        alerts.sync(trip, model: model, schedule: schedule, at: now)
    }

    /// Records a correction if it applies; otherwise throws the reason, leaving the trip alone.
    @discardableResult
    func correct(_ kind: Trip.Correction.Kind, at now: Date) throws(CLIError) -> (Trip, Schedule) {
        let service = self
        let (trip, schedule) = try store.update { (current: inout Trip?) throws(CLIError) -> (Trip, Schedule) in
            var trip = try service.mine(current)
            let model = try service.model(trip)
            let correction = Trip.Correction(kind, at: now)
            if let refusal = model.refusal(for: correction, trip: trip) {
                throw .failure(service.refusalText(refusal))
            }
            guard trip.corrections.count < Trip.correctionCap else {
                throw .failure(
                    service.language.tr(
                        "Ця поїздка вже має \(Trip.correctionCap) виправлень — найбільше, що зберігає одна поїздка. Почніть її знову: 'metro-timer start ВІД ДО --replace'.",
                        "This trip already has \(Trip.correctionCap) corrections, the most one trip keeps. Start it again: 'metro-timer start FROM TO --replace'."
                    ))
            }
            trip.corrections.append(correction)
            current = trip
            return (trip, model.current(trip))
        }
        rescheduleAlerts(trip, schedule, at: now)
        return (trip, schedule)
    }

    /// Removes the last correction; refused when there is none.
    func undo(at now: Date) throws(CLIError) -> (Trip.Correction, Schedule) {
        let service = self
        let (trip, last, schedule) = try store.update {
            (current: inout Trip?) throws(CLIError) -> (Trip, Trip.Correction, Schedule) in
            var trip = try service.mine(current)
            guard trip.ended == nil else { throw service.noTrip() }
            guard let last = trip.corrections.popLast() else {
                throw .failure(
                    service.language.tr(
                        "Нічого скасовувати: у поїздки немає виправлень.",
                        "Nothing to undo: the trip has no corrections."))
            }
            current = trip
            return (trip, last, try service.model(trip).current(trip))
        }
        rescheduleAlerts(trip, schedule, at: now)
        return (last, schedule)
    }

    /// Confirms the arrival at a past moment: of the active trip, or of one that has already
    /// expired unconfirmed (its journal record is then replaced, keyed by the trip's id).
    @discardableResult
    func confirmArrival(at time: Date) throws(CLIError) -> JournalRecord {
        let service = self
        if let trip = try store.load(), trip.ended == nil { return try end(.arrived, at: time) }
        guard let files = store as? FileTripStore else { throw noTrip() }
        return try store.update { (current: inout Trip?) throws(CLIError) -> JournalRecord in
            guard var trip = current else { throw service.noTrip() }
            if let ended = trip.ended, ended.outcome != .expired {
                throw .failure(service.refusalText(.tripEnded(ended.outcome)))
            }
            trip.ended = nil
            let record = JournalRecord(trip: trip, model: try service.model(trip), outcome: .arrived, at: time)
            try files.removeJournalRecord(id: trip.id)
            try files.appendJournal(record)
            trip.ended = Trip.Ending(outcome: .arrived, time: time)
            current = trip
            return record
        }
    }

    /// Ends the active trip, appends it to the journal, and learns from its anchors.
    @discardableResult
    func end(_ outcome: Trip.Outcome, at now: Date) throws(CLIError) -> JournalRecord {
        let service = self
        let (record, measurements) = try store.update {
            (current: inout Trip?) throws(CLIError) -> (JournalRecord, [RideMeasurement]) in
            var trip = try service.mine(current)
            if let ended = trip.ended { throw .failure(service.refusalText(.tripEnded(ended.outcome))) }
            let model = try service.model(trip)
            let record = JournalRecord(trip: trip, model: model, outcome: outcome, at: now)
            try service.store.appendJournal(record)
            trip.ended = Trip.Ending(outcome: outcome, time: now)
            current = trip
            return (record, model.passiveMeasurements(trip, confirmedArrival: outcome == .arrived ? now : nil))
        }
        alerts?.cancel()
        // After the trip's lock is released: the calibration takes the same lock.
        if let files = store as? FileTripStore, !measurements.isEmpty {
            let network = engine.network
            try files.updateCalibration(network: network) { calibration in
                for measurement in measurements { try? calibration.record(measurement, network: network) }
            }
        }
        return record
    }

    /// Claims the alerts due now, so that each fires in exactly one process, once.
    func claimDueAlerts(at now: Date) throws(CLIError) -> [Trip.Alert] {
        let service = self
        return try store.update { (current: inout Trip?) throws(CLIError) -> [Trip.Alert] in
            guard var trip = current, service.only == nil || trip.id == service.only else { return [] }
            let model = try service.model(trip)
            let schedule = model.current(trip)
            let due = Trip.Alert.allCases.filter { model.due($0, schedule: schedule, trip: trip, at: now) }
            for alert in due { trip.alertsFired[alert.rawValue] = now }
            current = trip
            return due
        }
    }

    /// The trip in the store, when it is the one this service may change.
    func mine(_ current: Trip?) throws(CLIError) -> Trip {
        guard let trip = current else { throw noTrip() }
        if let only, trip.id != only { throw .failure(replacedText(from: trip.origin, to: trip.destination)) }
        return trip
    }

    /// What a screen whose trip was replaced says as it closes.
    func replacedText(from origin: String, to destination: String) -> String {
        let route = name(origin) + " → " + name(destination)
        return language.tr(
            "Цю поїздку замінено новою (\(route)), розпочатою в іншому терміналі; цей екран закрито. Відкрити нову: 'metro-timer start'.",
            "This trip was replaced by a new one (\(route)) started in another terminal; this screen has closed. Open the new one with 'metro-timer start'."
        )
    }

    func noTrip() -> CLIError {
        .failure(
            language.tr(
                "Немає активної поїздки. Почніть: 'metro-timer start ЗВІДКИ КУДИ'.",
                "No active trip. Start one with 'metro-timer start FROM TO'."))
    }

    func refusalText(_ refusal: CorrectionRefusal) -> String {
        switch refusal {
        case .tripEnded(let outcome):
            return language.tr(
                "Поїздка вже завершилась (\(outcomeText(outcome))); виправлення не приймаються.",
                "The trip has already ended (\(outcomeText(outcome))); corrections are not accepted.")
        case .stationNotOnRoute(let station, let nearest):
            guard let nearest else {
                return language.tr(
                    "Станції \(name(station)) немає на цьому маршруті.",
                    "\(name(station)) is not on this route.")
            }
            return language.tr(
                "Станції \(name(station)) немає на цьому маршруті; найближча на ньому — \(name(nearest)).",
                "\(name(station)) is not on this route; the nearest station on it is \(name(nearest)).")
        case .stationClosed(let station, let before, let after):
            let either = [before, after].compactMap { $0 }.map(name)
            let alternatives =
                either.isEmpty
                ? ""
                : " "
                    + language.tr(
                        "Поїзд може стояти на станції \(either.joined(separator: " або на станції ")).",
                        "The train can stand at \(either.joined(separator: " or ")).")
            return language.tr(
                "Станція \(name(station)) сьогодні зачинена: поїзд проїжджає її без зупинки, стояти там він не може. Нічого не змінено.",
                "\(name(station)) is closed today: the train passes it without stopping, so it cannot stand there. Nothing changed."
            ) + alternatives
        case .departedBeforeTransfer:
            return language.tr(
                "«Поїзд рушив» стосується поїзда після пересадки; ви ще не дісталися пересадки. Нічого не змінено.",
                "'Departed' is for the train after the transfer, and you have not reached the transfer yet. Nothing changed."
            )
        case .departedLongAfter(let entry, let reached, let stopsOn):
            let position =
                stopsOn == 0
                ? ""
                : language.tr(
                    " Зараз, за моделлю, він на станції \(name(reached)), \(language.stops(stopsOn)) від пересадки.",
                    " By now the model has it at \(name(reached)), \(language.stops(stopsOn)) from the change.")
            return RideWords.departedLongAfter(entry: name(entry), language) + position
                + language.tr(
                    " Якщо поїзд деінде, скажіть де: 'metro-timer at СТАНЦІЯ'. Нічого не змінено.",
                    " If the train is somewhere else, say where: 'metro-timer at STATION'. Nothing changed.")
        case .noTransfer:
            return language.tr(
                "«Поїзд рушив» стосується поїзда після пересадки, а на цьому маршруті пересадки немає. Нічого не змінено.",
                "'Departed' is for the train after a transfer, and this route has none. Nothing changed.")
        }
    }

    func name(_ code: String) -> String { Names.station(code, network, language) }
}
