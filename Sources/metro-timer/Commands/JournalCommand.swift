import CLIKit
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MetroCore

/// `metro-timer journal`: every ride's plan against its outcome, and what that says about
/// accuracy.
struct JournalCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "journal"],
        abstract: Text(
            "Журнал поїздок: план проти підсумку і виміряна точність.",
            "The trip journal: plan against outcome, and the measured accuracy."),
        discussion: Text(
            "Похибка = підтверджене прибуття мінус відлік: + поїзд був пізніше за відлік, − раніше (небезпечний бік: сповіщення після станції).",
            "Error = confirmed arrival minus the countdown: + the train was later than the countdown, − earlier (the dangerous side: an alert after the station)."),
        arguments: [
            .flag("json", Text("Вивести JSON (схема: docs/guide/riding.md).", "Print JSON (schema: docs/guide/riding.md).")),
            .option("last", value: "N", Text("Лише останні N поїздок.", "Only the last N trips.")),
            .option("export", value: "file", Text("Записати журнал у файл (рядки JSON).", "Write the journal to a file (JSON lines).")).completing(.file),
            .flag("clear", Text("Стерти журнал (питає; --yes — без питань).", "Erase the journal (asks first; --yes does not).")),
            .flag("yes", Text("Не питати.", "Do not ask.")),
        ] + GlobalOptions.arguments,
        subcommands: [JournalReportCommand.spec])

    var json: Bool
    var last: Int?
    var exportPath: String?
    var clear: Bool
    var yes: Bool

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        json = arguments.flag("json")
        clear = arguments.flag("clear")
        yes = arguments.flag("yes")
        if yes && !clear {
            throw .usage(options.language.tr("'--yes' підтверджує --clear; без нього нічого не робить", "'--yes' confirms --clear; alone it does nothing"), Self.spec)
        }
        exportPath = arguments.value("export")
        if let text = arguments.value("last") {
            guard let value = DecimalNumber.whole(text), value > 0 else {
                throw .usage(options.language.tr("'--last' приймає додатне ціле число, не '\(Quote.value(text))'", "'--last' takes a positive whole number, not '\(Quote.value(text))'"), Self.spec)
            }
            last = value
        }
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        let store = context.tripStore
        if clear {
            guard try context.confirmErase(
                yes: yes,
                question: language.tr("Стерти весь журнал поїздок?", "Erase the whole trip journal?"),
                refusal: language.tr("Стерти журнал? Додайте --yes, щоб підтвердити.", "Erase the journal? Add --yes to confirm."),
                kept: language.tr("Журнал залишено.", "The journal was kept."))
            else { return }
            try store.locked { () throws(CLIError) -> Void in try store.writeJournal([]) }
            context.stdout.line(language.tr("Журнал стерто.", "The journal was erased."))
            return
        }
        let (all, problems) = try store.readJournal()
        for problem in problems { context.stderr.line(store.skippedWarning(problem)) }
        let records = last.map { Array(all.suffix($0)) } ?? all
        if let exportPath {
            let lines = records.map { Quote.json(String(decoding: (try? FileTripStore.journalEncoder.encode($0)) ?? Data(), as: UTF8.self)) + "\n" }
            if exportPath == "-" {
                context.stdout.write(lines.joined())
                return
            }
            try ExportFile.write(lines.joined(), to: exportPath, mode: 0o600, language: language)
            context.stdout.line(language.tr("Записано \(records.count) поїздок у \(Quote.value(exportPath)).", "Wrote \(records.count) trips to \(Quote.value(exportPath))."))
            return
        }
        let summary = JournalSummary(records)
        if json {
            context.stdout.write(Self.json(records, summary: summary, problems: problems))
            return
        }
        guard !records.isEmpty else {
            context.stdout.line(language.tr(
                "Журнал порожній: поїздки записуються, коли завершуються.",
                "The journal is empty: trips are recorded when they end."))
            return
        }
        let network = context.network
        for record in records {
            var row = context.clock.calendarDay(record.t0).description + " " + context.clock.hhmm(record.t0) + "  "
            row += Names.station(record.from, network, language) + " → " + Names.station(record.to, network, language) + "  "
            row += outcomeWord(record.outcome, language) + "  "
            row += language.tr("план", "planned") + " " + Durations.clock(record.plannedSeconds)
            if let confirmed = record.confirmedSeconds {
                row += " · " + language.tr("факт", "actual") + " " + Durations.clock(confirmed)
                if let error = record.errorSeconds { row += " · " + Durations.signedError(error, language) }
            }
            let c = record.corrections
            // Every kind of correction: the stop shifts, then 'at STATION' and 'departed'.
            var kinds: [String] = []
            if c.behind + c.ahead > 0 { kinds.append("+\(c.behind) −\(c.ahead)") }
            if c.at > 0 { kinds.append(language.tr("на станції ×\(c.at)", "at ×\(c.at)")) }
            if c.departed > 0 { kinds.append(language.tr("рушив ×\(c.departed)", "departed ×\(c.departed)")) }
            if !kinds.isEmpty { row += "  (" + kinds.joined(separator: ", ") + ")" }
            context.stdout.line(row)
        }
        context.stdout.line("")
        var line = language.tr("Поїздок: \(summary.trips), підтверджених прибуттів: \(summary.confirmed).", "Trips: \(summary.trips), confirmed arrivals: \(summary.confirmed).")
        if let median = summary.medianError, let p90 = summary.p90AbsoluteError {
            let medianText = Durations.signedError(Int(median.rounded()), language), p90Text = language.duration(Int(p90.rounded()))
            line += " " + language.tr("Похибка: медіана \(medianText), 90-й процентиль \(p90Text).", "Error: median \(medianText), 90th percentile \(p90Text).")
            if let missed = summary.missedStationShare {
                line += " " + language.tr(
                    "Пропущена станція (прибуття раніше за «наступна — ваша»): \(Self.percent(missed)) поїздок",
                    "Missed station (arrived before \"yours is next\"): \(Self.percent(missed)) of trips")
                if let late = summary.lateAlertShare {
                    line += language.tr(
                        "; запізніле «наступна — ваша» (після попередньої станції): \(Self.percent(late))",
                        "; late \"yours is next\" (after the stop before): \(Self.percent(late))")
                }
                line += "."
            }
        } else {
            line += " " + language.tr(
                "Точності ще немає: вона зʼявиться, коли ви підтвердите прибуття ('a' або 'metro-timer arrived').",
                "No accuracy figure yet: it comes from confirmed arrivals ('a' or 'metro-timer arrived').")
        }
        context.stdout.line(line)
    }

    func outcomeWord(_ outcome: Trip.Outcome, _ language: Language) -> String {
        switch outcome {
        // Not «прибув»: the rider may be anyone; «ви прибули», as the ride says it.
        case .arrived: return language.tr("прибули", "arrived")
        case .stopped: return language.tr("зупинено", "stopped")
        case .expired: return language.tr("минула", "expired")
        }
    }

    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }

    /// `{"version": 1, "trips": [...], "summary": {...}, "skipped": [{"line", "reason"}]}`.
    static func json(_ records: [JournalRecord], summary: JournalSummary, problems: [(line: Int, reason: Bilingual)]) -> String {
        let trips = records.compactMap { record -> Any? in
            guard let data = try? FileTripStore.journalEncoder.encode(record) else { return nil }
            return try? JSONObject.parse(Array(data))
        }
        var summaryObject: [String: Any] = ["trips": summary.trips, "confirmed": summary.confirmed]
        summaryObject["medianErrorSeconds"] = summary.medianError
        summaryObject["p90AbsoluteErrorSeconds"] = summary.p90AbsoluteError
        summaryObject["missedStationShare"] = summary.missedStationShare
        summaryObject["lateAlertShare"] = summary.lateAlertShare
        let object: [String: Any] = [
            "version": 1, "trips": trips, "summary": summaryObject,
            "skipped": problems.map { ["line": $0.line, "reason": $0.reason.en] as [String: Any] },
        ]
        return Quote.json(JSONObject.serialize(object, pretty: true)) + "\n"
    }
}
