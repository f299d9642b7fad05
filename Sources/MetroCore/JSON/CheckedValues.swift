import FoundationEssentials

/// A file's values, range-checked after decoding: nil when every value is usable, else the key
/// and what is wrong with it, in both languages.
package protocol CheckedValues {
    func valueProblem() -> Bilingual?
}

/// The bounds the files' values must keep (stated in docs/guide/files-and-privacy.md).
package enum ValueBounds {
    /// Times: 2000-01-01 to 2100-01-01.
    package static let dates = 946_684_800.0...4_102_444_800.0

    package static func date(_ date: Date, _ key: String) -> Bilingual? {
        let seconds = date.timeIntervalSince1970
        return seconds.isFinite && dates.contains(seconds)
            ? nil
            : Bilingual(
                key: key, "\(seconds) не є часом між 2000 і 2100 роками",
                "\(seconds) is not a time between 2000 and 2100")
    }
}

// The bounds every file's values must keep. A value outside them is the file's problem, named by
// key, never a trap somewhere later.

extension Trip: CheckedValues {
    package func valueProblem() -> Bilingual? {
        if let problem = ValueBounds.date(t0, "t0") { return problem }
        if corrections.count > Trip.correctionCap {
            return Bilingual(
                key: "corrections", "їх \(corrections.count), більше за \(Trip.correctionCap), які зберігає поїздка",
                "\(corrections.count) of them, more than the \(Trip.correctionCap) a trip keeps")
        }
        for (index, correction) in corrections.enumerated() {
            if let problem = ValueBounds.date(correction.time, "corrections[\(index)].time") { return problem }
            if case .shift(let stops) = correction.kind, !(-99...99).contains(stops) {
                return Bilingual(
                    key: "corrections[\(index)].stops", "\(stops) — не зсув щонайбільше на 99 зупинок",
                    "\(stops) is not a shift of at most 99 stops")
            }
        }
        for (alert, time) in alertsFired.sorted(by: { $0.key < $1.key }) {
            if let problem = ValueBounds.date(time, "alertsFired.\(alert)") { return problem }
        }
        if let ended, let problem = ValueBounds.date(ended.time, "ended.time") { return problem }
        if let via, via.isEmpty || via.count > 16 || via.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            return Bilingual(
                key: "via", "не назва лінії з 1–16 друкованих символів", "not a line name of 1–16 printable characters")
        }
        return nil
    }
}

extension Calibration: CheckedValues {
    package func valueProblem() -> Bilingual? {
        if let origin,
            origin.isEmpty || origin.count > 100 || origin.unicodeScalars.contains(where: { $0.value < 0x20 })
        {
            return Bilingual(
                key: "origin", "не ідентифікатор з 1–100 друкованих символів",
                "not an identifier of 1–100 printable characters")
        }
        for (origin, imported) in (imports ?? [:]).sorted(by: { $0.key < $1.key }) {
            if imported.imports != nil {
                return Bilingual(
                    key: "imports.\(origin)", "імпорт містить власні імпорти", "an import holds imports of its own")
            }
            if let problem = imported.valueProblem() { return problem.at("imports.\(origin)") }
        }
        for (name, table, separator) in [("running", running, Character(">")), ("dwell", dwell, Character(" "))] {
            for (key, statistic) in table.sorted(by: { $0.key < $1.key }) {
                guard Calibration.keyParts(key, separator: separator) != nil else {
                    let form = name == "running" ? "'FROM>TO'" : "'STATION DIRECTION'"
                    return Bilingual(key: "\(name).\(key)", "не ключ виду \(form)", "not a \(form) key")
                }
                let values = [("weight", statistic.weight), ("mean", statistic.mean), ("m2", statistic.m2)]
                if let bad = values.first(where: { !$0.1.isFinite }) {
                    return Bilingual(key: "\(name).\(key).\(bad.0)", "не скінченне число", "not a finite number")
                }
                // A weight is a count of presses at 1 or ¼ each: a positive weight below a
                // thousandth is no measurement, and a subnormal one made the spread infinite.
                guard
                    statistic.weight == 0
                        || (Calibration.Statistic.smallestWeight...1_000_000).contains(statistic.weight)
                else {
                    return Bilingual(
                        key: "\(name).\(key).weight", "\(statistic.weight) поза межами 0 і 0.001–1000000",
                        "\(statistic.weight) is outside 0 and 0.001–1000000")
                }
                guard (0...3600).contains(statistic.mean) else {
                    return Bilingual(
                        key: "\(name).\(key).mean", "\(statistic.mean) с поза межами 0–3600 с",
                        "\(statistic.mean) s is outside 0–3600 s")
                }
                guard statistic.m2 >= 0, statistic.m2 <= 1e12 else {
                    return Bilingual(
                        key: "\(name).\(key).m2", "\(statistic.m2) — не сума квадратів відхилень (0–1e12)",
                        "\(statistic.m2) is not a variance sum (0–1e12)")
                }
                guard (0...1_000_000).contains(statistic.count) else {
                    return Bilingual(
                        key: "\(name).\(key).count", "\(statistic.count) поза межами 0–1000000",
                        "\(statistic.count) is outside 0–1000000")
                }
                // The weighted variance of values in 0–3600 s is at most 1800²: a larger m2 for its
                // weight is no variance sum of such values.
                guard statistic.m2 <= statistic.weight * 1800 * 1800 * (1 + 1e-9) else {
                    return Bilingual(
                        key: "\(name).\(key).m2", "\(statistic.m2) — більше, ніж дозволяє вага для середніх 0–3600 с",
                        "\(statistic.m2) is more than its weight allows for means of 0–3600 s")
                }
                if let recent = statistic.recent {
                    guard recent.count <= Calibration.Statistic.recentLimit else {
                        return Bilingual(
                            key: "\(name).\(key).recent",
                            "\(recent.count) вимірів — більше за \(Calibration.Statistic.recentLimit)",
                            "\(recent.count) measurements, more than \(Calibration.Statistic.recentLimit)")
                    }
                    for (index, measurement) in recent.enumerated() {
                        guard measurement.seconds.isFinite, (0...3600).contains(measurement.seconds) else {
                            return Bilingual(
                                key: "\(name).\(key).recent.\(index).seconds",
                                "\(measurement.seconds) с поза межами 0–3600 с",
                                "\(measurement.seconds) s is outside 0–3600 s")
                        }
                        guard measurement.weight.isFinite,
                            (Calibration.Statistic.smallestWeight...1_000_000).contains(measurement.weight)
                        else {
                            return Bilingual(
                                key: "\(name).\(key).recent.\(index).weight",
                                "\(measurement.weight) поза межами 0.001–1000000",
                                "\(measurement.weight) is outside 0.001–1000000")
                        }
                    }
                }
            }
        }
        return nil
    }
}

extension Calibration {
    /// The two sides of a key: `FROM>TO` (two different codes) or `STATION DIRECTION` (a
    /// station and `forward` or `reverse`); nil for anything else.
    package static func keyParts(_ key: String, separator: Character) -> (String, String)? {
        let parts = key.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !parts[0].contains(" "), !parts[1].contains(" ")
        else { return nil }
        if separator == ">" { return parts[0] == parts[1] ? nil : (parts[0], parts[1]) }
        return Direction(rawValue: parts[1]) == nil ? nil : (parts[0], parts[1])
    }
}

extension JournalRecord: CheckedValues {
    /// A shift is at most 99 stops and a trip keeps at most `Trip.correctionCap` corrections, so
    /// no count passes their product; a sum of counts cannot overflow.
    static let countBound = 99 * Trip.correctionCap

    // Not optimized: the optimizer compiled this function to different machine code from one
    // build to the next (three sizes in four release builds, swiftlang/swift#77168), and past
    // its alignment padding that moved everything after it, so release archives were not the
    // same bytes twice (docs/decisions/0061). It runs once per journal line read.
    @_optimize(none)
    package func valueProblem() -> Bilingual? {
        let dates: [(String, Date?)] = [
            ("t0", t0), ("endedAt", endedAt), ("plannedArrival", plannedArrival), ("finalArrival", finalArrival),
            ("confirmedArrival", confirmedArrival), ("plannedAlert", plannedAlert), ("finalAlert", finalAlert),
            ("finalAlertStop", finalAlertStop),
        ]
        for case (let key, let date?) in dates {
            if let problem = ValueBounds.date(date, key) { return problem }
        }
        let counts = [
            ("behind", corrections.behind), ("ahead", corrections.ahead), ("at", corrections.at),
            ("departed", corrections.departed),
        ]
        for (key, count) in counts where !(0...JournalRecord.countBound).contains(count) {
            return Bilingual(
                key: "corrections.\(key)", "\(count) поза межами 0–\(JournalRecord.countBound)",
                "\(count) is outside 0–\(JournalRecord.countBound)")
        }
        // Seconds from t₀: a day and more either way is no ride.
        let seconds: [(String, Int?)] = [
            ("plannedSeconds", plannedSeconds), ("finalSeconds", finalSeconds), ("confirmedSeconds", confirmedSeconds),
        ]
        for case (let key, let value?) in seconds where !(-86_400...172_800).contains(value) {
            return Bilingual(key: key, "\(value) поза межами −86400–172800", "\(value) is outside −86400–172800")
        }
        return nil
    }
}

extension ChangesFile {
    /// The entries against the network: every station and line named exists, and a suspended
    /// section's ends are on its line. (Station codes are quoted: they came from the file.)
    package func networkProblem(_ network: Network) -> Bilingual? {
        let quoted = UnsafeText.masked
        for (index, entry) in entries.enumerated() {
            let key = "entries[\(index)]"
            if let station = entry.station, network.station(station) == nil {
                return Bilingual(
                    key: "\(key).station", "немає станції '\(quoted(station))'", "no station '\(quoted(station))'")
            }
            if let line = entry.line, network.line(line) == nil {
                return Bilingual(key: "\(key).line", "немає лінії '\(quoted(line))'", "no line '\(quoted(line))'")
            }
            if let section = entry.section {
                guard let line = network.line(section.line) else {
                    return Bilingual(
                        key: "\(key).section.line", "немає лінії '\(quoted(section.line))'",
                        "no line '\(quoted(section.line))'")
                }
                for (end, code) in [("from", section.from), ("to", section.to)] {
                    guard network.station(code) != nil else {
                        return Bilingual(
                            key: "\(key).section.\(end)", "немає станції '\(quoted(code))'",
                            "no station '\(quoted(code))'")
                    }
                    guard line.stations.contains(code) else {
                        return Bilingual(
                            key: "\(key).section", "\(quoted(code)) не на лінії \(line.id)",
                            "\(quoted(code)) is not on \(line.id)")
                    }
                }
            }
            // Two entries for the same thing on days that meet: `changes add` refuses the second,
            // and a file that holds both leaves unclear which one holds.
            if let other = ChangesFile(entries: Array(entries[..<index])).overlapping(entry, network: network) {
                return Bilingual(
                    key: key, "перекривається з #\(other) у ті самі дні", "overlaps #\(other) on the same days")
            }
        }
        return nil
    }
}

extension ChangesFile: CheckedValues {
    package func valueProblem() -> Bilingual? {
        var ids: Set<Int> = []
        for (index, entry) in entries.enumerated() {
            guard (1...1_000_000).contains(entry.id) else {
                return Bilingual(
                    key: "entries[\(index)].id", "\(entry.id) поза межами 1–1000000", "\(entry.id) is outside 1–1000000"
                )
            }
            // `changes remove ID` must name one entry.
            guard ids.insert(entry.id).inserted else {
                return Bilingual(key: "entries[\(index)].id", "\(entry.id) вжито двічі", "\(entry.id) is used twice")
            }
            // Each kind names what it changes, as `changes add` writes it: a closure with no
            // station, or a section from a station to itself, changes nothing and says it does.
            let subject: (String, Bool)
            switch entry.kind {
            case .closed: subject = ("station", entry.station != nil)
            case .suspended: subject = ("section", entry.section != nil)
            case .headway: subject = ("headwaySeconds", entry.headwaySeconds != nil)
            case .dayType: subject = ("dayType", entry.dayType != nil)
            }
            guard subject.1 else {
                return Bilingual(
                    key: "entries[\(index)].\(subject.0)", "бракує (без цього запис нічого не змінює)",
                    "missing (a \(entry.kind.rawValue) entry without it changes nothing)")
            }
            if let section = entry.section, section.from == section.to {
                return Bilingual(
                    key: "entries[\(index)].section", "ділянка від станції до неї самої",
                    "a section from a station to itself")
            }
            if let seconds = entry.headwaySeconds, !(60...3600).contains(seconds) {
                return Bilingual(
                    key: "entries[\(index)].headwaySeconds", "\(seconds) поза межами 60–3600",
                    "\(seconds) is outside 60–3600")
            }
            if let note = entry.note, UnsafeText.contains(note) {
                return Bilingual(
                    key: "entries[\(index)].note", "містить керівні символи", "contains control characters")
            }
            // Dates compare as text, so each must be a real one written YYYY-MM-DD.
            for (key, text) in [("from", entry.from), ("until", entry.until)] {
                guard let text else { continue }
                guard ServiceClock.ServiceDay(iso: text) != nil else {
                    return Bilingual(
                        key: "entries[\(index)].\(key)", "'\(UnsafeText.masked(text))' — не дата у вигляді YYYY-MM-DD",
                        "'\(UnsafeText.masked(text))' is no date written YYYY-MM-DD")
                }
            }
            if let from = entry.from, let until = entry.until, until < from {
                return Bilingual(
                    key: "entries[\(index)].until", "\(until) раніше за 'from' (\(from))",
                    "\(until) is before from \(from)")
            }
        }
        return nil
    }
}

extension AlertSettings: CheckedValues {
    package func valueProblem() -> Bilingual? {
        let range = AlertSettings.timeoutRange
        return range.contains(timeoutMilliseconds)
            ? nil
            : Bilingual(
                key: "timeoutMilliseconds",
                "\(timeoutMilliseconds) поза межами \(range.lowerBound)–\(range.upperBound)",
                "\(timeoutMilliseconds) is outside \(range.lowerBound)–\(range.upperBound)")
    }
}

extension Calibration {
    /// Why one entry cannot be used with a network: the rules `calibration --import` applies to a
    /// friend's file, and the calibration file itself is read by (a 0.2 s run, or a key that
    /// names no segment, is as wrong in your own file as in an import).
    package enum EntryProblem: Equatable, Sendable {
        /// The key names no segment (`FROM>TO`) or no station (`STATION DIRECTION`) of the network.
        case unknown
        /// A measurement outside the plausibility bounds, or one with no weight.
        case implausible(mean: Double, range: ClosedRange<Double>)
    }

    package static func entryProblem(
        _ key: String, _ statistic: Statistic, running: Bool, network: Network, allowEmpty: Bool = false
    ) -> EntryProblem? {
        if running {
            guard let (from, to) = keyParts(key, separator: ">"), network.segment(from: from, to: to) != nil else {
                return .unknown
            }
        } else {
            guard let (station, _) = keyParts(key, separator: " "), network.station(station) != nil else {
                return .unknown
            }
        }
        // An entry made but never measured (weight 0) is not used; your own file may hold one.
        if allowEmpty && statistic.weight == 0 && statistic.count == 0 { return nil }
        let range = running ? runningBounds(network) : dwellBounds
        guard statistic.weight > 0, statistic.count > 0, range.contains(statistic.mean) else {
            return .implausible(mean: statistic.mean, range: range)
        }
        // What the plan uses where the latest measurements are kept: their median.
        guard range.contains(statistic.typical) else { return .implausible(mean: statistic.typical, range: range) }
        return nil
    }

    /// The calibration file against the network, imports included: nil when every entry names a
    /// real segment or station and holds a plausible figure.
    package func networkProblem(_ network: Network) -> Bilingual? {
        for (name, table) in [("running", running), ("dwell", dwell)] {
            for (key, statistic) in table.sorted(by: { $0.key < $1.key }) {
                let shown = "\(name).\(UnsafeText.masked(key))"
                switch Calibration.entryProblem(
                    key, statistic, running: name == "running", network: network, allowEmpty: true)
                {
                case nil: continue
                case .unknown:
                    return name == "running"
                        ? Bilingual(key: shown, "такого перегону в мережі немає", "no such segment in the network")
                        : Bilingual(key: shown, "такої станції в мережі немає", "no such station in the network")
                case .implausible(let mean, let range):
                    let bounds = "\(Int(range.lowerBound.rounded(.up)))–\(Int(range.upperBound.rounded(.down)))"
                    return Bilingual(
                        key: shown, "\(mean) с — неправдоподібне значення (calibrate і --import приймають \(bounds) с)",
                        "\(mean) s is an implausible figure (calibrate and --import accept \(bounds) s)")
                }
            }
        }
        for (origin, imported) in (imports ?? [:]).sorted(by: { $0.key < $1.key }) {
            if let problem = imported.networkProblem(network) {
                return problem.at("imports.\(UnsafeText.masked(origin))")
            }
        }
        return nil
    }
}
