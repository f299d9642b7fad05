import CLIKit
import Foundation
import MetroCore

/// `metro-timer plan FROM TO`: the whole ride, computed up front.
struct PlanCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "plan"],
        abstract: Text(
            "Спланувати поїздку: кожна станція з часом, пересадка, сповіщення і прибуття.",
            "Plan a ride: every station with its time, the transfer, the alerts and the arrival."),
        discussion: Text(
            "Час відраховується від t₀ — моменту, коли поїзд рушає зі станції відправлення.",
            "Times count from t₀, the moment the train starts moving at the origin. A service day runs from 03:00 to 03:00: --at before 03:00 is the night after --date. A ride that cannot be made then (after the last train, before the first) is still printed, warning first, and exits 1."),
        arguments: [
            .positional("from", Text("Станція відправлення (українською чи англійською).", "The station you board at (Ukrainian or English).")).completing(.stations),
            .positional("to", Text("Станція призначення.", "The station you are going to.")).completing(.stations),
            .option("at", value: "HH:MM", Text("Коли рушає поїзд, за київським часом.", "When the train starts moving, Kyiv time."), default: Text("зараз", "now")),
            .option("date", value: "YYYY-MM-DD", Text(
                "День обслуговування (час після півночі належить попередньому дню).",
                "The service day (times after midnight belong to the day before)."), default: Text("сьогодні", "today")),
            .flag("json", Text("Вивести JSON (схема в README).", "Print JSON (schema in the README).")),
            .option("ics", value: "file", Text(
                "Записати поїздку як подію календаря з нагадуваннями (- — у стандартний вивід).",
                "Write the ride as a calendar event with alarms (- for standard output).")).completing(.file),
            .flag("no-calibration", Text(
                "Лише офіційні дані, без ваших вимірювань.", "Official figures only, without your own measurements.")),
        ] + ServiceOptions.arguments + GlobalOptions.arguments)

    var origin: NetworkDocument.Station
    var destination: NetworkDocument.Station
    var t0: Date
    var json: Bool
    var ics: String?
    var calibrated: Bool
    var changes: ServiceChanges
    var feedNotes: [String]

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        (origin, destination) = try context.rideEnds(arguments.value("from")!, arguments.value("to")!, spec: Self.spec, language: language)
        t0 = try Self.departure(at: arguments.value("at"), date: arguments.value("date"), context: context, language: language)
        json = arguments.flag("json")
        ics = arguments.value("ics")
        if json && ics == "-" {
            throw .usage(language.tr(
                "'--json' і '--ics -' обидва пишуть у стандартний вивід; запишіть календар у файл",
                "'--json' and '--ics -' both write to standard output; write the calendar to a file"), Self.spec)
        }
        calibrated = !arguments.flag("no-calibration")
        (changes, feedNotes) = try context.todaysService(arguments, at: t0, spec: Self.spec, language: language)
    }

    /// t₀ from `--at` and `--date`: the service day (default: the one running now) plus the
    /// clock time, where times before 03:00 fall in the night after that day.
    static func departure(at: String?, date: String?, context: Context, language: Language) throws(CLIError) -> Date {
        let now = context.now()
        guard at != nil || date != nil else { return now }
        let position = context.clock.position(of: now)
        var day = position.serviceDay
        if let date {
            guard let parsed = parseDate(date) else {
                throw .usage(language.tr(
                    "Дата '\(date)' має бути справжньою датою у форматі YYYY-MM-DD",
                    "The date '\(date)' must be a real date written YYYY-MM-DD"), spec)
            }
            day = parsed
        }
        var seconds = position.seconds
        if let at {
            let text = at.count <= 5 ? at + ":00" : at
            guard let parsed = try? TimeOfDay.parseClock(text) else {
                throw .usage(language.tr(
                    "Час '\(at)' неправильний; пишіть HH:MM від 00:00 до 23:59",
                    "The time '\(at)' is not valid; write HH:MM from 00:00 to 23:59"), spec)
            }
            seconds = parsed
        }
        return context.clock.date(day, seconds: seconds)
    }

    static func parseDate(_ text: String) -> ServiceClock.ServiceDay? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day)
        guard components.isValidDate(in: calendar) else { return nil }
        return ServiceClock.ServiceDay(year: year, month: month, day: day)
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let route: Route
        do {
            route = try Router(network: context.network).route(from: origin.code, to: destination.code)
        } catch {
            throw .failure("\(error)")
        }
        if let refusal = ServiceCheck(network: context.network).refusal(route, changes: changes) {
            throw .failure((feedNotes + [ServiceOptions.refusalText(refusal, network: context.network, language: options.language)]).joined(separator: "\n"))
        }
        let engine = try context.engine(calibrated: calibrated).applying(changes)
        let schedule = engine.schedule(route: route, t0: t0)
        var notes = feedNotes + [ServiceOptions.summary(changes, network: context.network, language: options.language)].compactMap { $0 }
            + ServiceOptions.openAirNotes(route, changes: changes, network: context.network, language: options.language)
        let measured = schedule.stops.filter(\.calibrated).count
        if measured > 0 {
            notes.append(options.language.tr(
                "\(measured) з \(schedule.stops.count - 1) перегонів — за вашими вимірюваннями (--no-calibration: лише офіційні).",
                "\(measured) of \(schedule.stops.count - 1) segments from your own measurements (--no-calibration: official only)."))
        }
        if let ics {
            let card = RideCard(network: context.network, clock: context.clock, language: options.language, product: "metro-timer \(MetroTimer.version)")
                .calendar(schedule, stamp: context.now())
            if ics == "-" {
                context.stdout.write(card)
                if schedule.findings.contains(where: \.preventsTheRide) { throw .exit(1) }
                return
            }
            try ExportFile.write(card, to: ics, language: options.language)
            context.stderr.line(options.language.tr("Подію календаря записано: \(ics)", "Calendar event written to \(ics)"))
        }
        if json {
            var document = PlanJSON(
                schedule, network: context.network, clock: engine.clock, fraction: engine.bookedWaitFraction, language: options.language,
                intervals: engine.legIntervals(schedule))
            document.serviceChanges = changes.isEmpty ? nil : changes
            document.notes = notes
            context.stdout.write(document.encoded())
        } else {
            let renderer = PlanRenderer(
                network: context.network, clock: engine.clock, language: options.language, style: Style(enabled: options.color),
                notes: notes, closed: Set(changes.closed), intervals: engine.legIntervals(schedule), width: context.columns)
            context.stdout.write(renderer.render(schedule))
        }
        // Printed, warning first, but a script can tell: the ride cannot be made then.
        if schedule.findings.contains(where: \.preventsTheRide) { throw .exit(1) }
    }
}
