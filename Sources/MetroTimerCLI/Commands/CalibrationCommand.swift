import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `metro-timer calibration`: what your rides measured, against the official figures.
struct CalibrationCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "calibration"],
        abstract: Text(
            "Ваші вимірювання перегонів і стоянок поруч з офіційними.",
            "Your measured running and dwell times beside the official figures."),
        discussion: Text(
            "Вимірювання з 'metro-timer calibrate' важать 1, а з підтверджених звичайних поїздок — 0,25. План бере зважену медіану останніх 15 вимірювань. Імпорт зливає записи за вагою й додає останні вимірювання обох.",
            "Measurements from 'metro-timer calibrate' weigh 1, those learned from confirmed ordinary rides 0.25. The plan uses the weighted median of the latest 15. Import merges by weight and keeps both sides' latest measurements."
        ),
        arguments: [
            .flag("json", Text("Вивести JSON.", "Print JSON.")),
            .flag(
                "reset",
                Text(
                    "Стерти всі вимірювання (питає; --yes — без питань).",
                    "Forget every measurement (asks first; --yes does not).")),
            .flag("yes", Text("Не питати.", "Do not ask.")),
            .option("export", value: "file", Text("Записати вимірювання у файл.", "Write the measurements to a file."))
                .completing(.file),
            .option(
                "import", value: "file",
                Text("Додати вимірювання з файлу (перевіряються).", "Merge measurements from a file (checked first).")
            ).completing(.file),
        ] + GlobalOptions.arguments)

    var json: Bool
    var reset: Bool
    var yes: Bool
    var exportPath: String?
    var importPath: String?

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        json = arguments.flag("json")
        reset = arguments.flag("reset")
        yes = arguments.flag("yes")
        if yes && !reset {
            throw .usage(
                options.language.tr(
                    "'--yes' підтверджує --reset; без нього нічого не робить",
                    "'--yes' confirms --reset; alone it does nothing"), Self.spec)
        }
        exportPath = arguments.value("export")
        importPath = arguments.value("import")
        if [reset, exportPath != nil, importPath != nil].filter({ $0 }).count > 1 {
            throw .usage(
                options.language.tr(
                    "--reset, --export і --import — по одному", "--reset, --export and --import go one at a time"),
                Self.spec)
        }
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        if reset { return try resetAll(context, language: language) }
        if let exportPath { return try export(to: exportPath, context, language: language) }
        if let importPath { return try merge(importPath, context, language: language) }
        try show(context, language: language)
    }

    /// `--reset`: every measurement forgotten, once confirmed.
    func resetAll(_ context: Context, language: Language) throws(CLIError) {
        let store = context.tripStore
        // Like `journal --clear`: measurements take rides to gather, so erasing them asks.
        guard
            try context.confirmErase(
                yes: yes,
                question: language.tr("Стерти всі ваші вимірювання?", "Forget all your measurements?"),
                refusal: language.tr(
                    "Стерти всі вимірювання? Додайте --yes, щоб підтвердити.",
                    "Forget every measurement? Add --yes to confirm."),
                kept: language.tr("Вимірювання залишено.", "The measurements were kept."))
        else { return }
        try store.resetCalibration()
        context.stdout.line(
            language.tr(
                "Вимірювання стерто: план знову за офіційними даними.",
                "Measurements forgotten: plans use the official figures again."))
    }

    /// `--export FILE`: your own measurements, to a file or standard output.
    func export(to exportPath: String, _ context: Context, language: Language) throws(CLIError) {
        let store = context.tripStore
        // Your own measurements only, with this calibration's origin (made now if it has none),
        // so that importing it back, here or at a friend's and back, never counts twice.
        let calibration =
            try store.loadCalibration(network: context.network).isEmpty
            ? Calibration()
            : try store.updateCalibration(network: context.network) {
                (own: inout Calibration) throws(CLIError) -> Calibration in
                if own.origin == nil { own.origin = UUID().uuidString.lowercased() }
                return own.ownMeasurements
            }
        if exportPath == "-" {
            context.stdout.write(Self.encode(calibration))
            return
        }
        try ExportFile.write(Self.encode(calibration), to: exportPath, mode: 0o600, language: language)
        context.stdout.line(
            language.tr(
                "Записано \(calibration.running.count + calibration.dwell.count) вимірювань у \(Quote.value(exportPath)).",
                "Wrote \(calibration.running.count + calibration.dwell.count) measured figures to \(Quote.value(exportPath))."
            ))
    }

    /// `--import FILE`: another's measurements merged in.
    func merge(_ importPath: String, _ context: Context, language: Language) throws(CLIError) {
        let store = context.tripStore
        let incoming = try Self.validated(importPath, network: context.network, language: language)
        let replaced = try store.updateCalibration(network: context.network) {
            (calibration: inout Calibration) throws(CLIError) -> Bool in
            do { return try calibration.importing(incoming) } catch {
                throw .failure(
                    language.tr(
                        "\(importPath) — це ваші власні вимірювання (експорт звідси): їх додавання врахувало б кожну поїздку двічі. Нічого не додано.",
                        "\(importPath) holds your own measurements (exported from here): merging them would count every ride twice. Nothing was merged."
                    ))
            }
        }
        context.stdout.line(
            language.tr(
                "Додано \(incoming.running.count) перегонів і \(incoming.dwell.count) стоянок з \(Quote.value(importPath))"
                    + (replaced ? " (замість попереднього імпорту з того самого джерела)." : "."),
                "Merged \(incoming.running.count) segments and \(incoming.dwell.count) dwells from \(Quote.value(importPath))"
                    + (replaced ? " (replacing an earlier import from the same source)." : ".")))
    }

    /// The measurements in use, each beside the official figure (or as JSON).
    func show(_ context: Context, language: Language) throws(CLIError) {
        let store = context.tripStore
        let calibration = try store.loadCalibration(network: context.network).effective
        if json {
            context.stdout.write(Self.encode(calibration))
            return
        }
        guard !calibration.isEmpty else {
            context.stdout.line(
                language.tr(
                    "Вимірювань ще немає. Виміряйте поїздку: 'metro-timer calibrate ЗВІДКИ КУДИ'.",
                    "Nothing measured yet. Measure a ride with 'metro-timer calibrate FROM TO'."))
            return
        }
        let network = context.network
        func name(_ code: String) -> String { Names.station(code, network, language) }
        // The file check made every key two codes around its separator; one that is not is
        // skipped here rather than trapped on.
        for (key, statistic) in calibration.running.sorted(by: { $0.key < $1.key }) {
            guard let (from, to) = Calibration.keyParts(key, separator: ">") else { continue }
            let official = network.segment(from: from, to: to).map { Durations.clock($0.runSeconds) } ?? "—"
            context.stdout.line(
                language.tr("перегін", "run") + "  \(name(from)) → \(name(to))  "
                    + Durations.clock(Int(statistic.typical.rounded()))
                    + " ±\(Int(statistic.robustSpread.rounded())) s  n=\(statistic.count)  "
                    + language.tr("офіційно", "official") + " \(official)")
        }
        for (key, statistic) in calibration.dwell.sorted(by: { $0.key < $1.key }) {
            guard let (station, direction) = Calibration.keyParts(key, separator: " ") else { continue }
            context.stdout.line(
                language.tr("стоянка", "dwell") + "  \(name(station)) (\(direction))  "
                    + Durations.clock(Int(statistic.typical.rounded()))
                    + " ±\(Int(statistic.robustSpread.rounded())) s  n=\(statistic.count)  "
                    + language.tr("офіційно", "official")
                    + " \(Durations.clock(network.document.assumptions.dwellSeconds)) "
                    + language.tr("(припущення)", "(assumed)"))
        }
    }

    static func encode(_ calibration: Calibration) -> String {
        let encoder = JSONObject.encoder(pretty: true, slashes: .escaped)
        return Quote.json(String(decoding: (try? encoder.encode(calibration)) ?? Data(), as: UTF8.self)) + "\n"
    }

    /// Reads a file to import and checks every entry names a real segment or station and lies
    /// within the plausibility bounds.
    static func validated(_ path: String, network: Network, language: Language) throws(CLIError) -> Calibration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .failure(language.tr("Не можу прочитати \(path).", "Cannot read \(path)."))
        }
        let calibration: Calibration
        do { calibration = try JSONObject.decode(Calibration.self, from: data, rejectDuplicateKeys: true) } catch {
            throw .data(
                language.tr(
                    "\(path) — не файл вимірювань (\(FileTripStore.reason(error).uk)).",
                    "\(path) is not a calibration file (\(FileTripStore.reason(error).en))."))
        }
        guard calibration.version <= Calibration.currentVersion else {
            throw .data(
                language.tr(
                    "\(path) записано новішою версією (\(calibration.version)).",
                    "\(path) was written by a newer version (\(calibration.version))."))
        }
        // As strictly as the calibration file itself: no NaN, no negative variance, no key
        // without its separator.
        if let problem = calibration.valueProblem() {
            throw .data(
                language.tr("\(path): \(problem.uk); нічого не додано.", "\(path): \(problem.en); nothing was merged."))
        }
        // The same rules as the calibration file's own (`Calibration.entryProblem`).
        for (name, table) in [("running", calibration.running), ("dwell", calibration.dwell)] {
            for (key, statistic) in table.sorted(by: { $0.key < $1.key }) {
                switch Calibration.entryProblem(key, statistic, running: name == "running", network: network) {
                case nil: continue
                case .unknown:
                    let shown = Quote.value(key)
                    throw .data(
                        name == "running"
                            ? language.tr(
                                "\(path): перегону '\(shown)' немає в мережі.",
                                "\(path): there is no segment '\(shown)' in the network.")
                            : language.tr(
                                "\(path): стоянки '\(shown)' немає в мережі.",
                                "\(path): there is no dwell '\(shown)' in the network."))
                case .implausible:
                    throw .data(
                        language.tr(
                            "\(path): '\(Quote.value(key))' має неправдоподібне значення.",
                            "\(path): '\(Quote.value(key))' holds an implausible figure."))
                }
            }
        }
        return calibration
    }
}
