import CLIKit
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MetroCore

/// `metro-timer card FROM TO --output FILE`: the ride as one web page for a phone, offline.
struct CardCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "card"],
        abstract: Text(
            "Записати поїздку як вебсторінку для телефона: відлік без мережі, від одного дотику, коли поїзд рушає.",
            "Write the ride as a web page for a phone: the countdown offline, from one tap when the train moves."),
        discussion: Text(
            "Той самий маршрут, день, зміни в русі і ваші вимірювання, що й у 'plan'; чого не планує 'plan', того не запише й 'card'. Сторінка — один файл (до 100 КБ), без жодного мережевого запиту: надішліть його собі на телефон і відкрийте в будь-якому браузері. Дотик «Старт» — це t₀; далі сторінка показує наступну станцію, пересадку, сповіщення і прибуття, приймає виправлення −1, +1 і «рушив» так, як 'metro-timer start', і пам'ятає поїздку після перезавантаження. Розклад на кожну хвилину двох годин навколо --at обчислено тут, а не в браузері. Файл приватний (0600), ніколи не пишеться через посилання.",
            "The same route, day, service changes and your own measurements as 'plan'; what 'plan' cannot ride, 'card' does not write. The page is one file (at most 100 KB) that makes no network request: send it to your phone and open it in any browser. The Start tap is t₀; the page then shows the next station, the change, the alerts and the arrival, takes the corrections −1, +1 and \"departed\" as 'metro-timer start' does, and keeps the ride across a reload. The schedule for every minute of two hours around --at is computed here, not in the browser. The file is private (0600), never written through a link."),
        // The ride is named and timed as 'plan' names and times it: its own declarations.
        arguments: PlanCommand.spec.arguments.filter { ["from", "to", "at", "date"].contains($0.name) } + [
            .option("output", value: "file", Text(
                "Куди записати сторінку (- — у стандартний вивід); обов'язково; файл лише для вас (0600).",
                "Where to write the page (- for standard output); required; the file is for you alone (0600).")).completing(.file).required(),
        ] + PlanCommand.spec.arguments.filter { $0.name == "no-calibration" }
            + ServiceOptions.arguments + GlobalOptions.arguments)

    var origin: NetworkDocument.Station
    var destination: NetworkDocument.Station
    var t0: Date
    var output: String
    var calibrated: Bool
    var changes: ServiceChanges
    var feedNotes: [String]

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        (origin, destination) = try context.rideEnds(arguments.value("from")!, arguments.value("to"), spec: Self.spec, language: language)
        t0 = try PlanCommand.departure(at: arguments.value("at"), date: arguments.value("date"), context: context, language: language)
        guard let output = arguments.value("output") else {
            throw .usage(language.tr(
                "Бракує обовʼязкового параметра '--output <file>': куди записати сторінку (- — у стандартний вивід)",
                "Missing expected option '--output <file>': where to write the page (- for standard output)"), Self.spec)
        }
        self.output = output
        calibrated = !arguments.flag("no-calibration")
        (changes, feedNotes) = try context.todaysService(arguments, at: t0, spec: Self.spec, language: language)
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        let route = try ServiceOptions.route(
            from: origin.code, to: destination.code, changes: changes, feedNotes: feedNotes, network: context.network, language: language).route
        if route.isWalkOnly {
            // No train, no t₀: a card would have nothing to count down.
            throw .usage(language.tr(
                "Між станціями \(language.and(Names.station(origin, language), Names.station(destination, language))) лише перехід у вузлі, без поїзда: картці поїздки нема чого відраховувати.",
                "From \(Names.station(origin, language)) to \(Names.station(destination, language)) is a walk inside one node, with no train: a ride card would have nothing to count down."), Self.spec)
        }
        let engine = try context.engine(calibrated: calibrated).applying(changes)
        // As 'plan': asked before the first train, the card is the first train's.
        var start = t0
        if let first = engine.firstTrain(of: route, before: t0) { start = first }
        let schedule = engine.schedule(route: route, t0: start)
        // What 'plan' refuses to put in a calendar, a card does not carry either: a ride that
        // cannot be made then, and one whose entrances are shut.
        var reasons = schedule.findings.filter(\.preventsTheRide).map {
            FindingText.sentence($0, network: context.network, clock: context.clock, language: language)
        }
        if reasons.isEmpty, let entrance = context.network.entrance(station: route.origin) {
            let seconds = engine.clock.position(of: start).seconds
            let name = Names.station(route.origin, context.network, language)
            if seconds > entrance.closes {
                reasons.append(language.tr(
                    "Входи станції \(name) зачиняються о \(TimeOfDay.clock(entrance.closes).prefix(5)): о \(context.clock.hhmm(start)) ввійти вже не можна.",
                    "\(name)'s entrances close at \(TimeOfDay.clock(entrance.closes).prefix(5)): at \(context.clock.hhmm(start)) you can no longer get in."))
            } else if seconds < entrance.opens {
                reasons.append(language.tr(
                    "Входи станції \(name) відчиняються о \(TimeOfDay.clock(entrance.opens).prefix(5)): о \(context.clock.hhmm(start)) ще не ввійти.",
                    "\(name)'s entrances open at \(TimeOfDay.clock(entrance.opens).prefix(5)): at \(context.clock.hhmm(start)) you cannot get in yet."))
            }
        }
        guard reasons.isEmpty else {
            context.stderr.line(language.tr(
                "Картку поїздки не записано: цю поїздку тоді не здійснити.",
                "No ride card written: the ride cannot be made then."))
            for line in reasons { context.stderr.line(line) }
            throw .exit(1)
        }
        for note in feedNotes { context.stderr.line(note) }
        // Outside the timetable's dates, said as 'plan' and 'start' say it.
        if let validity = context.validityWarning(engine.clock.position(of: start).serviceDay, language: language) { context.stderr.line(validity) }
        let page = PocketCard(engine: engine, route: route, departure: start, language: language, product: "metro-timer \(MetroTimer.version)").page()
        if output == "-" {
            context.stdout.write(page)
            return
        }
        // Private like every file metro-timer writes about the rider: where and when they ride.
        try ExportFile.write(page, to: output, mode: 0o600, language: language)
        let size = (page.utf8.count + 1023) / 1024
        context.stderr.line(language.tr(
            "Картку поїздки записано: \(Quote.value(output)) (\(size) КБ). Відкрийте її в браузері телефона; мережа не потрібна.",
            "Ride card written to \(Quote.value(output)) (\(size) KB). Open it in your phone's browser; it needs no network."))
    }
}
