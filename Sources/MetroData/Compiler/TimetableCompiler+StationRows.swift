import FoundationEssentials
import MetroCore

/// The files with one row per station: the Russian names and the entrances.
extension TimetableCompiler {
    /// `kyiv-names-ru.csv`: the Russian names many people in Kyiv type, one row per station (the
    /// current name and its variants, and the former names in the order of the stations file's
    /// former names, so each matches its Ukrainian and English form).
    static func readRussianNames(_ table: CSVTable, into stations: inout [String: NetworkDocument.Station])
        throws(DataError)
    {
        func cyrillic(_ name: String) -> Bool {
            !name.isEmpty
                && name.unicodeScalars.allSatisfy {
                    (0x400...0x4FF).contains($0.value) || " -«»'".unicodeScalars.contains($0)
                }
                && name.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) }
        }
        try forEachStationRow(table, stations: stations) { (row, code) throws(DataError) in
            var station = stations[code]!
            guard row(1) == station.nameUk else {
                throw DataError(
                    file: table.file, line: row.line, column: 2,
                    "\(code) is \(station.nameUk) in the stations file, not '\(row(1))'")
            }
            let names = row(2).split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let former =
                row(3).isEmpty ? [] : row(3).split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            for (column, list) in [(3, names), (4, former)] {
                if let bad = list.first(where: { !cyrillic($0) }) {
                    throw DataError(
                        file: table.file, line: row.line, column: column,
                        "a Russian name must be Cyrillic letters, spaces, hyphens or «», found '\(bad)'")
                }
            }
            guard former.count == station.formerNames.count else {
                throw DataError(
                    file: table.file, line: row.line, column: 4,
                    "\(code) has \(station.formerNames.count) former names in the stations file but \(former.count) here: give one Russian form for each, in the same order"
                )
            }
            station.namesRu = names
            station.formerNamesRu = former.isEmpty ? nil : former
            stations[code] = station
        }
    }

    /// Reads a file with one row per station, its code in column 1: every code known, none
    /// twice, none missing; `body` reads each row, in order.
    static func forEachStationRow(
        _ table: CSVTable, stations: [String: NetworkDocument.Station],
        _ body: (CSVTable.Row, String) throws(DataError) -> Void
    ) throws(DataError) {
        var seen: Set<String> = []
        for row in table.rows {
            let code = row(0)
            guard stations[code] != nil else {
                throw DataError(file: table.file, line: row.line, column: 1, "unknown station code '\(code)'")
            }
            guard seen.insert(code).inserted else {
                throw DataError(file: table.file, line: row.line, column: 1, "a second row for \(code)")
            }
            try body(row, code)
        }
        if let missing = stations.keys.sorted().first(where: { !seen.contains($0) }) {
            throw DataError(file: table.file, "no row for station \(missing)")
        }
    }

    /// `kyiv-entrances.csv`: one row per station; times as published.
    static func readEntrances(_ table: CSVTable, stations: [String: NetworkDocument.Station]) throws(DataError)
        -> [NetworkDocument.Entrance]
    {
        var result: [NetworkDocument.Entrance] = []
        try forEachStationRow(table, stations: stations) { (row, code) throws(DataError) in
            var times: [Int] = []
            for column in [2, 3] {
                do { times.append(try TimeOfDay.parseClock(row(column) + ":00")) } catch {
                    throw DataError(
                        file: table.file, line: row.line, column: column + 1, "not a time HH:MM: '\(row(column))'")
                }
            }
            // A closing time before 03:00 is in the night after the service day.
            if times[1] < 3 * 3600 { times[1] += 24 * 3600 }
            guard let halls = Int(row(4)), (1...10).contains(halls) else {
                throw DataError(
                    file: table.file, line: row.line, column: 5,
                    "halls must be a number of vestibules from 1 to 10, found '\(row(4))'")
            }
            guard let open = Int(row(5)), (0...halls).contains(open) else {
                throw DataError(
                    file: table.file, line: row.line, column: 6,
                    "halls_open must be from 0 to \(halls), found '\(row(5))'")
            }
            result.append(
                NetworkDocument.Entrance(
                    station: code, opens: times[0], closes: times[1], halls: halls, hallsOpen: open))
        }
        return result
    }
}
