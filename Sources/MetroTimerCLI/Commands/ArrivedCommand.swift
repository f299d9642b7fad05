import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `metro-timer arrived`: you are there; ends the trip with its ground truth.
struct ArrivedCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "arrived"],
        abstract: Text(
            "Ви на місці: завершити поїздку і записати точність.",
            "You are there: end the trip and record its accuracy."),
        discussion: Text(
            "З --at — коли саме ви прибули (до трьох годин тому), навіть якщо поїздка вже минула без підтвердження.",
            "With --at, when you really arrived (up to three hours ago), even if the trip has already expired unconfirmed."
        ),
        arguments: [
            .option(
                "at", value: "HH:MM[:SS]",
                Text(
                    "Коли ви прибули, за київським часом (HH:MM — середина цієї хвилини).",
                    "When you arrived, Kyiv time (HH:MM: the middle of that minute)."), default: Text("зараз", "now"))
        ] + GlobalOptions.arguments)

    /// How long after the fact an arrival may still be confirmed.
    static let latestConfirmation: TimeInterval = 3 * 3600

    var at: String?

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        at = arguments.value("at")
    }

    /// The seconds of the day `text` names: HH:MM:SS to the second; HH:MM as the middle of
    /// that minute, since a rider who names only the minute arrived somewhere in it (its start
    /// biased every such confirmation up to 59 s early, and an early arrival reads as a late
    /// alert).
    static func secondsOfDay(_ text: String, language: Language) throws(CLIError) -> Int {
        let seconds: Int?
        switch text.count {
        case 5: seconds = (try? TimeOfDay.parseClock(text + ":00")).map { $0 + 30 }
        case 8: seconds = try? TimeOfDay.parseClock(text)
        default: seconds = nil
        }
        guard let seconds else {
            throw .usage(
                language.tr(
                    "Час '\(text)' неправильний; пишіть HH:MM або HH:MM:SS від 00:00 до 23:59:59",
                    "The time '\(text)' is not valid; write HH:MM or HH:MM:SS from 00:00 to 23:59:59"), spec)
        }
        return seconds
    }

    /// The last moment at or before `now` whose Kyiv clock reads `text` (HH:MM or HH:MM:SS);
    /// the middle of the minute now running is now.
    static func moment(_ text: String, now: Date, context: Context, language: Language) throws(CLIError) -> Date {
        let seconds = try secondsOfDay(text, language: language)
        let day = context.clock.calendarDay(now)
        var moment = context.clock.date(day, seconds: seconds)
        if text.count == 5, moment > now, moment.timeIntervalSince(now) < 30 { return now }
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
            let today = context.clock.date(
                context.clock.calendarDay(now), seconds: try Self.secondsOfDay(at, language: language))
            if today > now, moment < trip.t0 || now.timeIntervalSince(moment) > Self.latestConfirmation {
                throw .usage(
                    language.tr(
                        "Прибуття о \(at) — ще в майбутньому: зараз \(context.clock.hhmm(now)).",
                        "An arrival at \(at) is in the future: it is \(context.clock.hhmm(now)) now."), Self.spec)
            }
            guard moment >= trip.t0, now.timeIntervalSince(moment) <= Self.latestConfirmation else {
                throw .usage(
                    language.tr(
                        "Прибуття о \(at) — раніше, ніж поїзд рушив (\(context.clock.hhmm(trip.t0))), або понад три години тому",
                        "An arrival at \(at) is before the train left (\(context.clock.hhmm(trip.t0))) or more than three hours ago"
                    ), Self.spec)
            }
            record = try context.tripService(options).confirmArrival(at: moment)
        } else {
            record = try context.endTrip(.arrived, options: options)
        }
        let confirmedAt = record.confirmedArrival ?? now
        // The journal's figure, rounded once from the two moments (not the difference of two
        // rounded durations), so both say the same.
        let error = Durations.signedError(record.errorSeconds ?? 0, language)
        context.stdout.line(
            language.tr(
                "Прибуття підтверджено о \(context.clock.hhmmss(confirmedAt)): \(error) від відліку (+ пізніше, − раніше).",
                "Arrival confirmed at \(context.clock.hhmmss(confirmedAt)): \(error) against the countdown (+ later, − earlier)."
            ))
    }
}
