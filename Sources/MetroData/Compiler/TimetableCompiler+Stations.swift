import FoundationEssentials
import MetroCore

/// The lines and stations files, and the coordinates the stations carry.
extension TimetableCompiler {
    static func readLines(_ table: CSVTable) throws(DataError) -> [NetworkDocument.Line] {
        var seen: [String: Int] = [:]
        var result: [NetworkDocument.Line] = []
        for row in table.rows {
            let id = row(0)
            if let first = seen[id] {
                throw DataError(
                    file: table.file, line: row.line, column: 1,
                    "duplicate row for line \(id) (first seen on line \(first))")
            }
            for column in 0..<4 where row(column).isEmpty {
                throw DataError(file: table.file, line: row.line, column: column + 1, "empty \(table.header[column])")
            }
            seen[id] = row.line
            try requireNames(table, row, columns: [1, 2])
            result.append(.init(id: id, nameUk: row(1), nameEn: row(2), color: row(3), stations: []))
        }
        return result
    }

    /// A name must show something (`TimetableText.nameProblem`): the file, line and column, and
    /// the rule, when it does not.
    static func requireName(_ name: String, _ table: CSVTable, _ row: CSVTable.Row, column: Int) throws(DataError) {
        if let problem = TimetableText.nameProblem(name) {
            throw DataError(
                file: table.file, line: row.line, column: column + 1,
                TimetableText.describe(problem, field: table.header[column]).en)
        }
    }

    static func requireNames(_ table: CSVTable, _ row: CSVTable.Row, columns: [Int]) throws(DataError) {
        for column in columns { try requireName(row(column), table, row, column: column) }
    }

    static func readStations(_ table: CSVTable, lines: [NetworkDocument.Line]) throws(DataError) -> [NetworkDocument
        .Station]
    {
        let lineIDs = Set(lines.map(\.id))
        var seen: [String: Int] = [:]
        var result: [NetworkDocument.Station] = []
        for row in table.rows {
            let code = row(0)
            if let first = seen[code] {
                throw DataError(
                    file: table.file, line: row.line, column: 1,
                    "duplicate row for station \(code) (first seen on line \(first))")
            }
            seen[code] = row.line
            for column in [0, 1, 2, 3, 4] where row(column).isEmpty {
                throw DataError(file: table.file, line: row.line, column: column + 1, "empty \(table.header[column])")
            }
            try requireNames(table, row, columns: [3, 4])
            guard lineIDs.contains(row(1)) else {
                throw DataError(file: table.file, line: row.line, column: 2, "unknown line '\(row(1))'")
            }
            guard let order = Int(row(2)), order > 0 else {
                throw DataError(
                    file: table.file, line: row.line, column: 3, "order '\(row(2))' is not a positive whole number")
            }
            guard let aboveGround = ["yes": true, "no": false][row(6)] else {
                throw DataError(
                    file: table.file, line: row.line, column: 7, "above_ground must be 'yes' or 'no', found '\(row(6))'"
                )
            }
            if row(4).unicodeScalars.contains(where: { (0x0400...0x04FF).contains($0.value) }) {
                throw DataError(
                    file: table.file, line: row.line, column: 5,
                    "the English name '\(row(4))' contains Cyrillic letters")
            }
            var former: [NetworkDocument.FormerName] = []
            for pair in row(5).split(separator: ";") {
                let names = pair.split(separator: "|", omittingEmptySubsequences: false)
                guard names.count == 2, !names[0].isEmpty, !names[1].isEmpty else {
                    throw DataError(
                        file: table.file, line: row.line, column: 6,
                        "former names must be 'Ukrainian|English' pairs separated by ';', found '\(pair)'")
                }
                for name in names { try requireName(String(name), table, row, column: 5) }
                former.append(.init(uk: String(names[0]), en: String(names[1])))
            }
            var coordinates: [Int] = []
            for (column, range) in [(8, kyivLatitudes), (9, kyivLongitudes)] {
                guard let micro = microDegrees(row(column)), range.contains(micro) else {
                    throw DataError(
                        file: table.file, line: row.line, column: column + 1,
                        "\(table.header[column]) '\(row(column))' is not a decimal coordinate within Kyiv (\(Double(range.lowerBound) / 1e6)–\(Double(range.upperBound) / 1e6))"
                    )
                }
                coordinates.append(micro)
            }
            result.append(
                .init(
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
                throw DataError(
                    file: table.file, line: line, column: 8,
                    "transfer partner \(partner) does not name \(station.code) back")
            }
        }
        return result
    }

    static func orderLines(_ lines: [NetworkDocument.Line], stations: [NetworkDocument.Station], file: String)
        throws(DataError) -> [NetworkDocument.Line]
    {
        var result = lines
        for index in result.indices {
            let members = stations.filter { $0.line == result[index].id }.sorted { $0.order < $1.order }
            guard members.count >= 2 else {
                throw DataError(
                    file: file, "line \(result[index].id) has \(members.count) station(s); a line needs at least two")
            }
            for (position, station) in members.enumerated() where station.order != position + 1 {
                if station.order == position {
                    throw DataError(file: file, "line \(result[index].id) has two stations at position \(position)")
                }
                throw DataError(
                    file: file,
                    "line \(result[index].id) has no station at position \(position + 1); orders must run from 1 without gaps"
                )
            }
            result[index].stations = members.map(\.code)
        }
        return result
    }

    /// Kyiv's extent, generously: a coordinate outside it is a typo or swapped columns.
    static let kyivLatitudes = 50_200_000...50_700_000
    static let kyivLongitudes = 30_200_000...30_900_000

    /// `50.457766` as 50457766 millionths of a degree; nil unless it is a plain decimal of at
    /// most 360 degrees either way (the bound keeps the product below overflow).
    static func microDegrees(_ text: String) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int(parts[0]), !parts[0].hasPrefix("+"),
            (-360...360).contains(whole),
            parts.count == 1
                || (1...6).contains(parts[1].count) && parts[1].allSatisfy(\.isASCII) && parts[1].allSatisfy(\.isNumber)
        else { return nil }
        let fraction = parts.count == 2 ? Int(parts[1] + String(repeating: "0", count: 6 - parts[1].count))! : 0
        return whole * 1_000_000 + (text.hasPrefix("-") ? -fraction : fraction)
    }
}
