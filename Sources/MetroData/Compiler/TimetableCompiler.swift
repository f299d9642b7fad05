import FoundationEssentials
import MetroCore

/// Turns the project's data files (`Data/*.csv`) into the network the engine runs on.
///
/// The city publishes first and last departures at every station, not running times. Two
/// consecutive published departures of the same train give one sample of (running + dwell at
/// the arriving station). Trains that enter the line mid-route from a depot give negative or huge
/// gaps; those samples are discarded by a plausibility range. What survives is summarised by its
/// median; a direction with no plausible sample borrows its mirror's figure.
package enum TimetableCompiler {
    /// The data files' names inside the data directory.
    package enum FileName {
        package static let stations = "kyiv-stations.csv"
        package static let lines = "kyiv-lines.csv"
        package static let timetable = "kyiv-timetable.csv"
        package static let headways = "kyiv-headways.csv"
        package static let transfers = "kyiv-transfers.csv"
        package static let source = "kyiv-source.csv"
        package static let sections = "kyiv-sections.csv"
        package static let track = "kyiv-track.csv"
        package static let entrances = "kyiv-entrances.csv"
        package static let namesRu = "kyiv-names-ru.csv"
        package static let all = [
            stations, lines, timetable, headways, transfers, source, sections, track, entrances, namesRu,
        ]
    }

    /// The column headers each file must carry, in order.
    package enum Columns {
        package static let stations = [
            "code", "line", "order", "name_uk", "name_en", "former_names", "above_ground", "transfer", "lat", "lon",
        ]
        /// The stations file before coordinates were added, which `import --stations` still reads.
        package static let stationsWithoutCoordinates = Array(stations.dropLast(2))
        package static let lines = ["line", "name_uk", "name_en", "color"]
        package static let timetable = ["station", "name_uk", "direction", "first_departure", "last_departure"]
        package static let headways = ["line", "period", "day_type", "direction", "first_interval", "second_interval"]
        package static let transfers = ["station_a", "station_b", "walk_seconds", "basis", "note"]
        package static let source = ["key", "value"]
        package static let sections = ["line", "from", "to", "kind", "note"]
        package static let entrances = ["station", "name_uk", "opens", "closes", "halls", "halls_open"]
        package static let namesRu = ["code", "name_uk", "names_ru", "former_names_ru"]
    }

    package struct Options: Equatable, Sendable {
        /// Dwell at each intermediate stop. Not published; 25 s is the common assumption.
        package var dwellSeconds: Int
        /// Samples outside this range are depot moves, not running times. The shortest Kyiv
        /// segment runs about 95 s and the longest about 330 s (Lukianivska–Zoloti Vorota), so
        /// 60–420 s keeps every real run with a wide margin and drops every depot artefact.
        var plausibleGap: ClosedRange<Int>

        package init(dwellSeconds: Int = 25, plausibleGap: ClosedRange<Int> = 60...420) {
            self.dwellSeconds = dwellSeconds
            self.plausibleGap = plausibleGap
        }
    }

    /// The contents of the data files, keyed by file name, plus the directory used in messages.
    package struct Input: Sendable {
        package var directory: String
        package var files: [String: String]

        package init(directory: String, files: [String: String]) {
            self.directory = directory
            self.files = files
        }

        /// The data files as bytes, keyed by file name (the executable reads them; MetroCore does
        /// no I/O). A file that is not UTF-8 is refused with the position of its first bad byte.
        package init(directory: String, bytes: [String: [UInt8]]) throws(DataError) {
            var files: [String: String] = [:]
            // In the files' usual order, so that the first problem reported is always the same one.
            let order = Dictionary(uniqueKeysWithValues: FileName.all.enumerated().map { ($1, $0) })
            for (name, data) in bytes.sorted(by: { (order[$0.key] ?? .max, $0.key) < (order[$1.key] ?? .max, $1.key) })
            {
                let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                if let problem = SourcePosition.utf8Error(data, file: path) { throw problem }
                files[name] = String(decoding: data, as: UTF8.self)
            }
            self.init(directory: directory, files: files)
        }

        func path(_ name: String) -> String {
            directory.hasSuffix("/") ? directory + name : directory + "/" + name
        }

        package func table(_ name: String, _ columns: [String]) throws(DataError) -> CSVTable {
            guard let text = files[name] else {
                throw DataError(file: path(name), "cannot read the file (missing or unreadable)")
            }
            return try CSVTable(file: path(name), text: text, columns: columns)
        }
    }

    /// Compiles the data files into a network document, or throws the first problem found.
    package static func compile(_ input: Input, options: Options = Options()) throws(DataError) -> NetworkDocument {
        let lines = try readLines(input.table(FileName.lines, Columns.lines))
        let stations = try readStations(input.table(FileName.stations, Columns.stations), lines: lines)
        let lineDocs = try orderLines(lines, stations: stations, file: input.path(FileName.stations))
        var byCode = Dictionary(uniqueKeysWithValues: stations.map { ($0.code, $0) })
        try readRussianNames(input.table(FileName.namesRu, Columns.namesRu), into: &byCode)
        let windows = try readTimetable(
            input.table(FileName.timetable, Columns.timetable), stations: byCode, lines: lineDocs)
        var segments = try deriveSegments(
            lines: lineDocs, windows: windows, stations: byCode, options: options, file: input.path(FileName.timetable))
        let (openAir, airRaid) = try readSections(input.table(FileName.sections, Columns.sections), stations: byCode)
        for index in segments.indices {
            segments[index].openAir = openAir.contains([segments[index].from, segments[index].to])
        }
        let transfers = try readTransfers(input.table(FileName.transfers, Columns.transfers), stations: byCode)
        let headways = try readHeadways(input.table(FileName.headways, Columns.headways), lines: lineDocs)
        let source = try readSource(input.table(FileName.source, Columns.source))
        // The track is not part of the network document (plan never needs it), but every compile
        // checks it, so `--check` covers it and the GTFS export can rely on it.
        _ = try track(input, lines: lineDocs, stations: byCode)
        return NetworkDocument(
            source: source,
            assumptions: .init(
                dwellSeconds: options.dwellSeconds, dwellAssumed: true,
                plausibleGapMinSeconds: options.plausibleGap.lowerBound,
                plausibleGapMaxSeconds: options.plausibleGap.upperBound),
            lines: lineDocs,
            stations: lineDocs.flatMap { $0.stations.compactMap { byCode[$0] } },
            segments: segments,
            transfers: transfers,
            headways: headways,
            serviceWindows: windows.values.sorted {
                ($0.station, $0.direction.rawValue) < ($1.station, $1.direction.rawValue)
            },
            airRaidSections: airRaid,
            entrances: try readEntrances(input.table(FileName.entrances, Columns.entrances), stations: byCode))
    }

    /// Reads and checks only the lines and stations, which the portal importer needs.
    package static func stationsAndLines(_ input: Input) throws(DataError) -> (
        stations: [NetworkDocument.Station], lines: [NetworkDocument.Line]
    ) {
        let lines = try readLines(input.table(FileName.lines, Columns.lines))
        let stations = try readStations(input.table(FileName.stations, Columns.stations), lines: lines)
        return (stations, try orderLines(lines, stations: stations, file: input.path(FileName.stations)))
    }
}
