import CLIKit
import FoundationEssentials
import MetroCore

extension PlanCommand {
    /// t₀ for `route`: the one place the plan's start is decided.
    func start(route: Route, engine: ScheduleEngine, context: Context, language: Language) throws(CLIError)
        -> PlanStart
    {
        // The station the train leaves from (after any walk through a node at the start).
        let board =
            context.network.station(route.legs.first?.board ?? route.origin).map { Names.station($0, language) } ?? ""
        if let arriveBy {
            return try Self.arrivingBy(
                arriveBy, route: route, board: board, engine: engine, context: context, language: language)
        }
        if last {
            return try lastStart(route: route, board: board, engine: engine, context: context, language: language)
        }
        // Asked before the first train: the plan of the first train (exit 0).
        if let first = engine.firstTrain(of: route, before: asked) {
            return PlanStart(
                t0: first,
                firstNote: Self.firstTrainNote(
                    asked: asked, first: first, board: board, clock: context.clock, language: language))
        }
        return PlanStart(t0: asked)
    }

    /// `--arrive-by`: the latest start that arrives by `target`, or why there is none.
    static func arrivingBy(
        _ target: Date, route: Route, board: String, engine: ScheduleEngine, context: Context, language: Language
    ) throws(CLIError) -> PlanStart {
        switch engine.arriveBy(route: route, target: target) {
        case .none:
            throw .failure(
                language.tr(
                    "Прибути до \(context.clock.hhmm(target)) не вийде: у три години перед тим жоден поїзд, що встигає на пересадки, не прибуває вчасно.",
                    "No ride in the three hours before \(context.clock.hhmm(target)) that makes its changes arrives by then."
                ))
        case .tooEarly(let first, let arrival, let earliest, let latest):
            throw .failure(
                Self.tooEarly(
                    target: target, first: first, arrival: arrival, earliest: earliest, latest: latest,
                    board: board, clock: context.clock, language: language))
        case .ride(let latest, let safe, let clamped):
            let arrival = engine.schedule(route: route, t0: latest).finalArrival
            var start = PlanStart(t0: latest)
            start.arriveByStarts = (latest, safe)
            start.arriveByNote = Self.arriveByNote(
                target: target, latest: latest, safe: safe, clamped: clamped, arrival: arrival,
                first: engine.firstTrain(of: route, before: latest.addingTimeInterval(-1)), board: board,
                clock: context.clock, language: language)
            return start
        }
    }

    /// `--last`: the last connection of the service day asked, and how long it is from now.
    func lastStart(route: Route, board: String, engine: ScheduleEngine, context: Context, language: Language)
        throws(CLIError) -> PlanStart
    {
        guard let found = engine.lastConnection(route: route, serviceDay: engine.clock.position(of: asked).serviceDay)
        else {
            throw .failure(
                language.tr(
                    "Для цього маршруту немає опублікованих останніх відправлень, що встигають на пересадку.",
                    "The published data has no last departures for this route that make the change."))
        }
        let now = context.now()
        // Whole minutes either way ("left 38 min ago" at 23:00 for the 22:21:37).
        let seconds = found.departure.timeIntervalSince(now)
        let minutes = Int((abs(seconds) / 60).rounded(.down))
        // Named, not "it": the sentence before may be about another line's last train.
        let when = Self.lastWhen(
            found, board: board, ahead: seconds >= 0, span: Durations.minutes(minutes * 60, language),
            clock: context.clock, language: language)
        var start = PlanStart(t0: found.departure)
        start.lastIsGone = seconds < 0
        // (The JSON's own object, made only for --json.)
        if json {
            start.lastAnswer = PlanJSON.last(
                found, route: route, now: now, network: context.network, clock: context.clock)
        }
        start.lastNote =
            Self.lastNote(
                found, route: route, board: board, network: context.network, clock: context.clock,
                language: language) + " " + when
        return start
    }

    /// The origin's entrances, said first when the ride starts while they are shut (a ride that
    /// starts by walking through a node enters at the typed station): a warning before they
    /// open; once they close, what to do, in `--last`'s note (`lastAddition`) or as a note.
    static func entranceNotes(
        _ schedule: Schedule, t0: Date, last: Bool, engine: ScheduleEngine, context: Context, language: Language
    ) -> (warnings: [String], note: String?, lastAddition: String?) {
        let (route, network) = (schedule.route, context.network)
        let entryStation = route.origin
        // When no train runs then, that is the one warning; in the published data every
        // entrance opens before its first train, so "not open yet" is said only that way, and
        // "closed" only while the last trains still run.
        let noTrains = schedule.findings.contains { $0.preventsTheRide && $0.station == route.legs.first?.board }
        guard !noTrains, let entrance = network.entrance(station: entryStation) else { return ([], nil, nil) }
        let seconds = engine.clock.position(of: t0).seconds
        let name = Names.station(entryStation, network, language)
        // t₀ is when the train moves: a rider on a train that leaves after the entrances
        // close went in before they did. So it is said as what to do (with --last, in its
        // note), never as a refusal; the last train itself is what bounds the ride.
        let through = language.tr(
            "Пройдіть вхід до \(TimeOfDay.clock(entrance.closes).prefix(5)): тоді входи станції \(name) зачиняються.",
            "Be through the entrance by \(TimeOfDay.clock(entrance.closes).prefix(5)), when \(name)'s entrances close."
        )
        if seconds < entrance.opens {
            return (
                [
                    language.tr(
                        "Входи станції \(name) відчиняються о \(TimeOfDay.clock(entrance.opens).prefix(5)): о \(context.clock.hhmm(t0)) ще не ввійти.",
                        "\(name)'s entrances open at \(TimeOfDay.clock(entrance.opens).prefix(5)): at \(context.clock.hhmm(t0)) you cannot get in yet."
                    )
                ], nil, nil
            )
        } else if entrance.closes < seconds, last {
            return ([], nil, through)
        } else if entrance.closes < seconds {
            return ([], through, nil)
        }
        return ([], nil, nil)
    }

    /// After the origin's last train: what to type for the next ride that can be made.
    static func nextRide(
        _ schedule: Schedule, t0: Date, engine: ScheduleEngine, context: Context, language: Language
    ) -> String? {
        let route = schedule.route
        guard let board = route.legs.first?.board,
            schedule.findings.contains(where: {
                if case .afterLastTrain(board, _, _, _) = $0 { return true } else { return false }
            })
        else { return nil }
        let asked = engine.clock.position(of: t0).serviceDay
        let next = engine.clock.shifted(asked, by: 1)
        guard let first = engine.firstTrain(of: route, before: engine.clock.date(next, seconds: 3 * 3600)) else {
            return nil
        }
        return Self.nextRideNote(
            route: route, asked: asked, day: next, first: first, network: context.network, clock: engine.clock,
            language: language)
    }

    /// Where `--ics` wrote the calendar card.
    enum CalendarWritten { case nothing, toFile, toStandardOutput }

    /// `--ics FILE`: the calendar card of the plan. A calendar card rings its alarms whatever
    /// the plan said: a ride that cannot be made gets none, and the plan says why.
    static func writeCalendar(
        _ schedule: Schedule, t0: Date, to ics: String, cannotBeMade: Bool, warnings: [String], firstNote: String?,
        context: Context, language: Language
    ) throws(CLIError) -> CalendarWritten {
        if cannotBeMade {
            context.stderr.line(
                language.tr(
                    "Подію календаря не записано: цю поїздку тоді не здійснити.",
                    "No calendar event written: the ride cannot be made then."))
            guard ics == "-" else { return .nothing }
            for line in warnings
                + schedule.findings.filter(\.preventsTheRide).map({
                    FindingText.sentence(
                        $0, network: context.network, clock: context.clock, language: language, at: t0)
                })
            {
                context.stderr.line(line)
            }
            throw .exit(1)
        }
        var calendar = CalendarCard(
            network: context.network, clock: context.clock, language: language,
            product: "metro-timer \(MetroTimer.version)")
        // The event starts at the first train, not at the time asked: said as the plan says it.
        calendar.notes = firstNote.map { [$0] } ?? []
        let card = calendar.calendar(schedule, stamp: context.now())
        if ics == "-" {
            context.stdout.write(card)
            return .toStandardOutput
        }
        try ExportFile.write(card, to: ics, language: language)
        context.stderr.line(
            language.tr(
                "Подію календаря записано: \(Quote.value(ics))", "Calendar event written to \(Quote.value(ics))"))
        return .toFile
    }
}
