/// The generated network, exactly as `timetable-gen` writes it and MetroCore embeds it.
///
/// Times of day are seconds since midnight of the service day (a service day runs past midnight,
/// so 00:30 of the next calendar day is 88 200). Every number is an integer so that the encoded
/// JSON is byte-for-byte repeatable.
public struct NetworkDocument: Codable, Equatable, Sendable {
    /// The schema version. Readers reject documents newer than they understand.
    /// 2 added `openAir` on segments and `airRaidSections`; 3 added station coordinates and the segments' early and late patterns;
    /// 4 added `entrances`. 5 added each station's `namesRu` and `formerNamesRu`.
    public static let currentVersion = 5

    public var version: Int
    public var source: Source
    public var assumptions: Assumptions
    public var lines: [Line]
    public var stations: [Station]
    public var segments: [Segment]
    public var transfers: [Transfer]
    public var headways: [Headway]
    public var serviceWindows: [ServiceWindow]
    /// The sections trains still serve during an air-raid alert (city policy since 2022).
    public var airRaidSections: [Section]
    /// When each station's entrances open and close, and how many vestibules are open (absent
    /// in hand-written documents: tests of the backtest carry none).
    public var entrances: [Entrance]?

    /// A station's entrances as the city publishes them (`calendarUnderground.json`): the
    /// latest opening of its vestibules and the earliest closing (service-day seconds).
    public struct Entrance: Codable, Equatable, Sendable {
        public var station: String
        public var opens: Int
        public var closes: Int
        public var halls: Int
        public var hallsOpen: Int

        public init(station: String, opens: Int, closes: Int, halls: Int, hallsOpen: Int) {
            self.station = station
            self.opens = opens
            self.closes = closes
            self.halls = halls
            self.hallsOpen = hallsOpen
        }
    }

    public init(
        version: Int = NetworkDocument.currentVersion, source: Source, assumptions: Assumptions,
        lines: [Line], stations: [Station], segments: [Segment], transfers: [Transfer],
        headways: [Headway], serviceWindows: [ServiceWindow], airRaidSections: [Section] = [], entrances: [Entrance]? = nil
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
    public struct Source: Codable, Equatable, Sendable {
        public var dataset: String
        public var publisher: String
        public var licence: String
        /// The date the city's resources carry: the snapshot the timetable describes.
        public var resourcesDated: String
        public var retrieved: String

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
    public struct Assumptions: Codable, Equatable, Sendable {
        /// Dwell at every intermediate stop, in seconds. Not published: assumed.
        public var dwellSeconds: Int
        public var dwellAssumed: Bool
        /// Departure-to-departure samples outside this range are discarded as trains entering
        /// or leaving mid-line (depot moves), not running times.
        public var plausibleGapMinSeconds: Int
        public var plausibleGapMaxSeconds: Int

        package init(
            dwellSeconds: Int, dwellAssumed: Bool, plausibleGapMinSeconds: Int, plausibleGapMaxSeconds: Int
        ) {
            self.dwellSeconds = dwellSeconds
            self.dwellAssumed = dwellAssumed
            self.plausibleGapMinSeconds = plausibleGapMinSeconds
            self.plausibleGapMaxSeconds = plausibleGapMaxSeconds
        }
    }

    public struct Line: Codable, Equatable, Sendable {
        public var id: String
        public var nameUk: String
        public var nameEn: String
        public var color: String
        /// Station codes in official order ("forward" runs first → last).
        public var stations: [String]

        package init(id: String, nameUk: String, nameEn: String, color: String, stations: [String]) {
            self.id = id
            self.nameUk = nameUk
            self.nameEn = nameEn
            self.color = color
            self.stations = stations
        }
    }

    public struct FormerName: Codable, Equatable, Sendable {
        public var uk: String
        public var en: String

        package init(uk: String, en: String) {
            self.uk = uk
            self.en = en
        }
    }

    public struct Station: Codable, Equatable, Sendable {
        public var code: String
        public var line: String
        public var order: Int
        public var nameUk: String
        public var nameEn: String
        public var formerNames: [FormerName]
        public var aboveGround: Bool
        /// The other half of this station's transfer node, if it has one.
        public var transfer: String?
        /// The station's point (WGS 84) in millionths of a degree, from the city's station layer.
        /// Integers keep the document exact and byte-for-byte repeatable.
        public var latitudeE6: Int
        public var longitudeE6: Int
        /// The Russian name and its spelling variants (schema 5; absent in older documents).
        public var namesRu: [String]? = nil
        /// The Russian form of each former name, in the order of `formerNames`.
        public var formerNamesRu: [String]? = nil

        package init(
            code: String, line: String, order: Int, nameUk: String, nameEn: String, formerNames: [FormerName], aboveGround: Bool, transfer: String? = nil, latitudeE6: Int, longitudeE6: Int, namesRu: [String]? = nil, formerNamesRu: [String]? = nil
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
    public struct Segment: Codable, Equatable, Sendable {
        public var line: String
        public var direction: Direction
        public var from: String
        public var to: String
        /// Departure at `from` to departure at `to`: running time plus the dwell at `to`.
        public var gapSeconds: Int
        public var runSeconds: Int
        public var dwellSeconds: Int
        /// The plausible published samples this segment rests on (empty when borrowed).
        public var sampleGaps: [Int]
        /// `measured` from this direction's published departures, or `mirror` when this
        /// direction had no plausible sample and the opposite direction's figure was borrowed.
        public var basis: Basis
        /// Runs in the open (surface or bridge): trains stop short of it during an air-raid alert.
        public var openAir: Bool
        /// The two published running patterns, departure to departure: the fast one (in Kyiv
        /// the last train's, never slower than the first's) and the slow one. A segment with one
        /// plausible sample has the other estimated by the network's first-to-last ratio.
        /// Alerts are computed on the fast pattern; ranges span both.
        public var earlyGapSeconds: Int
        public var lateGapSeconds: Int

        package init(
            line: String, direction: Direction, from: String, to: String, gapSeconds: Int, runSeconds: Int, dwellSeconds: Int, sampleGaps: [Int], basis: Basis, openAir: Bool, earlyGapSeconds: Int, lateGapSeconds: Int
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

        public enum Basis: String, Codable, Sendable { case measured, mirror }
    }

    /// A stretch of one line, from one station to another (in official order).
    public struct Section: Codable, Equatable, Sendable {
        public var line: String
        public var from: String
        public var to: String

        public init(line: String, from: String, to: String) {
            self.line = line
            self.from = from
            self.to = to
        }
    }

    public struct Transfer: Codable, Equatable, Sendable {
        public var stationA: String
        public var stationB: String
        public var walkSeconds: Int
        /// `measured` or `estimate`.
        public var basis: String
        public var note: String

        package init(stationA: String, stationB: String, walkSeconds: Int, basis: String, note: String) {
            self.stationA = stationA
            self.stationB = stationB
            self.walkSeconds = walkSeconds
            self.basis = basis
            self.note = note
        }
    }

    /// One published hourly interval: the hour starting at `hour`, two values per hour.
    public struct Headway: Codable, Equatable, Sendable {
        public var line: String
        public var direction: Direction
        public var dayType: DayType
        public var hour: Int
        /// The first published value (see `Network.headway(…)` for how the pair is read).
        public var firstSeconds: Int
        /// The second published value; equal to the first where a single value is published.
        public var secondSeconds: Int
        public var singleValue: Bool

        package init(
            line: String, direction: Direction, dayType: DayType, hour: Int, firstSeconds: Int, secondSeconds: Int, singleValue: Bool
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
    public struct ServiceWindow: Codable, Equatable, Sendable {
        public var station: String
        public var direction: Direction
        public var firstDeparture: Int
        public var lastDeparture: Int

        package init(station: String, direction: Direction, firstDeparture: Int, lastDeparture: Int) {
            self.station = station
            self.direction = direction
            self.firstDeparture = firstDeparture
            self.lastDeparture = lastDeparture
        }
    }
}

/// Direction along a line: `forward` runs toward the line's last station in official order.
public enum Direction: String, Codable, Sendable, CaseIterable {
    case forward, reverse

    public var opposite: Direction { self == .forward ? .reverse : .forward }
}

/// The published day types: weekday, or weekend and public holiday.
public enum DayType: String, Codable, Sendable, CaseIterable {
    case weekday, weekend
}
