import FoundationEssentials
import MetroCore

/// The timetable file: each station's first and last departure in each direction.
extension TimetableCompiler {
    struct WindowKey: Hashable {
        var station: String
        var direction: Direction
    }

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
                throw DataError(
                    file: table.file, line: row.line, column: 2,
                    "name '\(row(1))' does not match station \(station.code) ('\(station.nameUk)' in \(TimetableCompiler.FileName.stations))"
                )
            }
            guard let direction = Direction(rawValue: row(2)) else {
                throw DataError(
                    file: table.file, line: row.line, column: 3,
                    "direction must be 'forward' or 'reverse', found '\(row(2))'")
            }
            let key = WindowKey(station: station.code, direction: direction)
            if let first = seen[key] {
                throw DataError(
                    file: table.file, line: row.line, column: 1,
                    "duplicate row for \(station.code) \(direction.rawValue) (first seen on line \(first))")
            }
            seen[key] = row.line
            let first = try clock(row(3), table: table, row: row, column: 4)
            let last = try clock(row(4), table: table, row: row, column: 5)
            switch (first, last) {
            case (nil, nil):
                continue
            case (let first?, let last?):
                guard first <= last else {
                    throw DataError(
                        file: table.file, line: row.line, column: 4,
                        "first departure \(row(3)) is later than last departure \(row(4))")
                }
                windows[key] = .init(
                    station: station.code, direction: direction, firstDeparture: first, lastDeparture: last)
            default:
                throw DataError(
                    file: table.file, line: row.line, column: row(3).isEmpty ? 4 : 5,
                    "only one of first_departure and last_departure is given; give both or neither")
            }
        }
        // Every station has a row in both directions, even where the city publishes nothing.
        for line in lines {
            for code in line.stations {
                for direction in Direction.allCases where seen[WindowKey(station: code, direction: direction)] == nil {
                    throw DataError(
                        file: table.file,
                        "no row for station \(code) (\(stations[code]!.nameEn)) \(direction.rawValue); every station of line \(line.id) needs one per direction (leave the times empty where none are published)"
                    )
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
                throw DataError(
                    file: table.file, line: row.line, column: column, "unparsable time '\(text)' (expected HH:MM:SS)")
            case .impossible(let reason):
                throw DataError(
                    file: table.file, line: row.line, column: column, "impossible time '\(text)' (\(reason))")
            }
        }
    }
}
