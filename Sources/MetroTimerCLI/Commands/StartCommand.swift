import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `metro-timer start FROM TO`: t₀ = now, then the live countdown. With no stations, reattaches.
struct StartCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "start"],
        abstract: Text(
            "Почати поїздку, коли поїзд рушає: живий відлік до вашої станції.",
            "Start the ride as the train moves: a live countdown to your station."),
        discussion: Text(
            "Клавіші: + поїзд позаду моделі, - попереду, d поїзд рушив (після пересадки), a a прибули, s s зупинити (двічі: одне натискання лише питає), u скасувати останнє виправлення, ? клавіші ще раз, q вийти (поїздка триває). Без станцій — повернутися до активної поїздки.",
            "Keys: + the train is behind the model, - ahead, d the train departed (after the transfer), a a arrived, s s stop (twice: one press only asks), u take back the last correction, ? the keys again, q leave (the trip goes on). With no stations, reattaches to the active trip."
        ),
        arguments: [
            .positional(
                "from", optional: true,
                Text(
                    "Станція, де ви сіли, або назва збереженого маршруту.",
                    "The station you boarded at, or a saved route's name.")
            ).completing(.stationsOrRoutes),
            .positional("to", optional: true, Text("Станція призначення.", "The station you are going to.")).completing(
                .stations),
            .flag("replace", Text("Замінити активну поїздку, не питаючи.", "Replace an active trip without asking.")),
            .flag(
                "force",
                Text(
                    "Почати поїздку, навіть якщо її вже не завершити (після останнього сполучення).",
                    "Start the ride even when it can no longer be completed (after the last connection).")),
            .flag(
                "again",
                Text(
                    "Почати останню поїздку знову (як ярлик у застосунку).",
                    "Start your last ride again (the app's one-tap shortcut).")),
            .option(
                "speed", value: "N",
                Text(
                    "Репетиція: уся поїздка в N разів швидше, без запису поїздки і журналу.",
                    "Rehearse: the whole ride N times faster, touching neither the trip nor the journal.")),
            .option(
                "at", value: "HH:MM",
                Text(
                    "Для репетиції: коли рушає поїзд (як у plan).",
                    "For a rehearsal: when the train starts moving (as in plan).")),
            .option(
                "date", value: "YYYY-MM-DD",
                Text(
                    "Для репетиції: день обслуговування (як у plan).", "For a rehearsal: the service day (as in plan).")
            ),
            .flag(
                "plain",
                Text(
                    "Для екранних читачів: лише зміни, повними реченнями, без малюнків і кольору.",
                    "For screen readers: only changes, as full sentences, no drawing, no colour.")),
            .flag(
                "events",
                Text(
                    "Вивести події рядками JSON (start, correction, transfer-alert, alert, arrival, end).",
                    "Print events as JSON lines (start, correction, transfer-alert, alert, arrival, end).")),
            ServiceOptions.routeArgument,
        ] + ServiceOptions.arguments + GlobalOptions.arguments)

    var stations: (NetworkDocument.Station, NetworkDocument.Station)?
    /// The first leg, to hold t₀ to the first train (a rehearsal may start at any time).
    var firstLeg: Leg?
    /// The route ridden (nil for a bare `start`, which reattaches).
    var route: Route?
    /// The third line the route goes round through, kept by the trip (nil on the lookup).
    var via: String?
    /// Why the ride goes round the triangle (or that it may be faster), as `plan` says it.
    var choiceNote: String?
    var replace: Bool
    /// `--force`: start a ride that cannot be completed.
    var force: Bool
    var speed: Double?
    var plain: Bool
    var events: Bool
    var changes: ServiceChanges
    var feedNotes: [String]
    /// When the rehearsed train starts moving (`--at`/`--date`; now without them).
    var rehearsalStart: Date?
    /// What the feed said at the start (nil: the check is off).
    var feedVerdict: AlertFeed.Verdict?

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        replace = arguments.flag("replace")
        force = arguments.flag("force")
        if arguments.value("at") != nil || arguments.value("date") != nil {
            guard arguments.value("speed") != nil else {
                throw .usage(
                    language.tr(
                        "--at і --date — лише для репетиції (--speed N): справжня поїздка починається, коли рушає поїзд",
                        "--at and --date are for a rehearsal (--speed N): a real ride starts when the train moves"),
                    Self.spec)
            }
            rehearsalStart = try PlanCommand.departure(
                at: arguments.value("at"), date: arguments.value("date"), context: context, language: language)
        }
        (changes, feedNotes, feedVerdict) = try context.todaysServiceAndFeed(
            arguments, at: rehearsalStart ?? context.tapped, spec: Self.spec, language: options.language)
        plain = arguments.flag("plain")
        events = arguments.flag("events")
        if plain && events {
            throw .usage(
                language.tr("'--plain' і '--events' не поєднуються", "'--plain' and '--events' cannot be combined"),
                Self.spec)
        }
        if let text = arguments.value("speed") {
            guard let value = DecimalNumber.value(text), value >= 1, value <= 3600 else {
                throw .usage(
                    language.tr(
                        "Швидкість '\(Quote.value(text))' має бути десятковим числом від 1 до 3600",
                        "The speed '\(Quote.value(text))' must be a decimal number from 1 to 3600"), Self.spec)
            }
            speed = value
        }
        var ends: (String, String?)? = arguments.value("from").map { ($0, arguments.value("to")) }
        if arguments.flag("again") {
            guard ends == nil else {
                throw .usage(language.tr("--again не бере станцій", "--again takes no stations"), Self.spec)
            }
            guard let last = try Self.lastRide(context) else {
                throw .failure(
                    language.tr(
                        "Ще не було поїздки, яку можна почати знову. Почніть: 'metro-timer start ЗВІДКИ КУДИ'.",
                        "There is no ride to start again yet. Start one with 'metro-timer start FROM TO'."))
            }
            ends = (last.from, last.to)
        }
        switch ends {
        case nil:
            stations = nil
            if speed != nil {
                throw .usage(
                    language.tr("Для репетиції вкажіть станції", "A rehearsal needs the two stations"), Self.spec)
            }
        case (let from, let to)?:
            let (origin, destination) = try context.rideEnds(from, to, spec: Self.spec, language: language)
            // Refused only when neither the direct route nor the long way round can be ridden;
            // the trip keeps its changes and the line it goes round through, and so finds the
            // same route every time.
            let chosen = try ServiceOptions.route(
                from: origin.code, to: destination.code, moment: .at(rehearsalStart ?? context.tapped),
                rule: ServiceOptions.rule(arguments, spec: Self.spec, language: language), changes: changes,
                feedNotes: feedNotes, engine: context.engine().applying(changes), language: language)
            let route = chosen.route
            via = chosen.via
            choiceNote = ServiceOptions.choiceNote(chosen, network: context.network, language: language)
            if route.isWalkOnly {
                throw .usage(
                    language.tr(
                        "\(Names.station(origin, language)) і \(Names.station(destination, language)) — один пересадковий вузол: їхати не треба, лише перейти.",
                        "\(Names.station(origin, language)) and \(Names.station(destination, language)) are one transfer node: there is no train to ride, only a walk."
                    ), Self.spec)
            }
            stations = (origin, destination)
            firstLeg = route.legs.first
            self.route = route
        }
    }

    /// The notes the ride opens with, as one notice, or nil.
    static func notice(_ notes: [String]) -> String? { notes.isEmpty ? nil : notes.joined(separator: " ") }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let engine = try context.engine()
        let language = options.language
        let (t0, tapNotice) = try t0(engine: engine, context: context, language: language)
        // Outside the timetable's dates the trains may differ: said in every mode, as 'plan'
        // says it (on the screen too, which covers standard error).
        let validity = context.validityWarning(engine.clock.position(of: t0).serviceDay, language: language)
        if let validity { context.stderr.line(validity) }
        let (store, clock) = rideStore(t0: t0, context: context)
        var service = TripService(store: store, engine: engine, language: language)
        if speed == nil { service.alerts = context.alertScheduler(language: language) }
        let output: RideOutput =
            events
            ? .events
            : plain
                ? .lines(plain: true)
                : context.stdoutIsTerminal && context.environment["TERM"] != "dumb" ? .screen : .lines(plain: false)
        if speed == nil { try begin(t0: t0, service: service, engine: engine, context: context, language: language) }
        if output == .events, let trip = try store.load() {
            var fields: [String: Any] = ["from": trip.origin, "to": trip.destination]
            if let model = try? service.model(trip) {
                fields.merge(RideEvents.arrivalFields(model.current(trip), clock: context.clock)) { $1 }
            }
            RideEvents.emit(
                "start", at: trip.t0, fields: fields, network: context.network, clock: context.clock, to: context.stdout
            )
        }
        let delivery = delivery(service: service, context: context, language: language)
        let session = TerminalSession(context: context, screen: output == .screen)
        defer { session.end() }
        let ride = LiveRide(
            service: service, context: context, options: options, output: output, clock: clock,
            keys: session.keys(),
            rehearsal: speed != nil, width: { context.currentColumns },
            height: { TerminalSize.rows(environment: context.environment) ?? 24 },
            delivery: delivery,
            initialNotice: Self.notice(
                [output == .screen ? validity : nil, tapNotice, choiceNote].compactMap { $0 } + feedNotes))
        if speed == nil, let feedVerdict, let settings = try? context.config.alerts(language: language),
            settings.enabled
        {
            ride.feed = FeedWatch(initial: feedVerdict) { context.checkAlertFeed(settings) }
        }
        let ending = try ride.run()
        session.end()
        guard output == .screen else { return }
        context.stdout.line(endingLine(ending, service: service, language: language))
    }

    /// t₀, when the train starts moving, read from the tap (`tapped`: the process's start, or a
    /// rehearsal's `--at`) by the one rule the card follows too (`Tap`): before the first
    /// train's allowance none moves, and a real start is refused (a rehearsal rides the first
    /// train, as 'plan' plans it); a tap within a published first or last departure's allowance
    /// is that train, timed from it. With the sentence that says so, if any.
    func t0(engine: ScheduleEngine, context: Context, language: Language) throws(CLIError) -> (Date, String?) {
        let tapped = rehearsalStart ?? context.tapped
        guard let leg = firstLeg, let route else { return (tapped, nil) }
        let tap = engine.tap(route: route, at: tapped)
        let board = context.network.station(leg.stations[0]).map { Names.station($0, language) } ?? ""
        let offset = language.duration(tap.offsetSeconds)
        switch tap.reading {
        case .trainsRunning:
            return (tapped, nil)
        case .beforeFirstTrain(let first):
            guard speed != nil else {
                let toward =
                    context.network.terminal(line: leg.line, direction: leg.direction).map {
                        Names.station($0, context.network, language)
                    } ?? ""
                throw .failure(
                    RideWords.notRunningYet(
                        line: leg.line, toward: toward, board: board, first: context.clock.hhmmss(first), language)
                        + " " + language.tr("('plan' покаже його поїздку.)", "('plan' shows its ride.)"))
            }
            return (
                first,
                PlanCommand.firstTrainNote(
                    asked: tapped, first: first, board: board, clock: context.clock, language: language)
            )
        case .firstTrainEarly(let first):
            return (
                first, RideWords.earlyTap(early: offset, board: board, first: context.clock.hhmmss(first), language)
            )
        case .lastTrainLate(let last):
            return (last, RideWords.lateTap(late: offset, board: board, last: context.clock.hhmmss(last), language))
        }
    }

    /// Where the ride is kept, and its clock: a rehearsal in memory on its own clock, a real
    /// ride in the trip file.
    func rideStore(t0: Date, context: Context) -> (TripStore, RideClock) {
        guard let speed, let (origin, destination) = stations else {
            return (context.tripStore, .system(context.now))
        }
        let store = MemoryTripStore(
            trip: Trip(
                id: "rehearsal", origin: origin.code, destination: destination.code, t0: t0, changes: changes,
                via: via))
        return (store, .rehearsal(context.now, speed: speed, startingAt: t0))
    }

    /// A real ride: refused when it cannot be completed, as 'plan' refuses it, with the same
    /// sentence, unless forced (a rehearsal may show what happens); then started, or the active
    /// one reattached.
    func begin(t0: Date, service: TripService, engine: ScheduleEngine, context: Context, language: Language)
        throws(CLIError)
    {
        if !force, let route {
            let planned = engine.applying(changes).schedule(route: route, t0: t0)
            if let blocking = Self.refusal(planned) {
                throw .failure(
                    FindingText.sentence(
                        blocking, network: context.network, clock: context.clock, language: language, at: t0) + " "
                        + language.tr(
                            "Почати однаково: 'metro-timer start … --force'.",
                            "To start it anyway: 'metro-timer start … --force'."))
            }
        }
        if let (origin, destination) = stations {
            let confirmed = try confirmReplace(service: service, context: context, language: language)
            _ = try service.start(
                origin: origin.code, destination: destination.code, t0: t0, replace: confirmed, changes: changes,
                via: via)
        } else {
            _ = try service.requireActive(at: context.now())
        }
    }

    /// How a real ride's alerts reach the rider (none in a rehearsal).
    func delivery(service: TripService, context: Context, language: Language) -> AlertDelivery? {
        guard speed == nil else { return nil }
        return AlertDelivery(
            context: service.alerts?.readRecord()?.delivery
                ?? DeliveryContext(
                    environment: context.environment, terminal: DeliveryContext.currentTerminal(),
                    command: context.environment["METRO_TIMER_ALERT_COMMAND"] ?? service.alerts?.commandSetting,
                    language: language))
    }

    /// The line the screen leaves behind.
    func endingLine(_ ending: LiveRide.Exit, service: TripService, language: Language) -> String {
        switch ending {
        case .left where speed != nil:
            return language.tr("Репетицію завершено.", "Rehearsal over.")
        case .left:
            return language.tr(
                "Поїздка триває. Повернутися: 'metro-timer start'; рядок стану: 'metro-timer status'.",
                "The trip goes on. Reattach with 'metro-timer start'; a status line: 'metro-timer status'.")
        case .replaced(let from, let to):
            return service.replacedText(from: from, to: to)
        case .ended(let outcome):
            return speed != nil
                ? language.tr("Репетицію завершено.", "Rehearsal over.")
                : language.tr("Поїздку завершено: ", "Trip ended: ") + service.outcomeText(outcome) + "."
        }
    }

    /// The last ride: the trip file's (ended or not), else the journal's newest record.
    static func lastRide(_ context: Context) throws(CLIError) -> (from: String, to: String)? {
        if let trip = try context.tripStore.load() { return (trip.origin, trip.destination) }
        return try context.recentRides(limit: 1).first
    }

    /// Asks before replacing an active trip when a person is at the keyboard; otherwise
    /// `--replace` is required.
    func confirmReplace(service: TripService, context: Context, language: Language) throws(CLIError) -> Bool {
        if replace { return true }
        guard let active = try service.active(at: context.tapped) else { return false }
        guard context.stdinIsTerminal && context.stdoutIsTerminal else { return false }
        context.stdout.write(
            language.tr(
                "Уже триває поїздка \(service.name(active.origin)) → \(service.name(active.destination)). Замінити її? [y/N] ",
                "A trip \(service.name(active.origin)) → \(service.name(active.destination)) is active. Replace it? [y/N] "
            ))
        let answer = readLine()?.trimmingWhitespace().lowercased() ?? ""
        guard ["y", "yes", "т", "так"].contains(answer) else {
            throw .failure(language.tr("Активну поїздку залишено.", "The active trip was kept."))
        }
        return true
    }
}
