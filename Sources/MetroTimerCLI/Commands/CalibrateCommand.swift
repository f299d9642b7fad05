import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `metro-timer calibrate FROM TO`: a ride spent measuring. Press space (or Enter) when the train
/// stops and when it moves again; each pair becomes a running time or a dwell in the calibration.
struct CalibrateCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "calibrate"],
        abstract: Text(
            "Виміряти поїздку: пробіл, коли поїзд зупиняється і коли рушає.",
            "Measure a ride: press space when the train stops and when it moves off."),
        discussion: Text(
            "Запустіть, коли поїзд рушає. Неправдоподібні значення відкидаються з поясненням. q — завершити (виміряне зберігається одразу).",
            "Run it as the train starts moving. Implausible figures are rejected, and said so. q ends it (what was measured is saved at once)."
        ),
        arguments: [
            .positional("from", Text("Станція, де ви сіли.", "The station you boarded at.")).completing(.stations),
            .positional("to", Text("Станція призначення.", "The station you are going to.")).completing(.stations),
        ] + GlobalOptions.arguments)

    var origin: NetworkDocument.Station
    var destination: NetworkDocument.Station

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        (origin, destination) = try context.rideEnds(
            arguments.value("from")!, arguments.value("to")!, spec: Self.spec, language: options.language)
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let session = TerminalSession(context: context, screen: false)
        defer { session.end() }
        try measure(context, options: options, keys: session.keys())
    }

    /// The measuring loop, with keys and the clock from outside so tests can drive it.
    func measure(_ context: Context, options: GlobalOptions, keys: KeySource) throws(CLIError) {
        let language = options.language
        let network = context.network
        let route: Route
        do { route = try RouteChoice.lookup(network: network, from: origin.code, to: destination.code) } catch {
            throw .failure(error.reason.text(language))
        }
        guard !route.isWalkOnly else {
            throw .failure(
                language.tr(
                    "На цьому маршруті немає поїзда, щоб вимірювати.", "There is no train to measure on this route."))
        }
        var run = CalibrationRun(
            route: route, engine: ScheduleEngine(network: network, clock: context.clock), t0: context.tapped)
        func prompt() { Self.prompt(run, context: context, language: language) }
        context.stdout.line(
            language.tr("Вимірювання: ", "Measuring: ") + Names.station(origin, language) + " → "
                + Names.station(destination, language) + language.tr(". q — завершити.", ". q ends it."))
        prompt()
        var recorded = 0
        var rejected = 0
        while run.expecting != .done {
            let typed = keys.wait(milliseconds: 60_000)
            for key in typed {
                let character = Character(UnicodeScalar(key))
                if character == "q" || character == "Q" {
                    context.stdout.line(
                        language.tr(
                            "Завершено: записано \(recorded), відкинуто \(rejected).",
                            "Stopped: \(recorded) recorded, \(rejected) rejected."))
                    return
                }
                guard character == " " || character == "\n" || character == "\r" else { continue }
                guard let measurement = run.press(at: context.now()) else {
                    prompt()
                    continue
                }
                if try Self.record(measurement, context: context, language: language) {
                    recorded += 1
                } else {
                    rejected += 1
                }
                prompt()
                if run.expecting == .done { break }
            }
        }
        context.stdout.line(
            language.tr(
                "Готово: записано \(recorded), відкинуто \(rejected). Див. 'metro-timer calibration'.",
                "Done: \(recorded) recorded, \(rejected) rejected. See 'metro-timer calibration'."))
    }

    /// What to press next, said as the ride reaches it.
    static func prompt(_ run: CalibrationRun, context: Context, language: Language) {
        func name(_ index: Int) -> String { Names.station(run.stops[index].station, context.network, language) }
        switch run.expecting {
        case .arrival(let index):
            context.stdout.line(
                language.tr(
                    "Пробіл, коли поїзд зупиниться на станції \(name(index)).",
                    "Space when the train stops at \(name(index))."))
        case .departure(let index):
            let boarding = run.stops[index].role == .transferEntry
            context.stdout.line(
                boarding
                    ? language.tr(
                        "Перейдіть на станцію \(name(index)); пробіл, коли ваш поїзд рушить.",
                        "Walk to \(name(index)); space when your train moves off.")
                    : language.tr(
                        "Пробіл, коли поїзд рушить зі станції \(name(index)).",
                        "Space when the train moves off from \(name(index))."))
        case .done:
            break
        }
    }

    /// Records one measurement in the calibration file and says so: true when it was kept,
    /// false when it was rejected as out of bounds.
    static func record(_ measurement: RideMeasurement, context: Context, language: Language)
        throws(CLIError) -> Bool
    {
        let network = context.network
        let store = context.tripStore
        let label: String
        switch measurement.kind {
        case .running(let from, let to):
            label =
                language.tr("перегін", "run") + " " + Names.station(from, network, language) + " → "
                + Names.station(to, network, language)
        case .dwell(let station, _):
            label = language.tr("стоянка", "dwell") + " " + Names.station(station, network, language)
        }
        do {
            try store.updateCalibration(network: network) {
                (calibration: inout Calibration) throws(CLIError) -> Void in
                do throws(Calibration.Rejection) { try calibration.record(measurement, network: network) } catch {
                    throw .failure(
                        language.tr(
                            "відкинуто: \(Durations.clock(Int(error.seconds.rounded()))) поза межами \(Durations.clock(Int(error.range.lowerBound)))–\(Durations.clock(Int(error.range.upperBound)))",
                            "rejected: \(Durations.clock(Int(error.seconds.rounded()))) is outside \(Durations.clock(Int(error.range.lowerBound)))–\(Durations.clock(Int(error.range.upperBound)))"
                        ))
                }
            }
            context.stdout.line("✓ \(label): \(Durations.clock(Int(measurement.seconds.rounded())))")
            return true
        } catch {
            guard case .failure(let reason) = error else { throw error }
            context.stdout.line("✗ \(label): \(reason)")
            return false
        }
    }
}
