import FoundationEssentials
import MetroCore

/// The sections file: the open-air segments and the sections served during an air-raid alert.
extension TimetableCompiler {
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
                throw DataError(
                    file: table.file, line: row.line, column: column + 1, "unknown station code '\(row(column))'")
            }
            let a = stations[row(1)]!
            let b = stations[row(2)]!
            guard a.line == row(0), b.line == row(0) else {
                throw DataError(
                    file: table.file, line: row.line, column: 2,
                    "\(a.code) and \(b.code) are not both on line \(row(0))")
            }
            let key = "\(row(3)) \(min(a.code, b.code)) \(max(a.code, b.code))"
            if let first = seen[key] {
                throw DataError(
                    file: table.file, line: row.line, column: 1,
                    "duplicate row for \(row(3)) \(a.code) – \(b.code) (first seen on line \(first))")
            }
            seen[key] = row.line
            switch row(3) {
            case "open-air":
                guard abs(a.order - b.order) == 1 else {
                    throw DataError(
                        file: table.file, line: row.line, column: 3,
                        "an open-air row names one segment: \(a.code) and \(b.code) are not adjacent")
                }
                openAir.insert([a.code, b.code])
            case "air-raid-served":
                let (first, last) = a.order <= b.order ? (a, b) : (b, a)
                airRaid.append(.init(line: row(0), from: first.code, to: last.code))
            default:
                throw DataError(
                    file: table.file, line: row.line, column: 4,
                    "kind must be 'open-air' or 'air-raid-served', found '\(row(3))'")
            }
        }
        return (openAir, airRaid)
    }
}
