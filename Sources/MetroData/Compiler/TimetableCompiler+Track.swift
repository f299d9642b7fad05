import FoundationEssentials
import MetroCore

/// The track file: the points of every directed segment, checked against the stations.
extension TimetableCompiler {
    /// A point of the track, in millionths of a degree.
    package struct TrackPoint: Equatable, Sendable {
        package var latitudeE6: Int
        package var longitudeE6: Int
    }

    /// The farthest a segment's ends may lie from its stations' points, in metres. The
    /// portal's track ends at the platforms' centre lines, not at the station points.
    static let trackEndTolerance = 400.0

    /// `kyiv-track.csv`: for every directed segment of every line, its points from the `from`
    /// station to the `to` station. Keyed `"from to"`.
    package static func track(
        _ input: Input, lines: [NetworkDocument.Line], stations: [String: NetworkDocument.Station]
    ) throws(DataError) -> [String: [TrackPoint]] {
        let table = try input.table(FileName.track, GeometryImporter.trackColumns)
        var adjacent: Set<String> = []
        for line in lines {
            for (a, b) in zip(line.stations, line.stations.dropFirst()) {
                adjacent.insert("\(a) \(b)")
                adjacent.insert("\(b) \(a)")
            }
        }
        var result: [String: [TrackPoint]] = [:]
        var firstLine: [String: Int] = [:]
        var current: (key: String, next: Int)?
        for row in table.rows {
            let key = row(0) + " " + row(1)
            for column in [0, 1] where stations[row(column)] == nil {
                throw DataError(
                    file: table.file, line: row.line, column: column + 1, "unknown station code '\(row(column))'")
            }
            guard adjacent.contains(key) else {
                throw DataError(
                    file: table.file, line: row.line, column: 2,
                    "\(row(0)) and \(row(1)) are not adjacent stations of one line")
            }
            guard let point = Int(row(2)), point >= 1 else {
                throw DataError(
                    file: table.file, line: row.line, column: 3, "point '\(row(2))' is not a positive whole number")
            }
            if current?.key != key {
                if let seen = firstLine[key] {
                    throw DataError(
                        file: table.file, line: row.line, column: 1,
                        "the segment \(row(0)) → \(row(1)) appears again (first seen on line \(seen)); keep its points together"
                    )
                }
                firstLine[key] = row.line
                current = (key, 1)
            }
            guard point == current!.next else {
                throw DataError(
                    file: table.file, line: row.line, column: 3,
                    "point \(point) where \(current!.next) was expected; number each segment's points 1, 2, 3, …")
            }
            current!.next += 1
            var coordinates: [Int] = []
            for (column, range) in [(3, kyivLatitudes), (4, kyivLongitudes)] {
                guard let micro = microDegrees(row(column)), range.contains(micro) else {
                    throw DataError(
                        file: table.file, line: row.line, column: column + 1,
                        "\(table.header[column]) '\(row(column))' is not a decimal coordinate within Kyiv")
                }
                coordinates.append(micro)
            }
            result[key, default: []].append(TrackPoint(latitudeE6: coordinates[0], longitudeE6: coordinates[1]))
        }
        for key in adjacent.sorted() {
            let ends = key.split(separator: " ").map { stations[String($0)]! }
            guard let points = result[key], points.count >= 2 else {
                throw DataError(
                    file: table.file,
                    "no track for the segment \(ends[0].nameEn) → \(ends[1].nameEn) (\(key.replacing(" ", with: " → "))); every directed segment needs two points or more"
                )
            }
            for (point, station, which) in [(points.first!, ends[0], "starts"), (points.last!, ends[1], "ends")] {
                let metres = GeometryImporter.distance(
                    (Double(point.latitudeE6) / 1e6, Double(point.longitudeE6) / 1e6),
                    (Double(station.latitudeE6) / 1e6, Double(station.longitudeE6) / 1e6))
                guard metres <= trackEndTolerance else {
                    throw DataError(
                        file: table.file, line: firstLine[key],
                        "the segment \(ends[0].nameEn) → \(ends[1].nameEn) \(which) \(Int(metres)) m from \(station.nameEn) (at most \(Int(trackEndTolerance)) m); is it reversed?"
                    )
                }
            }
        }
        return result
    }
}
