import FoundationEssentials
import MetroCore

/// The headways file: the interval between trains per line, hour, day type and direction.
extension TimetableCompiler {
    static func readHeadways(_ table: CSVTable, lines: [NetworkDocument.Line]) throws(DataError) -> [NetworkDocument
        .Headway]
    {
        let lineIDs = Set(lines.map(\.id))
        var seen: [String: Int] = [:]
        var result: [NetworkDocument.Headway] = []
        for row in table.rows {
            guard lineIDs.contains(row(0)) else {
                throw DataError(file: table.file, line: row.line, column: 1, "unknown line '\(row(0))'")
            }
            guard let hour = period(row(1)) else {
                throw DataError(
                    file: table.file, line: row.line, column: 2,
                    "period must be one whole hour such as '06:00-07:00', found '\(row(1))'")
            }
            guard let dayType = DayType(rawValue: row(2)) else {
                throw DataError(
                    file: table.file, line: row.line, column: 3,
                    "day_type must be 'weekday' or 'weekend', found '\(row(2))'")
            }
            guard let direction = Direction(rawValue: row(3)) else {
                throw DataError(
                    file: table.file, line: row.line, column: 4,
                    "direction must be 'forward' or 'reverse', found '\(row(3))'")
            }
            let key = "\(row(0)) \(row(1)) \(dayType.rawValue) \(direction.rawValue)"
            if let first = seen[key] {
                throw DataError(
                    file: table.file, line: row.line, column: 1,
                    "duplicate row for \(key) (first seen on line \(first))")
            }
            seen[key] = row.line
            let first = try interval(row(4), table: table, row: row, column: 5)
            let second = row(5).isEmpty ? nil : try interval(row(5), table: table, row: row, column: 6)
            result.append(
                .init(
                    line: row(0), direction: direction, dayType: dayType, hour: hour,
                    firstSeconds: first, secondSeconds: second ?? first, singleValue: second == nil))
        }
        return result.sorted {
            ($0.line, $0.dayType.rawValue, $0.direction.rawValue, $0.hour) < (
                $1.line, $1.dayType.rawValue, $1.direction.rawValue, $1.hour
            )
        }
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
                throw DataError(
                    file: table.file, line: row.line, column: column, "unparsable interval '\(text)' (expected M:SS)")
            case .impossible(let reason):
                throw DataError(
                    file: table.file, line: row.line, column: column, "impossible interval '\(text)' (\(reason))")
            }
        }
    }
}
