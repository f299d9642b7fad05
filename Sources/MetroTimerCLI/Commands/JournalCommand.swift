import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

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
            "Error = confirmed arrival minus the countdown: + the train was later than the countdown, − earlier (the dangerous side: an alert after the station)."
        ),
        arguments: [
            .flag(
                "json",
                Text("Вивести JSON (схема: docs/guide/riding.md).", "Print JSON (schema: docs/guide/riding.md).")),
            .option("last", value: "N", Text("Лише останні N поїздок.", "Only the last N trips.")),
            .option(
                "export", value: "file",
                Text("Записати журнал у файл (рядки JSON).", "Write the journal to a file (JSON lines).")
            ).completing(.file),
            .flag(
                "clear",
                Text("Стерти журнал (питає; --yes — без питань).", "Erase the journal (asks first; --yes does not).")),
            .flag("yes", Text("Не питати.", "Do not ask.")),
        ] + shareArguments + GlobalOptions.arguments,
        subcommands: [JournalReportCommand.spec])

    var json: Bool
    var last: Int?
    var exportPath: String?
    var clear: Bool
    var yes: Bool
    var sharePath: String?
    var dryRun: Bool

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        json = arguments.flag("json")
        clear = arguments.flag("clear")
        yes = arguments.flag("yes")
        if yes && !clear {
            throw .usage(
                options.language.tr(
                    "'--yes' підтверджує --clear; без нього нічого не робить",
                    "'--yes' confirms --clear; alone it does nothing"), Self.spec)
        }
        exportPath = arguments.value("export")
        sharePath = arguments.value("share")
        dryRun = arguments.flag("dry-run")
        if dryRun && sharePath == nil {
            throw .usage(
                options.language.tr("'--dry-run' іде з --share FILE", "'--dry-run' goes with --share FILE"), Self.spec)
        }
        if sharePath != nil && (clear || json || exportPath != nil) {
            throw .usage(
                options.language.tr(
                    "'--share' не поєднується з --clear, --json чи --export",
                    "'--share' does not go with --clear, --json or --export"), Self.spec)
        }
        if let text = arguments.value("last") {
            guard let value = DecimalNumber.whole(text), value > 0 else {
                throw .usage(
                    options.language.tr(
                        "'--last' приймає додатне ціле число, не '\(Quote.value(text))'",
                        "'--last' takes a positive whole number, not '\(Quote.value(text))'"), Self.spec)
            }
            last = value
        }
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        let store = context.tripStore
        if clear {
            guard
                try context.confirmErase(
                    yes: yes,
                    question: language.tr("Стерти весь журнал поїздок?", "Erase the whole trip journal?"),
                    refusal: language.tr(
                        "Стерти журнал? Додайте --yes, щоб підтвердити.", "Erase the journal? Add --yes to confirm."),
                    kept: language.tr("Журнал залишено.", "The journal was kept."))
            else { return }
            try store.locked { () throws(CLIError) -> Void in try store.writeJournal([]) }
            context.stdout.line(language.tr("Журнал стерто.", "The journal was erased."))
            return
        }
        // One record at a time, so that memory does not grow with the journal: the rows are
        // printed as they are read, --json keeps each trip's text in a private temporary file
        // (its summary comes first), --export writes each record as it is read, and --last keeps
        // a ring of the last N. --share keeps only the rides its file can hold.
        if let sharePath {
            var maker = SharedJournal.Maker(network: context.network, program: Release.version)
            let problems: [(line: Int, reason: Bilingual)]
            if let last {
                let gathered = try gather(store, last: last)
                for record in gathered.records { maker.add(record) }
                problems = gathered.problems
            } else {
                problems = try store.forEachJournalRecord { maker.add($0) }
            }
            for problem in problems { context.stderr.line(store.skippedWarning(problem)) }
            return try share(maker.made, to: sharePath, context, language: language)
        }
        if let exportPath { return try export(store, to: exportPath, context, language) }
        if let last {
            let (records, problems) = try gather(store, last: last)
            for problem in problems { context.stderr.line(store.skippedWarning(problem)) }
            let summary = JournalSummary(records)
            if json {
                context.stdout.write(Self.json(records, summary: summary, problems: problems))
                return
            }
            guard !records.isEmpty else { return empty(context, language) }
            for record in records { context.stdout.line(row(record, context, language)) }
            printSummary(summary, context, language)
            return
        }
        if json { return try streamJSON(store, context, language) }
        var parts = JournalSummary.Parts()
        let problems = try store.forEachJournalRecord { record in
            parts.add(record)
            context.stdout.line(row(record, context, language))
        }
        for problem in problems { context.stderr.line(store.skippedWarning(problem)) }
        guard parts.trips > 0 else { return empty(context, language) }
        printSummary(JournalSummary(parts), context, language)
    }

    func empty(_ context: Context, _ language: Language) {
        context.stdout.line(
            language.tr(
                "Журнал порожній: поїздки записуються, коли завершуються.",
                "The journal is empty: trips are recorded when they end."))
    }

    /// One trip's row.
    func row(_ record: JournalRecord, _ context: Context, _ language: Language) -> String {
        let network = context.network
        var row = context.clock.calendarDay(record.t0).description + " " + context.clock.hhmm(record.t0) + "  "
        row +=
            Names.station(record.from, network, language) + " → " + Names.station(record.to, network, language) + "  "
        row += outcomeWord(record.outcome, language) + "  "
        row += language.tr("план", "planned") + " " + Durations.clock(record.plannedSeconds)
        if let confirmed = record.confirmedSeconds {
            row += " · " + language.tr("факт", "actual") + " " + Durations.clock(confirmed)
            // The error is against the countdown as corrected, which may not be the plan: named.
            if let error = record.errorSeconds {
                let countdown = Durations.clock(record.finalSeconds)
                row +=
                    " · " + Durations.signedError(error, language)
                    + language.tr(" відносно відліку \(countdown)", " against the countdown's \(countdown)")
            }
        }
        let c = record.corrections
        // Every kind of correction: the stop shifts, then 'at STATION' and 'departed'.
        var kinds: [String] = []
        if c.behind + c.ahead > 0 { kinds.append("+\(c.behind) −\(c.ahead)") }
        if c.at > 0 { kinds.append(language.tr("на станції ×\(c.at)", "at ×\(c.at)")) }
        if c.departed > 0 { kinds.append(language.tr("рушив ×\(c.departed)", "departed ×\(c.departed)")) }
        if !kinds.isEmpty { row += "  (" + kinds.joined(separator: ", ") + ")" }
        return row
    }

    /// The line under the rows: trips, confirmed arrivals, the error.
    func printSummary(_ summary: JournalSummary, _ context: Context, _ language: Language) {
        context.stdout.line("")
        var line = language.tr(
            "Поїздок: \(summary.trips), підтверджених прибуттів: \(summary.confirmed).",
            "Trips: \(summary.trips), confirmed arrivals: \(summary.confirmed).")
        if let median = summary.medianError, let p90 = summary.p90AbsoluteError {
            let medianText = Durations.signedError(Int(median.rounded()), language)
            let p90Text = language.duration(Int(p90.rounded()))
            line +=
                " "
                + language.tr(
                    "Похибка: медіана \(medianText), 90-й процентиль \(p90Text).",
                    "Error: median \(medianText), 90th percentile \(p90Text).")
            if let missed = summary.missedStationShare {
                line +=
                    " "
                    + language.tr(
                        "Пропущена станція (прибуття раніше за «наступна — ваша»): \(language.percent(missed)) поїздок",
                        "Missed station (arrived before \"yours is next\"): \(language.percent(missed)) of trips")
                if let late = summary.lateAlertShare {
                    line += language.tr(
                        "; запізніле «наступна — ваша» (після попередньої станції): \(language.percent(late))",
                        "; late \"yours is next\" (after the stop before): \(language.percent(late))")
                }
                line += "."
            }
        } else {
            line +=
                " "
                + language.tr(
                    "Точності ще немає: вона зʼявиться, коли ви підтвердите прибуття ('a' або 'metro-timer arrived').",
                    "No accuracy figure yet: it comes from confirmed arrivals ('a' or 'metro-timer arrived').")
        }
        context.stdout.line(line)
    }

    /// `journal --json` one record at a time: each trip's text goes to a private temporary file
    /// beside the journal (unlinked at once, so nothing is left behind), then the document is
    /// written as `json` writes it, the skipped lines and the summary first (its keys sorted).
    func streamJSON(_ store: FileTripStore, _ context: Context, _ language: Language) throws(CLIError) {
        let directory = store.directory
        var template = Array((directory + "/.journal-json.XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if descriptor >= 0 {
            unlink(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        guard descriptor >= 0 else {
            // No place for the temporary file (a journal that is not there yet, say): gathered.
            let (records, problems) = try store.readJournal()
            for problem in problems { context.stderr.line(store.skippedWarning(problem)) }
            context.stdout.write(Self.json(records, summary: JournalSummary(records), problems: problems))
            return
        }
        defer { close(descriptor) }
        var parts = JournalSummary.Parts()
        var buffer: [UInt8] = []
        var failed = false
        func flush() {
            var offset = 0
            while offset < buffer.count, !failed {
                let written = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0 && errno != EINTR { failed = true } else if written > 0 { offset += written }
            }
            buffer.removeAll(keepingCapacity: true)
        }
        let problems = try store.forEachJournalRecord { record in
            buffer.append(contentsOf: (parts.trips > 0 ? ",\n    " : "\n    ").utf8)
            let start = buffer.count
            Self.prettyTrip(record, into: &buffer)
            if buffer[start...].withUnsafeBufferPointer({ Self.mayNeedQuote($0) }) {
                let text = Quote.json(String(decoding: buffer[start...], as: UTF8.self))
                buffer.removeSubrange(start...)
                buffer.append(contentsOf: text.utf8)
            }
            parts.add(record)
            if buffer.count >= 1 << 20 { flush() }
        }
        flush()
        for problem in problems { context.stderr.line(store.skippedWarning(problem)) }
        guard !failed else {
            throw .failure(
                language.tr(
                    "не вдалося записати тимчасовий файл журналу в \(Quote.value(directory))",
                    "cannot write the journal's temporary file in \(Quote.value(directory))"))
        }
        writeDocument(summary: JournalSummary(parts), problems: problems, trips: parts.trips, context) {
            copyTrips(from: descriptor, context)
        }
    }

    /// The document as `json` writes it, with the trips' text written by `trips` where they go:
    /// the head is the whole document with no trips, cut there.
    func writeDocument(
        summary: JournalSummary, problems: [(line: Int, reason: Bilingual)], trips count: Int, _ context: Context,
        trips: () -> Void
    ) {
        let document = Self.json([], summary: summary, problems: problems)
        let marker = "\"trips\" : ["
        guard count > 0, let cut = document.firstRange(of: marker) else {
            context.stdout.write(document)
            return
        }
        context.stdout.write(String(document[..<cut.upperBound]))
        trips()
        // The tail: as `json` closes a list of trips.
        context.stdout.write("\n  ],\n  \"version\" : 1\n}\n")
    }

    /// The trips' text from the temporary file, a chunk at a time, cut after a whole line (never
    /// inside a character).
    func copyTrips(from descriptor: Int32, _ context: Context) {
        lseek(descriptor, 0, SEEK_SET)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var pending: [UInt8] = []
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            pending += chunk[0..<count]
            if let newline = pending.lastIndex(of: UInt8(ascii: "\n")) {
                context.stdout.write(String(decoding: pending[...newline], as: UTF8.self))
                pending.removeFirst(newline + 1)
            }
        }
        if !pending.isEmpty { context.stdout.write(String(decoding: pending, as: UTF8.self)) }
    }

    /// The last `count` records in the file's order (all of them with nil), kept in a ring of
    /// `count`: never more than that in memory.
    func gather(_ store: FileTripStore, last count: Int?) throws(CLIError) -> (
        records: [JournalRecord], problems: [(line: Int, reason: Bilingual)]
    ) {
        var ring: [JournalRecord] = []
        var next = 0
        let problems = try store.forEachJournalRecord { record in
            guard let count, ring.count == count else { return ring.append(record) }
            ring[next] = record
            next = (next + 1) % count
        }
        return (Array(ring[next...]) + ring[..<next], problems)
    }

    /// `--export FILE` (or `-`): each record as a JSON line, written as it is read (the last N
    /// with --last); a file is written whole or not at all.
    func export(_ store: FileTripStore, to path: String, _ context: Context, _ language: Language) throws(CLIError) {
        func line(_ record: JournalRecord) -> [UInt8] {
            Array(
                (Quote.json(
                    String(decoding: (try? FileTripStore.journalEncoder.encode(record)) ?? Data(), as: UTF8.self))
                    + "\n").utf8)
        }
        var count = 0
        var problems: [(line: Int, reason: Bilingual)] = []
        func records(_ append: ([UInt8]) -> Void) throws(CLIError) {
            var buffer: [UInt8] = []
            if let last {
                let gathered = try gather(store, last: last)
                problems = gathered.problems
                for record in gathered.records { buffer += line(record) }
                count = gathered.records.count
            } else {
                problems = try store.forEachJournalRecord { record in
                    buffer += line(record)
                    count += 1
                    if buffer.count >= 1 << 20 {
                        append(buffer)
                        buffer.removeAll(keepingCapacity: true)
                    }
                }
            }
            append(buffer)
        }
        if path == "-" {
            try records { context.stdout.write(String(decoding: $0, as: UTF8.self)) }
            for problem in problems { context.stderr.line(store.skippedWarning(problem)) }
            return
        }
        do { try ExportFile.write(to: path, mode: 0o600, language: language, producing: records) } catch {
            for problem in problems { context.stderr.line(store.skippedWarning(problem)) }
            throw error
        }
        for problem in problems { context.stderr.line(store.skippedWarning(problem)) }
        context.stdout.line(
            language.tr(
                "Записано \(count) поїздок у \(Quote.value(path)).", "Wrote \(count) trips to \(Quote.value(path))."))
    }

    func outcomeWord(_ outcome: Trip.Outcome, _ language: Language) -> String {
        switch outcome {
        // Not «прибув»: the rider may be anyone; «ви прибули», as the ride says it.
        case .arrived: return language.tr("прибули", "arrived")
        case .stopped: return language.tr("зупинено", "stopped")
        case .expired: return language.tr("минула", "expired")
        }
    }

    /// `{"version": 1, "trips": [...], "summary": {...}, "skipped": [{"line", "reason"}]}`.
    static func json(_ records: [JournalRecord], summary: JournalSummary, problems: [(line: Int, reason: Bilingual)])
        -> String
    {
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
