import CLIKit
import MetroCore

/// `metro-timer stations [QUERY] [--line M1|M2|M3]`: the list, both names, in line order.
struct StationsCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "stations"],
        abstract: Text(
            "Перелік станцій обома мовами або пошук станції.",
            "List stations in both languages, or look one up."),
        arguments: [
            .positional(
                "query", optional: true,
                Text("Назва чи її частина, будь-якою мовою.", "A name or part of one, in either language.")
            ).completing(.stations),
            .option("line", value: "M1|M2|M3", Text("Лише станції цієї лінії.", "Only the stations of this line.")),
            .flag(
                "json",
                Text("Вивести JSON (схема: docs/guide/planning.md).", "Print JSON (schema: docs/guide/planning.md).")),
        ] + GlobalOptions.arguments)

    var query: String?
    var line: String?
    var json = false

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        query = arguments.value("query")
        line = arguments.value("line")?.uppercased()
        json = arguments.flag("json")
        if let line, context.network.line(line) == nil {
            throw .usage(
                options.language.tr(
                    "Невідома лінія '\(arguments.value("line")!)'; є M1, M2 і M3",
                    "Unknown line '\(arguments.value("line")!)'; the lines are M1, M2 and M3"), Self.spec)
        }
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        let network = context.network
        var stations = network.stations
        if let query {
            switch context.search.match(query) {
            case .found(let station): stations = [station]
            case .ambiguous(let candidates): stations = candidates
            case .notFound:
                // A code (mr18_127) is a station too; anything else throws with suggestions.
                stations = [try context.station(query, spec: Self.spec, language: language)]
            }
        }
        if let line {
            let found = stations
            stations = stations.filter { $0.line == line }
            // A station found, but on another line: said, never an empty answer with exit 0.
            if stations.isEmpty, let query {
                let names = found.map { Names.station($0, language) + " (\($0.line))" }.joined(separator: ", ")
                throw .failure(
                    language.tr(
                        "'\(query)' на лінії \(line) немає: це \(names). Приберіть --line або пишіть 'metro-timer stations --line \(line)'.",
                        "No '\(query)' on \(line): it is \(names). Drop --line, or write 'metro-timer stations --line \(line)'."
                    ))
            }
        }
        if json {
            context.stdout.write(JSONOutput.text(Listing(stations: stations.map(Listing.Entry.init))))
            return
        }
        let style = Style(enabled: options.color)
        let ukWidth = stations.map(\.nameUk.count).max() ?? 0
        let enWidth = stations.map(\.nameEn.count).max() ?? 0
        for station in stations {
            let color = network.line(station.line)!.color
            var row =
                style.line(station.line, color: color) + "  " + station.nameUk.padding(ukWidth) + "  "
                + station.nameEn.padding(enWidth)
            var notes: [String] = []
            if station.aboveGround { notes.append("☀ " + language.tr("наземна", "above ground")) }
            if let partner = station.transfer.flatMap(network.station) {
                notes.append("⇄ " + Names.station(partner, language) + " (\(partner.line))")
            }
            if !station.formerNames.isEmpty {
                notes.append(
                    (station.formerNames.count == 1
                        ? language.tr("колишня назва: ", "formerly ") : language.tr("колишні назви: ", "formerly "))
                        + station.formerNames.map { language.tr($0.uk, $0.en) }.joined(separator: ", "))
            }
            if !notes.isEmpty { row += "  " + notes.joined(separator: " · ") }
            context.stdout.line(row.trimmingTrailingSpaces())
        }
    }

    /// `stations --json`: the stations listed, in line order.
    struct Listing: Encodable {
        struct Entry: Encodable {
            var code: String
            var line: String
            var nameUk: String
            var nameEn: String
            var aboveGround: Bool
            /// The station across the transfer, when there is one.
            var transfer: String?
            var formerNames: [NetworkDocument.FormerName]

            init(_ station: NetworkDocument.Station) {
                code = station.code
                line = station.line
                nameUk = station.nameUk
                nameEn = station.nameEn
                aboveGround = station.aboveGround
                transfer = station.transfer
                formerNames = station.formerNames
            }
        }
        var version = 1
        var stations: [Entry]
    }
}
