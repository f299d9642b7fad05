import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

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
package struct GTFSFeed: Sendable {
    package struct Options: Sendable {
        package var start: ServiceClock.ServiceDay
        package var end: ServiceClock.ServiceDay
        /// The agency's web address (by default the operator's own site) and the publisher's
        /// (by default the city's page for the dataset the feed is made from).
        package var agencyURL: String
        package var publisherURL: String
        package var contactEmail: String?
        var contactURL: String?

        static let datasetPage =
            "https://data.kyivcity.gov.ua/dataset/rozklad-rukhu-miskoho-elektrychnoho-ta-avtomobilnoho-transportu-dep-transport"
        /// КП «Київський метрополітен», the operator.
        package static let operatorSite = "https://metro.kyiv.ua"

        package init(
            start: ServiceClock.ServiceDay, end: ServiceClock.ServiceDay, agencyURL: String = operatorSite,
            publisherURL: String = datasetPage, contactEmail: String? = nil, contactURL: String? = datasetPage
        ) {
            self.start = start
            self.end = end
            self.agencyURL = agencyURL
            self.publisherURL = publisherURL
            self.contactEmail = contactEmail
            self.contactURL = contactURL
        }
    }

    /// One train (the service model's: `ServiceTrains.Trip`).
    package typealias Trip = ServiceTrains.Trip

    package let network: Network
    package let track: [String: [TimetableCompiler.TrackPoint]]
    package let options: Options
    let engine: ScheduleEngine
    /// The trains, generated once per line, direction and day type when first asked for.
    let serviceTrains = ServiceTrains.Cache()

    package init(
        network: Network, track: [String: [TimetableCompiler.TrackPoint]], clock: ServiceClock, options: Options
    ) {
        self.network = network
        self.track = track
        self.options = options
        engine = ScheduleEngine(network: network, clock: clock)
    }

    // MARK: - Trains

    /// Every train of the feed, in a fixed order: line, direction, day type, then start time.
    /// They are the service model's trains (`ServiceTrains`), made from the published first and
    /// last departures and intervals.
    package func trips() -> [Trip] {
        var result: [Trip] = []
        for line in network.lines {
            for direction in Direction.allCases {
                for dayType in [DayType.weekday, .weekend] {
                    result += serviceTrains.trips(
                        line: line.id, direction: direction, dayType: dayType, engine: engine)
                }
            }
        }
        return result
    }

    // MARK: - Files

    /// The feed's files, in a fixed order, as CSV text (UTF-8, LF line ends, RFC 4180 quoting).
    package func files() -> [(name: String, contents: String)] {
        let document = network.document
        let source = document.source
        var files: [(String, String)] = []
        files.append(
            (
                "agency.txt",
                csv(
                    ["agency_id", "agency_name", "agency_url", "agency_timezone", "agency_lang"],
                    [["KM", "Київський метрополітен", options.agencyURL, "Europe/Kyiv", "uk"]])
            ))
        files.append(
            (
                "routes.txt",
                csv(
                    [
                        "route_id", "agency_id", "route_short_name", "route_long_name", "route_type", "route_color",
                        "route_text_color",
                    ],
                    network.lines.map { [$0.id, "KM", $0.id, $0.nameUk, "1", Self.hex($0.color), "FFFFFF"] })
            ))
        // The official station codes (`mr01_110`) are both the id and the code riders may see.
        files.append(
            (
                "stops.txt",
                csv(
                    [
                        "stop_id", "stop_code", "stop_name", "stop_lat", "stop_lon", "location_type",
                        "wheelchair_boarding",
                    ],
                    document.stations.map {
                        [
                            $0.code, $0.code, $0.nameUk, Self.degrees($0.latitudeE6), Self.degrees($0.longitudeE6), "0",
                            "0",
                        ]
                    })
            ))
        files.append(
            (
                "calendar.txt",
                csv(
                    [
                        "service_id", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
                        "start_date", "end_date",
                    ],
                    [
                        [
                            "weekday", "1", "1", "1", "1", "1", "0", "0", Self.date(options.start),
                            Self.date(options.end),
                        ],
                        [
                            "weekend", "0", "0", "0", "0", "0", "1", "1", Self.date(options.start),
                            Self.date(options.end),
                        ],
                    ])
            ))
        let shapes = self.shapes()
        let trips = trips()
        var tripRows: [[String]] = []
        var stopTimeRows: [[String]] = []
        var counters: [String: Int] = [:]
        for trip in trips {
            let key = "\(trip.line)-\(trip.direction.rawValue)-\(trip.dayType.rawValue)"
            counters[key, default: 0] += 1
            let id = key + "-" + Format.c("%03ld", counters[key]!)
            let terminal =
                network.terminal(line: trip.line, direction: trip.direction).flatMap(network.station)?.nameUk ?? ""
            tripRows.append([
                trip.line, trip.dayType.rawValue, id, terminal, trip.direction == .forward ? "0" : "1",
                key.components(separatedBy: "-").prefix(2).joined(separator: "-"),
            ])
            let along = shapes["\(trip.line)-\(trip.direction.rawValue)"]?.stations ?? [:]
            for (index, station) in trip.stations.enumerated() {
                let last = index == trip.stations.count - 1
                // Only what is published is exact (timepoint 1): a departure that is the
                // station's published first or last one that way. Every other time is the
                // model's, computed from the published intervals (timepoint 0, approximate).
                let window = last ? nil : network.serviceWindow(station: station, direction: trip.direction)
                let published =
                    window.map { [$0.firstDeparture, $0.lastDeparture].contains(trip.departures[index]) } ?? false
                stopTimeRows.append([
                    id, Self.time(trip.arrivals[index]),
                    Self.time(last ? trip.arrivals[index] : trip.departures[index]), station, String(index + 1),
                    along[station].map(Self.metres) ?? "", published ? "1" : "0",
                ])
            }
        }
        files.append(
            (
                "trips.txt",
                csv(["route_id", "service_id", "trip_id", "trip_headsign", "direction_id", "shape_id"], tripRows)
            ))
        files.append(
            (
                "stop_times.txt",
                csv(
                    [
                        "trip_id", "arrival_time", "departure_time", "stop_id", "stop_sequence", "shape_dist_traveled",
                        "timepoint",
                    ], stopTimeRows)
            ))
        var shapeRows: [[String]] = []
        for line in network.lines {
            for direction in Direction.allCases {
                let id = "\(line.id)-\(direction.rawValue)"
                for (index, point) in (shapes[id]?.points ?? []).enumerated() {
                    shapeRows.append([
                        id, Self.degrees(point.point.latitudeE6), Self.degrees(point.point.longitudeE6),
                        String(index + 1), Self.metres(point.distance),
                    ])
                }
            }
        }
        files.append(
            (
                "shapes.txt",
                csv(
                    ["shape_id", "shape_pt_lat", "shape_pt_lon", "shape_pt_sequence", "shape_dist_traveled"], shapeRows)
            ))
        var transferRows: [[String]] = []
        for transfer in document.transfers {
            for (from, to) in [(transfer.stationA, transfer.stationB), (transfer.stationB, transfer.stationA)] {
                transferRows.append([from, to, "2", String(transfer.walkSeconds)])
            }
        }
        files.append(
            ("transfers.txt", csv(["from_stop_id", "to_stop_id", "transfer_type", "min_transfer_time"], transferRows)))
        files.append(
            (
                "feed_info.txt",
                csv(
                    [
                        "feed_publisher_name", "feed_publisher_url", "feed_lang", "default_lang", "feed_start_date",
                        "feed_end_date", "feed_version", "feed_contact_email", "feed_contact_url",
                    ],
                    [
                        [
                            "metro-timer (from the Kyiv City open-data portal)", options.publisherURL, "uk", "uk",
                            Self.date(options.start), Self.date(options.end),
                            source.resourcesDated, options.contactEmail ?? "", options.contactURL ?? "",
                        ]
                    ])
            ))
        files.append(
            (
                "attributions.txt",
                csv(
                    [
                        "attribution_id", "organization_name", "is_producer", "is_operator", "is_authority",
                        "attribution_url", "attribution_email",
                    ],
                    [
                        ["owner", "КП «Київський метрополітен» (data owner)", "1", "1", "0", options.publisherURL, ""],
                        [
                            "publisher", "Kyiv City State Administration, " + source.licence, "0", "0", "1",
                            Options.datasetPage, "transport@kyivcity.gov.ua",
                        ],
                    ])
            ))
        var translationRows: [[String]] = [["agency", "agency_name", "en", "Kyiv Metro", "KM"]]
        translationRows += network.lines.map { ["routes", "route_long_name", "en", $0.nameEn, $0.id] }
        translationRows += document.stations.map { ["stops", "stop_name", "en", $0.nameEn, $0.code] }
        files.append(
            (
                "translations.txt",
                csv(["table_name", "field_name", "language", "translation", "record_id"], translationRows)
            ))
        return files
    }

    // MARK: - Shapes

    /// Each line and direction's track as one shape, with the distance along it of every point
    /// and of every station (where its segment onward begins; the terminus at the end), metres.
    func shapes() -> [String: (
        points: [(point: TimetableCompiler.TrackPoint, distance: Double)], stations: [String: Double]
    )] {
        var result:
            [String: (points: [(point: TimetableCompiler.TrackPoint, distance: Double)], stations: [String: Double])] =
                [:]
        for line in network.lines {
            for direction in Direction.allCases {
                let stations = direction == .forward ? line.stations : line.stations.reversed()
                var points: [(point: TimetableCompiler.TrackPoint, distance: Double)] = []
                var along: [String: Double] = [:]
                for (from, to) in zip(stations, stations.dropFirst()) {
                    along[from] = points.last?.distance ?? 0
                    for point in track["\(from) \(to)"] ?? [] where points.last?.point != point {
                        let distance = points.last.map { $0.distance + Self.metresBetween($0.point, point) } ?? 0
                        points.append((point, distance))
                    }
                }
                if let last = stations.last { along[last] = points.last?.distance ?? 0 }
                result["\(line.id)-\(direction.rawValue)"] = (points, along)
            }
        }
        return result
    }

    /// The great-circle distance (haversine, the mean Earth radius), metres.
    static func metresBetween(_ a: TimetableCompiler.TrackPoint, _ b: TimetableCompiler.TrackPoint) -> Double {
        let radians = Double.pi / 180 / 1_000_000
        let (la1, la2) = (Double(a.latitudeE6) * radians, Double(b.latitudeE6) * radians)
        let dLat = la2 - la1
        let dLon = Double(b.longitudeE6 - a.longitudeE6) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(la1) * cos(la2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }

    /// Metres with one decimal, the same on every platform.
    static func metres(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
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
