import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `metro-timer journal report`: what your confirmed rides say about accuracy, per route and
/// per line and direction, with a histogram of the arrival errors drawn in the terminal.
struct JournalReportCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "journal", "report"],
        abstract: Text(
            "Звіт про точність за журналом: маршрути, напрямки, гістограма похибок.",
            "An accuracy report from the journal: routes, directions, a histogram of errors."),
        discussion: Text(
            "Виміряно на ваших підтверджених прибуттях. Похибка = прибуття мінус відлік (− раніше: небезпечний бік). «Запізно»: «наступна — ваша» пролунало, коли поїзд уже рушив з попередньої станції; той момент — підтверджене прибуття мінус останній перегін зі швидкістю, яку виміряли ваші «at» на тому поїзді (інакше — усі ваші «at», інакше — модель), як у timetable-gen field. «Без → з калібруванням» — медіана |похибки| поїздок, запланованих без і з калібруванням. Блоки Unicode; ASCII з --plain або TERM=dumb.",
            "Measured on your confirmed arrivals. Error = arrival minus the countdown (− earlier: the dangerous side). 'Late': yours-is-next came after the train had left the stop before, dated by the confirmed arrival less the last run at the speed your 'at' confirmations measured on that train (else all your confirmations, else the model), as timetable-gen field judges it. 'Without → with calibration': the median |error| of rides planned without and with calibration. Unicode blocks; ASCII with --plain or TERM=dumb."
        ),
        arguments: [
            .flag("json", Text("Вивести JSON.", "Print JSON.")),
            .flag("plain", Text("Лише ASCII (також коли TERM=dumb).", "ASCII only (also when TERM=dumb).")),
        ] + GlobalOptions.arguments)

    var json: Bool
    var plain: Bool

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        json = arguments.flag("json")
        plain = arguments.flag("plain") || context.environment["TERM"] == "dumb"
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        let store = context.tripStore
        // One record at a time: the builder keeps the groups' figures, not the records.
        var builder = JournalReport.Builder(engine: ScheduleEngine(network: context.network, clock: context.clock))
        let problems = try store.forEachJournalRecord { builder.add($0) }
        for problem in problems { context.stderr.line(store.skippedWarning(problem)) }
        let report = builder.report()
        if json {
            context.stdout.write(Self.json(report))
            return
        }
        guard !builder.isEmpty else {
            context.stdout.line(
                language.tr(
                    "Журнал порожній: поїздки записуються, коли завершуються.",
                    "The journal is empty: trips are recorded when they end."))
            return
        }
        context.stdout.write(Self.text(report, network: context.network, language: language, plain: plain))
    }

    static func seconds(_ value: Double?) -> String {
        guard let value else { return "—" }
        let rounded = Int(value.rounded())
        return (rounded > 0 ? "+" : rounded < 0 ? "−" : "") + "\(abs(rounded))"
    }

    static func magnitude(_ value: Double?) -> String { value.map { String(Int($0.rounded())) } ?? "—" }

    static func percent(_ share: Double?, _ language: Language) -> String {
        share.map { language.percent($0, decimals: 1) } ?? "—"
    }

    static func row(_ label: String, _ group: JournalReport.Group, _ language: Language) -> String {
        let c = group.corrections
        return
            "| \(label) | \(group.rides) | \(group.errors.count) | \(seconds(group.medianError)) | \(magnitude(group.p90AbsError)) | "
            + "\(percent(group.missedShare, language)) | \(percent(group.lateShare, language)) | +\(c.behind) −\(c.ahead) @\(c.at) d\(c.departed) | "
            + "\(magnitude(group.medianAbsErrorBefore)) (\(group.uncalibratedErrors.count)) → \(magnitude(group.medianAbsErrorAfter)) (\(group.calibratedErrors.count)) |\n"
    }

    static func header(_ first: String, _ language: Language) -> String {
        language.tr(
            // No '|' inside a cell: the modulus is said in words, or the row splits into more
            // cells than the table has columns.
            "| \(first) | поїздок | прибуттів | медіана (с) | p90 модуля (с) | пропущено | запізно | виправлення | медіана модуля похибки без → з калібруванням, с (поїздок) |\n",
            "| \(first) | rides | arrivals | median (s) | p90 abs (s) | missed | late | corrections | median abs error without → with calibration, s (rides) |\n"
        )
            + "|---|---:|---:|---:|---:|---:|---:|---|---:|\n"
    }

    static func text(_ report: JournalReport, network: Network, language: Language, plain: Bool) -> String {
        var out = language.tr(
            "Звіт журналу (виміряно на ваших поїздках)\n\n", "Journal report (measured on your rides)\n\n")
        out += header(language.tr("маршрут", "route"), language)
        for route in report.routes {
            let arrow = plain ? " -> " : " → "
            out += row(
                Names.station(route.from, network, language) + arrow + Names.station(route.to, network, language),
                route.group, language)
        }
        out += row(language.tr("усі", "all"), report.overall, language)
        out += "\n" + header(language.tr("лінія, напрямок", "line, direction"), language)
        for leg in report.legs {
            let toward =
                network.terminal(line: leg.line, direction: leg.direction).map { Names.station($0, network, language) }
                ?? leg.direction.rawValue
            out += row("\(leg.line) " + language.tr("у напрямку станції", "toward") + " \(toward)", leg.group, language)
        }
        let arrivals =
            "\(report.overall.errors.count) "
            + language.plural(
                report.overall.errors.count, uk: ("прибуття", "прибуття", "прибуттів"), en: ("arrival", "arrivals"))
        out +=
            "\n"
            + language.tr(
                "Похибка прибуття (прибуття − відлік, с; − раніше за відлік), \(arrivals):\n",
                "Arrival error (arrival − countdown, s; − earlier than the countdown), \(arrivals):\n")
        out += histogram(report, plain: plain)
        // ASCII: the minus sign and the arrow too (station names stay as they are).
        if plain { out = out.replacing("−", with: "-").replacing(" → ", with: " -> ") }
        return out
    }

    /// One row per bin: its range, a bar (eighth blocks, or '#' in ASCII) and the count.
    static func histogram(_ report: JournalReport, plain: Bool, width: Int = 40) -> String {
        let most = max(1, report.bins.max() ?? 1)
        let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        let dots = plain ? ".." : "…"
        let atLeast = plain ? ">=" : "≥"
        let labels = report.bins.indices.map { index -> String in
            let low = report.binStart + index * report.binSeconds
            let high = low + report.binSeconds
            if index == 0 { return "< \(pad(high))" }
            if index == report.bins.count - 1 { return "\(atLeast) \(pad(low))" }
            return "\(pad(low)) \(dots) \(pad(high))"
        }
        let labelWidth = labels.map(\.count).max() ?? 0
        var out = ""
        for (index, count) in report.bins.enumerated() {
            let length = Double(count) / Double(most) * Double(width)
            let bar: String
            if plain {
                bar = String(repeating: "#", count: Int(length.rounded()))
            } else {
                let whole = Int(length)
                bar =
                    String(repeating: "█", count: whole)
                    + eighths[min(7, Int(((length - Double(whole)) * 8).rounded(.down)))]
            }
            out +=
                String(repeating: " ", count: labelWidth - labels[index].count) + labels[index] + " |" + bar
                + " \(count)\n"
        }
        return out
    }

    static func pad(_ value: Int) -> String {
        let text = (value < 0 ? "−" : value > 0 ? "+" : " ") + "\(abs(value))"
        return String(repeating: " ", count: max(0, 5 - text.count)) + text
    }

    /// `{"version": 1, "routes": [...], "legs": [...], "overall": {...}, "histogram": {...}}`.
    static func json(_ report: JournalReport) -> String {
        func figures(_ group: JournalReport.Group) -> [String: Any] {
            var object: [String: Any] = [
                "rides": group.rides, "confirmed": group.errors.count,
                "corrections": [
                    "behind": group.corrections.behind, "ahead": group.corrections.ahead, "at": group.corrections.at,
                    "departed": group.corrections.departed,
                ],
            ]
            object["medianErrorSeconds"] = group.medianError
            object["p90AbsoluteErrorSeconds"] = group.p90AbsError
            object["missedStationShare"] = group.missedShare
            object["lateAlertShare"] = group.lateShare
            object["medianAbsoluteErrorUncalibratedSeconds"] = group.medianAbsErrorBefore
            object["medianAbsoluteErrorCalibratedSeconds"] = group.medianAbsErrorAfter
            return object
        }
        let object: [String: Any] = [
            "version": 1, "measured": true,
            "routes": report.routes.map { route -> [String: Any] in
                var object = figures(route.group)
                object["from"] = route.from
                object["to"] = route.to
                return object
            },
            "legs": report.legs.map { leg -> [String: Any] in
                var object = figures(leg.group)
                object["line"] = leg.line
                object["direction"] = leg.direction.rawValue
                return object
            },
            "overall": figures(report.overall),
            "histogram": ["startSeconds": report.binStart, "binSeconds": report.binSeconds, "counts": report.bins],
        ]
        // Route codes come from the journal: no raw C1 or bidi character (`Quote.json`).
        return Quote.json(JSONObject.serialize(object, pretty: true)) + "\n"
    }
}
