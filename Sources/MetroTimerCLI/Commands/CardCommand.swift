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
            "Той самий маршрут, день, зміни в русі і ваші вимірювання, що й у 'plan', і все, що 'plan' каже про поїздку, ще до дотику; дотик — це старт, тож чого не почне 'start' (поїздку після останнього сполучення), того не запише й 'card', а поїзд, що рушає після закриття входів, запише (ви вже в ньому). Сторінка — один файл (до 100 КБ), без жодного мережевого запиту: надішліть його собі на телефон і відкрийте в будь-якому браузері. Дотик «Старт» — це t₀; далі сторінка показує наступну станцію, пересадку, сповіщення і прибуття, приймає виправлення −1, +1, «рушив» і «поїзд зараз на станції», як 'metro-timer start', питає двічі перед «Прибув» і «Стоп» і пам'ятає поїздку після перезавантаження. Розклад на кожну хвилину двох годин навколо --at обчислено тут, а не в браузері. Файл приватний (0600), ніколи не пишеться через посилання.",
            "The same route, day, service changes and your own measurements as 'plan', and everything 'plan' says about the ride, before the tap; the tap is a start, so what 'start' refuses (a ride past the last connection) 'card' does not write, and a train that leaves after its station's entrances close it does (you are aboard). The page is one file (at most 100 KB) that makes no network request: send it to your phone and open it in any browser. The Start tap is t₀; the page then shows the next station, the change, the alerts and the arrival, takes the corrections −1, +1, \"departed\" and \"the train is now at\" as 'metro-timer start' does, asks twice before Arrived and Stop, and keeps the ride across a reload. The schedule for every minute of two hours around --at is computed here, not in the browser. The file is private (0600), never written through a link."
        ),
        // The ride is named and timed as 'plan' names and times it: its own declarations.
        arguments: PlanCommand.spec.arguments.filter { ["from", "to", "at", "date"].contains($0.name) } + [
            .option(
                "output", value: "file",
                Text(
                    "Куди записати сторінку (- — у стандартний вивід); обов'язково; файл лише для вас (0600).",
                    "Where to write the page (- for standard output); required; the file is for you alone (0600).")
            ).completing(.file).required()
        ] + PlanCommand.spec.arguments.filter { $0.name == "no-calibration" }
            + [ServiceOptions.routeArgument] + ServiceOptions.arguments + GlobalOptions.arguments)

    var origin: NetworkDocument.Station
    var destination: NetworkDocument.Station
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
        (origin, destination) = try context.rideEnds(
            arguments.value("from")!, arguments.value("to"), spec: Self.spec, language: language)
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
        let page = card.page()
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
