import MetroCore

/// A short human summary of how two network documents differ, for `timetable-gen --check`.

package enum NetworkDiff {
    package static func summary(old: NetworkDocument, new: NetworkDocument, limit: Int = 10) -> [String] {
        var lines: [String] = []
        let names = Dictionary(new.stations.map { ($0.code, $0.nameEn) }, uniquingKeysWith: { a, _ in a })
        func name(_ code: String) -> String { names[code] ?? code }

        if old.version != new.version { lines.append("schema version \(old.version) → \(new.version)") }
        if old.source != new.source { lines.append("source description changed") }
        if old.assumptions != new.assumptions {
            lines.append(
                "assumptions changed (dwell \(old.assumptions.dwellSeconds) s → \(new.assumptions.dwellSeconds) s)")
        }
        if old.lines != new.lines || old.stations != new.stations { lines.append("stations or lines changed") }
        if old.transfers != new.transfers { lines.append("transfers changed") }
        if old.airRaidSections != new.airRaidSections { lines.append("air-raid sections changed") }

        let oldSegments = Dictionary(old.segments.map { ("\($0.from)>\($0.to)", $0) }, uniquingKeysWith: { a, _ in a })
        for segment in new.segments {
            let label =
                "segment \(name(segment.from)) → \(name(segment.to)) (\(segment.line) \(segment.direction.rawValue))"
            guard let before = oldSegments["\(segment.from)>\(segment.to)"] else {
                lines.append("\(label): new")
                continue
            }
            if before.gapSeconds != segment.gapSeconds {
                lines.append("\(label): gap \(before.gapSeconds) s → \(segment.gapSeconds) s")
            } else if before != segment {
                lines.append("\(label): samples changed")
            }
        }
        let oldWindows = Dictionary(
            old.serviceWindows.map { ("\($0.station) \($0.direction.rawValue)", $0) }, uniquingKeysWith: { a, _ in a })
        for window in new.serviceWindows {
            let key = "\(window.station) \(window.direction.rawValue)"
            let before = oldWindows[key]
            if before?.firstDeparture != window.firstDeparture || before?.lastDeparture != window.lastDeparture {
                let was =
                    before.map { "\(TimeOfDay.clock($0.firstDeparture))–\(TimeOfDay.clock($0.lastDeparture))" }
                    ?? "none"
                lines.append(
                    "service window \(name(window.station)) \(window.direction.rawValue): \(was) → \(TimeOfDay.clock(window.firstDeparture))–\(TimeOfDay.clock(window.lastDeparture))"
                )
            }
        }
        if old.serviceWindows.count != new.serviceWindows.count {
            lines.append("service windows: \(old.serviceWindows.count) → \(new.serviceWindows.count)")
        }
        let changedHeadways =
            zip(old.headways, new.headways).filter { $0 != $1 }.count + abs(old.headways.count - new.headways.count)
        if changedHeadways > 0 { lines.append("\(changedHeadways) headway record(s) changed") }

        if lines.count > limit {
            let more = lines.count - limit
            lines = Array(lines.prefix(limit)) + ["… and \(more) more"]
        }
        return lines
    }
}
