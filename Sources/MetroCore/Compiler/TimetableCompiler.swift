import FoundationEssentials

/// Turns the project's data files (`Data/*.csv`) into the network the engine runs on.
///
/// The city publishes first and last departures at every station, not running times. Two
/// consecutive published departures of the same train give one sample of (running + dwell at
/// the arriving station). Trains that enter the line mid-route from a depot give negative or huge
/// gaps; those samples are discarded by a plausibility range. What survives is summarised by its
/// median; a direction with no plausible sample borrows its mirror's figure.
public enum TimetableCompiler {
    /// The data files' names inside the data directory.
    public enum FileName {
        public static let stations = "kyiv-stations.csv"
        public static let lines = "kyiv-lines.csv"
        public static let timetable = "kyiv-timetable.csv"
        public static let headways = "kyiv-headways.csv"
        public static let transfers = "kyiv-transfers.csv"
        public static let source = "kyiv-source.csv"
        public static let sections = "kyiv-sections.csv"
        public static let track = "kyiv-track.csv"
        public static let entrances = "kyiv-entrances.csv"
        public static let namesRu = "kyiv-names-ru.csv"
        public static let all = [stations, lines, timetable, headways, transfers, source, sections, track, entrances, namesRu]
    }

    /// The column headers each file must carry, in order.
    public enum Columns {
        public static let stations = ["code", "line", "order", "name_uk", "name_en", "former_names", "above_ground", "transfer", "lat", "lon"]
        /// The stations file before coordinates were added, which `import --stations` still reads.
        public static let stationsWithoutCoordinates = Array(stations.dropLast(2))
        public static let lines = ["line", "name_uk", "name_en", "color"]
        public static let timetable = ["station", "name_uk", "direction", "first_departure", "last_departure"]
        public static let headways = ["line", "period", "day_type", "direction", "first_interval", "second_interval"]
        public static let transfers = ["station_a", "station_b", "walk_seconds", "basis", "note"]
        public static let source = ["key", "value"]
        public static let sections = ["line", "from", "to", "kind", "note"]
        public static let entrances = ["station", "name_uk", "opens", "closes", "halls", "halls_open"]
        public static let namesRu = ["code", "name_uk", "names_ru", "former_names_ru"]
    }

    public struct Options: Equatable, Sendable {
        /// Dwell at each intermediate stop. Not published; 25 s is the common assumption.
        public var dwellSeconds: Int
        /// Samples outside this range are depot moves, not running times. The shortest Kyiv
        /// segment runs about 95 s and the longest about 330 s (Lukianivska–Zoloti Vorota), so
        /// 60–420 s keeps every real run with a wide margin and drops every depot artefact.
        public var plausibleGap: ClosedRange<Int>

        public init(dwellSeconds: Int = 25, plausibleGap: ClosedRange<Int> = 60...420) {
            self.dwellSeconds = dwellSeconds
            self.plausibleGap = plausibleGap
        }
    }

    /// The contents of the data files, keyed by file name, plus the directory used in messages.
    public struct Input: Sendable {
        public var directory: String
        public var files: [String: String]

        public init(directory: String, files: [String: String]) {
            self.directory = directory
            self.files = files
        }

        /// The data files as bytes, keyed by file name (the executable reads them; MetroCore does
        /// no I/O). A file that is not UTF-8 is refused with the position of its first bad byte.
        public init(directory: String, bytes: [String: [UInt8]]) throws(DataError) {
            var files: [String: String] = [:]
            // In the files' usual order, so that the first problem reported is always the same one.
            let order = Dictionary(uniqueKeysWithValues: FileName.all.enumerated().map { ($1, $0) })
            for (name, data) in bytes.sorted(by: { (order[$0.key] ?? .max, $0.key) < (order[$1.key] ?? .max, $1.key) }) {
                let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                if let problem = SourcePosition.utf8Error(data, file: path) { throw problem }
                files[name] = String(decoding: data, as: UTF8.self)
            }
            self.init(directory: directory, files: files)
        }

        func path(_ name: String) -> String {
            directory.hasSuffix("/") ? directory + name : directory + "/" + name
        }

        public func table(_ name: String, _ columns: [String]) throws(DataError) -> CSVTable {
            guard let text = files[name] else { throw DataError(file: path(name), "cannot read the file (missing or unreadable)") }
            return try CSVTable(file: path(name), text: text, columns: columns)
        }
    }

    /// Compiles the data files into a network document, or throws the first problem found.
    public static func compile(_ input: Input, options: Options = Options()) throws(DataError) -> NetworkDocument {
        let lines = try readLines(input.table(FileName.lines, Columns.lines))
        let stations = try readStations(input.table(FileName.stations, Columns.stations), lines: lines)
        let lineDocs = try orderLines(lines, stations: stations, file: input.path(FileName.stations))
        var byCode = Dictionary(uniqueKeysWithValues: stations.map { ($0.code, $0) })
        try readRussianNames(input.table(FileName.namesRu, Columns.namesRu), into: &byCode)
        let windows = try readTimetable(input.table(FileName.timetable, Columns.timetable), stations: byCode, lines: lineDocs)
        var segments = try deriveSegments(lines: lineDocs, windows: windows, stations: byCode, options: options, file: input.path(FileName.timetable))
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
            serviceWindows: windows.values.sorted { ($0.station, $0.direction.rawValue) < ($1.station, $1.direction.rawValue) },
            airRaidSections: airRaid,
            entrances: try readEntrances(input.table(FileName.entrances, Columns.entrances), stations: byCode))
    }

    /// `kyiv-names-ru.csv`: the Russian names many people in Kyiv type, one row per station (the
    /// current name and its variants, and the former names in the order of the stations file's
    /// former names, so each matches its Ukrainian and English form).
    static func readRussianNames(_ table: CSVTable, into stations: inout [String: NetworkDocument.Station]) throws(DataError) {
        func cyrillic(_ name: String) -> Bool {
            !name.isEmpty && name.unicodeScalars.allSatisfy { (0x400...0x4FF).contains($0.value) || " -«»'".unicodeScalars.contains($0) }
                && name.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) }
        }
        try forEachStationRow(table, stations: stations) { (row, code) throws(DataError) in
            var station = stations[code]!
            guard row(1) == station.nameUk else {
                throw DataError(file: table.file, line: row.line, column: 2, "\(code) is \(station.nameUk) in the stations file, not '\(row(1))'")
            }
            let names = row(2).split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let former = row(3).isEmpty ? [] : row(3).split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            for (column, list) in [(3, names), (4, former)] {
                if let bad = list.first(where: { !cyrillic($0) }) {
                    throw DataError(file: table.file, line: row.line, column: column, "a Russian name must be Cyrillic letters, spaces, hyphens or «», found '\(bad)'")
                }
            }
            guard former.count == station.formerNames.count else {
                throw DataError(
                    file: table.file, line: row.line, column: 4,
                    "\(code) has \(station.formerNames.count) former names in the stations file but \(former.count) here: give one Russian form for each, in the same order")
            }
            station.namesRu = names
            station.formerNamesRu = former.isEmpty ? nil : former
            stations[code] = station
        }
    }

    /// Reads a file with one row per station, its code in column 1: every code known, none
    /// twice, none missing; `body` reads each row, in order.
    static func forEachStationRow(
        _ table: CSVTable, stations: [String: NetworkDocument.Station], _ body: (CSVTable.Row, String) throws(DataError) -> Void
    ) throws(DataError) {
        var seen: Set<String> = []
        for row in table.rows {
            let code = row(0)
            guard stations[code] != nil else { throw DataError(file: table.file, line: row.line, column: 1, "unknown station code '\(code)'") }
            guard seen.insert(code).inserted else { throw DataError(file: table.file, line: row.line, column: 1, "a second row for \(code)") }
            try body(row, code)
        }
        if let missing = stations.keys.sorted().first(where: { !seen.contains($0) }) {
            throw DataError(file: table.file, "no row for station \(missing)")
        }
    }

    /// `kyiv-entrances.csv`: one row per station; times as published.
    static func readEntrances(_ table: CSVTable, stations: [String: NetworkDocument.Station]) throws(DataError) -> [NetworkDocument.Entrance] {
        var result: [NetworkDocument.Entrance] = []
        try forEachStationRow(table, stations: stations) { (row, code) throws(DataError) in
            var times: [Int] = []
            for column in [2, 3] {
                do { times.append(try TimeOfDay.parseClock(row(column) + ":00")) } catch {
                    throw DataError(file: table.file, line: row.line, column: column + 1, "not a time HH:MM: '\(row(column))'")
                }
            }
            // A closing time before 03:00 is in the night after the service day.
            if times[1] < 3 * 3600 { times[1] += 24 * 3600 }
            guard let halls = Int(row(4)), (1...10).contains(halls) else {
                throw DataError(file: table.file, line: row.line, column: 5, "halls must be a number of vestibules from 1 to 10, found '\(row(4))'")
            }
            guard let open = Int(row(5)), (0...halls).contains(open) else {
                throw DataError(file: table.file, line: row.line, column: 6, "halls_open must be from 0 to \(halls), found '\(row(5))'")
            }
            result.append(NetworkDocument.Entrance(station: code, opens: times[0], closes: times[1], halls: halls, hallsOpen: open))
        }
        return result
    }

    /// Kyiv's extent, generously: a coordinate outside it is a typo or swapped columns.
    static let kyivLatitudes = 50_200_000...50_700_000
    static let kyivLongitudes = 30_200_000...30_900_000

    /// `50.457766` as 50457766 millionths of a degree; nil unless it is a plain decimal.
    static func microDegrees(_ text: String) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int(parts[0]), !parts[0].hasPrefix("+"),
            parts.count == 1 || (1...6).contains(parts[1].count) && parts[1].allSatisfy(\.isASCII) && parts[1].allSatisfy(\.isNumber)
        else { return nil }
        let fraction = parts.count == 2 ? Int(parts[1] + String(repeating: "0", count: 6 - parts[1].count))! : 0
        return whole * 1_000_000 + (text.hasPrefix("-") ? -fraction : fraction)
    }

    /// A point of the track, in millionths of a degree.
    public struct TrackPoint: Equatable, Sendable {
        public var latitudeE6: Int
        public var longitudeE6: Int
    }

    /// The farthest a segment's ends may lie from its stations' points, in metres. The
    /// portal's track ends at the platforms' centre lines, not at the station points.
    static let trackEndTolerance = 400.0

    /// `kyiv-track.csv`: for every directed segment of every line, its points from the `from`
    /// station to the `to` station. Keyed `"from to"`.
    public static func track(_ input: Input, lines: [NetworkDocument.Line], stations: [String: NetworkDocument.Station]) throws(DataError) -> [String: [TrackPoint]] {
        let table = try input.table(FileName.track, GeometryImporter.trackColumns)
        var adjacent: Set<String> = []
        for line in lines {
            for (a, b) in zip(line.stations, line.stations.dropFirst()) { adjacent.insert("\(a) \(b)"); adjacent.insert("\(b) \(a)") }
        }
        var result: [String: [TrackPoint]] = [:]
        var firstLine: [String: Int] = [:]
        var current: (key: String, next: Int)?
        for row in table.rows {
            let key = row(0) + " " + row(1)
            for column in [0, 1] where stations[row(column)] == nil {
                throw DataError(file: table.file, line: row.line, column: column + 1, "unknown station code '\(row(column))'")
            }
            guard adjacent.contains(key) else {
                throw DataError(file: table.file, line: row.line, column: 2, "\(row(0)) and \(row(1)) are not adjacent stations of one line")
            }
            guard let point = Int(row(2)), point >= 1 else {
                throw DataError(file: table.file, line: row.line, column: 3, "point '\(row(2))' is not a positive whole number")
            }
            if current?.key != key {
                if let seen = firstLine[key] {
                    throw DataError(file: table.file, line: row.line, column: 1, "the segment \(row(0)) → \(row(1)) appears again (first seen on line \(seen)); keep its points together")
                }
                firstLine[key] = row.line
                current = (key, 1)
            }
            guard point == current!.next else {
                throw DataError(file: table.file, line: row.line, column: 3, "point \(point) where \(current!.next) was expected; number each segment's points 1, 2, 3, …")
            }
            current!.next += 1
            var coordinates: [Int] = []
            for (column, range) in [(3, kyivLatitudes), (4, kyivLongitudes)] {
                guard let micro = microDegrees(row(column)), range.contains(micro) else {
                    throw DataError(file: table.file, line: row.line, column: column + 1, "\(table.header[column]) '\(row(column))' is not a decimal coordinate within Kyiv")
                }
                coordinates.append(micro)
            }
            result[key, default: []].append(TrackPoint(latitudeE6: coordinates[0], longitudeE6: coordinates[1]))
        }
        for key in adjacent.sorted() {
            let ends = key.split(separator: " ").map { stations[String($0)]! }
            guard let points = result[key], points.count >= 2 else {
                throw DataError(file: table.file, "no track for the segment \(ends[0].nameEn) → \(ends[1].nameEn) (\(key.replacing(" ", with: " → "))); every directed segment needs two points or more")
            }
            for (point, station, which) in [(points.first!, ends[0], "starts"), (points.last!, ends[1], "ends")] {
                let metres = GeometryImporter.distance(
                    (Double(point.latitudeE6) / 1e6, Double(point.longitudeE6) / 1e6),
                    (Double(station.latitudeE6) / 1e6, Double(station.longitudeE6) / 1e6))
                guard metres <= trackEndTolerance else {
                    throw DataError(file: table.file, line: firstLine[key],
                        "the segment \(ends[0].nameEn) → \(ends[1].nameEn) \(which) \(Int(metres)) m from \(station.nameEn) (at most \(Int(trackEndTolerance)) m); is it reversed?")
                }
            }
        }
        return result
    }

    /// Reads and checks only the lines and stations, which the portal importer needs.
    public static func stationsAndLines(_ input: Input) throws(DataError) -> (stations: [NetworkDocument.Station], lines: [NetworkDocument.Line]) {
        let lines = try readLines(input.table(FileName.lines, Columns.lines))
        let stations = try readStations(input.table(FileName.stations, Columns.stations), lines: lines)
        return (stations, try orderLines(lines, stations: stations, file: input.path(FileName.stations)))
    }

    // MARK: - Files

    static func readLines(_ table: CSVTable) throws(DataError) -> [NetworkDocument.Line] {
        var seen: [String: Int] = [:]
        var result: [NetworkDocument.Line] = []
        for row in table.rows {
            let id = row(0)
            if let first = seen[id] {
                throw DataError(file: table.file, line: row.line, column: 1, "duplicate row for line \(id) (first seen on line \(first))")
            }
            for column in 0..<4 where row(column).isEmpty {
                throw DataError(file: table.file, line: row.line, column: column + 1, "empty \(table.header[column])")
            }
            seen[id] = row.line
            result.append(.init(id: id, nameUk: row(1), nameEn: row(2), color: row(3), stations: []))
        }
        return result
    }

    static func readStations(_ table: CSVTable, lines: [NetworkDocument.Line]) throws(DataError) -> [NetworkDocument.Station] {
        let lineIDs = Set(lines.map(\.id))
        var seen: [String: Int] = [:]
        var result: [NetworkDocument.Station] = []
        for row in table.rows {
            let code = row(0)
            if let first = seen[code] {
                throw DataError(file: table.file, line: row.line, column: 1, "duplicate row for station \(code) (first seen on line \(first))")
            }
            seen[code] = row.line
            for column in [0, 1, 2, 3, 4] where row(column).isEmpty {
                throw DataError(file: table.file, line: row.line, column: column + 1, "empty \(table.header[column])")
            }
            guard lineIDs.contains(row(1)) else {
                throw DataError(file: table.file, line: row.line, column: 2, "unknown line '\(row(1))'")
            }
            guard let order = Int(row(2)), order > 0 else {
                throw DataError(file: table.file, line: row.line, column: 3, "order '\(row(2))' is not a positive whole number")
            }
            guard let aboveGround = ["yes": true, "no": false][row(6)] else {
                throw DataError(file: table.file, line: row.line, column: 7, "above_ground must be 'yes' or 'no', found '\(row(6))'")
            }
            if row(4).unicodeScalars.contains(where: { (0x0400...0x04FF).contains($0.value) }) {
                throw DataError(file: table.file, line: row.line, column: 5, "the English name '\(row(4))' contains Cyrillic letters")
            }
            var former: [NetworkDocument.FormerName] = []
            for pair in row(5).split(separator: ";") {
                let names = pair.split(separator: "|", omittingEmptySubsequences: false)
                guard names.count == 2, !names[0].isEmpty, !names[1].isEmpty else {
                    throw DataError(file: table.file, line: row.line, column: 6, "former names must be 'Ukrainian|English' pairs separated by ';', found '\(pair)'")
                }
                former.append(.init(uk: String(names[0]), en: String(names[1])))
            }
            var coordinates: [Int] = []
            for (column, range) in [(8, kyivLatitudes), (9, kyivLongitudes)] {
                guard let micro = microDegrees(row(column)), range.contains(micro) else {
                    throw DataError(file: table.file, line: row.line, column: column + 1,
                        "\(table.header[column]) '\(row(column))' is not a decimal coordinate within Kyiv (\(Double(range.lowerBound) / 1e6)–\(Double(range.upperBound) / 1e6))")
                }
                coordinates.append(micro)
            }
            result.append(.init(
                code: code, line: row(1), order: order, nameUk: row(3), nameEn: row(4),
                formerNames: former, aboveGround: aboveGround, transfer: row(7).isEmpty ? nil : row(7),
                latitudeE6: coordinates[0], longitudeE6: coordinates[1]))
        }
        let codes = Set(result.map(\.code))
        for station in result {
            guard let partner = station.transfer else { continue }
            let line = seen[station.code]!
            guard codes.contains(partner) else {
                throw DataError(file: table.file, line: line, column: 8, "unknown station code '\(partner)'")
            }
            guard result.first(where: { $0.code == partner })?.transfer == station.code else {
                throw DataError(file: table.file, line: line, column: 8, "transfer partner \(partner) does not name \(station.code) back")
            }
        }
        return result
    }

    static func orderLines(_ lines: [NetworkDocument.Line], stations: [NetworkDocument.Station], file: String) throws(DataError) -> [NetworkDocument.Line] {
        var result = lines
        for index in result.indices {
            let members = stations.filter { $0.line == result[index].id }.sorted { $0.order < $1.order }
            guard members.count >= 2 else {
                throw DataError(file: file, "line \(result[index].id) has \(members.count) station(s); a line needs at least two")
            }
            for (position, station) in members.enumerated() where station.order != position + 1 {
                if station.order == position {
                    throw DataError(file: file, "line \(result[index].id) has two stations at position \(position)")
                }
                throw DataError(file: file, "line \(result[index].id) has no station at position \(position + 1); orders must run from 1 without gaps")
            }
            result[index].stations = members.map(\.code)
        }
        return result
    }

    struct WindowKey: Hashable { var station: String; var direction: Direction }

    static func readTimetable(
        _ table: CSVTable, stations: [String: NetworkDocument.Station], lines: [NetworkDocument.Line]
    ) throws(DataError) -> [WindowKey: NetworkDocument.ServiceWindow] {
        var seen: [WindowKey: Int] = [:]
        var windows: [WindowKey: NetworkDocument.ServiceWindow] = [:]
        for row in table.rows {
            guard let station = stations[row(0)] else {
                throw DataError(file: table.file, line: row.line, column: 1, "unknown station code '\(row(0))'")
            }
            guard row(1) == station.nameUk else {
                throw DataError(file: table.file, line: row.line, column: 2, "name '\(row(1))' does not match station \(station.code) ('\(station.nameUk)' in \(TimetableCompiler.FileName.stations))")
            }
            guard let direction = Direction(rawValue: row(2)) else {
                throw DataError(file: table.file, line: row.line, column: 3, "direction must be 'forward' or 'reverse', found '\(row(2))'")
            }
            let key = WindowKey(station: station.code, direction: direction)
            if let first = seen[key] {
                throw DataError(file: table.file, line: row.line, column: 1, "duplicate row for \(station.code) \(direction.rawValue) (first seen on line \(first))")
            }
            seen[key] = row.line
            let first = try clock(row(3), table: table, row: row, column: 4)
            let last = try clock(row(4), table: table, row: row, column: 5)
            switch (first, last) {
            case (nil, nil):
                continue
            case let (first?, last?):
                guard first <= last else {
                    throw DataError(file: table.file, line: row.line, column: 4, "first departure \(row(3)) is later than last departure \(row(4))")
                }
                windows[key] = .init(station: station.code, direction: direction, firstDeparture: first, lastDeparture: last)
            default:
                throw DataError(file: table.file, line: row.line, column: row(3).isEmpty ? 4 : 5, "only one of first_departure and last_departure is given; give both or neither")
            }
        }
        // Every station has a row in both directions, even where the city publishes nothing.
        for line in lines {
            for code in line.stations {
                for direction in Direction.allCases where seen[WindowKey(station: code, direction: direction)] == nil {
                    throw DataError(file: table.file, "no row for station \(code) (\(stations[code]!.nameEn)) \(direction.rawValue); every station of line \(line.id) needs one per direction (leave the times empty where none are published)")
                }
            }
        }
        return windows
    }

    static func clock(_ text: String, table: CSVTable, row: CSVTable.Row, column: Int) throws(DataError) -> Int? {
        if text.isEmpty { return nil }
        do {
            return try TimeOfDay.parseClock(text)
        } catch {
            switch error {
            case .unparsable:
                throw DataError(file: table.file, line: row.line, column: column, "unparsable time '\(text)' (expected HH:MM:SS)")
            case .impossible(let reason):
                throw DataError(file: table.file, line: row.line, column: column, "impossible time '\(text)' (\(reason))")
            }
        }
    }

    static func deriveSegments(
        lines: [NetworkDocument.Line], windows: [WindowKey: NetworkDocument.ServiceWindow],
        stations: [String: NetworkDocument.Station], options: Options, file: String
    ) throws(DataError) -> [NetworkDocument.Segment] {
        // Pass 1: each direction's own samples, by pattern.
        var own: [String: Samples] = [:]
        for line in lines {
            for (a, b) in zip(line.stations, line.stations.dropFirst()) {
                own["\(a) \(b)"] = samples(from: a, to: b, direction: .forward, windows: windows, options: options)
                own["\(b) \(a)"] = samples(from: b, to: a, direction: .reverse, windows: windows, options: options)
            }
        }
        // The network's first-to-last ratio, over the segments where both trains gave a sample:
        // the slow pattern a segment with one sample lacks is estimated with it.
        let pairs = own.values.compactMap { sample in sample.first.flatMap { f in sample.last.map { (f, $0) } } }
        let sumFirst = pairs.map(\.0).reduce(0, +), sumLast = pairs.map(\.1).reduce(0, +)
        func patterns(_ sample: Samples) -> (early: Int, late: Int)? {
            switch (sample.first, sample.last) {
            case let (first?, last?): return (min(first, last), max(first, last))
            case let (nil, last?): return (last, sumLast > 0 ? (last * sumFirst + sumLast / 2) / sumLast : last)
            case let (first?, nil): return (sumFirst > 0 ? (first * sumLast + sumFirst / 2) / sumFirst : first, first)
            case (nil, nil): return nil
            }
        }
        var result: [NetworkDocument.Segment] = []
        for line in lines {
            for (a, b) in zip(line.stations, line.stations.dropFirst()) {
                let forward = own["\(a) \(b)"]!, reverse = own["\(b) \(a)"]!
                guard patterns(forward) != nil || patterns(reverse) != nil else {
                    throw DataError(file: file, "segment \(stations[a]!.nameEn) – \(stations[b]!.nameEn) (\(line.id)) has no plausible sample in either direction (plausible gaps: \(options.plausibleGap.lowerBound)–\(options.plausibleGap.upperBound) s)")
                }
                for (from, to, direction, mine, mirror) in [(a, b, Direction.forward, forward, reverse), (b, a, .reverse, reverse, forward)] {
                    let (early, late) = patterns(mine) ?? patterns(mirror)!
                    // The best estimate: midway between the two patterns (the median of two
                    // samples; for one sample, midway to the estimated other pattern).
                    let gap = (early + late + 1) / 2
                    guard early > options.dwellSeconds else {
                        throw DataError(file: file, "segment \(stations[from]!.nameEn) → \(stations[to]!.nameEn) (\(line.id)): gap \(early) s leaves no running time after a dwell of \(options.dwellSeconds) s")
                    }
                    result.append(.init(
                        line: line.id, direction: direction, from: from, to: to, gapSeconds: gap,
                        runSeconds: gap - options.dwellSeconds, dwellSeconds: options.dwellSeconds,
                        sampleGaps: mine.all, basis: mine.all.isEmpty ? .mirror : .measured, openAir: false,
                        earlyGapSeconds: early, lateGapSeconds: late))
                }
            }
        }
        return result
    }

    /// Departure-to-departure gaps of the first and of the last train between two stations,
    /// each kept only when plausible.
    struct Samples {
        var first: Int?
        var last: Int?
        var all: [Int] { [first, last].compactMap { $0 } }
    }

    static func samples(
        from: String, to: String, direction: Direction,
        windows: [WindowKey: NetworkDocument.ServiceWindow], options: Options
    ) -> Samples {
        guard let start = windows[WindowKey(station: from, direction: direction)],
            let end = windows[WindowKey(station: to, direction: direction)]
        else { return Samples() }
        let first = end.firstDeparture - start.firstDeparture, last = end.lastDeparture - start.lastDeparture
        return Samples(first: options.plausibleGap.contains(first) ? first : nil, last: options.plausibleGap.contains(last) ? last : nil)
    }

    /// The median, rounded half up to a whole second so the output stays integer and stable.
    public static func median(_ values: [Int]) -> Int {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[middle] }
        return (sorted[middle - 1] + sorted[middle] + 1) / 2
    }

    static func readTransfers(_ table: CSVTable, stations: [String: NetworkDocument.Station]) throws(DataError) -> [NetworkDocument.Transfer] {
        var result: [NetworkDocument.Transfer] = []
        var seen: [Set<String>: Int] = [:]
        for row in table.rows {
            for column in [0, 1] where stations[row(column)] == nil {
                throw DataError(file: table.file, line: row.line, column: column + 1, "unknown station code '\(row(column))'")
            }
            let a = stations[row(0)]!, b = stations[row(1)]!
            guard a.transfer == b.code else {
                throw DataError(file: table.file, line: row.line, column: 2, "\(a.code) and \(b.code) are not transfer partners in \(FileName.stations)")
            }
            if let first = seen[[a.code, b.code]] {
                throw DataError(file: table.file, line: row.line, column: 1, "duplicate row for the transfer \(a.code) – \(b.code) (first seen on line \(first))")
            }
            seen[[a.code, b.code]] = row.line
            guard let walk = Int(row(2)), (10...1200).contains(walk) else {
                throw DataError(file: table.file, line: row.line, column: 3, "walk_seconds must be a whole number from 10 to 1200, found '\(row(2))'")
            }
            guard ["measured", "estimate"].contains(row(3)) else {
                throw DataError(file: table.file, line: row.line, column: 4, "basis must be 'measured' or 'estimate', found '\(row(3))'")
            }
            result.append(.init(stationA: a.code, stationB: b.code, walkSeconds: walk, basis: row(3), note: row(4)))
        }
        for station in stations.values.sorted(by: { $0.code < $1.code }) {
            if let partner = station.transfer, seen[[station.code, partner]] == nil {
                throw DataError(file: table.file, "no row for the transfer \(station.code) – \(partner) named in \(FileName.stations)")
            }
        }
        return result
    }

    static func readHeadways(_ table: CSVTable, lines: [NetworkDocument.Line]) throws(DataError) -> [NetworkDocument.Headway] {
        let lineIDs = Set(lines.map(\.id))
        var seen: [String: Int] = [:]
        var result: [NetworkDocument.Headway] = []
        for row in table.rows {
            guard lineIDs.contains(row(0)) else {
                throw DataError(file: table.file, line: row.line, column: 1, "unknown line '\(row(0))'")
            }
            guard let hour = period(row(1)) else {
                throw DataError(file: table.file, line: row.line, column: 2, "period must be one whole hour such as '06:00-07:00', found '\(row(1))'")
            }
            guard let dayType = DayType(rawValue: row(2)) else {
                throw DataError(file: table.file, line: row.line, column: 3, "day_type must be 'weekday' or 'weekend', found '\(row(2))'")
            }
            guard let direction = Direction(rawValue: row(3)) else {
                throw DataError(file: table.file, line: row.line, column: 4, "direction must be 'forward' or 'reverse', found '\(row(3))'")
            }
            let key = "\(row(0)) \(row(1)) \(dayType.rawValue) \(direction.rawValue)"
            if let first = seen[key] {
                throw DataError(file: table.file, line: row.line, column: 1, "duplicate row for \(key) (first seen on line \(first))")
            }
            seen[key] = row.line
            let first = try interval(row(4), table: table, row: row, column: 5)
            let second = row(5).isEmpty ? nil : try interval(row(5), table: table, row: row, column: 6)
            result.append(.init(
                line: row(0), direction: direction, dayType: dayType, hour: hour,
                firstSeconds: first, secondSeconds: second ?? first, singleValue: second == nil))
        }
        return result.sorted { ($0.line, $0.dayType.rawValue, $0.direction.rawValue, $0.hour) < ($1.line, $1.dayType.rawValue, $1.direction.rawValue, $1.hour) }
    }

    static func period(_ text: String) -> Int? {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let start = try? TimeOfDay.parseClock(parts[0] + ":00"),
            let end = try? TimeOfDay.parseClock(parts[1] + ":00"),
            start % 3600 == 0, end - start == 3600 || (end + 86_400 - start == 3600)
        else { return nil }
        return start / 3600
    }

    static func interval(_ text: String, table: CSVTable, row: CSVTable.Row, column: Int) throws(DataError) -> Int {
        do {
            return try TimeOfDay.parseInterval(text)
        } catch {
            switch error {
            case .unparsable:
                throw DataError(file: table.file, line: row.line, column: column, "unparsable interval '\(text)' (expected M:SS)")
            case .impossible(let reason):
                throw DataError(file: table.file, line: row.line, column: column, "impossible interval '\(text)' (\(reason))")
            }
        }
    }

    /// Open-air segments (adjacent pairs, both directions) and the sections served during an
    /// air-raid alert.
    static func readSections(
        _ table: CSVTable, stations: [String: NetworkDocument.Station]
    ) throws(DataError) -> (openAir: Set<Set<String>>, airRaid: [NetworkDocument.Section]) {
        var openAir: Set<Set<String>> = []
        var airRaid: [NetworkDocument.Section] = []
        var seen: [String: Int] = [:]
        for row in table.rows {
            for column in [1, 2] where stations[row(column)] == nil {
                throw DataError(file: table.file, line: row.line, column: column + 1, "unknown station code '\(row(column))'")
            }
            let a = stations[row(1)]!, b = stations[row(2)]!
            guard a.line == row(0), b.line == row(0) else {
                throw DataError(file: table.file, line: row.line, column: 2, "\(a.code) and \(b.code) are not both on line \(row(0))")
            }
            let key = "\(row(3)) \(min(a.code, b.code)) \(max(a.code, b.code))"
            if let first = seen[key] {
                throw DataError(file: table.file, line: row.line, column: 1, "duplicate row for \(row(3)) \(a.code) – \(b.code) (first seen on line \(first))")
            }
            seen[key] = row.line
            switch row(3) {
            case "open-air":
                guard abs(a.order - b.order) == 1 else {
                    throw DataError(file: table.file, line: row.line, column: 3, "an open-air row names one segment: \(a.code) and \(b.code) are not adjacent")
                }
                openAir.insert([a.code, b.code])
            case "air-raid-served":
                let (first, last) = a.order <= b.order ? (a, b) : (b, a)
                airRaid.append(.init(line: row(0), from: first.code, to: last.code))
            default:
                throw DataError(file: table.file, line: row.line, column: 4, "kind must be 'open-air' or 'air-raid-served', found '\(row(3))'")
            }
        }
        return (openAir, airRaid)
    }

    static func readSource(_ table: CSVTable) throws(DataError) -> NetworkDocument.Source {
        var values: [String: String] = [:]
        for row in table.rows { values[row(0)] = row(1) }
        func value(_ key: String) throws(DataError) -> String {
            guard let value = values[key], !value.isEmpty else {
                throw DataError(file: table.file, "missing the key '\(key)'")
            }
            return value
        }
        return .init(
            dataset: try value("dataset"), publisher: try value("publisher"), licence: try value("licence"),
            resourcesDated: try value("resources_dated"), retrieved: try value("retrieved"))
    }
}
