import CLIKit
import FoundationEssentials
import MetroCore
import metro_timer_alerts

#if canImport(Glibc)
import Glibc
#endif

extension ConfigStore {
    var alertsPath: String { directory + "/alerts.json" }

    func alerts(language: Language) throws(CLIError) -> AlertSettings {
        try read(AlertSettings.self, at: alertsPath, version: AlertSettings.currentVersion, language: language) ?? .off
    }
}

extension Context {
    /// Asks the feed, through this executable run in its fetch mode as a process of its own
    /// (`metro-timer __alerts`). Called only when the check is enabled: with it disabled, no
    /// process is started and no socket opened.
    func checkAlertFeed(_ settings: AlertSettings) -> AlertFeed.Verdict {
        guard let url = settings.url else {
            return .unknown(Bilingual("адресу стрічки не задано", "no feed URL is set"))
        }
        let helper = helperDirectory + "/metro-timer"
        guard FileManager.default.isExecutableFile(atPath: helper) else {
            return .unknown(
                Bilingual(
                    "не знайдено самого metro-timer (\(helper)), щоб запустити перевірку",
                    "metro-timer itself (\(helper)) cannot be found to run the check"))
        }
        if let problem = AlertFeed.urlProblem(url) { return .unknown(problem) }
        let output: Data
        do {
            // The URL on standard input: argv is readable by every user in /proc.
            output = try Spawn.run(
                helper, [AlertFetch.mode, String(settings.timeoutMilliseconds)], environment: environment,
                captureOutput: true, input: Data((url + "\n").utf8)
            ).output
        } catch {
            return .unknown(Bilingual("помічник не запустився", "the helper did not start"))
        }
        return AlertFeed.Verdict(line: String(decoding: output, as: UTF8.self))
    }

    /// Today's service for a ride at `moment`: the changes file, the command line, and (when the
    /// check is enabled) the alert feed; with sentences saying what the feed said.
    func todaysService(_ arguments: ParsedArguments, at moment: Date, spec: CommandSpec, language: Language)
        throws(CLIError) -> (ServiceChanges, [String])
    {
        let (changes, notes, _) = try todaysServiceAndFeed(arguments, at: moment, spec: spec, language: language)
        return (changes, notes)
    }

    /// The same, with the feed's verdict (nil when the check is off): the ride rechecks against it.
    func todaysServiceAndFeed(_ arguments: ParsedArguments, at moment: Date, spec: CommandSpec, language: Language)
        throws(CLIError) -> (ServiceChanges, [String], AlertFeed.Verdict?)
    {
        var changes = try serviceChanges(arguments, at: moment, spec: spec, language: language)
        let settings = try config.alerts(language: language)
        guard settings.enabled else { return (changes, [], nil) }
        let verdict = checkAlertFeed(settings)
        let (airRaid, notes) = Self.feedNotes(verdict, language: language)
        if airRaid { changes.airRaid = true }
        return (changes, notes, verdict)
    }

    static func feedNotes(_ verdict: AlertFeed.Verdict, language: Language) -> (Bool, [String]) {
        switch verdict {
        case .alert:
            return (
                true,
                [
                    language.tr(
                        "Стрічка тривог: у Києві зараз повітряна тривога; план — як курсують поїзди під час тривоги.",
                        "Alert feed: an air-raid alert is on in Kyiv now; planning as trains run during an alert.")
                ]
            )
        case .quiet:
            return (
                false,
                [
                    language.tr(
                        "Стрічка тривог: у Києві зараз тривоги немає.", "Alert feed: no air-raid alert in Kyiv now.")
                ]
            )
        case .unknown(let reason):
            return (
                false,
                [
                    language.tr(
                        "Стан тривоги невідомий (\(reason.uk)); план — за звичайним рухом. Слухайте оголошення в метро.",
                        "Alert status unknown (\(reason.en)); planning with the normal service. Listen for announcements."
                    )
                ]
            )
        }
    }
}

/// `metro-timer alerts enable|disable|status`: the only network access in the product, off by
/// default. `alerts pending` and `alerts command` are about the ride's own alerts: what is
/// scheduled outside the process, and the rider's command that receives each one.
struct AlertsCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "alerts"],
        abstract: Text(
            "Необовʼязкова перевірка повітряної тривоги в Києві (вимкнена, доки ви її не ввімкнете).",
            "The optional air-raid alert check for Kyiv (off until you enable it)."),
        discussion: Text(
            "Коли ввімкнено, plan і start питають стрічку (JSON через HTTPS) з коротким тайм-аутом і під час тривоги планують як тоді курсують поїзди. Якщо стрічка не відповідає, кажуть «стан невідомий», а не «тривоги немає». Коли вимкнено, програма не відкриває жодного зʼєднання.\n\npending: сповіщення поїздки, що ще попереду, і як їх заплановано поза програмою (таймери systemd користувача, де він працює, інакше окремий фоновий процес), тож вони спрацюють і без відкритого екрана. command КОМАНДА: запускати КОМАНДУ з JSON кожного сповіщення на стандартному вході (METRO_TIMER_ALERT_COMMAND має перевагу); --clear прибирає її.",
            "When enabled, plan and start ask the feed (JSON over HTTPS) with a short timeout and, during an alert, plan as trains then run. When the feed does not answer they say \"alert status unknown\", never \"no alert\". When disabled, the program opens no connection at all.\n\npending: the ride's alerts still to come and how they are scheduled outside the process (systemd user timers where a user manager runs, else a small detached notifier), so they fire with no screen open. command CMD: run CMD with each alert's JSON on standard input (METRO_TIMER_ALERT_COMMAND overrides it); --clear removes it."
        ),
        arguments: [
            .positional(
                "action", optional: true,
                Text("enable, disable, status, pending або command.", "enable, disable, status, pending or command.")
            ).completing(.choices(Self.actions)),
            .positional(
                "command", optional: true, Text("Для command: команда оболонки.", "For command: a shell command.")),
            .option(
                "url", value: "URL",
                Text(
                    "Адреса стрічки: JSON {\"alert\": true|false} або {\"states\": [{\"name\": \"м. Київ\", \"alert\": …}]}.",
                    "The feed's address: JSON {\"alert\": true|false}, or a list of regions (\"states\") with an entry for the city of Kyiv."
                )),
            .option(
                "timeout", value: "ms", Text("Скільки чекати відповіді.", "How long to wait for an answer."),
                default: Text("1500", "1500")),
            .flag("clear", Text("Для command: прибрати команду.", "For command: remove the command.")),
            .flag("json", Text("Для pending: вивести JSON.", "For pending: print JSON.")),
        ] + GlobalOptions.arguments,
        usageOverride:
            "enable [--url <URL>] [--timeout <ms>] | disable | status | pending [--json] | command <CMD> | command --clear"
    )

    static let actions = ["enable", "disable", "status", "pending", "command"]

    var action: String
    var url: String?
    var timeout: Int?
    var command: String?
    var clear: Bool
    var json: Bool

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        action = arguments.value("action") ?? "status"
        guard Self.actions.contains(action) else {
            throw .usage(
                language.tr(
                    "Невідома дія '\(action)'; є " + Self.actions.joined(separator: ", "),
                    "Unknown action '\(action)'; the actions are " + Self.actions.joined(separator: ", ")), Self.spec)
        }
        command = arguments.value("command")
        clear = arguments.flag("clear")
        json = arguments.flag("json")
        if action == "command" {
            guard (command != nil) != clear else {
                throw .usage(
                    language.tr(
                        "Вкажіть команду ('metro-timer alerts command \"КОМАНДА\"') або --clear, але не обидва",
                        "Give a command ('metro-timer alerts command \"CMD\"') or --clear, not both"), Self.spec)
            }
            if let command,
                command.trimmingWhitespace().isEmpty
                    || command.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" })
            {
                throw .usage(
                    language.tr(
                        "Команда порожня або має керівні символи", "The command is empty or holds control characters"),
                    Self.spec)
            }
        } else if command != nil {
            throw .usage(language.tr("Зайвий аргумент '\(command!)'", "Unexpected argument '\(command!)'"), Self.spec)
        }
        if clear && action != "command" {
            throw .usage(language.tr("--clear — лише для command", "--clear is for command only"), Self.spec)
        }
        if json && action != "pending" {
            throw .usage(language.tr("--json — лише для pending", "--json is for pending only"), Self.spec)
        }
        url = arguments.value("url")
        if let url {
            if AlertFeed.urlProblem(url) == AlertFeed.Reason.badURL {
                throw .usage(
                    language.tr(
                        "Адреса '\(Quote.url(url))' — не чинна адреса: https://вузол/шлях, вузол — латинські літери, цифри, дефіси й крапки (або IP-адреса), без пробілів",
                        "The URL '\(Quote.url(url))' is not a valid URL: https://host/path, the host of Latin letters, digits, hyphens and dots (or an IP address), no spaces"
                    ), Self.spec)
            }
            if AlertFeed.urlProblem(url) != nil {
                throw .usage(
                    language.tr(
                        "Адреса '\(Quote.url(url))' має бути https://… (http:// — лише до адреси цього комп’ютера, 127.0.0.1 чи localhost)",
                        "The URL '\(Quote.url(url))' must be HTTPS: https://… (plain http:// only to a loopback address, 127.0.0.1 or localhost)"
                    ), Self.spec)
            }
        }
        if let text = arguments.value("timeout") {
            // The range alerts.json keeps (one constant, stated in docs/guide/files-and-privacy.md).
            let range = AlertSettings.timeoutRange
            guard let value = DecimalNumber.whole(text), range.contains(value) else {
                throw .usage(
                    language.tr(
                        "Тайм-аут '\(Quote.value(text))' має бути від \(range.lowerBound) до \(range.upperBound) мс",
                        "The timeout '\(Quote.value(text))' must be \(range.lowerBound) to \(range.upperBound) ms"),
                    Self.spec)
            }
            timeout = value
        }
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        if action == "pending" {
            try pending(context, options: options)
        } else if action == "status" {
            try apply(context, options: options)
        } else {
            try context.config.locked { () throws(CLIError) in try apply(context, options: options) }
        }
    }

    func apply(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        let config = context.config
        var settings = try config.alerts(language: language)
        switch action {
        case "enable":
            settings.url = url ?? settings.url
            settings.timeoutMilliseconds = timeout ?? settings.timeoutMilliseconds
            guard settings.url != nil else {
                throw .usage(
                    language.tr(
                        "Адресу стрічки не задано: 'metro-timer alerts enable --url https://…'",
                        "No feed URL is set: 'metro-timer alerts enable --url https://…'"), Self.spec)
            }
            settings.enabled = true
            try config.write(settings, to: config.alertsPath)
            context.stdout.line(
                language.tr(
                    "Перевірку тривоги ввімкнено: \(Quote.url(settings.url!)) (тайм-аут \(settings.timeoutMilliseconds) мс).",
                    "Alert check enabled: \(Quote.url(settings.url!)) (timeout \(settings.timeoutMilliseconds) ms)."))
        case "command":
            settings.command = command
            try config.write(settings, to: config.alertsPath)
            context.stdout.line(
                command.map {
                    language.tr(
                        "Кожне сповіщення поїздки також піде команді: \(Quote.value($0)) (JSON на стандартному вході).",
                        "Each ride alert also goes to the command: \(Quote.value($0)) (JSON on standard input).")
                }
                    ?? language.tr("Команду сповіщень прибрано.", "The alert command was removed."))
        case "disable":
            settings.enabled = false
            try config.write(settings, to: config.alertsPath)
            context.stdout.line(
                language.tr(
                    "Перевірку тривоги вимкнено: жодних мережевих запитів.",
                    "Alert check disabled: no network access at all."))
        default:
            guard settings.enabled else {
                context.stdout.line(
                    language.tr("Перевірку тривоги вимкнено (типово).", "The alert check is disabled (the default)."))
                return
            }
            context.stdout.line(language.tr("Увімкнено: ", "Enabled: ") + (settings.url.map(Quote.url) ?? "?"))
            let verdict = context.checkAlertFeed(settings)
            switch verdict {
            case .alert: context.stdout.line(language.tr("Зараз: повітряна тривога.", "Now: air-raid alert."))
            case .quiet: context.stdout.line(language.tr("Зараз: тривоги немає.", "Now: no alert."))
            case .unknown(let reason):
                context.stdout.line(
                    language.tr(
                        "Зараз: стан невідомий (\(Quote.value(reason.uk))).",
                        "Now: alert status unknown (\(Quote.value(reason.en)))."))
            }
        }
    }

    /// `alerts pending`: what is scheduled for the active trip, when, and by which means.
    func pending(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        let service = try context.tripService(options)
        let now = context.now()
        guard let (trip, schedule) = try service.activeSchedule(at: now) else {
            if json {
                context.stdout.write(JSONOutput.text(["alerts": [], "version": 1] as [String: Any]))
            } else {
                context.stdout.line(
                    language.tr(
                        "Немає активної поїздки: нічого не заплановано.", "No active trip: nothing is scheduled."))
            }
            return
        }
        let model = try service.model(trip)
        let scheduler = context.alertScheduler(language: language)
        let record = try scheduler.readRecordChecked()
        let backend = record?.backend ?? AlertScheduler.backend(environment: context.environment) ?? .off
        let pid = scheduler.notifierPID()
        let channels = record?.delivery.channels() ?? []
        let alerts = model.pendingAlerts(trip, schedule: schedule)
        func means(_ alert: PendingAlert) -> String {
            switch backend {
            case .systemd:
                if let unit = record?.units.first(where: { $0.alert == alert.alert.rawValue && $0.time == alert.time })
                {
                    return "systemd " + unit.unit + ".timer"
                }
                return alert.time <= now
                    ? language.tr("зараз", "now") : language.tr("systemd: не заплановано", "systemd: not scheduled")
            case .notifier:
                return pid.map { language.tr("фоновий процес, pid \($0)", "notifier, pid \($0)") }
                    ?? language.tr("фоновий процес не працює", "notifier not running")
            case .off:
                return language.tr("лише відкритий екран", "an open screen only")
            }
        }
        if json {
            var object: [String: Any] = [
                "version": 1, "trip": trip.id, "backend": backend.rawValue, "channels": channels,
                "alerts": alerts.map {
                    ["alert": $0.alert.rawValue, "time": context.clock.iso8601($0.time), "means": means($0)]
                },
            ]
            if let pid { object["notifierPID"] = Int(pid) }
            context.stdout.write(JSONOutput.text(object))
            return
        }
        let out = context.stdout
        out.line(
            language.tr("Поїздка ", "Trip ") + service.name(trip.origin) + " → " + service.name(trip.destination) + ":")
        if alerts.isEmpty { out.line(language.tr("  сповіщень попереду немає", "  no alerts left")) }
        for alert in alerts {
            let name = AlertWording.label(alert.alert, in: schedule, language)
            out.line("  " + context.clock.hhmmss(alert.time) + "  " + name.padding(to: 28) + means(alert))
        }
        let shown = channels.map { Self.channelName($0, language) }
        out.line(
            language.tr("Канали: ", "Channels: ")
                + (channels.isEmpty
                    ? language.tr("немає (лише екран)", "none (the screen only)") : shown.joined(separator: ", ")))
    }

    /// A channel as the text shows it: the JSON's names, but the two that are not program
    /// names (`bell TTY`, `command`) in the language.
    static func channelName(_ channel: String, _ language: Language) -> String {
        if channel.hasPrefix("bell ") {
            return language.tr("дзвінок термінала ", "bell ") + channel.dropFirst("bell ".count)
        }
        if channel == "command" { return language.tr("ваша команда", "command") }
        return channel
    }
}
