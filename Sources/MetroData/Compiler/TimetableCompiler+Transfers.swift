import FoundationEssentials
import MetroCore

/// The transfers file: the walk between the two stations of each node.
extension TimetableCompiler {
    static func readTransfers(_ table: CSVTable, stations: [String: NetworkDocument.Station]) throws(DataError)
        -> [NetworkDocument.Transfer]
    {
        var result: [NetworkDocument.Transfer] = []
        var seen: [Set<String>: Int] = [:]
        for row in table.rows {
            for column in [0, 1] where stations[row(column)] == nil {
                throw DataError(
                    file: table.file, line: row.line, column: column + 1, "unknown station code '\(row(column))'")
            }
            let a = stations[row(0)]!
            let b = stations[row(1)]!
            guard a.transfer == b.code else {
                throw DataError(
                    file: table.file, line: row.line, column: 2,
                    "\(a.code) and \(b.code) are not transfer partners in \(FileName.stations)")
            }
            if let first = seen[[a.code, b.code]] {
                throw DataError(
                    file: table.file, line: row.line, column: 1,
                    "duplicate row for the transfer \(a.code) – \(b.code) (first seen on line \(first))")
            }
            seen[[a.code, b.code]] = row.line
            guard let walk = Int(row(2)), (10...1200).contains(walk) else {
                throw DataError(
                    file: table.file, line: row.line, column: 3,
                    "walk_seconds must be a whole number from 10 to 1200, found '\(row(2))'")
            }
            guard ["measured", "estimate"].contains(row(3)) else {
                throw DataError(
                    file: table.file, line: row.line, column: 4,
                    "basis must be 'measured' or 'estimate', found '\(row(3))'")
            }
            result.append(.init(stationA: a.code, stationB: b.code, walkSeconds: walk, basis: row(3), note: row(4)))
        }
        for station in stations.values.sorted(by: { $0.code < $1.code }) {
            if let partner = station.transfer, seen[[station.code, partner]] == nil {
                throw DataError(
                    file: table.file,
                    "no row for the transfer \(station.code) – \(partner) named in \(FileName.stations)")
            }
        }
        return result
    }
}
