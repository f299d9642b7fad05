import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `metro-timer card FROM TO --output FILE`: the ride as one web page for a phone, offline.
struct CardCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "card"],
        abstract: Text(
            "Записати поїздку як вебсторінку для телефона: відлік без мережі, від одного дотику, коли поїзд рушає.",
            "Write the ride as a web page for a phone: the countdown offline, from one tap when the train moves."),
        discussion: Text(
            "Той самий маршрут, день, зміни в русі і ваші вимірювання, що й у 'plan', і все, що 'plan' каже про поїздку, ще до дотику; дотик — це старт, тож чого не почне 'start' (поїздку після останнього сполучення), того не запише й 'card', а поїзд, що рушає після закриття входів, запише (ви вже в ньому). Сторінка — один файл (до 100 КБ), без жодного мережевого запиту: надішліть його собі на телефон і відкрийте в будь-якому браузері. Дотик «Старт» — це t₀; далі сторінка показує наступну станцію, пересадку, сповіщення і прибуття, приймає виправлення −1, +1, «рушив» і «поїзд зараз на станції», як 'metro-timer start', питає двічі перед «Прибув» і «Стоп» і пам'ятає поїздку після перезавантаження. Розклад на кожну хвилину двох годин навколо --at обчислено тут, а не в браузері. З --all-day (і --and-back, --routes) сторінка готова до дотику будь-якої секунди робочого чи вихідного дня, будь-якої дати (до 1 МБ), і каже, з якого розкладу та яких змін у русі її зроблено. Файл приватний (0600), ніколи не пишеться через посилання.",
            "The same route, day, service changes and your own measurements as 'plan', and everything 'plan' says about the ride, before the tap; the tap is a start, so what 'start' refuses (a ride past the last connection) 'card' does not write, and a train that leaves after its station's entrances close it does (you are aboard). The page is one file (at most 100 KB) that makes no network request: send it to your phone and open it in any browser. The Start tap is t₀; the page then shows the next station, the change, the alerts and the arrival, takes the corrections −1, +1, \"departed\" and \"the train is now at\" as 'metro-timer start' does, asks twice before Arrived and Stop, and keeps the ride across a reload. The schedule for every minute of two hours around --at is computed here, not in the browser. With --all-day (and --and-back, --routes) the page is ready for a tap at any second of a weekday or a weekend day, on any date (at most 1 MB), and says which timetable and service changes it was made with. The file is private (0600), never written through a link."
        ),
        // The ride is named and timed as 'plan' names and times it: its own declarations.
        arguments: PlanCommand.spec.arguments.filter { ["from", "to", "at", "date"].contains($0.name) }.map {
            argument in
            // `card --routes` names no station.
            var argument = argument
            if argument.name == "from" { argument.kind = .positional(optional: true) }
            return argument
        } + [
            .flag(
                "all-day",
                Text(
                    "Картка на будь-яку секунду будь-якого дня: робочого і вихідного, від першого поїзда до останнього (до 1 МБ), а не на одну поїздку близько --at.",
                    "A card for a tap at any second of any day, weekday or weekend, from the first train to the last (at most 1 MB), not for one ride about --at."
                )),
            .flag(
                "and-back",
                Text(
                    "Зворотний шлях у тій самій картці (на весь день, як --all-day); маршрут вибирають на сторінці.",
                    "The way back in the same card (all day, as --all-day); the route is chosen on the page.")),
            .flag(
                "routes",
                Text(
                    "Усі збережені маршрути ('metro-timer routes') в одній картці на весь день, як --all-day.",
                    "All your saved routes ('metro-timer routes') in one all-day card, as --all-day.")),
            .option(
                "output", value: "file",
                Text(
                    "Куди записати сторінку (- — у стандартний вивід); обов'язково; файл лише для вас (0600).",
                    "Where to write the page (- for standard output); required; the file is for you alone (0600).")
            ).completing(.file).required(),
        ] + PlanCommand.spec.arguments.filter { $0.name == "no-calibration" }
            + [ServiceOptions.routeArgument] + ServiceOptions.arguments + GlobalOptions.arguments)

    var origin: NetworkDocument.Station
    var destination: NetworkDocument.Station
    /// The routes of an all-day card (`--all-day`, `--and-back`, `--routes`), each with its name
    /// on the page (`[uk, en]`); empty for the card of one ride.
    var book: [(name: [String], from: NetworkDocument.Station, to: NetworkDocument.Station)] = []
    var t0: Date
    var output: String
    var calibrated: Bool
    var changes: ServiceChanges
    var feedNotes: [String]
    /// The arguments as typed, for the plan whose words the card carries.
    var arguments: ParsedArguments

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        self.arguments = arguments
        if arguments.flag("routes") {
            guard arguments.value("from") == nil else {
                throw .usage(
                    language.tr(
                        "'--routes' бере всі збережені маршрути: не називайте станцій (або приберіть '--routes')",
                        "'--routes' takes all your saved routes: name no station (or leave '--routes' out)"),
                    Self.spec)
            }
            let saved = try context.config.routes(language: language).routes.compactMap { entry in
                context.network.station(entry.from).flatMap { from in
                    context.network.station(entry.to).map { (name: [entry.name, entry.name], from: from, to: $0) }
                }
            }
            guard let first = saved.first else {
                throw .usage(
                    language.tr(
                        "Збережених маршрутів немає: додайте їх ('metro-timer routes add NAME FROM TO') або назвіть станції",
                        "No saved routes: add one ('metro-timer routes add NAME FROM TO') or name the stations"),
                    Self.spec)
            }
            book = saved
            (origin, destination) = (first.from, first.to)
        } else {
            guard let from = arguments.value("from") else {
                throw .usage(
                    language.tr(
                        "Бракує обовʼязкового аргументу '<from>' (або '--routes' для збережених маршрутів)",
                        "Missing expected argument '<from>' (or '--routes' for your saved routes)"),
                    Self.spec)
            }
            (origin, destination) = try context.rideEnds(
                from, arguments.value("to"), spec: Self.spec, language: language)
            let ends = { (a: NetworkDocument.Station, b: NetworkDocument.Station) in
                [
                    Names.station(a, .uk) + " → " + Names.station(b, .uk),
                    Names.station(a, .en) + " → " + Names.station(b, .en),
                ]
            }
            if arguments.flag("all-day") || arguments.flag("and-back") {
                book = [(ends(origin, destination), origin, destination)]
            }
            if arguments.flag("and-back") { book.append((ends(destination, origin), destination, origin)) }
        }
        t0 = try PlanCommand.departure(
            at: arguments.value("at"), date: arguments.value("date"), context: context, language: language)
        guard let output = arguments.value("output") else {
            throw .usage(
                language.tr(
                    "Бракує обовʼязкового параметра '--output <file>': куди записати сторінку (- — у стандартний вивід)",
                    "Missing expected option '--output <file>': where to write the page (- for standard output)"),
                Self.spec)
        }
        self.output = output
        calibrated = !arguments.flag("no-calibration")
        (changes, feedNotes) = try context.todaysService(arguments, at: t0, spec: Self.spec, language: language)
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        let engine = try context.engine(calibrated: calibrated).applying(changes)
        if !book.isEmpty { return try runAllDay(context, engine: engine, language: language) }
        // The route `plan` shows for this start: the card follows it.
        let route = try ServiceOptions.route(
            from: origin.code, to: destination.code, moment: .at(t0),
            rule: ServiceOptions.rule(arguments, spec: Self.spec, language: language), changes: changes,
            feedNotes: feedNotes, engine: engine, language: language
        ).route
        if route.isWalkOnly {
            // No train, no t₀: a card would have nothing to count down.
            throw .usage(
                language.tr(
                    "Між станціями \(language.and(Names.station(origin, language), Names.station(destination, language))) лише перехід у вузлі, без поїзда: картці поїздки нема чого відраховувати.",
                    "From \(Names.station(origin, language)) to \(Names.station(destination, language)) is a walk inside one node, with no train: a ride card would have nothing to count down."
                ), Self.spec)
        }
        // As 'plan': asked before the first train, the card is the first train's.
        var start = t0
        if let first = engine.firstTrain(of: route, before: t0) { start = first }
        let schedule = engine.schedule(route: route, t0: start)
        // The tap is a start: what `start` refuses (a ride past the last connection), the card
        // refuses, with plan's sentence; what it rides (the last train after its station's
        // entrances close: the rider is aboard), the card carries, with plan's warnings.
        if let refusal = StartCommand.refusal(schedule) {
            context.stderr.line(
                language.tr(
                    "Картку поїздки не записано: цю поїздку тоді не здійснити.",
                    "No ride card written: the ride cannot be made then."))
            context.stderr.line(
                FindingText.sentence(refusal, network: context.network, clock: context.clock, language: language))
            throw .exit(1)
        }
        for note in feedNotes { context.stderr.line(note) }
        // Outside the timetable's dates, said as 'plan' and 'start' say it.
        if let validity = context.validityWarning(engine.clock.position(of: start).serviceDay, language: language) {
            context.stderr.line(validity)
        }
        var card = PocketCard(
            engine: engine, route: route, departure: start, language: language,
            product: "metro-timer \(MetroTimer.version)")
        (card.notes, card.changes) = try planNotes(context)
        let network = context.network
        let clock = context.clock
        card.finding = { finding, language, moment in
            FindingText.sentence(finding, network: network, clock: clock, language: language, at: moment)
        }
        try write(card.page(), context, language: language)
    }

    func write(_ page: String, _ context: Context, language: Language) throws(CLIError) {
        if output == "-" {
            context.stdout.write(page)
            return
        }
        // Private like every file metro-timer writes about the rider: where and when they ride.
        try ExportFile.write(page, to: output, mode: 0o600, language: language)
        let size = (page.utf8.count + 1023) / 1024
        context.stderr.line(
            language.tr(
                "Картку поїздки записано: \(Quote.value(output)) (\(size) КБ). Відкрийте її в браузері телефона; мережа не потрібна.",
                "Ride card written to \(Quote.value(output)) (\(size) KB). Open it in your phone's browser; it needs no network."
            ))
    }

    /// The card that lasts: every route of `book`, every tap of a weekday and of a weekend day,
    /// with the timetable it was made from and the service changes in it.
    func runAllDay(_ context: Context, engine: ScheduleEngine, language: Language) throws(CLIError) {
        let rule = try ServiceOptions.rule(arguments, spec: Self.spec, language: language)
        var entries: [PocketCardBook.Entry] = []
        let network = context.network
        let clock = context.clock
        for (number, item) in book.enumerated() {
            let route = try ServiceOptions.route(
                from: item.from.code, to: item.to.code, moment: .at(t0), rule: number == 0 ? rule : .fastest,
                changes: changes, feedNotes: feedNotes, engine: engine, language: language
            ).route
            // A walk inside one node has nothing to count down: left out (said).
            if route.isWalkOnly {
                context.stderr.line(
                    language.tr(
                        "\(item.name[0]): лише перехід у вузлі, без поїзда; у картці його немає.",
                        "\(item.name[1]): a walk inside one node, with no train; left out of the card."))
                continue
            }
            var card = PocketCard(
                engine: engine, route: route, departure: t0, language: language,
                product: "metro-timer \(MetroTimer.version)")
            card.finding = { finding, language, moment in
                FindingText.sentence(finding, network: network, clock: clock, language: language, at: moment)
            }
            entries.append(PocketCardBook.Entry(name: item.name, card: card))
        }
        guard !entries.isEmpty else {
            throw .usage(
                language.tr(
                    "Жоден маршрут картки не має поїзда: картці нічого відраховувати.",
                    "No route of the card has a train: it would have nothing to count down."), Self.spec)
        }
        for note in feedNotes { context.stderr.line(note) }
        let made = engine.clock.position(of: t0).serviceDay
        if let validity = context.validityWarning(made, language: language) { context.stderr.line(validity) }
        var cardBook = PocketCardBook(
            entries: entries, made: made, language: language, product: "metro-timer \(MetroTimer.version)")
        cardBook.changes = Self.describe(changes, network: network)
        try write(cardBook.page(), context, language: language)
    }

    /// The service changes in a card, each `[uk, en]`, for the page to say what it was made with.
    static func describe(_ changes: ServiceChanges, network: Network) -> [[String]] {
        func both(_ text: (Language) -> String) -> [String] { [text(.uk), text(.en)] }
        func name(_ code: String, _ language: Language) -> String {
            network.station(code).map { Names.station($0, language) } ?? code
        }
        var said: [[String]] = []
        if changes.airRaid {
            said.append(
                both {
                    $0.tr(
                        "повітряна тривога: поїзди лише на ділянках, які обслуговують під час тривоги",
                        "an air-raid alert: trains only on the sections served during an alert")
                })
        }
        for code in changes.closed {
            said.append(both { $0.tr("станцію \(name(code, $0)) закрито", "\(name(code, $0)) closed") })
        }
        for section in changes.suspended {
            said.append(
                both {
                    $0.tr(
                        "\(section.line): поїздів немає між \(name(section.from, $0)) і \(name(section.to, $0))",
                        "\(section.line): no trains between \(name(section.from, $0)) and \(name(section.to, $0))")
                })
        }
        for (line, seconds) in changes.headways.sorted(by: { $0.key < $1.key }) {
            said.append(
                both { $0.tr("\(line): інтервал \($0.duration(seconds))", "\(line): every \($0.duration(seconds))") })
        }
        if let type = changes.dayType {
            said.append(
                both {
                    type == .weekday
                        ? $0.tr("щодня розклад робочого дня", "the weekday timetable every day")
                        : $0.tr("щодня розклад вихідного дня", "the weekend timetable every day")
                })
        }
        return said
    }

    /// What `plan` prints about this ride, in both languages (`[uk, en]` each): its warnings
    /// and notes (warnings first), and its line for each change (the walk, the wait, and at the
    /// edges of the day the trains the rider may catch). Plan itself, run here on the same
    /// arguments, so the card says what plan says.
    func planNotes(_ context: Context) throws(CLIError) -> (notes: [[String]], changes: [[String]]) {
        var notes: [Language: [String]] = [:]
        var changes: [Language: [String]] = [:]
        for language in Language.allCases {
            guard
                let document = (try? JSONObject.parse(Array(try plan(context, language, json: true).utf8)))
                    as? [String: Any]
            else { continue }
            let findings = (document["findings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
            notes[language] = findings + (document["notes"] as? [String] ?? [])
            // The change's line of the plan as printed (unwrapped: the width is the line's).
            changes[language] = try plan(context, language, json: false).split(separator: "\n")
                .map { $0.drop { $0 == " " } }.filter { $0.hasPrefix("⇄ ") }.map { String($0.dropFirst(2)) }
        }
        func pairs(_ said: [Language: [String]]) -> [[String]] {
            zip(said[.uk] ?? [], said[.en] ?? []).map { [$0, $1] }
        }
        return (pairs(notes), pairs(changes))
    }

    /// `plan` on the card's arguments, in a language, as it prints (`--json` or the text).
    func plan(_ context: Context, _ language: Language, json: Bool) throws(CLIError) -> String {
        var plan = arguments
        plan.options["output"] = nil
        plan.options["lang"] = language.rawValue
        if json { plan.flags.insert("json") }
        let out = StringSink()
        var quiet = context
        quiet.stdout = out
        quiet.stderr = StringSink()
        quiet.columns = 100_000
        quiet.environment["COLUMNS"] = nil
        let options = GlobalOptions(language: language, color: false)
        do {
            try PlanCommand(plan, context: quiet, options: options).run(quiet, options: options)
        } catch {
            // A ride plan marks as one that cannot be made still prints its plan (exit 1): the
            // card shows its warnings; whether to write the card is start's rule.
            guard case .exit = error else { throw error }
        }
        return out.text
    }
}
