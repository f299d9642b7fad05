import CLIKit
import MetroCore

/// Options every command accepts, resolved once at the edge.
struct GlobalOptions: Sendable {
    var language: Language
    var color: Bool

    static let arguments: [ArgumentSpec] = [
        .option(
            "lang", value: "uk|en",
            Text(
                "Мова виводу.", "The output language."),
            default: Text(
                "METRO_TIMER_LANG, LANGUAGE, LC_ALL, LC_MESSAGES, LANG; інакше en",
                "METRO_TIMER_LANG, LANGUAGE, LC_ALL, LC_MESSAGES, LANG; else en"),
            global: true),
        .flag("no-color", Text("Без кольорів (також NO_COLOR).", "No colour (also NO_COLOR)."), global: true),
    ]

    /// `--lang`'s value before the arguments are parsed (for errors that come before parsing).
    static func languageFlag(in arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if argument.hasPrefix("--lang=") { return String(argument.dropFirst(7)) }
            if argument == "--lang", index + 1 < arguments.count { return arguments[index + 1] }
        }
        return nil
    }
}

/// A subcommand shaped like swift-argument-parser's: a static spec, then parse and validate in
/// `init`, then `run`.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    /// Whether operands beyond the declared positionals are accepted (`adjust +1`).
    static var acceptsRest: Bool { get }

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError)
    func run(_ context: Context, options: GlobalOptions) throws(CLIError)
}

extension Command {
    static var acceptsRest: Bool { false }
}

extension Context {
    /// Resolves the two ends of a ride, refusing the same station twice.
    func rideEnds(_ from: String, _ to: String, spec: CommandSpec, language: Language) throws(CLIError) -> (
        NetworkDocument.Station, NetworkDocument.Station
    ) {
        let origin = try station(from, spec: spec, language: language)
        let destination = try station(to, spec: spec, language: language)
        guard origin.code != destination.code else {
            throw .usage(
                language.tr(
                    "Станції відправлення і призначення збігаються (\(Names.station(origin, language)))",
                    "The origin and the destination are the same station (\(Names.station(origin, language)))"), spec)
        }
        return (origin, destination)
    }

    /// Resolves a typed station name, or throws a usage error that lists candidates or
    /// suggestions (exit 64 either way).
    func station(_ query: String, spec: CommandSpec, language: Language) throws(CLIError) -> NetworkDocument.Station {
        // A station's code, as events and the journal write it (`mr18_127`), names it too.
        if let station = network.station(query) { return station }
        // A current name exactly as written, the common case, needs no search index (building
        // it is a tenth of what 'plan' costs); a name is never another station's former name.
        if let station = network.stations.first(where: { $0.nameEn == query || $0.nameUk == query }) { return station }
        switch search.match(query) {
        case .found(let station):
            if let former = search.formerNameMatched(query, station) {
                stderr.line(
                    language.tr(
                        "примітка: '\(Quote.value(query))' — колишня назва (\(former)); тепер це \(Names.station(station, language)).",
                        "note: '\(Quote.value(query))' is a former name (\(former)); the station is now \(Names.station(station, language))."
                    ))
            }
            // "Boryspil" finds Boryspilska, which is not the airport.
            if let note = search.airportNote(query) {
                stderr.line(language.tr("примітка: ", "note: ") + language.tr(note.uk, note.en))
            }
            return station
        case .ambiguous(let candidates):
            // A candidate found by a former name says so.
            let list = candidates.map { candidate in
                Names.stationWithLine(candidate, language)
                    + (search.formerNameMatched(query, candidate).map {
                        language.tr(" — колишня назва \($0)", " — formerly \($0)")
                    } ?? "")
            }.joined(separator: ", ")
            throw .usage(
                language.tr(
                    "'\(query)' відповідає кільком станціям: \(list). Уточніть назву.",
                    "'\(query)' matches several stations: \(list). Type more of the name."), spec)
        case .notFound(let suggestions):
            var message = language.tr("Невідома станція '\(query)'.", "Unknown station '\(query)'.")
            if !suggestions.isEmpty {
                let list = suggestions.map { Names.stationWithLine($0, language) }.joined(separator: ", ")
                message += " " + language.tr("Можливо, \(list)?", "Did you mean \(list)?")
            }
            if let note = search.airportNote(query) { message += " " + language.tr(note.uk, note.en) }
            message +=
                " " + language.tr("Список станцій: 'metro-timer stations'.", "See 'metro-timer stations' for the list.")
            throw .usage(message, spec)
        }
    }
}
