import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `metro-timer plan FROM TO`: the whole ride, computed up front.
struct PlanCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "plan"],
        abstract: Text(
            "Спланувати поїздку: кожна станція з часом, пересадка, сповіщення і прибуття.",
            "Plan a ride: every station with its time, the transfer, the alerts and the arrival."),
        discussion: Text(
            "Час відраховується від t₀ — моменту, коли поїзд рушає зі станції відправлення. Доба руху триває від 03:00 до 03:00: --at раніше 03:00 — це ніч після --date. До першого поїзда план — це план першого поїзда. Поїздку, яку тоді не проїхати (після останнього поїзда), однаково надруковано, з попередженням на початку, і код завершення 1; --ics тоді нічого не записує. До секунди відомі лише опубліковані перше й останнє відправлення: першим поїздом поїздка сідає саме на нього, і кожне очікування закінчується з останнім поїздом; коли йдуть поїзди між ними, ніхто не публікує, тож очікування заплановане на чверть інтервалу і подане діапазоном.",
            "Times count from t₀, the moment the train starts moving at the origin. A service day runs from 03:00 to 03:00: --at before 03:00 is the night after --date. Before the first train the plan is the first train's. A ride that cannot be made then (after the last train) is still printed, warning first, and exits 1; --ics then writes nothing. Only the published first and last departures are known to the second: on the first train the ride boards it, and every wait ends by the last train; nobody publishes when the trains between them run, so there the wait is booked at a quarter of the interval and given as a range."
        ),
        arguments: [
            .positional(
                "from",
                Text(
                    "Станція відправлення (українською чи англійською) або назва збереженого маршруту.",
                    "The station you board at (Ukrainian or English), or a saved route's name.")
            ).completing(.stationsOrRoutes),
            .positional("to", optional: true, Text("Станція призначення.", "The station you are going to.")).completing(
                .stations),
            .option(
                "at", value: "HH:MM",
                Text("Коли рушає поїзд, за київським часом.", "When the train starts moving, Kyiv time."),
                default: Text("зараз", "now")),
            .option(
                "date", value: "YYYY-MM-DD",
                Text(
                    "День обслуговування (час після півночі належить попередньому дню).",
                    "The service day (times after midnight belong to the day before)."),
                default: Text("сьогодні", "today")),
            .option(
                "arrive-by", value: "HH:MM",
                Text(
                    "Прибути до цього часу: найпізніший виїзд із запланованим очікуванням і надійний, навіть із цілим інтервалом очікування; не раніше першого поїзда і не пізніше останнього сполучення.",
                    "Arrive by then: the latest start with the booked wait, and the safe start that makes it even with a whole interval's wait; never before the first train, never after the last connection."
                )),
            .flag(
                "last",
                Text(
                    "Останній поїзд: останній справжній поїзд, що повільно і з цілим переходом ще встигає на останні поїзди на кожній пересадці, запас на кожній і скільки до нього від зараз.",
                    "The last train home: the last real train that still makes the last trains at every change, on the slow pattern with the whole walk; the margin at each change, and how long that is from now."
                )),
            .flag(
                "json",
                Text("Вивести JSON (схема: docs/guide/planning.md).", "Print JSON (schema: docs/guide/planning.md).")),
            .option(
                "ics", value: "file",
                Text(
                    "Записати поїздку як подію календаря з нагадуваннями (- — у стандартний вивід); файл лише для вас (0600).",
                    "Write the ride as a calendar event with alarms (- for standard output); the file is for you alone (0600)."
                )
            ).completing(.file),
            .flag(
                "no-calibration",
                Text(
                    "Лише офіційні дані, без ваших вимірювань.", "Official figures only, without your own measurements."
                )),
            ServiceOptions.routeArgument,
        ] + ServiceOptions.arguments + GlobalOptions.arguments)

    var origin: NetworkDocument.Station
    var destination: NetworkDocument.Station
    /// The moment asked for: `--at`/`--date` (now without them), or `--arrive-by`'s target.
    /// t₀, when the train starts moving, is found from it once (`start`).
    var asked: Date
    var json: Bool
    var ics: String?
    var calibrated: Bool
    var changes: ServiceChanges
    var feedNotes: [String]
    /// `--arrive-by`: the moment to arrive by (t₀ is then searched for).
    var arriveBy: Date?
    /// `--last`: the latest start of the service day that completes the ride.
    var last: Bool
    /// `--route`: the fastest route (the default) or the lookup's.
    var rule: RouteRule

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        (origin, destination) = try context.rideEnds(
            arguments.value("from")!, arguments.value("to"), spec: Self.spec, language: language)
        last = arguments.flag("last")
        rule = try ServiceOptions.rule(arguments, spec: Self.spec, language: language)
        if last && (arguments.value("at") != nil || arguments.value("arrive-by") != nil) {
            throw .usage(
                language.tr(
                    "'--last' не поєднується з '--at' чи '--arrive-by': він сам знаходить час виїзду",
                    "'--last' cannot be combined with '--at' or '--arrive-by': it finds the start itself"), Self.spec)
        }
        if let by = arguments.value("arrive-by") {
            guard arguments.value("at") == nil else {
                throw .usage(
                    language.tr(
                        "'--at' і '--arrive-by' не поєднуються: одне задає виїзд, друге — прибуття",
                        "'--at' and '--arrive-by' cannot be combined: one sets the start, the other the arrival"),
                    Self.spec)
            }
            arriveBy = try Self.departure(at: by, date: arguments.value("date"), context: context, language: language)
        }
        if let arriveBy {
            asked = arriveBy
        } else {
            asked = try Self.departure(
                at: arguments.value("at"), date: arguments.value("date"), context: context, language: language)
        }
        json = arguments.flag("json")
        ics = arguments.value("ics")
        if json && ics == "-" {
            throw .usage(
                language.tr(
                    "'--json' і '--ics -' обидва пишуть у стандартний вивід; запишіть календар у файл",
                    "'--json' and '--ics -' both write to standard output; write the calendar to a file"), Self.spec)
        }
        calibrated = !arguments.flag("no-calibration")
        (changes, feedNotes) = try context.todaysService(arguments, at: asked, spec: Self.spec, language: language)
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
                throw .usage(
                    language.tr(
                        "Дата '\(date)' має бути справжньою датою у форматі YYYY-MM-DD",
                        "The date '\(date)' must be a real date written YYYY-MM-DD"), spec)
            }
            day = parsed
        }
        var seconds = position.seconds
        var offset: Int?
        if let at {
            let (clock, suffix) = splitOffset(at)
            offset = suffix
            let text = clock.count <= 5 ? clock + ":00" : clock
            guard let parsed = try? TimeOfDay.parseClock(text) else {
                throw .usage(
                    language.tr(
                        "Час '\(at)' неправильний; пишіть HH:MM від 00:00 до 23:59",
                        "The time '\(at)' is not valid; write HH:MM from 00:00 to 23:59"), spec)
            }
            seconds = parsed
        }
        // On the clock-change days a time may not exist, or happen twice.
        return try resolve(day, seconds: seconds, offset: offset, context: context, language: language)
    }

    static func parseDate(_ text: String) -> ServiceClock.ServiceDay? { ServiceClock.ServiceDay(iso: text) }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        let engine = try context.engine(calibrated: calibrated).applying(changes)
        // The lookup, the long way round when today's changes cut it, or round the triangle when
        // that arrives first; `--arrive-by` and `--last` ask at the moments they search from.
        let moment: ServiceOptions.Moment =
            last ? .lastOf(engine.clock.position(of: asked).serviceDay) : arriveBy.map { .arrivingBy($0) } ?? .at(asked)
        let chosen = try ServiceOptions.route(
            from: origin.code, to: destination.code, moment: moment, rule: rule, changes: changes,
            feedNotes: feedNotes, engine: engine, language: language)
        let route = chosen.route
        let detourNote =
            ServiceOptions.detourNote(chosen, network: context.network, language: language)
            ?? ServiceOptions.choiceNote(chosen, network: context.network, language: language)
        var start = try self.start(route: route, engine: engine, context: context, language: language)
        let t0 = start.t0
        // Every plan is bounded by the published first and last trains (the service model).
        let schedule = engine.schedule(route: route, t0: t0)
        let entrance = Self.entranceNotes(
            schedule, t0: t0, last: last, engine: engine, context: context, language: language)
        if let addition = entrance.lastAddition { start.lastNote = (start.lastNote ?? "") + " " + addition }
        // After the origin's last train: what to type for the next ride that can be made.
        if arriveBy == nil, !last,
            let next = Self.nextRide(schedule, t0: t0, engine: engine, context: context, language: language)
        {
            start.firstNote = next
        }
        let warnings = entrance.warnings
        var notes =
            [start.firstNote, detourNote, start.arriveByNote, start.lastNote, entrance.note].compactMap { $0 }
            + feedNotes
            + [ServiceOptions.summary(changes, network: context.network, language: language)].compactMap { $0 }
            + ServiceOptions.openAirNotes(route, changes: changes, network: context.network, language: language)
        let measured = schedule.stops.filter(\.calibrated).count
        if measured > 0 {
            notes.append(
                language.tr(
                    "\(measured) з \(schedule.stops.count - 1) перегонів — за вашими вимірюваннями (--no-calibration: лише офіційні).",
                    "\(measured) of \(schedule.stops.count - 1) segments from your own measurements (--no-calibration: official only)."
                ))
        }
        // A day outside the timetable's validity: planned, with one warning (not a reason to
        // exit 1: the ride itself may be fine).
        let validity =
            context.validityWarning(engine.clock.position(of: t0).serviceDay, language: language).map {
                [$0]
            } ?? []
        // Printed, warning first, but a script can tell: the ride cannot be made then.
        let cannotBeMade = schedule.findings.contains(where: \.preventsTheRide) || start.lastIsGone || !warnings.isEmpty
        if let ics {
            let written = try Self.writeCalendar(
                schedule, t0: t0, to: ics, cannotBeMade: cannotBeMade, warnings: warnings, firstNote: start.firstNote,
                context: context, language: language)
            if written == .toStandardOutput { return }
        }
        if json {
            let document = jsonDocument(
                schedule, chosen: chosen, detourNote: detourNote, notes: validity + warnings + notes, start: start,
                engine: engine, context: context, language: language)
            context.stdout.write(document.encoded())
        } else {
            let renderer = PlanRenderer(
                network: context.network, clock: engine.clock, language: language,
                style: Style(enabled: options.color),
                notes: notes, closed: Set(changes.closed), intervals: engine.publishedLegIntervals(schedule),
                warnings: validity + warnings, width: context.columns)
            context.stdout.write(renderer.render(schedule))
        }
        if cannotBeMade { throw .exit(1) }
    }

    /// The plan as `--json` writes it (schema: docs/guide/planning.md).
    func jsonDocument(
        _ schedule: Schedule, chosen: ChosenRoute, detourNote: String?, notes: [String], start: PlanStart,
        engine: ScheduleEngine, context: Context, language: Language
    ) -> PlanJSON {
        let route = chosen.route
        var document = PlanJSON(
            schedule, network: context.network, clock: engine.clock, fraction: engine.bookedWaitFraction,
            language: language,
            intervals: engine.legIntervals(schedule))
        document.serviceChanges = changes.isEmpty ? nil : changes
        if let refusal = chosen.detourBecause, let detourNote {
            document.detour = .init(
                via: ServiceOptions.detourLine(route, network: context.network),
                reason: ServiceOptions.reasonClause(refusal, network: context.network, language: language),
                message: detourNote)
        }
        document.routeChoice = chosen.comparison.map {
            PlanJSON.RouteChoiceJSON(
                chosen, comparison: $0, rule: rule, message: detourNote ?? "", network: context.network,
                clock: engine.clock)
        }
        document.notes = notes
        document.last = start.lastAnswer
        if let arriveBy, let starts = start.arriveByStarts {
            document.arriveBy = .init(
                target: context.clock.iso8601(arriveBy), latestStart: context.clock.iso8601(starts.latest),
                safeStart: starts.safe.map(context.clock.iso8601))
        }
        return document
    }
}
