import FoundationEssentials

/// The network as a GTFS Schedule feed: a pure function of the network, its track and a
/// validity window, byte-for-byte repeatable (same inputs, same files).
///
/// What it models: trains from each terminal from the first to the last published departure,
/// at the published interval of each hour; the depot trains that join mid-line at their own
/// published first departures; running and dwell from the very figures `plan` uses. The first
/// and last trains keep the published minute at every station (snapped where the published
/// time lies within three minutes of the modelled one), so a planner reading the feed sees the
/// city's first and last trains. What it does not model: real time, disruptions, public
/// holidays (the weekend timetable applies on Saturdays and Sundays only).
public struct GTFSFeed: Sendable {
    public struct Options: Sendable {
        public var start: ServiceClock.ServiceDay
        public var end: ServiceClock.ServiceDay
        /// The agency's and the publisher's web address. The published data carries none for
        /// the operator, so the default is the city's page for the dataset.
        public var agencyURL: String
        public var publisherURL: String
        public var contactEmail: String?
        public var contactURL: String?

        public static let datasetPage = "https://data.kyivcity.gov.ua/dataset/rozklad-rukhu-miskoho-elektrychnoho-ta-avtomobilnoho-transportu-dep-transport"

        public init(start: ServiceClock.ServiceDay, end: ServiceClock.ServiceDay, agencyURL: String = datasetPage,
                    publisherURL: String = datasetPage, contactEmail: String? = nil, contactURL: String? = datasetPage) {
            self.start = start
            self.end = end
            self.agencyURL = agencyURL
            self.publisherURL = publisherURL
            self.contactEmail = contactEmail
            self.contactURL = contactURL
        }
    }

    /// One train: its stations from `first` on, with arrival and departure in seconds of the
    /// service day.
    public struct Trip: Equatable, Sendable {
        public var line: String
        public var direction: Direction
        public var dayType: DayType
        public var stations: [String]
        public var arrivals: [Int]
        public var departures: [Int]
        /// Why it runs: a train from the terminal, or a depot train joining mid-line.
        public var joinsMidLine: Bool
    }

    public let network: Network
    public let track: [String: [TimetableCompiler.TrackPoint]]
    public let options: Options
    let engine: ScheduleEngine

    public init(network: Network, track: [String: [TimetableCompiler.TrackPoint]], clock: ServiceClock, options: Options) {
        self.network = network
        self.track = track
        self.options = options
        engine = ScheduleEngine(network: network, clock: clock)
    }

    /// How far a published first or last departure may lie from the modelled train for the
    /// train to be taken as the same one (and snapped to it), and how much earlier a published
    /// first departure must be to be a depot train of its own.
    static let snapWindow = 180
    static let depotMargin = 60

    // MARK: - Trains

    /// Every train of the feed, in a fixed order: line, direction, day type, then start time.
    public func trips() -> [Trip] {
        var result: [Trip] = []
        for line in network.lines {
            for direction in Direction.allCases {
                for dayType in [DayType.weekday, .weekend] {
                    result += trips(line: line, direction: direction, dayType: dayType)
                }
            }
        }
        return result
    }

    struct Train {
        var start: Int
        /// Published departures the train keeps, by station index.
        var anchors: [Int: Int]
        var joinsMidLine: Bool
    }

    func trips(line: NetworkDocument.Line, direction: Direction, dayType: DayType) -> [Trip] {
        let stations = direction == .forward ? line.stations : line.stations.reversed()
        let count = stations.count
        // Departure-to-departure figures, exactly as the schedule engine resolves them.
        let run = (0..<(count - 1)).map { Int(engine.running(from: stations[$0], to: stations[$0 + 1]).seconds.rounded()) }
        let dwell = (0..<count).map { index in
            index == 0 || index == count - 1 ? 0 : Int(engine.dwell(at: stations[index], arrivingFrom: stations[index - 1]).seconds.rounded())
        }
        let windows = stations.map { network.serviceWindow(station: $0, direction: direction) }
        guard let first = windows[0]?.firstDeparture, let last = windows[0]?.lastDeparture else { return [] }

        func times(_ train: Train) -> (arrivals: [Int], departures: [Int]) {
            var arrivals = Array(repeating: 0, count: count), departures = Array(repeating: 0, count: count)
            departures[train.start] = train.anchors[train.start]!
            arrivals[train.start] = departures[train.start]
            for index in (train.start + 1)..<count {
                arrivals[index] = departures[index - 1] + run[index - 1]
                departures[index] = arrivals[index] + dwell[index]
                if let anchor = train.anchors[index] {
                    departures[index] = anchor
                    arrivals[index] = anchor - dwell[index]
                }
            }
            return (arrivals, departures)
        }
        /// Whether a train may keep a published departure at `index`: the segment into it must
        /// stay a plausible running time.
        func snappable(_ train: Train, _ index: Int, _ time: Int) -> Bool {
            let previous = times(train).departures[index - 1]
            let gap = time - dwell[index] - previous
            return gap >= 30 && abs(time - times(train).departures[index]) <= Self.snapWindow
        }

        // The first trains: the terminal's, plus each depot train that joins before it.
        var firsts = [Train(start: 0, anchors: [0: first], joinsMidLine: false)]
        // The last trains: the terminal's last; a later one joining mid-line if published.
        var lasts = [Train(start: 0, anchors: [0: last], joinsMidLine: false)]
        for index in 1..<(count - 1) {
            if let published = windows[index]?.firstDeparture {
                let running = firsts.filter { $0.start < index }
                let earliest = running.min { times($0).departures[index] < times($1).departures[index] }
                if let earliest, published >= times(earliest).departures[index] - Self.depotMargin {
                    if snappable(earliest, index, published), let at = firsts.firstIndex(where: { $0.start == earliest.start }) {
                        firsts[at].anchors[index] = published
                    }
                } else {
                    firsts.append(Train(start: index, anchors: [index: published], joinsMidLine: true))
                }
            }
            if let published = windows[index]?.lastDeparture {
                let latest = lasts.max { times($0).departures[index] < times($1).departures[index] }!
                if published <= times(latest).departures[index] + Self.depotMargin {
                    if snappable(latest, index, published), let at = lasts.firstIndex(where: { $0.start == latest.start }) {
                        lasts[at].anchors[index] = published
                    }
                } else {
                    lasts.append(Train(start: index, anchors: [index: published], joinsMidLine: true))
                }
            }
        }
        // Between the terminal's first and last trains, one every interval.
        var trains = firsts + lasts
        var departure = first
        while true {
            departure += network.headway(line: line.id, direction: direction, dayType: dayType, secondsOfDay: departure) ?? 600
            // Keep a whole minute clear of the last train rather than crowd it.
            guard departure < last - 60 else { break }
            trains.append(Train(start: 0, anchors: [0: departure], joinsMidLine: false))
        }
        return trains
            .map { train -> Trip in
                let (arrivals, departures) = times(train)
                return Trip(
                    line: line.id, direction: direction, dayType: dayType, stations: Array(stations[train.start...]),
                    arrivals: Array(arrivals[train.start...]), departures: Array(departures[train.start...]),
                    joinsMidLine: train.joinsMidLine)
            }
            .sorted { ($0.departures[0], $0.stations.count) < ($1.departures[0], $1.stations.count) }
    }

    // MARK: - Files

    /// The feed's files, in a fixed order, as CSV text (UTF-8, LF line ends, RFC 4180 quoting).
    public func files() -> [(name: String, contents: String)] {
        let document = network.document
        let source = document.source
        var files: [(String, String)] = []
        files.append(("agency.txt", csv(
            ["agency_id", "agency_name", "agency_url", "agency_timezone", "agency_lang"],
            [["KM", "Київський метрополітен", options.agencyURL, "Europe/Kyiv", "uk"]])))
        files.append(("routes.txt", csv(
            ["route_id", "agency_id", "route_short_name", "route_long_name", "route_type", "route_color", "route_text_color"],
            network.lines.map { [$0.id, "KM", $0.id, $0.nameUk, "1", Self.hex($0.color), "FFFFFF"] })))
        files.append(("stops.txt", csv(
            ["stop_id", "stop_name", "stop_lat", "stop_lon", "location_type", "wheelchair_boarding"],
            document.stations.map { [$0.code, $0.nameUk, Self.degrees($0.latitudeE6), Self.degrees($0.longitudeE6), "0", "0"] })))
        files.append(("calendar.txt", csv(
            ["service_id", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "start_date", "end_date"],
            [["weekday", "1", "1", "1", "1", "1", "0", "0", Self.date(options.start), Self.date(options.end)],
             ["weekend", "0", "0", "0", "0", "0", "1", "1", Self.date(options.start), Self.date(options.end)]])))
        let trips = trips()
        var tripRows: [[String]] = [], stopTimeRows: [[String]] = []
        var counters: [String: Int] = [:]
        for trip in trips {
            let key = "\(trip.line)-\(trip.direction.rawValue)-\(trip.dayType.rawValue)"
            counters[key, default: 0] += 1
            let id = key + "-" + Format.c("%03ld", counters[key]!)
            let terminal = network.terminal(line: trip.line, direction: trip.direction).flatMap(network.station)?.nameUk ?? ""
            tripRows.append([trip.line, trip.dayType.rawValue, id, terminal, trip.direction == .forward ? "0" : "1", key.components(separatedBy: "-").prefix(2).joined(separator: "-")])
            for (index, station) in trip.stations.enumerated() {
                let last = index == trip.stations.count - 1
                stopTimeRows.append([
                    id, Self.time(trip.arrivals[index]), Self.time(last ? trip.arrivals[index] : trip.departures[index]), station, String(index + 1),
                ])
            }
        }
        files.append(("trips.txt", csv(["route_id", "service_id", "trip_id", "trip_headsign", "direction_id", "shape_id"], tripRows)))
        files.append(("stop_times.txt", csv(["trip_id", "arrival_time", "departure_time", "stop_id", "stop_sequence"], stopTimeRows)))
        var shapeRows: [[String]] = []
        for line in network.lines {
            for direction in Direction.allCases {
                let stations = direction == .forward ? line.stations : line.stations.reversed()
                var points: [TimetableCompiler.TrackPoint] = []
                for (from, to) in zip(stations, stations.dropFirst()) {
                    for point in track["\(from) \(to)"] ?? [] where points.last != point { points.append(point) }
                }
                for (index, point) in points.enumerated() {
                    shapeRows.append(["\(line.id)-\(direction.rawValue)", Self.degrees(point.latitudeE6), Self.degrees(point.longitudeE6), String(index + 1)])
                }
            }
        }
        files.append(("shapes.txt", csv(["shape_id", "shape_pt_lat", "shape_pt_lon", "shape_pt_sequence"], shapeRows)))
        var transferRows: [[String]] = []
        for transfer in document.transfers {
            for (from, to) in [(transfer.stationA, transfer.stationB), (transfer.stationB, transfer.stationA)] {
                transferRows.append([from, to, "2", String(transfer.walkSeconds)])
            }
        }
        files.append(("transfers.txt", csv(["from_stop_id", "to_stop_id", "transfer_type", "min_transfer_time"], transferRows)))
        files.append(("feed_info.txt", csv(
            ["feed_publisher_name", "feed_publisher_url", "feed_lang", "default_lang", "feed_start_date", "feed_end_date", "feed_version", "feed_contact_email", "feed_contact_url"],
            [["metro-timer (from the Kyiv City open-data portal)", options.publisherURL, "uk", "uk", Self.date(options.start), Self.date(options.end),
              source.resourcesDated, options.contactEmail ?? "", options.contactURL ?? ""]])))
        files.append(("attributions.txt", csv(
            ["attribution_id", "organization_name", "is_producer", "is_operator", "is_authority", "attribution_url", "attribution_email"],
            [["owner", "КП «Київський метрополітен» (data owner)", "1", "1", "0", options.publisherURL, ""],
             ["publisher", "Kyiv City State Administration, " + source.licence, "0", "0", "1", Options.datasetPage, "transport@kyivcity.gov.ua"]])))
        var translationRows: [[String]] = [["agency", "agency_name", "en", "Kyiv Metro", "KM"]]
        translationRows += network.lines.map { ["routes", "route_long_name", "en", $0.nameEn, $0.id] }
        translationRows += document.stations.map { ["stops", "stop_name", "en", $0.nameEn, $0.code] }
        files.append(("translations.txt", csv(["table_name", "field_name", "language", "translation", "record_id"], translationRows)))
        return files
    }

    // MARK: - Formatting

    func csv(_ header: [String], _ rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(CSVTable.escape).joined(separator: ",") + "\n" }.joined()
    }

    /// `HH:MM:SS` of the service day; past midnight the hours go on (`24:35:00`), as GTFS wants.
    static func time(_ seconds: Int) -> String {
        Format.c("%02ld:%02ld:%02ld", seconds / 3600, seconds / 60 % 60, seconds % 60)
    }

    static func date(_ day: ServiceClock.ServiceDay) -> String {
        Format.c("%04ld%02ld%02ld", day.year, day.month, day.day)
    }

    static func degrees(_ micro: Int) -> String {
        let sign = micro < 0 ? "-" : ""
        return sign + String(abs(micro) / 1_000_000) + "." + Format.c("%06ld", abs(micro) % 1_000_000)
    }

    /// The line colours as GTFS wants them: six hex digits, no `#`.
    static func hex(_ color: String) -> String {
        let named = ["red": "D22531", "blue": "2060BA", "green": "41A747"]
        if let value = named[color.lowercased()] { return value }
        return color.hasPrefix("#") ? String(color.dropFirst()).uppercased() : color.uppercased()
    }
}
