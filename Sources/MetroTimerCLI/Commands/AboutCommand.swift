import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `metro-timer about [--json]`: what the program is, what its figures rest on, what it writes
/// and where, and what (if anything) it sends over the network. Everything is read from the
/// network in use (the embedded one, or the one `timetable-gen install` installed) and the real
/// settings, never restated by hand.
struct AboutCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "about"],
        abstract: Text(
            "Версія, дані та їхня ліцензія, припущення, файли і мережа.",
            "The version, the data and its licence, the assumptions, the files and the network."),
        arguments: [.flag("json", Text("Вивести JSON.", "Print JSON."))] + GlobalOptions.arguments)

    var json: Bool

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        json = arguments.flag("json")
    }

    struct Facts: Encodable {
        struct Data: Encodable {
            /// `embedded` (built into the binary) or `installed` (by `timetable-gen install`).
            var timetable: String
            /// The installed timetable's file; absent for the embedded one.
            var path: String?
            var dataset: String
            var publisher: String
            var licence: String
            var resourcesDated: String
            var retrieved: String
        }
        struct Walk: Encodable {
            var from: String
            var to: String
            var fromNameUk: String
            var fromNameEn: String
            var toNameUk: String
            var toNameEn: String
            var walkSeconds: Int
            var basis: String
        }
        struct Assumptions: Encodable {
            var dwellSeconds: Int
            var bookedWaitFraction: Double
            var walks: [Walk]
        }
        struct Place: Encodable {
            var directory: String
            var files: [String]
        }
        struct NetworkUse: Encodable {
            var alertCheck: Bool
            var url: String?
            var timeoutMilliseconds: Int?
        }
        var version = 1
        var program: String
        var data: Data
        var assumptions: Assumptions
        var state: Place
        var config: Place
        /// Where `timetable-gen install` puts a timetable (whether or not one is there).
        var installed: Place
        var network: NetworkUse
    }

    func facts(_ context: Context, language: Language) throws(CLIError) -> Facts {
        let document = context.network.document
        let source = document.source
        let settings = try context.config.alerts(language: language)
        let walks = document.transfers.map { transfer in
            Facts.Walk(
                from: transfer.stationA, to: transfer.stationB,
                fromNameUk: Names.station(transfer.stationA, context.network, .uk),
                fromNameEn: Names.station(transfer.stationA, context.network, .en),
                toNameUk: Names.station(transfer.stationB, context.network, .uk),
                toNameEn: Names.station(transfer.stationB, context.network, .en),
                walkSeconds: transfer.walkSeconds, basis: transfer.basis)
        }
        return Facts(
            program: "metro-timer \(MetroTimer.version)",
            data: .init(
                timetable: context.installedTimetable == nil ? "embedded" : "installed",
                path: context.installedTimetable?.path,
                dataset: source.dataset, publisher: source.publisher, licence: source.licence,
                resourcesDated: source.resourcesDated, retrieved: source.retrieved),
            assumptions: .init(
                dwellSeconds: document.assumptions.dwellSeconds,
                bookedWaitFraction: ScheduleEngine(network: context.network, clock: context.clock).bookedWaitFraction,
                walks: walks),
            state: .init(
                directory: FileTripStore.directory(environment: context.environment),
                files: ["trip.json", "journal.jsonl", "calibration.json"]),
            config: .init(
                directory: ConfigStore.directory(environment: context.environment),
                files: ["changes.json", "alerts.json", "routes.json"]),
            installed: .init(
                directory: InstalledNetwork.directory(environment: context.environment),
                files: [InstalledNetwork.fileName]),
            network: .init(
                alertCheck: settings.enabled, url: settings.enabled ? settings.url.map(Quote.url) : nil,
                timeoutMilliseconds: settings.enabled ? settings.timeoutMilliseconds : nil))
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        let facts = try facts(context, language: language)
        if json {
            let encoder = JSONObject.encoder(pretty: true, slashes: .asIs)
            let data = (try? encoder.encode(facts)) ?? Data()
            context.stdout.write(Quote.json(String(decoding: data, as: UTF8.self)) + "\n")
            return
        }
        let style = Style(enabled: options.color)
        var out: [String] = [
            style.bold(facts.program),
            MetroTimer.spec.abstract(language),
            "",
            style.bold(language.tr("Дані", "Data")),
            "  "
                + (facts.data.path.map { path in
                    language.tr(
                        "Розклад: встановлений, \(Quote.value(path)) ('timetable-gen install --remove' повертає вбудований).",
                        "Timetable: installed, \(Quote.value(path)) ('timetable-gen install --remove' goes back to the built-in one)."
                    )
                }
                    ?? language.tr("Розклад: вбудований у програму.", "Timetable: built into the program.")),
            "  " + language.tr("Набір даних: ", "Dataset: ")
                + Quote.value(Self.datasetName(facts.data.dataset, language)),
            "  " + language.tr("Видавець: ", "Publisher: ")
                + Quote.value(Self.inUkrainian(facts.data.publisher, language)),
            "  " + language.tr("Ліцензія: ", "Licence: ") + Quote.value(Self.inUkrainian(facts.data.licence, language)),
            "  "
                + language.tr(
                    "Розклад станом на \(Quote.value(facts.data.resourcesDated)), завантажено \(Quote.value(facts.data.retrieved)).",
                    "Timetable dated \(Quote.value(facts.data.resourcesDated)), retrieved \(Quote.value(facts.data.retrieved))."
                ),
            "",
            style.bold(language.tr("Припущено, не опубліковано", "Assumed, not published")),
            "  "
                + language.tr(
                    "Стоянка: \(facts.assumptions.dwellSeconds) с на кожній проміжній станції.",
                    "Dwell: \(facts.assumptions.dwellSeconds) s at every intermediate stop."),
        ]
        for walk in facts.assumptions.walks {
            let basis =
                walk.basis == "measured" ? language.tr("виміряно", "measured") : language.tr("оцінка", "estimate")
            out.append(
                "  " + language.tr("Перехід ", "Walk ") + Quote.value(language.tr(walk.fromNameUk, walk.fromNameEn))
                    + " ⇄ "
                    + Quote.value(language.tr(walk.toNameUk, walk.toNameEn)) + ": "
                    + Durations.clock(walk.walkSeconds) + " (" + basis + ")")
        }
        out.append(
            "  "
                + language.tr(
                    "Очікування після пересадки: заплановано ¼ інтервалу нової лінії (насправді від нуля до цілого інтервалу).",
                    "The wait after a transfer: ¼ of the new line's interval is booked (really anything from none to a whole interval)."
                ))
        out += Self.filesAndNetwork(facts, style: style, language: language)
        out += ["", style.bold(language.tr("Посібник (у джерельному коді)", "The guide (in the source tree)"))]
        out += Self.guide.map { page in "  docs/guide/" + page.file + "  " + page.topic(language) }
        context.stdout.write(out.joined(separator: "\n") + "\n")
    }

    /// Where the files are, and what goes over the network.
    static func filesAndNetwork(_ facts: Facts, style: Style, language: Language) -> [String] {
        var out = [
            "",
            style.bold(language.tr("Файли", "Files")),
            // The directories come from the environment: quoted like any text from outside.
            "  " + Quote.value(facts.state.directory) + "/  " + facts.state.files.joined(separator: ", "),
            "  " + Quote.value(facts.config.directory) + "/  " + facts.config.files.joined(separator: ", "),
            "  " + Quote.value(facts.installed.directory) + "/  " + facts.installed.files.joined(separator: ", ")
                + language.tr(" (розклад з 'timetable-gen install')", " (a timetable from 'timetable-gen install')"),
            "  "
                + language.tr("Каталоги 0700, файли 0600: лише для вас.", "Directories 0700, files 0600: yours alone."),
            "",
            style.bold(language.tr("Мережа", "Network")),
        ]
        if facts.network.alertCheck {
            out.append(
                "  "
                    + language.tr(
                        "Перевірка тривог увімкнена: коли починається план чи поїздка, окремий процес metro-timer питає \(facts.network.url ?? "?") (до \(facts.network.timeoutMilliseconds ?? 0) мс), чи є у Києві повітряна тривога. Більше нічого не надсилається.",
                        "The alert check is on: when a plan or ride starts, a separate metro-timer process asks \(facts.network.url ?? "?") (up to \(facts.network.timeoutMilliseconds ?? 0) ms) whether an air-raid alert is on in Kyiv. Nothing else is sent."
                    ))
            out.append(
                "  "
                    + language.tr(
                        "Вимкнути: 'metro-timer alerts disable'.", "To turn it off: 'metro-timer alerts disable'."))
        } else {
            out.append(
                "  "
                    + language.tr(
                        "Нічого не надсилається: перевірку тривог вимкнено ('metro-timer alerts enable --url URL' вмикає її).",
                        "Nothing is sent: the alert check is off ('metro-timer alerts enable --url URL' turns it on)."))
        }
        return out
    }

    /// The guide's pages (docs/guide/; the README links the same ones), each with what it covers.
    static let guide: [(file: String, topic: Text)] = [
        (
            "planning.md",
            Text(
                "план: зміни руху, перевірка тривог, мова, JSON, коди виходу; як працює модель",
                "plan: service changes, the alert check, language, JSON, exit codes; how the model works")
        ),
        (
            "riding.md",
            Text(
                "поїздка: клавіші, виведення, сповіщення без екрана, рядок стану, журнал, калібрування",
                "the ride: keys, outputs, alerts with no screen, the status line, the journal, calibration")
        ),
        (
            "files-and-privacy.md",
            Text(
                "ваші файли: де і як вони зберігаються, що перевіряється, мережа",
                "your files: where and how they are kept, what is checked, the network")
        ),
        ("accuracy.md", Text("точність: перевірка на розкладі", "accuracy: the timetable backtest")),
        (
            "field.md",
            Text(
                "перевірка в полі: анонімний журнал для передачі й зведення багатьох",
                "field validation: an anonymous journal to hand on, and pooling many")
        ),
        ("gtfs.md", Text("стрічка GTFS метро і як її перевірено", "the metro's GTFS feed and how it is checked")),
        (
            "calendar-and-card.md",
            Text(
                "поїздка в календарі (--ics) і картка поїздки для телефона (card)",
                "the ride in a calendar (--ics) and the ride card for a phone (card)")
        ),
        (
            "data-refresh.md",
            Text(
                "оновлення даних і новіший розклад без перезбирання",
                "refreshing the data, a newer timetable without rebuilding")
        ),
        (
            "install.md",
            Text(
                "збирання, встановлення, випуски, доповнення, man",
                "building, installing, releases, completions, man pages")
        ),
    ]

    /// The portal's English wording of its publisher and licence (as the network records them),
    /// in the portal's own Ukrainian; anything else as it is.
    /// The portal publishes the dataset's title in Ukrainian only: in English, a translation
    /// first, then the title and id as published (what a reader searches the portal for).
    static func datasetName(_ text: String, _ language: Language) -> String {
        guard language == .en else { return text }
        let known = [
            "Розклад руху міського електричного та автомобільного транспорту":
                "Timetable of urban electric and road transport"
        ]
        guard let english = known.first(where: { text.hasPrefix($0.key) })?.value else { return text }
        return english + " — " + text
    }

    static func inUkrainian(_ text: String, _ language: Language) -> String {
        guard language == .uk else { return text }
        let known: [String: String] = [
            "Kyiv City State Administration (transport infrastructure department); data owner KP Kyivskyi Metropoliten":
                "Київська міська державна адміністрація (департамент транспортної інфраструктури); власник даних — КП «Київський метрополітен»",
            "Open Data Licence (free for personal or commercial use)":
                "Ліцензія відкритих даних (вільне використання в особистих і комерційних цілях)",
        ]
        return known[text] ?? text
    }
}
