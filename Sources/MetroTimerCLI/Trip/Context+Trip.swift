import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// What every correction command shares: the service, and the line it prints afterwards.
extension Context {
    /// The schedule engine, with the passenger's calibration unless asked not to.
    func engine(calibrated: Bool = true) throws(CLIError) -> ScheduleEngine {
        var engine = ScheduleEngine(network: network, clock: clock)
        if calibrated {
            let calibration = try tripStore.loadCalibration(network: network)
            if !calibration.isEmpty { engine.calibration = calibration.effective }
        }
        return engine
    }

    func tripService(_ options: GlobalOptions) throws(CLIError) -> TripService {
        var service = TripService(store: tripStore, engine: try engine(), language: options.language)
        service.alerts = alertScheduler(language: options.language)
        return service
    }

    /// "Next: Teatralna 17:19 · arrival 17:44:59", after a correction.
    func correctionSummary(_ schedule: Schedule, options: GlobalOptions) -> String {
        let language = options.language
        let state = RideTold(schedule: schedule, fired: nil, at: now()).state
        var parts: [String] = []
        if let next = state.nextStanding {
            let stop = schedule.stops[next]
            parts.append(
                language.tr("Наступна: ", "Next: ") + Names.station(stop.station, network, language) + " "
                    + clock.hhmm(stop.time))
        }
        parts.append(language.tr("прибуття ", "arrival ") + clock.hhmmss(schedule.arrival))
        return parts.joined(separator: " · ")
    }

    /// Ends the active trip with an outcome, from any terminal.
    func endTrip(_ outcome: Trip.Outcome, options: GlobalOptions) throws(CLIError) -> JournalRecord {
        let service = try tripService(options)
        _ = try service.requireActive(at: now())
        return try service.end(outcome, at: now())
    }

    func applyCorrection(_ kind: Trip.Correction.Kind, options: GlobalOptions) throws(CLIError) {
        let service = try tripService(options)
        _ = try service.requireActive(at: now())
        let (trip, schedule) = try service.correct(kind, at: now())
        // At the destination there is no "next" and nothing to correct: the rider is there.
        if RideTold(schedule: schedule, fired: nil, at: now()).state.phase == .arrived {
            let to = Names.station(trip.destination, network, options.language)
            stdout.line(
                options.language.tr(
                    "Поїзд на станції \(to): ви на місці. Підтвердіть прибуття: metro-timer arrived",
                    "The train is at \(to): you are there. Confirm the arrival with 'metro-timer arrived'."))
            return
        }
        stdout.line(options.language.tr("Виправлено. ", "Corrected. ") + correctionSummary(schedule, options: options))
    }
}

extension Context {
    /// Before erasing what took rides to gather: `--yes` goes ahead; on a terminal, a y/N
    /// question (no means keep, said so); anywhere else, a refusal that says how to confirm.
    func confirmErase(yes: Bool, question: String, refusal: String, kept: String) throws(CLIError) -> Bool {
        if yes { return true }
        guard stdinIsTerminal else { throw .failure(refusal) }
        stdout.write(question + " [y/N] ")
        let answer = readLine()?.trimmingWhitespace().lowercased() ?? ""
        guard ["y", "yes", "т", "так"].contains(answer) else {
            stdout.line(kept)
            return false
        }
        return true
    }
}
