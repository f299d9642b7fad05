/// The generated network, exactly as `timetable-gen` writes it and MetroCore embeds it.
///
/// Times of day are seconds since midnight of the service day (a service day runs past midnight,
/// so 00:30 of the next calendar day is 88 200). Every number is an integer so that the encoded
/// JSON is byte-for-byte repeatable.
package struct NetworkDocument: Codable, Equatable, Sendable {
    /// The schema version. Readers reject documents newer than they understand.
    /// 2 added `openAir` on segments and `airRaidSections`; 3 added station coordinates and the segments' early and late patterns;
    /// 4 added `entrances`. 5 added each station's `namesRu` and `formerNamesRu`.
    package static let currentVersion = 5

    package var version: Int
    package var source: Source
    package var assumptions: Assumptions
    package var lines: [Line]
    package var stations: [Station]
    package var segments: [Segment]
    package var transfers: [Transfer]
    package var headways: [Headway]
    package var serviceWindows: [ServiceWindow]
    /// The sections trains still serve during an air-raid alert (city policy since 2022).
    package var airRaidSections: [Section]
    /// When each station's entrances open and close, and how many vestibules are open (absent
    /// in hand-written documents: tests of the backtest carry none).
    package var entrances: [Entrance]?

    /// A station's entrances as the city publishes them (`calendarUnderground.json`): the
    /// latest opening of its vestibules and the earliest closing (service-day seconds).
    package struct Entrance: Codable, Equatable, Sendable {
        package var station: String
        package var opens: Int
        package var closes: Int
        package var halls: Int
        package var hallsOpen: Int

        package init(station: String, opens: Int, closes: Int, halls: Int, hallsOpen: Int) {
            self.station = station
            self.opens = opens
            self.closes = closes
            self.halls = halls
            self.hallsOpen = hallsOpen
        }
    }

    package init(
        version: Int = NetworkDocument.currentVersion, source: Source, assumptions: Assumptions,
        lines: [Line], stations: [Station], segments: [Segment], transfers: [Transfer],
        headways: [Headway], serviceWindows: [ServiceWindow], airRaidSections: [Section] = [],
        entrances: [Entrance]? = nil
    ) {
        self.version = version
        self.source = source
        self.assumptions = assumptions
        self.lines = lines
        self.stations = stations
        self.segments = segments
        self.transfers = transfers
        self.headways = headways
        self.serviceWindows = serviceWindows
        self.airRaidSections = airRaidSections
        self.entrances = entrances
    }

    /// Where the figures come from (`Data/kyiv-source.csv`).
    package struct Source: Codable, Equatable, Sendable {
        package var dataset: String
        package var publisher: String
        package var licence: String
        /// The date the city's resources carry: the snapshot the timetable describes.
        package var resourcesDated: String
        package var retrieved: String

        package init(
            dataset: String, publisher: String, licence: String, resourcesDated: String, retrieved: String
        ) {
            self.dataset = dataset
            self.publisher = publisher
            self.licence = licence
            self.resourcesDated = resourcesDated
            self.retrieved = retrieved
        }
    }

    /// What the network rests on that the city does not publish.
    package struct Assumptions: Codable, Equatable, Sendable {
        /// Dwell at every intermediate stop, in seconds. Not published: assumed.
        package var dwellSeconds: Int
        package var dwellAssumed: Bool
        /// Departure-to-departure samples outside this range are discarded as trains entering
        /// or leaving mid-line (depot moves), not running times.
        package var plausibleGapMinSeconds: Int
        package var plausibleGapMaxSeconds: Int

        package init(
            dwellSeconds: Int, dwellAssumed: Bool, plausibleGapMinSeconds: Int, plausibleGapMaxSeconds: Int
        ) {
            self.dwellSeconds = dwellSeconds
            self.dwellAssumed = dwellAssumed
            self.plausibleGapMinSeconds = plausibleGapMinSeconds
            self.plausibleGapMaxSeconds = plausibleGapMaxSeconds
        }
    }

    package struct Line: Codable, Equatable, Sendable {
        package var id: String
        package var nameUk: String
        package var nameEn: String
        package var color: String
        /// Station codes in official order ("forward" runs first → last).
        package var stations: [String]

        package init(id: String, nameUk: String, nameEn: String, color: String, stations: [String]) {
            self.id = id
            self.nameUk = nameUk
            self.nameEn = nameEn
            self.color = color
            self.stations = stations
        }
    }

    package struct FormerName: Codable, Equatable, Sendable {
        package var uk: String
        package var en: String

        package init(uk: String, en: String) {
            self.uk = uk
            self.en = en
        }
    }

    package struct Station: Codable, Equatable, Sendable {
        package var code: String
        package var line: String
        package var order: Int
        package var nameUk: String
        package var nameEn: String
        package var formerNames: [FormerName]
        package var aboveGround: Bool
        /// The other half of this station's transfer node, if it has one.
        package var transfer: String?
        /// The station's point (WGS 84) in millionths of a degree, from the city's station layer.
        /// Integers keep the document exact and byte-for-byte repeatable.
        package var latitudeE6: Int
        package var longitudeE6: Int
        /// The Russian name and its spelling variants (schema 5; absent in older documents).
        package var namesRu: [String]? = nil
        /// The Russian form of each former name, in the order of `formerNames`.
        package var formerNamesRu: [String]? = nil

        package init(
            code: String, line: String, order: Int, nameUk: String, nameEn: String, formerNames: [FormerName],
            aboveGround: Bool, transfer: String? = nil, latitudeE6: Int, longitudeE6: Int, namesRu: [String]? = nil,
            formerNamesRu: [String]? = nil
        ) {
            self.code = code
            self.line = line
            self.order = order
            self.nameUk = nameUk
            self.nameEn = nameEn
            self.formerNames = formerNames
            self.aboveGround = aboveGround
            self.transfer = transfer
            self.latitudeE6 = latitudeE6
            self.longitudeE6 = longitudeE6
            self.namesRu = namesRu
            self.formerNamesRu = formerNamesRu
        }
    }

    /// One directed segment between adjacent stations.
    package struct Segment: Codable, Equatable, Sendable {
        package var line: String
        package var direction: Direction
        package var from: String
        package var to: String
        /// Departure at `from` to departure at `to`: running time plus the dwell at `to`.
        package var gapSeconds: Int
        package var runSeconds: Int
        package var dwellSeconds: Int
        /// The plausible published samples this segment rests on (empty when borrowed).
        package var sampleGaps: [Int]
        /// `measured` from this direction's published departures, or `mirror` when this
        /// direction had no plausible sample and the opposite direction's figure was borrowed.
        package var basis: Basis
        /// Runs in the open (surface or bridge): trains stop short of it during an air-raid alert.
        package var openAir: Bool
        /// The two published running patterns, departure to departure: the fast one (in Kyiv
        /// the last train's, never slower than the first's) and the slow one. A segment with one
        /// plausible sample has the other estimated by the network's first-to-last ratio.
        /// Alerts are computed on the fast pattern; ranges span both.
        package var earlyGapSeconds: Int
        package var lateGapSeconds: Int

        package init(
            line: String, direction: Direction, from: String, to: String, gapSeconds: Int, runSeconds: Int,
            dwellSeconds: Int, sampleGaps: [Int], basis: Basis, openAir: Bool, earlyGapSeconds: Int, lateGapSeconds: Int
        ) {
            self.line = line
            self.direction = direction
            self.from = from
            self.to = to
            self.gapSeconds = gapSeconds
            self.runSeconds = runSeconds
            self.dwellSeconds = dwellSeconds
            self.sampleGaps = sampleGaps
            self.basis = basis
            self.openAir = openAir
            self.earlyGapSeconds = earlyGapSeconds
            self.lateGapSeconds = lateGapSeconds
        }

        package enum Basis: String, Codable, Sendable { case measured, mirror }
    }

    /// A stretch of one line, from one station to another (in official order).
    package struct Section: Codable, Equatable, Sendable {
        package var line: String
        package var from: String
        package var to: String

        package init(line: String, from: String, to: String) {
            self.line = line
            self.from = from
            self.to = to
        }
    }

    package struct Transfer: Codable, Equatable, Sendable {
        package var stationA: String
        package var stationB: String
        package var walkSeconds: Int
        /// `measured` or `estimate`.
        package var basis: String
        package var note: String

        package init(stationA: String, stationB: String, walkSeconds: Int, basis: String, note: String) {
            self.stationA = stationA
            self.stationB = stationB
            self.walkSeconds = walkSeconds
            self.basis = basis
            self.note = note
        }
    }

    /// One published hourly interval: the hour starting at `hour`, two values per hour.
    package struct Headway: Codable, Equatable, Sendable {
        package var line: String
        package var direction: Direction
        package var dayType: DayType
        package var hour: Int
        /// The first published value (see `Network.headway(…)` for how the pair is read).
        package var firstSeconds: Int
        /// The second published value; equal to the first where a single value is published.
        package var secondSeconds: Int
        package var singleValue: Bool

        package init(
            line: String, direction: Direction, dayType: DayType, hour: Int, firstSeconds: Int, secondSeconds: Int,
            singleValue: Bool
        ) {
            self.line = line
            self.direction = direction
            self.dayType = dayType
            self.hour = hour
            self.firstSeconds = firstSeconds
            self.secondSeconds = secondSeconds
            self.singleValue = singleValue
        }
    }

    /// First and last departure at a station in one direction, as published.
    package struct ServiceWindow: Codable, Equatable, Sendable {
        package var station: String
        package var direction: Direction
        package var firstDeparture: Int
        package var lastDeparture: Int

        package init(station: String, direction: Direction, firstDeparture: Int, lastDeparture: Int) {
            self.station = station
            self.direction = direction
            self.firstDeparture = firstDeparture
            self.lastDeparture = lastDeparture
        }
    }
}

/// Direction along a line: `forward` runs toward the line's last station in official order.
package enum Direction: String, Codable, Sendable, CaseIterable {
    case forward, reverse

    package var opposite: Direction { self == .forward ? .reverse : .forward }
}

/// The published day types: weekday, or weekend and public holiday.
package enum DayType: String, Codable, Sendable, CaseIterable {
    case weekday, weekend
}
