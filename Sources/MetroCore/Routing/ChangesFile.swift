/// Service changes kept between runs (`metro-timer changes`), each with optional dates.
package struct ChangesFile: Codable, Equatable, Sendable {
    package static let currentVersion = 1

    package var version: Int
    package var entries: [Entry]

    package init(entries: [Entry] = []) {
        version = ChangesFile.currentVersion
        self.entries = entries
    }

    package struct Entry: Codable, Equatable, Sendable {
        package enum Kind: String, Codable, Sendable { case closed, suspended, headway, dayType }

        package var id: Int
        package var kind: Kind
        /// `closed`: the station.
        package var station: String?
        /// `suspended`: the section.
        package var section: NetworkDocument.Section?
        /// `headway`: the line (nil: every line) and the interval.
        package var line: String?
        package var headwaySeconds: Int?
        /// `dayType`: the timetable those days run to (the city announces weekend timetables for
        /// holidays).
        package var dayType: DayType?
        /// First and last service day it applies, `YYYY-MM-DD`, inclusive; nil: open-ended.
        package var from: String?
        package var until: String?
        package var note: String?

        package init(
            id: Int, kind: Kind, station: String? = nil, section: NetworkDocument.Section? = nil, line: String? = nil,
            headwaySeconds: Int? = nil, from: String? = nil, until: String? = nil, note: String? = nil
        ) {
            self.id = id
            self.kind = kind
            self.station = station
            self.section = section
            self.line = line
            self.headwaySeconds = headwaySeconds
            self.from = from
            self.until = until
            self.note = note
        }

        package enum Status: String, Sendable { case active, upcoming, expired }

        /// Where a service day stands against the entry's dates (ISO dates compare as text).
        package func status(on day: String) -> Status {
            if let until, day > until { return .expired }
            if let from, day < from { return .upcoming }
            return .active
        }
    }

    /// Why an entry cannot be added.
    package enum Refusal: Error, Equatable, Sendable {
        case untilBeforeFrom
        /// The entry's last day is already past: it could never apply.
        case inThePast
        case overlaps(Int)
    }

    /// The changes in force on a service day.
    package func changes(on day: String) -> ServiceChanges {
        var result = ServiceChanges()
        for entry in entries where entry.status(on: day) == .active {
            switch entry.kind {
            case .closed: entry.station.map { result.closed.append($0) }
            case .suspended: entry.section.map { result.suspended.append($0) }
            case .headway:
                guard let seconds = entry.headwaySeconds else { continue }
                if let line = entry.line { result.headways[line] = seconds } else { result.headways["*"] = seconds }
            case .dayType:
                result.dayType = entry.dayType
            }
        }
        return result
    }

    /// Checks a new entry: its dates (not over before `today`, which is said as such rather than
    /// as an overlap), and no second entry for the same thing over overlapping dates (which would
    /// leave it unclear which one holds, on any day a plan may be asked for).
    package func refusal(for entry: Entry, network: Network, today: String) -> Refusal? {
        if let until = entry.until, until < today { return .inThePast }
        if let from = entry.from, let until = entry.until, until < from { return .untilBeforeFrom }
        return overlapping(entry, network: network).map { .overlaps($0) }
    }

    /// The id of an entry for the same thing as `entry` on days that meet (the file's reader
    /// holds each entry to the ones before it by this, as `changes add` does).
    func overlapping(_ entry: Entry, network: Network) -> Int? {
        for other in entries where other.kind == entry.kind && datesOverlap(other, entry) {
            let same: Bool
            switch entry.kind {
            case .closed: same = other.station == entry.station
            case .headway: same = other.line == entry.line || other.line == nil || entry.line == nil
            case .dayType: same = true
            case .suspended:
                guard let a = other.section, let b = entry.section, a.line == b.line else {
                    same = false
                    break
                }
                same = ordersOverlap(a, b, network: network)
            }
            if same { return other.id }
        }
        return nil
    }

    func datesOverlap(_ a: Entry, _ b: Entry) -> Bool {
        let aFrom = a.from ?? "0000-00-00"
        let aUntil = a.until ?? "9999-99-99"
        let bFrom = b.from ?? "0000-00-00"
        let bUntil = b.until ?? "9999-99-99"
        return aFrom <= bUntil && bFrom <= aUntil
    }

    func ordersOverlap(_ a: NetworkDocument.Section, _ b: NetworkDocument.Section, network: Network) -> Bool {
        func range(_ s: NetworkDocument.Section) -> ClosedRange<Int> {
            let x = network.station(s.from)?.order ?? 0
            let y = network.station(s.to)?.order ?? 0
            return min(x, y)...max(x, y)
        }
        // Sections that share no segment do not overlap, even if they touch at a station.
        let ra = range(a)
        let rb = range(b)
        return max(ra.lowerBound, rb.lowerBound) < min(ra.upperBound, rb.upperBound)
    }
}

extension ServiceChanges {
    /// These changes with `other`'s added (the command line's on top of the file's).
    package func merged(with other: ServiceChanges) -> ServiceChanges {
        var result = self
        result.airRaid = airRaid || other.airRaid
        result.closed += other.closed.filter { !closed.contains($0) }
        result.suspended += other.suspended.filter { !suspended.contains($0) }
        result.headways.merge(other.headways) { $1 }
        result.dayType = other.dayType ?? dayType
        return result
    }

    /// A headway for every line (`"*"`, from a file entry without a line) spread over the lines.
    package func expandingAllLines(_ network: Network) -> ServiceChanges {
        guard let all = headways["*"] else { return self }
        var result = self
        result.headways["*"] = nil
        for line in network.lines where result.headways[line.id] == nil { result.headways[line.id] = all }
        return result
    }
}
