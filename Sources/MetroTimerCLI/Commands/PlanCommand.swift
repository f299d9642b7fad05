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
    var t0: Date
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
            t0 = arriveBy
        } else {
            t0 = try Self.departure(
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
        let engine = try context.engine(calibrated: calibrated).applying(changes)
        // The lookup, the long way round when today's changes cut it, or round the triangle when
        // that arrives first; `--arrive-by` and `--last` ask at the moments they search from.
        let moment: ServiceOptions.Moment =
            last ? .lastOf(engine.clock.position(of: t0).serviceDay) : arriveBy.map { .arrivingBy($0) } ?? .at(t0)
        let chosen = try ServiceOptions.route(
            from: origin.code, to: destination.code, moment: moment, rule: rule, changes: changes,
            feedNotes: feedNotes, engine: engine, language: options.language)
        let route = chosen.route
        let detourNote =
            ServiceOptions.detourNote(chosen, network: context.network, language: options.language)
            ?? ServiceOptions.choiceNote(chosen, network: context.network, language: options.language)
        // The station the train leaves from (after any walk through a node at the start).
        let board =
            context.network.station(route.legs.first?.board ?? route.origin).map { Names.station($0, options.language) }
            ?? ""
        var start = t0
        var arriveByNote: String?
        var starts: (latest: Date, safe: Date?)?
        if let arriveBy {
            switch engine.arriveBy(route: route, target: arriveBy) {
            case .none:
                throw .failure(
                    options.language.tr(
                        "Прибути до \(context.clock.hhmm(arriveBy)) не вийде: у три години перед тим жоден поїзд, що встигає на пересадки, не прибуває вчасно.",
                        "No ride in the three hours before \(context.clock.hhmm(arriveBy)) that makes its changes arrives by then."
                    ))
            case .tooEarly(let first, let arrival, let earliest, let latest):
                throw .failure(
                    Self.tooEarly(
                        target: arriveBy, first: first, arrival: arrival, earliest: earliest, latest: latest,
                        board: board, clock: context.clock,
                        language: options.language))
            case .ride(let latest, let safe, let clamped):
                starts = (latest, safe)
                start = latest
                let arrival = engine.schedule(route: route, t0: latest).finalArrival
                arriveByNote = Self.arriveByNote(
                    target: arriveBy, latest: latest, safe: safe, clamped: clamped, arrival: arrival,
                    first: engine.firstTrain(of: route, before: latest.addingTimeInterval(-1)), board: board,
                    clock: context.clock,
                    language: options.language)
            }
        }
        var lastNote: String?
        var lastIsGone = false
        var lastAnswer: PlanJSON.LastJSON?
        if last {
            guard let found = engine.lastConnection(route: route, serviceDay: engine.clock.position(of: t0).serviceDay)
            else {
                throw .failure(
                    options.language.tr(
                        "Для цього маршруту немає опублікованих останніх відправлень, що встигають на пересадку.",
                        "The published data has no last departures for this route that make the change."))
            }
            start = found.departure
            let now = context.now()
            // Whole minutes either way ("left 38 min ago" at 23:00 for the 22:21:37).
            let seconds = found.departure.timeIntervalSince(now)
            let minutes = Int((abs(seconds) / 60).rounded(.down))
            func span(_ minutes: Int) -> String { Durations.minutes(minutes * 60, options.language) }
            // Named, not "it": the sentence before may be about another line's last train.
            let when = Self.lastWhen(
                found, board: board, ahead: seconds >= 0, span: span(minutes), clock: context.clock,
                language: options.language)
            lastIsGone = seconds < 0
            // (The JSON's own object, made only for --json.)
            if json {
                lastAnswer = PlanJSON.last(
                    found, route: route, now: now, network: context.network, clock: context.clock)
            }
            lastNote =
                Self.lastNote(
                    found, route: route, board: board, network: context.network, clock: context.clock,
                    language: options.language) + " " + when
        }
        // Asked before the first train: the plan of the first train (exit 0).
        var firstNote: String?
        if arriveBy == nil, !last, let first = engine.firstTrain(of: route, before: t0) {
            start = first
            firstNote = Self.firstTrainNote(
                asked: t0, first: first, board: board, clock: context.clock, language: options.language)
        }
        // Every plan is bounded by the published first and last trains (the service model).
        let schedule = engine.schedule(route: route, t0: start)
        // The origin's entrances, said first when the ride starts while they are shut. (A ride
        // that starts by walking through a node enters at the typed station.)
        var warnings: [String] = []
        var entranceNote: String?
        let entryStation = route.origin
        // When no train runs then, that is the one warning (item 7's rule); in the published
        // data every entrance opens before its first train, so "not open yet" is said only that
        // way, and "closed" only while the last trains still run.
        let noTrains = schedule.findings.contains { $0.preventsTheRide && $0.station == route.legs.first?.board }
        if !noTrains, let entrance = context.network.entrance(station: entryStation) {
            let seconds = engine.clock.position(of: start).seconds
            let name = Names.station(entryStation, context.network, options.language)
            // t₀ is when the train moves: a rider on a train that leaves after the entrances
            // close went in before they did. So it is said as what to do (with --last, in its
            // note), never as a refusal; the last train itself is what bounds the ride.
            let through = options.language.tr(
                "Пройдіть вхід до \(TimeOfDay.clock(entrance.closes).prefix(5)): тоді входи станції \(name) зачиняються.",
                "Be through the entrance by \(TimeOfDay.clock(entrance.closes).prefix(5)), when \(name)'s entrances close."
            )
            if seconds < entrance.opens {
                warnings.append(
                    options.language.tr(
                        "Входи станції \(name) відчиняються о \(TimeOfDay.clock(entrance.opens).prefix(5)): о \(context.clock.hhmm(start)) ще не ввійти.",
                        "\(name)'s entrances open at \(TimeOfDay.clock(entrance.opens).prefix(5)): at \(context.clock.hhmm(start)) you cannot get in yet."
                    ))
            } else if entrance.closes < seconds, last {
                lastNote = (lastNote ?? "") + " " + through
            } else if entrance.closes < seconds {
                entranceNote = through
            }
        }
        // After the origin's last train: what to type for the next ride that can be made.
        if arriveBy == nil, !last, let board = route.legs.first?.board,
            schedule.findings.contains(where: {
                if case .afterLastTrain(board, _, _, _) = $0 { return true } else { return false }
            })
        {
            let asked = engine.clock.position(of: start).serviceDay
            let next = engine.clock.shifted(asked, by: 1)
            if let first = engine.firstTrain(of: route, before: engine.clock.date(next, seconds: 3 * 3600)) {
                firstNote = Self.nextRideNote(
                    route: route, asked: asked, day: next, first: first, network: context.network, clock: engine.clock,
                    language: options.language)
            }
        }
        var notes =
            (firstNote.map { [$0] } ?? []) + (detourNote.map { [$0] } ?? []) + (arriveByNote.map { [$0] } ?? [])
            + (lastNote.map { [$0] } ?? []) + (entranceNote.map { [$0] } ?? []) + feedNotes
            + [ServiceOptions.summary(changes, network: context.network, language: options.language)].compactMap { $0 }
            + ServiceOptions.openAirNotes(route, changes: changes, network: context.network, language: options.language)
        let measured = schedule.stops.filter(\.calibrated).count
        if measured > 0 {
            notes.append(
                options.language.tr(
                    "\(measured) з \(schedule.stops.count - 1) перегонів — за вашими вимірюваннями (--no-calibration: лише офіційні).",
                    "\(measured) of \(schedule.stops.count - 1) segments from your own measurements (--no-calibration: official only)."
                ))
        }
        // A day outside the timetable's validity: planned, with one warning (not a reason to
        // exit 1: the ride itself may be fine).
        let validity =
            context.validityWarning(engine.clock.position(of: start).serviceDay, language: options.language).map {
                [$0]
            } ?? []
        // Printed, warning first, but a script can tell: the ride cannot be made then.
        let cannotBeMade = schedule.findings.contains(where: \.preventsTheRide) || lastIsGone || !warnings.isEmpty
        if let ics {
            // A calendar card rings its alarms whatever the plan said: a ride that cannot be made
            // gets none, and the plan below says why.
            if cannotBeMade {
                context.stderr.line(
                    options.language.tr(
                        "Подію календаря не записано: цю поїздку тоді не здійснити.",
                        "No calendar event written: the ride cannot be made then."))
                if ics == "-" {
                    for line in warnings
                        + schedule.findings.filter(\.preventsTheRide).map({
                            FindingText.sentence(
                                $0, network: context.network, clock: context.clock, language: options.language,
                                at: start)
                        })
                    {
                        context.stderr.line(line)
                    }
                    throw .exit(1)
                }
            } else {
                var calendar = CalendarCard(
                    network: context.network, clock: context.clock, language: options.language,
                    product: "metro-timer \(MetroTimer.version)")
                // The event starts at the first train, not at the time asked: said as the plan says it.
                calendar.notes = firstNote.map { [$0] } ?? []
                let card = calendar.calendar(schedule, stamp: context.now())
                if ics == "-" {
                    context.stdout.write(card)
                    return
                }
                try ExportFile.write(card, to: ics, language: options.language)
                context.stderr.line(
                    options.language.tr(
                        "Подію календаря записано: \(Quote.value(ics))", "Calendar event written to \(Quote.value(ics))"
                    ))
            }
        }
        if json {
            var document = PlanJSON(
                schedule, network: context.network, clock: engine.clock, fraction: engine.bookedWaitFraction,
                language: options.language,
                intervals: engine.legIntervals(schedule))
            document.serviceChanges = changes.isEmpty ? nil : changes
            if let refusal = chosen.detourBecause, let detourNote {
                document.detour = .init(
                    via: ServiceOptions.detourLine(route, network: context.network),
                    reason: ServiceOptions.reasonClause(refusal, network: context.network, language: options.language),
                    message: detourNote)
            }
            document.routeChoice = chosen.comparison.map {
                PlanJSON.RouteChoiceJSON(
                    chosen, comparison: $0, rule: rule, message: detourNote ?? "", network: context.network,
                    clock: engine.clock)
            }
            document.notes = validity + warnings + notes
            document.last = lastAnswer
            if let arriveBy, let starts {
                document.arriveBy = .init(
                    target: context.clock.iso8601(arriveBy), latestStart: context.clock.iso8601(starts.latest),
                    safeStart: starts.safe.map(context.clock.iso8601))
            }
            context.stdout.write(document.encoded())
        } else {
            let renderer = PlanRenderer(
                network: context.network, clock: engine.clock, language: options.language,
                style: Style(enabled: options.color),
                notes: notes, closed: Set(changes.closed), intervals: engine.publishedLegIntervals(schedule),
                warnings: validity + warnings, width: context.columns)
            context.stdout.write(renderer.render(schedule))
        }
        if cannotBeMade { throw .exit(1) }
    }
}
