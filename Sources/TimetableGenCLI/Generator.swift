import CLIKit
import FoundationEssentials
import MetroCore
import MetroData
import MetroLab

#if canImport(Glibc)
import Glibc
#endif

/// `timetable-gen`: published departure times → the network JSON that MetroCore embeds.
package enum Generator {
    static let defaultOutput = "Sources/MetroCore/Network/Network+EmbeddedJSON.swift"

    static let importSpec = CommandSpec(
        path: ["timetable-gen", "import"],
        abstract: Text(
            "Перетворити шари міського порталу (JSON) на CSV-файли проєкту.",
            "Turn the city portal's JSON layers into the project's CSV files."),
        discussion: Text(
            "Читає шари 13 і 14 так, як їх віддає портал, і переписує kyiv-timetable.csv та kyiv-headways.csv; з --stations — координати станцій у kyiv-stations.csv, з --tracks — kyiv-track.csv; з --entrances — kyiv-entrances.csv. Далі запустіть 'timetable-gen'.",
            "Reads layers 13 and 14 exactly as the portal serves them and rewrites kyiv-timetable.csv and kyiv-headways.csv; with --stations, the stations' coordinates in kyiv-stations.csv; with --tracks, kyiv-track.csv; with --entrances, kyiv-entrances.csv. Then run 'timetable-gen'."
        ),
        arguments: [
            .positional(
                "stop-times", Text("Шар 13: stopTimesUnderground.json.", "Layer 13: stopTimesUnderground.json.")),
            .positional(
                "time-periods", Text("Шар 14: timePeriodUnderground.json.", "Layer 14: timePeriodUnderground.json.")),
            .option(
                "stations", value: "file",
                Text("Шар станцій: metro_stations.geojson.", "The station layer: metro_stations.geojson.")),
            .option(
                "tracks", value: "file",
                Text("Шар колій: underground.geojson.", "The track layer: underground.geojson.")),
            .option(
                "entrances", value: "file",
                Text(
                    "Шар входів: calendarUnderground.json (kyiv-entrances.csv).",
                    "The entrances layer: calendarUnderground.json (kyiv-entrances.csv).")),
            .option(
                "data", value: "dir", Text("Тека з даними проєкту.", "The project's data directory."),
                default: DataDirectory.defaultText
            ).completing(.file),
        ])

    static let spec = CommandSpec(
        path: ["timetable-gen"],
        abstract: Text(
            "Вивести мережу (перегони, стоянки, інтервали) з опублікованого розкладу.",
            "Derive the network (segments, dwell, headways) from the published timetable."),
        discussion: Text(
            "Без аргументів, у корені копії metro-timer (поруч із її Package.swift), читає Data/*.csv і переписує вбудований JSON мережі, якщо він змінився. Деінде нічого не береться з поточної теки: дайте --data і --output. Новіший розклад без перезбирання: 'timetable-gen install'.",
            "With no arguments, in the root of a metro-timer checkout (beside its Package.swift), reads Data/*.csv and rewrites the embedded network JSON when it changed. Anywhere else nothing is taken from the working directory: give --data and --output. A newer timetable without a rebuild: 'timetable-gen install'."
        ),
        arguments: [
            .option(
                "data", value: "dir", Text("Тека з даними проєкту.", "The project's data directory."),
                default: DataDirectory.defaultText
            ).completing(.file),
            .option(
                "output", value: "path",
                Text(
                    "Куди писати: файл .swift для вбудовування або .json.",
                    "Where to write: a .swift file to embed, or a .json file."),
                default: Text(
                    defaultOutput + ", лише в корені копії metro-timer",
                    defaultOutput + ", only in the root of a metro-timer checkout")
            ).completing(.file),
            .option(
                "dwell", value: "seconds",
                Text(
                    "Припущена стоянка на проміжних станціях.",
                    "The assumed dwell at intermediate stops."), default: Text("25", "25")),
            .flag(
                "check",
                Text(
                    "Нічого не писати; вийти з ненульовим кодом, якщо вихідний файл застарів.",
                    "Write nothing; exit non-zero if the output is out of date.")),
            .flag("version", Text("Показати версію.", "Show the version.")),
        ],
        subcommands: [
            importSpec, backtestSpec, GTFSCommand.spec, InstallCommand.spec, SimulateCommand.spec, FieldCommand.spec,
        ])

    static let backtestSpec = CommandSpec(
        path: ["timetable-gen", "backtest"],
        abstract: Text(
            "Звіт про точність моделі щодо опублікованого розкладу (не польові дані).",
            "Report the model's accuracy against the published timetable (not field data)."),
        arguments: [
            .option(
                "data", value: "dir", Text("Тека з даними проєкту.", "The project's data directory."),
                default: DataDirectory.defaultText
            ).completing(.file)
        ])

    package static func main(
        arguments: [String], environment: [String: String] = [:], stdout: OutputSink, stderr: OutputSink,
        currentDirectory: String, helpWidth: Int = 80
    ) -> Int32 {
        HelpFormatter.$width.withValue(helpWidth) {
            run(
                arguments: arguments, environment: environment, stdout: stdout, stderr: stderr,
                currentDirectory: currentDirectory)
        }
    }

    static func run(
        arguments: [String], environment: [String: String], stdout: OutputSink, stderr: OutputSink,
        currentDirectory: String
    ) -> Int32 {
        let language = Language.resolve(flag: nil, environment: environment)
        // `make man` writes the manual page with this: `timetable-gen __manual en|uk`.
        if arguments.first == "__manual", arguments.count == 2, let pageLanguage = Language(rawValue: arguments[1]) {
            stdout.write(GeneratorManual.page(pageLanguage))
            return 0
        }
        do {
            if arguments == ["--version"] {
                throw CLIError.cleanExit(Release.versionLine("timetable-gen"))
            } else if arguments.first == "import" {
                try runImport(Array(arguments.dropFirst()), language: language, stdout: stdout, base: currentDirectory)
            } else if arguments.first == "gtfs" {
                try GTFSCommand.run(
                    Array(arguments.dropFirst()), language: language, stdout: stdout, stderr: stderr,
                    base: currentDirectory)
            } else if arguments.first == "install" {
                try InstallCommand.run(
                    Array(arguments.dropFirst()), environment: environment, language: language, stdout: stdout,
                    base: currentDirectory)
            } else if arguments.first == "simulate" {
                try SimulateCommand.run(
                    Array(arguments.dropFirst()), language: language, stdout: stdout, base: currentDirectory)
            } else if arguments.first == "field" {
                try FieldCommand.run(
                    Array(arguments.dropFirst()), language: language, stdout: stdout, stderr: stderr,
                    base: currentDirectory)
            } else if arguments.first == "backtest" {
                let parsed = try ArgumentParser.parse(
                    Array(arguments.dropFirst()), spec: backtestSpec, language: language)
                let dataDir = try DataDirectory.resolve(
                    parsed, spec: backtestSpec, base: currentDirectory, language: language)
                do {
                    stdout.write(
                        BacktestReport.render(
                            try TimetableCompiler.compile(DataDirectory.read(dataDir, base: currentDirectory))))
                } catch {
                    throw CLIError.data(error.description)
                }
            } else if arguments.first == "help" {
                let name = arguments.dropFirst().first
                let target = spec.subcommands.first { $0.path.last == name } ?? spec
                throw CLIError.cleanExit(HelpFormatter.help(for: target, language: language))
            } else {
                try runGenerate(arguments, language: language, stdout: stdout, base: currentDirectory)
            }
            return 0
        } catch let error as CLIError {
            return CommandRunner.report(error, stdout: stdout, stderr: stderr, language: language)
        } catch {
            return CommandRunner.report(.failure("\(error)"), stdout: stdout, stderr: stderr, language: language)
        }
    }

    static func contents(_ path: String, base: String) throws(DataError) -> Data {
        guard let data = FileManager.default.contents(atPath: absolute(path, base: base)) else {
            throw DataError(file: path, "cannot read the file (missing or unreadable)")
        }
        return data
    }

    static func absolute(_ path: String, base: String) -> String {
        path.hasPrefix("/") ? path : base + "/" + path
    }

    static func runGenerate(_ arguments: [String], language: Language, stdout: OutputSink, base: String)
        throws(CLIError)
    {
        let parsed = try ArgumentParser.parse(arguments, spec: spec, language: language)
        if parsed.flag("version") { throw .cleanExit(Release.versionLine("timetable-gen")) }
        let dataDir = try DataDirectory.resolve(parsed, spec: spec, base: base, language: language)
        guard let output = parsed.value("output") ?? (DataDirectory.isCheckoutRoot(base) ? defaultOutput : nil) else {
            throw .usage(
                language.tr(
                    "Не вказано, куди писати: додайте '--output <path>' (файл .json чи .swift)",
                    "No output given: pass '--output <path>' (a .json or .swift file)"), spec)
        }
        var options = TimetableCompiler.Options()
        if let dwell = parsed.value("dwell") {
            guard let seconds = DecimalNumber.whole(dwell), (0...120).contains(seconds) else {
                throw .usage(
                    language.tr(
                        "Стоянка '\(dwell)' має бути цілим числом секунд від 0 до 120",
                        "The dwell '\(dwell)' must be a whole number of seconds from 0 to 120"), spec)
            }
            options.dwellSeconds = seconds
        }
        let document: NetworkDocument
        do {
            document = try TimetableCompiler.compile(DataDirectory.read(dataDir, base: base), options: options)
        } catch {
            throw .data(error.description)
        }
        let contents =
            output.hasSuffix(".json")
            ? NetworkEncoding.json(document) : NetworkEncoding.swiftSource(json: NetworkEncoding.compactJSON(document))
        let outputPath = absolute(output, base: base)
        let existing = FileManager.default.contents(atPath: outputPath).map { String(decoding: $0, as: UTF8.self) }

        if parsed.flag("check") {
            if existing == contents {
                stdout.line(language.tr("\(output) актуальний.", "\(output) is up to date."))
                return
            }
            guard let existing else {
                throw .failure(
                    language.tr(
                        "\(output) не існує; запустіть 'swift run timetable-gen'.",
                        "\(output) does not exist; run 'swift run timetable-gen'."))
            }
            let oldJSON = output.hasSuffix(".json") ? existing : NetworkEncoding.json(fromSwiftSource: existing) ?? ""
            var summary: [String] = []
            if let old = try? JSONObject.decode(NetworkDocument.self, from: Array(oldJSON.utf8)) {
                summary = NetworkDiff.summary(old: old, new: document)
            }
            if summary.isEmpty { summary = [language.tr("відрізняється форматування", "the formatting differs")] }
            throw .failure(
                language.tr(
                    "\(output) застарів щодо \(dataDir)/:",
                    "\(output) is out of date with \(dataDir)/:")
                    + "\n" + summary.map { "  " + $0 }.joined(separator: "\n") + "\n"
                    + language.tr(
                        "Запустіть 'swift run timetable-gen', щоб оновити його.",
                        "Run 'swift run timetable-gen' to regenerate it."))
        }
        if existing == contents {
            stdout.line(language.tr("\(output) уже актуальний.", "\(output) is already up to date."))
            return
        }
        do { try AtomicFile.write(contents, to: outputPath) } catch { throw .failure(error.description(language)) }
        stdout.line(
            language.tr(
                "Записано \(Quote.value(output)): \(document.stations.count) станції, \(document.segments.count) перегонів.",
                "Wrote \(Quote.value(output)): \(document.stations.count) stations, \(document.segments.count) directed segments."
            ))
    }

    static func runImport(_ arguments: [String], language: Language, stdout: OutputSink, base: String) throws(CLIError)
    {
        let parsed = try ArgumentParser.parse(arguments, spec: importSpec, language: language)
        let dataDir = try DataDirectory.resolve(parsed, spec: importSpec, base: base, language: language)
        let stopTimesPath = parsed.value("stop-times")!
        let periodsPath = parsed.value("time-periods")!
        var writes: [(name: String, contents: String)] = []
        do throws(DataError) {
            var input = try DataDirectory.read(
                dataDir, base: base, names: [TimetableCompiler.FileName.stations, TimetableCompiler.FileName.lines])
            // A stations file from before coordinates were kept is read too: --stations adds them.
            var stationsTable: CSVTable
            do throws(DataError) {
                stationsTable = try input.table(TimetableCompiler.FileName.stations, TimetableCompiler.Columns.stations)
            } catch {
                guard parsed.value("stations") != nil,
                    let old = try? input.table(
                        TimetableCompiler.FileName.stations, TimetableCompiler.Columns.stationsWithoutCoordinates)
                else { throw error }
                stationsTable = old
            }
            if let stationsPath = parsed.value("stations") {
                let layer = try contents(stationsPath, base: base)
                let merged = try GeometryImporter.stations(stationsTable, geoJSON: layer, file: stationsPath)
                input.files[TimetableCompiler.FileName.stations] = merged
                writes.append((TimetableCompiler.FileName.stations, merged))
            }
            let (stations, lines) = try TimetableCompiler.stationsAndLines(input)
            let output = try PortalImporter.convert(
                stopTimes: try contents(stopTimesPath, base: base), stopTimesFile: stopTimesPath,
                timePeriods: try contents(periodsPath, base: base), timePeriodsFile: periodsPath,
                stations: stations, lines: lines)
            writes.append((TimetableCompiler.FileName.timetable, output.timetableCSV))
            writes.append((TimetableCompiler.FileName.headways, output.headwaysCSV))
            if let entrancesPath = parsed.value("entrances") {
                writes.append(
                    (
                        TimetableCompiler.FileName.entrances,
                        try PortalImporter.entrances(
                            try contents(entrancesPath, base: base), file: entrancesPath, stations: stations,
                            lines: lines)
                    ))
            }
            if let tracksPath = parsed.value("tracks") {
                let points = Dictionary(
                    uniqueKeysWithValues: stations.map {
                        ($0.code, (lat: Double($0.latitudeE6) / 1e6, lon: Double($0.longitudeE6) / 1e6))
                    })
                writes.append(
                    (
                        TimetableCompiler.FileName.track,
                        try GeometryImporter.track(
                            geoJSON: try contents(tracksPath, base: base), file: tracksPath, lines: lines,
                            stations: points)
                    ))
            }
        } catch {
            throw .data(error.description)
        }
        // Nothing is written until every layer has been read and checked.
        for (name, contents) in writes {
            do { try AtomicFile.write(contents, to: absolute(dataDir + "/" + name, base: base)) } catch {
                throw .failure(error.description(language))
            }
            stdout.line(language.tr("Записано \(dataDir)/\(name).", "Wrote \(dataDir)/\(name)."))
        }
        stdout.line(
            language.tr(
                "Тепер запустіть 'swift run timetable-gen', щоб оновити мережу.",
                "Now run 'swift run timetable-gen' to regenerate the network."))
    }
}
