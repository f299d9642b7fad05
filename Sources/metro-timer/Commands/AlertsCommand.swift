import CLIKit
import Foundation
import MetroCore

extension ConfigStore {
    var alertsPath: String { directory + "/alerts.json" }

    func alerts(language: Language) throws(CLIError) -> AlertSettings {
        try read(AlertSettings.self, at: alertsPath, version: AlertSettings.currentVersion, language: language) ?? .off
    }
}

extension Context {
    /// Asks the feed, through the helper beside this executable. Called only when the check is
    /// enabled: with it disabled, no process is started and no socket opened.
    func checkAlertFeed(_ settings: AlertSettings) -> AlertFeed.Verdict {
        guard let url = settings.url else { return .unknown("no feed URL is set") }
        let helper = helperDirectory + "/metro-timer-alerts"
        guard FileManager.default.isExecutableFile(atPath: helper) else {
            return .unknown("the helper metro-timer-alerts is not installed beside metro-timer")
        }
        let output: Data
        do {
            output = try Spawn.run(helper, [url, String(settings.timeoutMilliseconds)], environment: environment, captureOutput: true).output
        } catch {
            return .unknown("the helper did not start")
        }
        return AlertFeed.Verdict(line: String(decoding: output, as: UTF8.self))
    }

    /// Today's service for a ride at `moment`: the changes file, the command line, and (when the
    /// check is enabled) the alert feed; with sentences saying what the feed said.
    func todaysService(_ arguments: ParsedArguments, at moment: Date, spec: CommandSpec, language: Language) throws(CLIError) -> (ServiceChanges, [String]) {
        var changes = try serviceChanges(arguments, at: moment, spec: spec, language: language)
        let settings = try config.alerts(language: language)
        guard settings.enabled else { return (changes, []) }
        switch checkAlertFeed(settings) {
        case .alert:
            changes.airRaid = true
            return (changes, [language.tr(
                "Стрічка тривог: у Києві зараз повітряна тривога; план — як курсують поїзди під час тривоги.",
                "Alert feed: an air-raid alert is on in Kyiv now; planning as trains run during an alert.")])
        case .quiet:
            return (changes, [language.tr("Стрічка тривог: у Києві зараз тривоги немає.", "Alert feed: no air-raid alert in Kyiv now.")])
        case .unknown(let reason):
            return (changes, [language.tr(
                "Стан тривоги невідомий (\(reason)); план — за звичайним рухом. Слухайте оголошення в метро.",
                "Alert status unknown (\(reason)); planning with the normal service. Listen for announcements.")])
        }
    }
}

/// `metro-timer alerts enable|disable|status`: the only network access in the product, off by
/// default.
struct AlertsCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "alerts"],
        abstract: Text(
            "Необовʼязкова перевірка повітряної тривоги в Києві (вимкнена, доки ви її не ввімкнете).",
            "The optional air-raid alert check for Kyiv (off until you enable it)."),
        discussion: Text(
            "Коли ввімкнено, plan і start питають стрічку (JSON через HTTPS) з коротким тайм-аутом і під час тривоги планують як тоді курсують поїзди. Якщо стрічка не відповідає, кажуть «стан невідомий», а не «тривоги немає». Коли вимкнено, програма не відкриває жодного зʼєднання.",
            "When enabled, plan and start ask the feed (JSON over HTTPS) with a short timeout and, during an alert, plan as trains then run. When the feed does not answer they say \"alert status unknown\", never \"no alert\". When disabled, the program opens no connection at all."),
        arguments: [
            .positional("action", optional: true, Text("enable, disable або status.", "enable, disable or status.")).completing(.choices(["enable", "disable", "status"])),
            .option("url", value: "URL", Text(
                "Адреса стрічки: JSON {\"alert\": true|false} або {\"states\": [{\"name\": \"м. Київ\", \"alert\": …}]}.",
                "The feed's address: JSON {\"alert\": true|false}, or a list of regions (\"states\") with an entry for the city of Kyiv.")),
            .option("timeout", value: "ms", Text("Скільки чекати відповіді.", "How long to wait for an answer."), default: Text("1500", "1500")),
        ] + GlobalOptions.arguments,
        usageOverride: "enable [--url <URL>] [--timeout <ms>] | disable | status")

    var action: String
    var url: String?
    var timeout: Int?

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        action = arguments.value("action") ?? "status"
        guard ["enable", "disable", "status"].contains(action) else {
            throw .usage(language.tr("Невідома дія '\(action)'; є enable, disable, status", "Unknown action '\(action)'; the actions are enable, disable, status"), Self.spec)
        }
        url = arguments.value("url")
        if let url {
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
                throw .usage(language.tr("Адреса '\(URLMask.mask(url))' має бути http(s)://…", "The URL '\(URLMask.mask(url))' must be http(s)://…"), Self.spec)
            }
        }
        if let text = arguments.value("timeout") {
            guard let value = Int(text), (100...10_000).contains(value) else {
                throw .usage(language.tr("Тайм-аут '\(text)' має бути від 100 до 10000 мс", "The timeout '\(text)' must be 100 to 10000 ms"), Self.spec)
            }
            timeout = value
        }
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        if action == "status" {
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
                throw .usage(language.tr(
                    "Адресу стрічки не задано: 'metro-timer alerts enable --url https://…'",
                    "No feed URL is set: 'metro-timer alerts enable --url https://…'"), Self.spec)
            }
            settings.enabled = true
            try config.write(settings, to: config.alertsPath)
            context.stdout.line(language.tr(
                "Перевірку тривоги ввімкнено: \(URLMask.mask(settings.url!)) (тайм-аут \(settings.timeoutMilliseconds) мс).",
                "Alert check enabled: \(URLMask.mask(settings.url!)) (timeout \(settings.timeoutMilliseconds) ms)."))
        case "disable":
            settings.enabled = false
            try config.write(settings, to: config.alertsPath)
            context.stdout.line(language.tr("Перевірку тривоги вимкнено: жодних мережевих запитів.", "Alert check disabled: no network access at all."))
        default:
            guard settings.enabled else {
                context.stdout.line(language.tr("Перевірку тривоги вимкнено (типово).", "The alert check is disabled (the default)."))
                return
            }
            context.stdout.line(language.tr("Увімкнено: ", "Enabled: ") + (settings.url.map(URLMask.mask) ?? "?"))
            let verdict = context.checkAlertFeed(settings)
            switch verdict {
            case .alert: context.stdout.line(language.tr("Зараз: повітряна тривога.", "Now: air-raid alert."))
            case .quiet: context.stdout.line(language.tr("Зараз: тривоги немає.", "Now: no alert."))
            case .unknown(let reason): context.stdout.line(language.tr("Зараз: стан невідомий (\(reason)).", "Now: alert status unknown (\(reason))."))
            }
        }
    }
}
