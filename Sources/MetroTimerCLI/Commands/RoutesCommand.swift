import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

extension ConfigStore {
    var routesPath: String { directory + "/routes.json" }

    /// The saved routes (every value checked on reading, as for every file).
    func routes(language: Language) throws(CLIError) -> SavedRoutes {
        try read(SavedRoutes.self, at: routesPath, version: SavedRoutes.currentVersion, language: language)
            ?? SavedRoutes()
    }
}

extension Context {
    /// A saved route by name, for `plan NAME` and `start NAME`; nil when there is none.
    func savedRoute(_ name: String, language: Language) throws(CLIError) -> (
        NetworkDocument.Station, NetworkDocument.Station
    )? {
        guard let entry = try config.routes(language: language).route(named: name),
            let from = network.station(entry.from), let to = network.station(entry.to)
        else { return nil }
        return (from, to)
    }

    /// The ends of a ride given as `FROM TO`, or as one saved route's name.
    func rideEnds(_ first: String, _ second: String?, spec: CommandSpec, language: Language) throws(CLIError) -> (
        NetworkDocument.Station, NetworkDocument.Station
    ) {
        if let second { return try rideEnds(first, second, spec: spec, language: language) }
        if let saved = try savedRoute(first, language: language) { return saved }
        if case .found = search.match(first) {
            throw .usage(language.tr("Бракує обовʼязкового аргументу '<to>'", "Missing expected argument '<to>'"), spec)
        }
        throw .usage(
            language.tr(
                "Бракує обовʼязкового аргументу '<to>' ('\(first)' — не збережений маршрут; див. 'metro-timer routes list')",
                "Missing expected argument '<to>' ('\(first)' is not a saved route; see 'metro-timer routes list')"),
            spec)
    }

    /// The recent rides, newest first, each pair once: from the journal (one that `journal`
    /// refuses, a directory, a link, another user's, is refused here too, never read as empty).
    func recentRides(limit: Int) throws(CLIError) -> [(from: String, to: String)] {
        // One record at a time: the latest ride of each pair (a few thousand pairs at most),
        // never the whole journal in memory.
        var latest: [String: (from: String, to: String, endedAt: Date, order: Int)] = [:]
        var order = 0
        let problems = try tripStore.forEachJournalRecord { record in
            order += 1
            let key = record.from + ">" + record.to
            if let known = latest[key], known.endedAt >= record.endedAt { return }
            latest[key] = (record.from, record.to, record.endedAt, order)
        }
        // A line skipped is said, as `journal` says it.
        for problem in problems { stderr.line(tripStore.skippedWarning(problem)) }
        // Newest first; of two ending at the same moment, the one written first (as the stable
        // sort of the whole journal had it).
        let sorted = latest.values.sorted { ($0.endedAt, -$0.order) > ($1.endedAt, -$1.order) }
        return sorted.prefix(limit).map { ($0.from, $0.to) }
    }
}

/// `metro-timer routes add NAME FROM TO | list | remove NAME`: routes kept by name, for
/// `plan NAME` and `start NAME`; `list` shows the recent rides too.
struct RoutesCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "routes"],
        abstract: Text(
            "Збережені маршрути (plan НАЗВА, start НАЗВА) і останні поїздки.",
            "Saved routes (plan NAME, start NAME) and your recent rides."),
        discussion: Text(
            "'metro-timer start --again' починає останню поїздку знову.",
            "'metro-timer start --again' starts your last ride again."),
        arguments: [
            .positional("action", optional: true, Text("list, add або remove.", "list, add or remove.")).completing(
                .choices(["list", "add", "remove"])),
            .positional("name", optional: true, Text("Назва маршруту.", "The route's name.")).completing(.routes),
            .positional("from", optional: true, Text("Для add: звідки.", "For add: from.")).completing(.stations),
            .positional("to", optional: true, Text("Для add: куди.", "For add: to.")).completing(.stations),
            .flag("json", Text("Для list: вивести JSON.", "For list: print JSON.")),
        ] + GlobalOptions.arguments,
        usageOverride: "list [--json] | add <name> <from> <to> | remove <name>")

    enum Action {
        case list(json: Bool)
        case add(SavedRoutes.Entry)
        case remove(String)
    }

    var action: Action

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        switch arguments.value("action") ?? "list" {
        case "list":
            guard arguments.value("name") == nil else {
                throw .usage(
                    language.tr(
                        "Зайвий аргумент '\(arguments.value("name")!)'",
                        "Unexpected argument '\(arguments.value("name")!)'"), Self.spec)
            }
            action = .list(json: arguments.flag("json"))
        case "add":
            guard let name = arguments.value("name"), let from = arguments.value("from"), let to = arguments.value("to")
            else {
                throw .usage(
                    language.tr(
                        "Для add потрібні назва і дві станції: 'metro-timer routes add home Лісова Теремки'",
                        "'add' needs a name and two stations: 'metro-timer routes add home Lisova Teremky'"), Self.spec)
            }
            if let problem = SavedRoutes.nameProblem(name) {
                throw .usage(
                    language.tr(
                        "Назва '\(name)' не годиться: 1–40 літер, цифр, '-' чи '_', першою — літера",
                        "The name '\(name)' will not do: \(problem.en)"), Self.spec)
            }
            // A route named like a station would hide it: 'plan Lisova' must keep meaning Lisova.
            let station: NetworkDocument.Station?
            if case .found(let found) = StationSearch.kyiv.match(name) {
                station = found
            } else {
                station = context.network.station(name)
            }
            if let station {
                throw .usage(
                    language.tr(
                        "Назва '\(name)' уже означає станцію \(Names.station(station, language)): 'metro-timer plan \(name)' прочитав би її як станцію. Оберіть іншу назву.",
                        "The name '\(name)' already means the station \(Names.station(station, language)): 'metro-timer plan \(name)' would read it as the station. Choose another name."
                    ), Self.spec)
            }
            let (origin, destination) = try context.rideEnds(from, to, spec: Self.spec, language: language)
            action = .add(SavedRoutes.Entry(name: name, from: origin.code, to: destination.code))
        case "remove":
            guard let name = arguments.value("name"), arguments.value("from") == nil else {
                throw .usage(
                    language.tr(
                        "Вкажіть назву: 'metro-timer routes remove home'",
                        "Give the name: 'metro-timer routes remove home'"), Self.spec)
            }
            action = .remove(name)
        case let other:
            throw .usage(
                language.tr(
                    "Невідома дія '\(other)'; є list, add, remove",
                    "Unknown action '\(other)'; the actions are list, add, remove"), Self.spec)
        }
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        let config = context.config
        func name(_ code: String) -> String { Names.station(code, context.network, language) }
        switch action {
        case .list(let json):
            let saved = try config.routes(language: language).routes
            let recent = try context.recentRides(limit: 5)
            if json {
                func ref(_ code: String) -> [String: String] {
                    let station = context.network.station(code)
                    return [
                        "code": code, "line": station?.line ?? "", "nameUk": station?.nameUk ?? "",
                        "nameEn": station?.nameEn ?? "",
                    ]
                }
                let object: [String: Any] = [
                    "version": 1,
                    "routes": saved.map { ["name": $0.name, "from": ref($0.from), "to": ref($0.to)] as [String: Any] },
                    "recent": recent.map { ["from": ref($0.from), "to": ref($0.to)] },
                ]
                context.stdout.write(JSONOutput.text(object))
                return
            }
            if saved.isEmpty {
                context.stdout.line(
                    language.tr(
                        "Збережених маршрутів немає. Додати: 'metro-timer routes add home Лісова Теремки'.",
                        "No saved routes. Add one with 'metro-timer routes add home Lisova Teremky'."))
            }
            let width = saved.map(\.name.count).max() ?? 0
            for entry in saved {
                context.stdout.line(entry.name.padding(width) + "  " + name(entry.from) + " → " + name(entry.to))
            }
            if !recent.isEmpty {
                context.stdout.line(
                    language.tr(
                        "Останні поїздки (start --again — остання):", "Recent rides (start --again repeats the last):"))
                for ride in recent { context.stdout.line("  " + name(ride.from) + " → " + name(ride.to)) }
            }
        case .add(let entry):
            try config.locked { () throws(CLIError) in
                var file = try config.routes(language: language)
                file.routes.removeAll { $0.name.lowercased() == entry.name.lowercased() }
                file.routes.append(entry)
                try config.write(file, to: config.routesPath)
            }
            context.stdout.line(
                language.tr("Збережено: ", "Saved: ") + entry.name + "  " + name(entry.from) + " → " + name(entry.to)
                    + language.tr(
                        " ('metro-timer plan \(entry.name)', 'metro-timer start \(entry.name)').",
                        " ('metro-timer plan \(entry.name)', 'metro-timer start \(entry.name)')."))
        case .remove(let routeName):
            try config.locked { () throws(CLIError) in
                var file = try config.routes(language: language)
                guard file.route(named: routeName) != nil else {
                    throw .failure(
                        language.tr(
                            "Маршруту '\(routeName)' немає; див. 'metro-timer routes list'.",
                            "There is no route '\(routeName)'; see 'metro-timer routes list'."))
                }
                file.routes.removeAll { $0.name.lowercased() == routeName.lowercased() }
                try config.write(file, to: config.routesPath)
            }
            context.stdout.line(language.tr("Маршрут '\(routeName)' прибрано.", "Removed the route '\(routeName)'."))
        }
    }
}
