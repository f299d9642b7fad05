import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `metro-timer status`: one line for a tmux status bar or a shell prompt, from the state file
/// alone. Nothing at all (and exit 0) when no trip is active.
struct StatusCommand: Command {
    static let placeholders: [(String, Text)] = [
        ("line", Text("лінія наступної зупинки", "the next stop's line")),
        ("next", Text("наступна станція", "the next station")),
        ("next_time", Text("коли поїзд буде там (HH:MM)", "when the train gets there (HH:MM)")),
        ("stops", Text("скільки зупинок лишилось", "stops left")),
        ("transfer", Text("до «пересадка — наступна» (m:ss)", "until \"change is next\" (m:ss)")),
        ("alert", Text("до «наступна — ваша» (m:ss)", "until \"yours is next\" (m:ss)")),
        ("arrival", Text("до прибуття (m:ss)", "until arrival (m:ss)")),
        ("arrival_time", Text("час прибуття (HH:MM)", "the arrival time (HH:MM)")),
        ("arrival_range", Text("можливий час прибуття (HH:MM–HH:MM)", "the arrival's range (HH:MM–HH:MM)")),
        ("to", Text("станція призначення", "the destination")),
        (
            "warning",
            Text(
                "попередження екрана поїздки (не доїхати, останній поїзд, зачинена станція попереду) або нічого",
                "the ride screen's warning (cannot be completed, the last train, a closed station ahead), or nothing")
        ),
    ]

    static let spec = CommandSpec(
        path: ["metro-timer", "status"],
        abstract: Text(
            "Один рядок про поїздку для tmux чи запрошення оболонки; нічого, якщо поїздки немає.",
            "One line about the ride for tmux or a shell prompt; nothing when no trip is active."),
        discussion: Text(
            "Заповнювачі: " + placeholders.map { "{\($0.0)} — \($0.1.uk)" }.joined(separator: ", ")
                + ". Знак '#' у назвах друкується як '##', щоб tmux показав його, а не прочитав як формат.",
            "Placeholders: " + placeholders.map { "{\($0.0)} \($0.1.en)" }.joined(separator: ", ")
                + ". A '#' in a name is printed as '##', so that tmux shows it rather than reading it as a format."),
        arguments: [
            .option(
                "format", value: "FMT", Text("Власний формат рядка.", "Your own line format."),
                default: Text(
                    "{line} {next} {next_time} · N зупинок · прибуття через {arrival}",
                    "{line} {next} {next_time} · N stops · arrival in {arrival}"))
        ] + GlobalOptions.arguments)

    var format: String?

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        format = arguments.value("format")
        if let format {
            var rest = Substring(format)
            while let open = rest.firstIndex(of: "{") {
                guard let close = rest[open...].firstIndex(of: "}") else { break }
                let name = String(rest[rest.index(after: open)..<close])
                guard Self.placeholders.contains(where: { $0.0 == name }) else {
                    throw .usage(
                        options.language.tr(
                            "Невідомий заповнювач '{\(name)}'; є "
                                + Self.placeholders.map { "{\($0.0)}" }.joined(separator: ", "),
                            "Unknown placeholder '{\(name)}'; the placeholders are "
                                + Self.placeholders.map { "{\($0.0)}" }.joined(separator: ", ")), Self.spec)
                }
                rest = rest[rest.index(after: close)...]
            }
        }
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let service = try context.tripService(options)
        let now = context.now()
        guard let (trip, schedule) = try service.activeSchedule(at: now) else {
            // A trip that expired unconfirmed says so once, rather than vanishing.
            if let expired = try service.expiryToAnnounce() {
                let language = options.language
                let to = Quote.tmuxFormat(service.name(expired.destination))
                let due = context.clock.hhmm(try service.model(expired).current(expired).finalArrival)
                context.stdout.line(
                    language.tr(
                        "\(to): поїздка минула без підтвердження (прибуття очікувалось о \(due)). Були там? metro-timer arrived --at ГГ:ХХ",
                        "\(to): the trip expired unconfirmed (arrival was due at \(due)). Were you there? metro-timer arrived --at HH:MM"
                    ))
            }
            return
        }
        context.stdout.line(
            Self.line(
                schedule: schedule, trip: trip, now: now, format: format, context: context, language: options.language))
    }

    static func line(schedule: Schedule, trip: Trip, now: Date, format: String?, context: Context, language: Language)
        -> String
    {
        // What the rider is told now, each alert taken as rung at its moment (as the notifier
        // rings it): the line renders it.
        let told = RideTold(schedule: schedule, fired: nil, at: now)
        let state = told.state
        let network = context.network
        func countdown(_ interval: TimeInterval?) -> String {
            guard let interval else { return "" }
            return Durations.clock(Int(max(0, interval).rounded(.up)))
        }
        // The next station the train stands at: a closed one it runs through is no "next".
        let next = state.nextStanding.map { schedule.stops[$0] }
        var values: [String: String] = [
            "line": next.map { schedule.route.legs[$0.leg].line } ?? schedule.route.legs.last?.line ?? "",
            "next": next.map { Names.station($0.station, network, language) } ?? "",
            "next_time": next.map { context.clock.hhmm($0.time) } ?? "",
            "stops": String(state.stopsLeft),
            // A moment that has passed is empty: never a stale 0:00.
            "transfer": countdown(told.nextChangeAlert?.time.timeIntervalSince(now)),
            "alert": countdown(told.stationAlert?.time.timeIntervalSince(now)),
            "arrival": countdown(state.untilArrival),
            "arrival_time": context.clock.hhmm(schedule.arrival),
            "arrival_range": context.clock.hhmm(schedule.arrivalEarliest) + "–"
                + context.clock.hhmm(schedule.arrivalLatest),
            "to": Names.station(trip.destination, network, language),
            // The first warning the ride screen shows, as a short mark.
            // (Else a closure still ahead on the route, as the screen's service changes line.)
            "warning": told.findingsAhead.first.map {
                FindingText.mark($0, clock: context.clock, language: language, at: now)
            }
                ?? FindingText.closureMark(
                    FindingText.closedAhead(schedule, state: state), network: network, language: language) ?? "",
        ]
        // The line is read by tmux as a format (the README's `#(metro-timer status)`): a name
        // from an installed timetable must not expand, style or run anything there.
        values = values.mapValues(Quote.tmuxFormat)
        guard let format else {
            if state.phase == .arrived {
                return language.tr(
                    "\(values["to"]!): на місці? metro-timer arrived",
                    "\(values["to"]!): there? metro-timer arrived")
            }
            values["stops_text"] = language.stops(state.stopsLeft)
            var line =
                "\(values["line"]!) \(values["next"]!) \(values["next_time"]!) · \(values["stops_text"]!) · "
                + language.tr("прибуття через ", "arrival in ") + values["arrival"]!
            // The banner in force, by its heading ("yours is next", or "get ready" while the
            // station is more than the next stop); the arrival is the line's own.
            if let alert = told.banner, alert != .arrival {
                line += " · " + AlertWording.label(alert, early: told.bannerEarly, language).lowercasedFirst
            }
            // (A closure ahead is said in the short word for every change: the line stays short
            // enough for a status bar; `{warning}` names it.)
            if let warning = values["warning"], !warning.isEmpty, !warning.hasPrefix("ℹ") { line += " · " + warning }
            if let changes = trip.changes {
                line +=
                    " · "
                    + (changes.airRaid
                        ? language.tr("тривога", "air-raid") : language.tr("зміни в русі", "service changes"))
            }
            return line
        }
        // The format's own text came from the user: shown escaped, as every such text is.
        var result = Quote.value(format)
        for (key, value) in values { result = result.replacing("{\(key)}", with: value) }
        return result
    }
}
