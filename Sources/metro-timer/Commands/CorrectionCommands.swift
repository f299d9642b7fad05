import CLIKit
import Foundation
import MetroCore

/// What every correction command shares: the service, and the line it prints afterwards.
extension Context {
    /// The schedule engine, with the passenger's calibration unless asked not to.
    func engine(calibrated: Bool = true) throws(CLIError) -> ScheduleEngine {
        var engine = ScheduleEngine(network: network, clock: clock)
        if calibrated {
            let calibration = try tripStore.loadCalibration()
            if !calibration.isEmpty { engine.calibration = calibration }
        }
        return engine
    }

    func tripService(_ options: GlobalOptions) throws(CLIError) -> TripService {
        TripService(store: tripStore, engine: try engine(), language: options.language)
    }

    /// "Next: Teatralna 17:19 · arrival 17:44:59", after a correction.
    func correctionSummary(_ schedule: Schedule, options: GlobalOptions) -> String {
        let language = options.language
        let state = RideState(schedule: schedule, at: now())
        var parts: [String] = []
        if let next = state.nextStop {
            let stop = schedule.stops[next]
            parts.append(language.tr("Наступна: ", "Next: ") + Names.station(stop.station, network, language) + " " + clock.hhmm(stop.time))
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
        let (_, schedule) = try service.correct(kind, at: now())
        stdout.line(options.language.tr("Виправлено. ", "Corrected. ") + correctionSummary(schedule, options: options))
    }
}

/// `metro-timer adjust +1|-1`: the train is behind (+) or ahead of (−) the model.
struct AdjustCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "adjust"],
        abstract: Text(
            "Виправити модель з будь-якого термінала: поїзд на N зупинок позаду (+N) чи попереду (-N).",
            "Correct the model from any terminal: the train is N stops behind (+N) or ahead (-N)."),
        discussion: Text(
            "+1 на станції відправлення означає «ще не рушили»: t₀ починається знову зараз.",
            "+1 at the origin means \"not moving yet\": t₀ restarts now."),
        arguments: [.positional("stops", Text("+1, -1 (до ±5).", "+1, -1 (up to ±5)."))] + GlobalOptions.arguments)

    var shift: Int

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        let text = arguments.value("stops")!
        guard text.hasPrefix("+") || text.hasPrefix("-"), let value = Int(text.dropFirst(text.hasPrefix("+") ? 1 : 0)),
            value != 0, abs(value) <= 5
        else {
            throw .usage(options.language.tr(
                "'\(text)' — не виправлення; пишіть +1 (поїзд позаду) або -1 (попереду), до ±5",
                "'\(text)' is not a correction; write +1 (the train is behind) or -1 (ahead), up to ±5"), Self.spec)
        }
        shift = value
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        try context.applyCorrection(.shift(shift), options: options)
    }
}

/// `metro-timer at STATION`: the train stands at STATION now.
struct AtCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "at"],
        abstract: Text("Поїзд зараз на цій станції: прив'язати відлік до неї.", "The train is at this station now: re-anchor the countdown to it."),
        arguments: [.positional("station", Text("Станція на маршруті.", "A station on the route."))] + GlobalOptions.arguments)

    var station: NetworkDocument.Station

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        station = try context.station(arguments.value("station")!, spec: Self.spec, language: options.language)
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        try context.applyCorrection(.at(station.code), options: options)
    }
}

/// `metro-timer departed`: after the transfer, the train left the transfer station now.
struct DepartedCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "departed"],
        abstract: Text("Після пересадки: поїзд щойно рушив.", "After the transfer: the train has just departed."),
        arguments: GlobalOptions.arguments)

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {}

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        try context.applyCorrection(.departed, options: options)
    }
}

/// `metro-timer arrived` and `metro-timer stop`: end the trip.
struct ArrivedCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "arrived"],
        abstract: Text("Ви на місці: завершити поїздку і записати точність.", "You are there: end the trip and record its accuracy."),
        arguments: GlobalOptions.arguments)

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {}

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let record = try context.endTrip(.arrived, options: options)
        let error = (record.confirmedSeconds ?? 0) - record.finalSeconds
        let language = options.language
        let sign = error > 0 ? "+" : error < 0 ? "−" : "±"
        context.stdout.line(language.tr(
            "Прибуття підтверджено о \(context.clock.hhmmss(context.now())): \(sign)\(abs(error)) с від відліку (+ пізніше, − раніше).",
            "Arrival confirmed at \(context.clock.hhmmss(context.now())): \(sign)\(abs(error)) s against the countdown (+ later, − earlier)."))
    }
}

struct StopCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "stop"],
        abstract: Text("Завершити поїздку без прибуття.", "End the trip without arriving."),
        arguments: GlobalOptions.arguments)

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {}

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        _ = try context.endTrip(.stopped, options: options)
        context.stdout.line(options.language.tr("Поїздку зупинено.", "Trip stopped."))
    }
}
