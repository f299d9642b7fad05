import CLIKit
import FoundationEssentials
import MetroCore
import MetroData
import MetroLab

#if canImport(Glibc)
import Glibc
#endif

/// `timetable-gen gtfs --output FILE.zip|DIR`: the network as a GTFS Schedule feed.
enum GTFSCommand {
    static let spec = CommandSpec(
        path: ["timetable-gen", "gtfs"],
        abstract: Text(
            "Записати мережу як стрічку GTFS (zip або тека).",
            "Write the network as a GTFS feed (a zip, or a directory)."),
        discussion: Text(
            "Ті самі дані, ті самі байти. Поїзди від першого до останнього опублікованого відправлення з інтервалом кожної години, депо-поїзди з власними першими відправленнями, перегони і стоянки — ті самі, що в 'metro-timer plan'.",
            "Same data, same bytes. Trains from the first to the last published departure at each hour's interval, depot trains at their own first departures, running and dwell as 'metro-timer plan' uses them."
        ),
        arguments: [
            .option(
                "output", value: "path",
                Text("Куди писати: файл .zip або тека.", "Where to write: a .zip file or a directory.")
            ).completing(.file),
            .option(
                "data", value: "dir", Text("Тека з даними проєкту.", "The project's data directory."),
                default: DataDirectory.defaultText
            ).completing(.file),
            .option(
                "start", value: "YYYY-MM-DD", Text("Перший день дії стрічки.", "The feed's first valid day."),
                default: Text("дата розкладу", "the timetable's date")),
            .option(
                "end", value: "YYYY-MM-DD", Text("Останній день дії стрічки.", "The feed's last valid day."),
                default: Text("рік від початку", "a year after the start")),
            .option(
                "agency-url", value: "URL", Text("Адреса перевізника.", "The agency's web address."),
                default: Text(GTFSFeed.Options.operatorSite, GTFSFeed.Options.operatorSite)),
            .option(
                "publisher-url", value: "URL",
                Text("Адреса того, хто публікує стрічку.", "The feed publisher's web address."),
                default: Text("сторінка набору даних", "the dataset's page")),
            .option("contact-email", value: "address", Text("Контакт щодо стрічки.", "A contact for the feed.")),
        ])

    static func run(_ arguments: [String], language: Language, stdout: OutputSink, stderr: OutputSink, base: String)
        throws(CLIError)
    {
        let parsed = try ArgumentParser.parse(arguments, spec: spec, language: language)
        guard let output = parsed.value("output") else {
            throw .usage(language.tr("Бракує '--output <path>'", "Missing '--output <path>'"), spec)
        }
        let dataDir = try DataDirectory.resolve(parsed, spec: spec, base: base, language: language)
        let document: NetworkDocument
        let track: [String: [TimetableCompiler.TrackPoint]]
        do throws(DataError) {
            let input = try DataDirectory.read(dataDir, base: base)
            document = try TimetableCompiler.compile(input)
            let byCode = Dictionary(uniqueKeysWithValues: document.stations.map { ($0.code, $0) })
            track = try TimetableCompiler.track(input, lines: document.lines, stations: byCode)
        } catch {
            throw .data(error.description)
        }
        let clock: ServiceClock
        switch ZoneInfo.lookup(environment: Environment.current(), language: language) {
        case .success(let kyiv):
            clock = kyiv.clock
            if let warning = kyiv.warning { stderr.line(warning) }
        case .failure(let error): throw error
        }
        let start = try day(
            parsed.value("start") ?? document.source.resourcesDated, option: "start", language: language)
        let end =
            try parsed.value("end").map { (text) throws(CLIError) in try day(text, option: "end", language: language) }
            ?? clock.shifted(start, by: 364)
        guard "\(end)" >= "\(start)" else {
            throw .usage(
                language.tr("'--end' має бути не раніше за '--start'", "'--end' must not come before '--start'"), spec)
        }
        var options = GTFSFeed.Options(start: start, end: end)
        for (name, keyPath) in [("agency-url", \GTFSFeed.Options.agencyURL), ("publisher-url", \.publisherURL)] {
            guard let value = parsed.value(name) else { continue }
            guard value.hasPrefix("https://") || value.hasPrefix("http://"), !value.contains(" ") else {
                throw .usage(
                    language.tr(
                        "'--\(name)' має бути адресою http(s)://…", "'--\(name)' must be an http(s)://… address"), spec)
            }
            options[keyPath: keyPath] = value
        }
        if let email = parsed.value("contact-email") {
            guard email.contains("@"), !email.contains(" ") else {
                throw .usage(
                    language.tr(
                        "'--contact-email' має бути адресою пошти", "'--contact-email' must be an e-mail address"), spec
                )
            }
            options.contactEmail = email
        }
        let feed = GTFSFeed(network: Network(document: document), track: track, clock: clock, options: options)
        let files = feed.files()
        try write(files, to: output, base: base, language: language)
        let trips = files.first { $0.name == "trips.txt" }!.contents.split(separator: "\n").count - 1
        stdout.line(
            language.tr(
                "Записано \(Quote.value(output)): \(document.stations.count) зупинок, \(trips) рейсів, чинна \(start)–\(end).",
                "Wrote \(Quote.value(output)): \(document.stations.count) stops, \(trips) trips, valid \(start) to \(end)."
            ))
    }

    /// The feed's files: a .zip archive, or a directory of them.
    static func write(
        _ files: [(name: String, contents: String)], to output: String, base: String, language: Language
    ) throws(CLIError) {
        let path = Generator.absolute(output, base: base)
        if output.hasSuffix(".zip") {
            try ExportFile.write(
                bytes: ZipArchive.archive(files.map { ($0.name, Array($0.contents.utf8)) }), to: path, mode: 0o644,
                language: language)
        } else {
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
                throw .failure(
                    language.tr(
                        "\(output) існує і не є текою; для архіву дайте назву на .zip",
                        "\(output) exists and is not a directory; name a .zip file for an archive"))
            }
            do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
                let reason = SystemReason.code(of: error).map { SystemReason.text($0, language) } ?? "\(error)"
                throw .failure(
                    language.tr("не вдається створити \(output): \(reason)", "cannot create \(output): \(error)"))
            }
            for file in files {
                try ExportFile.write(file.contents, to: path + "/" + file.name, mode: 0o644, language: language)
            }
        }
    }

    /// A real `YYYY-MM-DD` date, read as `changes.json` and `plan --date` read theirs.
    static func day(_ text: String, option: String, language: Language) throws(CLIError) -> ServiceClock.ServiceDay {
        guard let day = ServiceClock.ServiceDay(iso: text) else {
            throw .usage(
                language.tr(
                    "'--\(option)' має бути датою YYYY-MM-DD, отримано '\(text)'",
                    "'--\(option)' must be a date written YYYY-MM-DD, not '\(text)'"), spec)
        }
        return day
    }
}
