import FoundationEssentials

/// The metro network with the lookups the router and the schedule engine need.
package struct Network: Sendable {
    package let document: NetworkDocument
    package let stations: [NetworkDocument.Station]
    private let stationIndex: [String: Int]
    private let segmentIndex: [SegmentKey: NetworkDocument.Segment]
    private let windowIndex: [WindowKey: NetworkDocument.ServiceWindow]
    private let transferIndex: [String: NetworkDocument.Transfer]

    private struct SegmentKey: Hashable {
        var from: String
        var to: String
    }
    private struct SeriesKey: Hashable {
        var line: String
        var direction: Direction
        var dayType: DayType
    }
    /// Each line, direction and day type's published hours in order, for lookups by arithmetic:
    /// every interval lookup reads it (the hours clamped to the line's first and last published).
    private let headwaySeriesIndex: [SeriesKey: HeadwaySeries]
    private struct WindowKey: Hashable {
        var station: String
        var direction: Direction
    }

    /// Why a network document could not be used.
    package enum LoadError: Error, Equatable, Sendable {
        case malformed(Bilingual)
        case newerVersion(Int)
        /// The JSON decodes, but the network does not hold together (see `integrityProblem()`).
        case inconsistent(Bilingual)
    }

    /// The Kyiv network embedded in the binary, read once per process by the one JSON reader
    /// (`JSONObject`, with a typed walk; a test holds it to Foundation's decoder).
    package static let kyiv: Network = {
        do {
            let document = try NetworkDocument(json: Array(embeddedJSON.utf8))
            guard document.version <= NetworkDocument.currentVersion else {
                throw LoadError.newerVersion(document.version)
            }
            return Network(document: document)
        } catch {
            // The embedded JSON is checked by the test suite and by `timetable-gen --check`;
            // reaching this line means the binary itself was built from a broken file.
            fatalError("the embedded network is unusable: \(error)")
        }
    }()

    /// A network from JSON bytes that did not come from this binary (an installed timetable):
    /// decoded, its version checked, and its integrity, so that nothing later can trip over it.
    package init(json: Data) throws(LoadError) {
        let document: NetworkDocument
        do {
            document = try NetworkDocument(json: Array(json))
        } catch {
            if let version = (try? JSONObject.decode(VersionOnly.self, from: json))?.version,
                version > NetworkDocument.currentVersion
            {
                throw .newerVersion(version)
            }
            throw .malformed(JSONObject.reason(error))
        }
        guard document.version <= NetworkDocument.currentVersion else { throw .newerVersion(document.version) }
        if let problem = document.integrityProblem() { throw .inconsistent(problem) }
        self.init(document: document)
    }

    private struct VersionOnly: Decodable { var version: Int }

    package init(document: NetworkDocument) {
        self.document = document
        stations = document.stations
        stationIndex = Dictionary(uniqueKeysWithValues: document.stations.enumerated().map { ($1.code, $0) })
        segmentIndex = Dictionary(
            uniqueKeysWithValues: document.segments.map { (SegmentKey(from: $0.from, to: $0.to), $0) })
        // The first and last published hour of each line: intervals outside them are clamped.
        var hours: [String: ClosedRange<Int>] = [:]
        for record in document.headways {
            let range = hours[record.line] ?? record.hour...record.hour
            hours[record.line] = min(range.lowerBound, record.hour)...max(range.upperBound, record.hour)
        }
        var slots: [SeriesKey: [NetworkDocument.Headway?]] = [:]
        for record in document.headways {
            guard let range = hours[record.line] else { continue }
            let key = SeriesKey(line: record.line, direction: record.direction, dayType: record.dayType)
            slots[key, default: Array(repeating: nil, count: range.count)][record.hour - range.lowerBound] = record
        }
        let series = slots.mapValues {
            HeadwaySeries(firstHour: hours[$0.compactMap { $0 }.first!.line]!.lowerBound, records: $0)
        }
        headwaySeriesIndex = series
        windowIndex = Dictionary(
            uniqueKeysWithValues: document.serviceWindows.map {
                (WindowKey(station: $0.station, direction: $0.direction), $0)
            })
        var transfers: [String: NetworkDocument.Transfer] = [:]
        for transfer in document.transfers {
            transfers[transfer.stationA] = transfer
            transfers[transfer.stationB] = transfer
        }
        transferIndex = transfers
    }

    package var lines: [NetworkDocument.Line] { document.lines }

    package func station(_ code: String) -> NetworkDocument.Station? {
        stationIndex[code].map { stations[$0] }
    }

    package func line(_ id: String) -> NetworkDocument.Line? {
        document.lines.first { $0.id == id }
    }

    /// The directed segment between two adjacent stations of one line.
    package func segment(from: String, to: String) -> NetworkDocument.Segment? {
        segmentIndex[SegmentKey(from: from, to: to)]
    }

    /// The transfer node a station belongs to, if any.
    package func transfer(at code: String) -> NetworkDocument.Transfer? {
        transferIndex[code]
    }

    /// The station where `line` meets `other`: in Kyiv every pair of lines meets at exactly one
    /// node, so this is a lookup.
    func interchange(from line: String, to other: String) -> (exit: String, entry: String)? {
        for transfer in document.transfers {
            guard let a = station(transfer.stationA), let b = station(transfer.stationB) else { continue }
            if a.line == line && b.line == other { return (a.code, b.code) }
            if b.line == line && a.line == other { return (b.code, a.code) }
        }
        return nil
    }

    /// A station's entrances: when they open and close, and how many vestibules are open.
    package func entrance(station: String) -> NetworkDocument.Entrance? {
        document.entrances?.first { $0.station == station }
    }

    package func serviceWindow(station: String, direction: Direction) -> NetworkDocument.ServiceWindow? {
        windowIndex[WindowKey(station: station, direction: direction)]
    }

    /// The published hourly interval record, clamped to the published hours (06–22 start).
    func headwayRecord(line: String, direction: Direction, dayType: DayType, hour: Int) -> NetworkDocument.Headway? {
        headwaySeries(line: line, direction: direction, dayType: dayType)?.record(hour: hour)
    }

    /// The interval between trains at a moment of the service day, in seconds.
    ///
    /// The city publishes two values per hour (`9:00-4:00`) without saying what they mean. We
    /// read them as the interval at the start and at the end of the hour and interpolate
    /// linearly between them. The data support that reading over a min–max range: the order of
    /// the pair follows the day's trend (the larger value first in the hours running into the
    /// peaks, `9:00-4:00` at 06:00 and `3:30-2:45` at 08:00; the smaller first as service thins,
    /// `7:00-9:00` at 22:00), which a range would not do, and the second value of one hour
    /// usually reappears as the first of the next (`2:45` at 09:00, `5:30` at 12:00). Before the
    /// first published hour the first value applies; after the last, the last hour's end value.
    package func headway(line: String, direction: Direction, dayType: DayType, secondsOfDay: Int) -> Int? {
        headwaySeries(line: line, direction: direction, dayType: dayType)?.seconds(at: secondsOfDay)
    }

    /// One line's intervals in one direction on one day type: `headway(…)` without a dictionary
    /// lookup per moment (the transfer wait asks for a handful of moments per correction).
    package func headwaySeries(line: String, direction: Direction, dayType: DayType) -> HeadwaySeries? {
        headwaySeriesIndex[SeriesKey(line: line, direction: direction, dayType: dayType)]
    }

    /// The direction of travel from one station to another on the same line.
    package func direction(from: String, to: String) -> Direction? {
        guard let a = station(from), let b = station(to), a.line == b.line, a.order != b.order else { return nil }
        return b.order > a.order ? .forward : .reverse
    }

    /// The terminal a train in `direction` on `line` runs toward.
    package func terminal(line: String, direction: Direction) -> String? {
        guard let line = self.line(line) else { return nil }
        return direction == .forward ? line.stations.last : line.stations.first
    }
}

/// The published intervals of one line, direction and day type, hour by hour.
package struct HeadwaySeries: Sendable {
    let firstHour: Int
    let records: [NetworkDocument.Headway?]

    /// The record of `hour`, clamped to the line's published hours (nil where this direction and
    /// day type publish none for it).
    package func record(hour: Int) -> NetworkDocument.Headway? {
        records.isEmpty ? nil : records[min(max(hour - firstHour, 0), records.count - 1)]
    }

    /// The interval at a moment of the service day (`Network.headway(…)`): the hour's pair,
    /// interpolated.
    package func seconds(at secondsOfDay: Int) -> Int? {
        let hour = secondsOfDay / 3600
        guard let record = record(hour: hour) else { return nil }
        if hour < record.hour { return record.firstSeconds }
        if hour > record.hour { return record.secondSeconds }
        let fraction = Double(secondsOfDay - record.hour * 3600) / 3600
        return Int(
            (Double(record.firstSeconds) + Double(record.secondSeconds - record.firstSeconds) * fraction).rounded())
    }
}
