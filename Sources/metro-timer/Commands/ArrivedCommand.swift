import CLIKit
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MetroCore

/// `metro-timer arrived`: you are there; ends the trip with its ground truth.
struct ArrivedCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "arrived"],
        abstract: Text("Ви на місці: завершити поїздку і записати точність.", "You are there: end the trip and record its accuracy."),
        discussion: Text(
            "З --at — коли саме ви прибули (до трьох годин тому), навіть якщо поїздка вже минула без підтвердження.",
            "With --at, when you really arrived (up to three hours ago), even if the trip has already expired unconfirmed."),
        arguments: [
            .option("at", value: "HH:MM", Text("Коли ви прибули, за київським часом.", "When you arrived, Kyiv time."), default: Text("зараз", "now"))
        ] + GlobalOptions.arguments)

    /// How long after the fact an arrival may still be confirmed.
    static let latestConfirmation: TimeInterval = 3 * 3600

    var at: String?

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        at = arguments.value("at")
    }

    /// The last moment at or before `now` whose Kyiv clock reads `text` (HH:MM).
    static func moment(_ text: String, now: Date, context: Context, language: Language) throws(CLIError) -> Date {
        guard text.count == 5, let seconds = try? TimeOfDay.parseClock(text + ":00") else {
            throw .usage(language.tr(
                "Час '\(text)' неправильний; пишіть HH:MM від 00:00 до 23:59",
                "The time '\(text)' is not valid; write HH:MM from 00:00 to 23:59"), spec)
        }
        let day = context.clock.calendarDay(now)
        var moment = context.clock.date(day, seconds: seconds)
        if moment > now { moment = context.clock.date(context.clock.shifted(day, by: -1), seconds: seconds) }
        return moment
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        let now = context.now()
        let record: JournalRecord
        if let at {
            let moment = try Self.moment(at, now: now, context: context, language: language)
            let trip = try context.tripStore.load()
            guard let trip else { throw try context.tripService(options).noTrip() }
            // A time still to come today, when yesterday's is no arrival of this trip: said as
            // what it is (not "more than three hours ago").
            let today = context.clock.date(context.clock.calendarDay(now), seconds: (try? TimeOfDay.parseClock(at + ":00")) ?? 0)
            if today > now, moment < trip.t0 || now.timeIntervalSince(moment) > Self.latestConfirmation {
                throw .usage(language.tr(
                    "Прибуття о \(at) — ще в майбутньому: зараз \(context.clock.hhmm(now)).",
                    "An arrival at \(at) is in the future: it is \(context.clock.hhmm(now)) now."), Self.spec)
            }
            guard moment >= trip.t0, now.timeIntervalSince(moment) <= Self.latestConfirmation else {
                throw .usage(language.tr(
                    "Прибуття о \(at) — раніше, ніж поїзд рушив (\(context.clock.hhmm(trip.t0))), або понад три години тому",
                    "An arrival at \(at) is before the train left (\(context.clock.hhmm(trip.t0))) or more than three hours ago"), Self.spec)
            }
            record = try context.tripService(options).confirmArrival(at: moment)
        } else {
            record = try context.endTrip(.arrived, options: options)
        }
        let confirmedAt = record.confirmedArrival ?? now
        // The journal's figure, rounded once from the two moments (not the difference of two
        // rounded durations), so both say the same.
        let error = Durations.signedError(record.errorSeconds ?? 0, language)
        context.stdout.line(language.tr(
            "Прибуття підтверджено о \(context.clock.hhmmss(confirmedAt)): \(error) від відліку (+ пізніше, − раніше).",
            "Arrival confirmed at \(context.clock.hhmmss(confirmedAt)): \(error) against the countdown (+ later, − earlier)."))
    }
}
