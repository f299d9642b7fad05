import FoundationEssentials
import MetroCore

/// Reads the city portal's JSON layers, exactly as the portal serves them, into the project's
/// CSV files: layer 13 (`stopTimesUnderground.json`, first and last departures) becomes
/// `kyiv-timetable.csv`, layer 14 (`timePeriodUnderground.json`, hourly intervals) becomes
/// `kyiv-headways.csv`. Station codes and line names are checked against the project's own
/// `kyiv-stations.csv` and `kyiv-lines.csv`, which the portal does not carry in usable order.
package enum PortalImporter {
    package struct Output: Equatable, Sendable {
        package var timetableCSV: String
        package var headwaysCSV: String
    }

    /// The portal's words for the two directions ("Зворотній" is how the portal spells it).
    static let directions: [String: Direction] = ["Прямий": .forward, "Зворотній": .reverse, "Зворотний": .reverse]

    package static func convert(
        stopTimes: Data, stopTimesFile: String, timePeriods: Data, timePeriodsFile: String,
        stations: [NetworkDocument.Station], lines: [NetworkDocument.Line]
    ) throws(DataError) -> Output {
        let stationByCode = Dictionary(uniqueKeysWithValues: stations.map { ($0.code, $0) })
        let lineByName = Dictionary(uniqueKeysWithValues: lines.map { ($0.nameUk, $0) })

        var times: [String: [String]] = [:]  // "code direction" → [first, last]
        for (index, attributes) in try features(stopTimes, file: stopTimesFile).enumerated() {
            let place = "features[\(index)]"
            let code = try string(attributes, "code1", file: stopTimesFile, place: place)
            guard let station = stationByCode[code] else {
                throw DataError(file: stopTimesFile, "\(place): unknown station code '\(code)'")
            }
            let word = try string(attributes, "napryamok", file: stopTimesFile, place: place)
            guard let direction = directions[word] else {
                throw DataError(
                    file: stopTimesFile, "\(place): unknown direction '\(word)' (expected 'Прямий' or 'Зворотній')")
            }
            let key = "\(station.code) \(direction.rawValue)"
            guard times[key] == nil else {
                throw DataError(
                    file: stopTimesFile, "\(place): duplicate row for \(station.code) \(direction.rawValue)")
            }
            var pair: [String] = []
            for field in ["first_trn2", "last_trn2"] {
                let value = attributes[field] as? String ?? ""
                if !value.isEmpty {
                    do { _ = try TimeOfDay.parseClock(value) } catch {
                        throw DataError(
                            file: stopTimesFile, "\(place).\(field): unparsable or impossible time '\(value)'")
                    }
                }
                pair.append(value)
            }
            times[key] = pair
        }
        var timetable = TimetableCompiler.Columns.timetable.joined(separator: ",") + "\n"
        for line in lines {
            for code in line.stations {
                for direction in Direction.allCases {
                    guard let pair = times["\(code) \(direction.rawValue)"] else {
                        throw DataError(
                            file: stopTimesFile, "no row for station \(code) direction \(direction.rawValue)")
                    }
                    let name = stationByCode[code]!.nameUk
                    timetable +=
                        [code, name, direction.rawValue, pair[0], pair[1]].map(CSVTable.escape).joined(separator: ",")
                        + "\n"
                }
            }
        }

        var headwayRows: [(line: Int, period: String, row: String)] = []
        let columns = [
            ("st_weekday", DayType.weekday, Direction.forward), ("rv_weekday", .weekday, .reverse),
            ("st_holiday", .weekend, .forward), ("rv_holiday", .weekend, .reverse),
        ]
        for (index, attributes) in try features(timePeriods, file: timePeriodsFile).enumerated() {
            let place = "features[\(index)]"
            let lineName = try string(attributes, "line", file: timePeriodsFile, place: place)
            guard let line = lineByName[lineName] else {
                throw DataError(file: timePeriodsFile, "\(place): unknown line '\(lineName)'")
            }
            let period = try string(attributes, "timeperiod", file: timePeriodsFile, place: place)
            guard TimetableCompiler.period(period) != nil else {
                throw DataError(
                    file: timePeriodsFile,
                    "\(place).timeperiod: period must be one whole hour such as '06:00-07:00', found '\(period)'")
            }
            for (field, dayType, direction) in columns {
                let value = try string(attributes, field, file: timePeriodsFile, place: place)
                let values = value.split(separator: "-").map { $0.trimmingWhitespace() }
                guard (1...2).contains(values.count), values.allSatisfy({ (try? TimeOfDay.parseInterval($0)) != nil })
                else {
                    throw DataError(
                        file: timePeriodsFile,
                        "\(place).\(field): unparsable interval '\(value)' (expected M:SS or M:SS-M:SS)")
                }
                let row = [
                    line.id, period, dayType.rawValue, direction.rawValue, values[0],
                    values.count == 2 ? values[1] : "",
                ]
                headwayRows.append(
                    (
                        lines.firstIndex(of: line)!, period + dayType.rawValue + direction.rawValue,
                        row.joined(separator: ",")
                    ))
            }
        }
        headwayRows.sort { ($0.line, $0.period) < ($1.line, $1.period) }
        let headways =
            TimetableCompiler.Columns.headways.joined(separator: ",") + "\n"
            + headwayRows.map { $0.row + "\n" }.joined()
        return Output(timetableCSV: timetable, headwaysCSV: headways)
    }

    static func features(_ data: Data, file: String) throws(DataError) -> [[String: Any]] {
        let object: Any
        do { object = try JSONObject.parse(Array(data)) } catch {
            throw SourcePosition.jsonError(error, bytes: Array(data), file: file)
        }
        guard let root = object as? [String: Any], let features = root["features"] as? [Any] else {
            throw DataError(file: file, "not a portal layer: expected an object with a 'features' array")
        }
        var result: [[String: Any]] = []
        for (index, feature) in features.enumerated() {
            guard let attributes = (feature as? [String: Any])?["attributes"] as? [String: Any] else {
                throw DataError(file: file, "features[\(index)]: expected an object with 'attributes'")
            }
            result.append(attributes)
        }
        return result
    }

    static func string(_ attributes: [String: Any], _ key: String, file: String, place: String) throws(DataError)
        -> String
    {
        guard let value = attributes[key] as? String, !value.isEmpty else {
            throw DataError(file: file, "\(place): missing or empty '\(key)'")
        }
        return value
    }

    /// The portal's station calendar (`calendarUnderground.json`: `code1`, `open_max`,
    /// `close_min`, `halls_cnt`, `halls_open`) as `kyiv-entrances.csv`, in the network's order.
    package static func entrances(
        _ data: Data, file: String, stations: [NetworkDocument.Station], lines: [NetworkDocument.Line]
    ) throws(DataError) -> String {
        let known = Set(stations.map(\.code))
        var rows: [String: String] = [:]
        for (index, attributes) in try features(data, file: file).enumerated() {
            let place = "features[\(index)]"
            let code = try string(attributes, "code1", file: file, place: place)
            guard known.contains(code) else { throw DataError(file: file, "\(place): unknown station code '\(code)'") }
            guard rows[code] == nil else { throw DataError(file: file, "\(place): a second row for \(code)") }
            let opens = try string(attributes, "open_max", file: file, place: place)
            let closes = try string(attributes, "close_min", file: file, place: place)
            for (field, value) in [("open_max", opens), ("close_min", closes)]
            where (try? TimeOfDay.parseClock(value + ":00")) == nil {
                throw DataError(file: file, "\(place).\(field): not a time HH:MM: '\(value)'")
            }
            guard let halls = attributes["halls_cnt"] as? Int, let open = attributes["halls_open"] as? Int else {
                throw DataError(file: file, "\(place): 'halls_cnt' and 'halls_open' must be whole numbers")
            }
            let name = stations.first { $0.code == code }!.nameUk
            rows[code] = [code, name, opens, closes, String(halls), String(open)].map(CSVTable.escape).joined(
                separator: ",")
        }
        var csv = TimetableCompiler.Columns.entrances.joined(separator: ",") + "\n"
        for code in lines.flatMap(\.stations) {
            guard let row = rows[code] else { throw DataError(file: file, "no row for station \(code)") }
            csv += row + "\n"
        }
        return csv
    }
}
