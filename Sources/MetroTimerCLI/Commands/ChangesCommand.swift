import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `metro-timer changes list|add|remove`: service changes kept between runs, with dates.
struct ChangesCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "changes"],
        abstract: Text(
            "Зміни в русі, що діють кілька днів: зачинені станції, перекриті ділянки, інтервали.",
            "Service changes that last: closed stations, suspended sections, intervals."),
        discussion: Text(
            "plan, start і status враховують записи, чинні в день поїздки. Прострочені записи ігноруються і позначені в списку.",
            "plan, start and status honour the entries in force on the day of the ride. Expired entries are ignored and marked in the list."
        ),
        arguments: [
            .positional("action", optional: true, Text("list, add або remove.", "list, add or remove.")).completing(
                .choices(["list", "add", "remove"])),
            .positional("id", optional: true, Text("Номер запису (для remove).", "The entry's number (for remove).")),
            .option(
                "closed", value: "station",
                Text("add: станція зачинена (можна кілька).", "add: a closed station (repeatable).")
            ).completing(.stations),
            .option(
                "suspended", value: "A-B", Text("add: між A і B поїзди не ходять.", "add: no trains between A and B.")),
            .option(
                "headway", value: "minutes", Text("add: інтервал, 10 або M1=10.", "add: an interval, 10 or M1=10.")),
            .option(
                "day-type", value: "weekday|weekend",
                Text(
                    "add: ці дні за розкладом вихідного (weekend) чи робочого (weekday) дня.",
                    "add: those days run to the weekend (or weekday) timetable.")
            ).completing(.choices(["weekday", "weekend"])),
            .option(
                "from", value: "YYYY-MM-DD", Text("add: перший день.", "add: the first day."),
                default: Text("сьогодні", "today")),
            .option(
                "until", value: "YYYY-MM-DD", Text("add: останній день.", "add: the last day."),
                default: Text("без кінця", "open-ended")),
            .option("note", value: "text", Text("add: примітка.", "add: a note.")),
        ] + GlobalOptions.arguments,
        usageOverride:
            "list | add (--closed <station> | --suspended <A-B> | --headway <minutes> | --day-type <weekday|weekend>)... [--from <YYYY-MM-DD>] [--until <YYYY-MM-DD>] [--note <text>] | remove <id>"
    )

    enum Action {
        case list
        /// One entry per `--closed`, `--suspended` and `--headway` given, all with the same dates.
        case add([ChangesFile.Entry])
        case remove(Int)
    }

    var action: Action

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        switch arguments.value("action") ?? "list" {
        case "list":
            action = .list
        case "remove":
            guard let text = arguments.value("id"), let id = DecimalNumber.whole(text) else {
                throw .usage(
                    language.tr(
                        "Вкажіть номер запису: 'metro-timer changes remove 2'",
                        "Give the entry's number: 'metro-timer changes remove 2'"), Self.spec)
            }
            action = .remove(id)
        case "add":
            action = .add(try Self.entries(arguments, context: context, language: language))
        case let other:
            throw .usage(
                language.tr(
                    "Невідома дія '\(other)'; є list, add, remove",
                    "Unknown action '\(other)'; the actions are list, add, remove"), Self.spec)
        }
    }

    static func entries(_ arguments: ParsedArguments, context: Context, language: Language) throws(CLIError)
        -> [ChangesFile.Entry]
    {
        let count = ["closed", "suspended", "headway", "day-type"].map { arguments.values($0).count }.reduce(0, +)
        guard count > 0 else {
            throw .usage(
                language.tr(
                    "Для add потрібне --closed, --suspended, --headway чи --day-type (перші три можна повторити)",
                    "'add' needs --closed, --suspended, --headway or --day-type (the first three may be repeated)"),
                spec)
        }
        var dates: [String?] = []
        for key in ["from", "until"] {
            guard let text = arguments.value(key) else {
                dates.append(nil)
                continue
            }
            guard let day = PlanCommand.parseDate(text) else {
                throw .usage(
                    language.tr(
                        "Дата '\(text)' має бути справжньою датою у форматі YYYY-MM-DD",
                        "The date '\(text)' must be a real date written YYYY-MM-DD"), spec)
            }
            dates.append(day.description)
        }
        // --from defaults to now, as the help says: today's service day, written down.
        let from = dates[0] ?? context.clock.position(of: context.now()).serviceDay.description
        if let note = arguments.value("note"), Quote.hasControl(note) || note.count > 200 {
            throw .usage(
                language.tr(
                    "Примітка має бути одним рядком тексту до 200 знаків, без керівних символів",
                    "A note must be one line of text, at most 200 characters, with no control characters"), Self.spec)
        }
        let base = ChangesFile.Entry(id: 0, kind: .closed, from: from, until: dates[1], note: arguments.value("note"))
        var result: [ChangesFile.Entry] = []
        // The same station or section twice is a slip of the keyboard, said as such (not as an
        // overlap with an entry that does not exist yet).
        func twice(_ what: String) -> CLIError {
            .usage(language.tr("\(what) вказано двічі", "\(what) is given twice"), spec)
        }
        for name in arguments.values("closed") {
            var entry = base
            let station = try context.station(name, spec: spec, language: language)
            guard !result.contains(where: { $0.station == station.code }) else {
                throw twice(Names.station(station, language))
            }
            entry.station = station.code
            result.append(entry)
        }
        for text in arguments.values("suspended") {
            var entry = base
            entry.kind = .suspended
            entry.section = try ServiceOptions.section(text, context: context, spec: spec, language: language)
            guard !result.contains(where: { $0.kind == .suspended && $0.section == entry.section }) else {
                throw twice("'\(text)'")
            }
            result.append(entry)
        }
        if let text = arguments.value("day-type") {
            var entry = base
            entry.kind = .dayType
            entry.dayType = try ServiceOptions.dayType(text, spec: spec, language: language)
            result.append(entry)
        }
        for text in arguments.values("headway") {
            var entry = base
            entry.kind = .headway
            (entry.line, entry.headwaySeconds) = try ServiceOptions.headway(
                text, network: context.network, spec: spec, language: language)
            result.append(entry)
        }
        return result
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        if case .list = action {
            try apply(context, options: options)
        } else {
            try context.config.locked { () throws(CLIError) in try apply(context, options: options) }
        }
    }

    func apply(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        let config = context.config
        var file = try config.changes(language: language, network: context.network)
        switch action {
        case .list:
            guard !file.entries.isEmpty else {
                context.stdout.line(
                    language.tr(
                        "Змін у русі немає. Додати: 'metro-timer changes add --closed СТАНЦІЯ'.",
                        "No service changes. Add one with 'metro-timer changes add --closed STATION'."))
                return
            }
            let today = context.clock.position(of: context.now()).serviceDay.description
            for entry in file.entries {
                context.stdout.line(Self.describe(entry, today: today, network: context.network, language: language))
            }
        case .add(let additions):
            let today = context.clock.position(of: context.now()).serviceDay.description
            // All or nothing: each is checked against the file and the ones before it.
            var added: [ChangesFile.Entry] = []
            for var entry in additions {
                if let refusal = file.refusal(for: entry, network: context.network, today: today) {
                    switch refusal {
                    case .untilBeforeFrom:
                        throw .usage(
                            language.tr("--until раніше за --from", "--until is earlier than --from"), Self.spec)
                    case .inThePast:
                        throw .usage(
                            language.tr(
                                "--until \(entry.until ?? "") уже минув (сьогодні \(today)): такий запис ніколи не діяв би",
                                "--until \(entry.until ?? "") is already past (today is \(today)): such an entry would never apply"
                            ), Self.spec)
                    case .overlaps(let id):
                        let other = file.entries.first { $0.id == id }!
                        throw .failure(
                            language.tr(
                                "Запис перекривається з #\(id) (\(Self.what(other, network: context.network, language: language))) у ті самі дні; змініть дати або приберіть #\(id).",
                                "This overlaps #\(id) (\(Self.what(other, network: context.network, language: language))) on the same days; change the dates or remove #\(id) first."
                            ))
                    }
                }
                entry.id = (file.entries.map(\.id).max() ?? 0) + 1
                file.entries.append(entry)
                added.append(entry)
            }
            try config.write(file, to: config.changesPath)
            for entry in added {
                context.stdout.line(
                    language.tr("Додано: ", "Added: ")
                        + Self.describe(entry, today: today, network: context.network, language: language))
            }
        case .remove(let id):
            guard file.entries.contains(where: { $0.id == id }) else {
                throw .failure(
                    language.tr(
                        "Запису #\(id) немає; див. 'metro-timer changes list'.",
                        "There is no entry #\(id); see 'metro-timer changes list'."))
            }
            file.entries.removeAll { $0.id == id }
            try config.write(file, to: config.changesPath)
            context.stdout.line(language.tr("Запис #\(id) прибрано.", "Removed #\(id)."))
        }
    }

    static func what(_ entry: ChangesFile.Entry, network: Network, language: Language) -> String {
        var changes = ServiceChanges()
        switch entry.kind {
        case .closed: changes.closed = entry.station.map { [$0] } ?? []
        case .suspended: changes.suspended = entry.section.map { [$0] } ?? []
        case .headway:
            for line in entry.line.map({ [$0] }) ?? network.lines.map(\.id) {
                changes.headways[line] = entry.headwaySeconds
            }
        case .dayType: changes.dayType = entry.dayType
        }
        let summary = ServiceOptions.summary(changes, network: network, language: language) ?? ""
        return String(summary.drop { $0 != ":" }.dropFirst(2))
    }

    static func describe(_ entry: ChangesFile.Entry, today: String, network: Network, language: Language) -> String {
        let dates = "\(entry.from.map(Quote.value) ?? "…") → \(entry.until.map(Quote.value) ?? "…")"
        let status: String
        switch entry.status(on: today) {
        case .active: status = language.tr("діє", "active")
        case .upcoming: status = language.tr("очікується", "upcoming")
        case .expired: status = language.tr("минув", "expired")
        }
        var line = "#\(entry.id)  \(what(entry, network: network, language: language))  \(dates)  \(status)"
        if let note = entry.note { line += "  (\(Quote.value(note)))" }
        return line
    }
}
