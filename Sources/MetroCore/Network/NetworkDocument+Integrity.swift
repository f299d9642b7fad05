/// What the router, the engine and the renderers take for granted about a network document, in
/// one place: a document read from outside the binary (an installed timetable) is checked here
/// before it is used, so that a hand-edited or damaged file is refused with a reason instead of
/// tripping over a missing station half-way through a plan.
///
/// The compiler's documents pass by construction; the embedded one is held to this by a test.
extension NetworkDocument {
    // Plain keys (no string building) keep the check cheap: it runs at every start-up of an
    // installed timetable.
    private struct Pair: Hashable {
        var a: String
        var b: String
    }
    private struct HeadwayKey: Hashable {
        var line: String
        var direction: Direction
        var dayType: DayType
        var hour: Int
    }
    private struct WindowKey: Hashable {
        var station: String
        var direction: Direction
    }

    /// The first broken promise, in both languages, or nil when the document is sound.
    func integrityProblem() -> Bilingual? {
        if let problem = textProblem() { return problem }
        // A day and a half: service days run past midnight, and nothing is published later.
        let serviceDay = 0...(36 * 3600)
        var lineIDs = Set<String>()
        for line in lines {
            guard lineIDs.insert(line.id).inserted else {
                return Bilingual("лінія \(line.id) трапляється двічі", "line \(line.id) appears twice")
            }
            guard line.stations.count >= 2 else {
                return Bilingual(
                    "на лінії \(line.id) менше двох станцій", "line \(line.id) has fewer than two stations")
            }
        }
        var stationsByCode: [String: Station] = [:]
        for station in stations {
            guard stationsByCode.updateValue(station, forKey: station.code) == nil else {
                return Bilingual("станція \(station.code) трапляється двічі", "station \(station.code) appears twice")
            }
            guard lineIDs.contains(station.line) else {
                return Bilingual(
                    "станція \(station.code) на лінії \(station.line), якої в документі немає",
                    "station \(station.code) is on line \(station.line), which is not in the document")
            }
            guard !station.nameUk.isEmpty, !station.nameEn.isEmpty else {
                return Bilingual("станція \(station.code) не має назви", "station \(station.code) has no name")
            }
        }
        var listed = Set<String>()
        for line in lines {
            for (index, code) in line.stations.enumerated() {
                guard let station = stationsByCode[code] else {
                    return Bilingual(
                        "лінія \(line.id) називає \(code), а такої станції в документі немає",
                        "line \(line.id) lists \(code), which is not a station of the document")
                }
                guard station.line == line.id, station.order == index + 1 else {
                    return Bilingual(
                        "лінія \(line.id) називає \(code) на місці \(index + 1), а станція каже: лінія \(station.line), місце \(station.order)",
                        "line \(line.id) lists \(code) at position \(index + 1), but the station says line \(station.line), position \(station.order)"
                    )
                }
                guard listed.insert(code).inserted else {
                    return Bilingual("станцію \(code) названо двічі", "station \(code) is listed twice")
                }
            }
        }
        guard listed.count == stations.count else {
            return Bilingual("станції немає в переліку жодної лінії", "a station is on no line's list")
        }
        for station in stations {
            guard let partner = station.transfer else { continue }
            guard let other = stationsByCode[partner], other.line != station.line else {
                return Bilingual(
                    "станція \(station.code) називає пересадкою \(partner), а це не станція іншої лінії",
                    "station \(station.code) names \(partner) as its transfer, which is not a station of another line")
            }
        }

        var segmentKeys = Set<Pair>()
        for segment in segments {
            guard segmentKeys.insert(Pair(a: segment.from, b: segment.to)).inserted else {
                return Bilingual(
                    "перегін \(segment.from) → \(segment.to) трапляється двічі",
                    "segment \(segment.from) → \(segment.to) appears twice")
            }
            guard let from = stationsByCode[segment.from], let to = stationsByCode[segment.to],
                from.line == segment.line, to.line == segment.line,
                abs(from.order - to.order) == 1, (to.order > from.order) == (segment.direction == .forward)
            else {
                return Bilingual(
                    "перегін \(segment.from) → \(segment.to) не сполучає дві сусідні станції лінії \(segment.line) у своєму напрямку",
                    "segment \(segment.from) → \(segment.to) does not join two neighbouring stations of line \(segment.line) in its direction"
                )
            }
            guard (1...3600).contains(segment.gapSeconds), (1...3600).contains(segment.earlyGapSeconds),
                (1...3600).contains(segment.lateGapSeconds)
            else {
                return Bilingual(
                    "перегін \(segment.from) → \(segment.to): інтервали \(segment.gapSeconds), \(segment.earlyGapSeconds), \(segment.lateGapSeconds) с",
                    "segment \(segment.from) → \(segment.to): gaps of \(segment.gapSeconds), \(segment.earlyGapSeconds), \(segment.lateGapSeconds) s"
                )
            }
            guard (1...3600).contains(segment.runSeconds), (0...600).contains(segment.dwellSeconds) else {
                return Bilingual(
                    "перегін \(segment.from) → \(segment.to): хід \(segment.runSeconds) с, стоянка \(segment.dwellSeconds) с",
                    "segment \(segment.from) → \(segment.to): running \(segment.runSeconds) s, dwell \(segment.dwellSeconds) s"
                )
            }
        }
        for line in lines {
            for (a, b) in zip(line.stations, line.stations.dropFirst()) {
                guard segmentKeys.contains(Pair(a: a, b: b)), segmentKeys.contains(Pair(a: b, b: a)) else {
                    return Bilingual(
                        "між \(a) і \(b) немає перегону в обидва напрямки",
                        "no segment between \(a) and \(b) in both directions")
                }
            }
        }

        var nodes = Set<String>()
        for transfer in transfers {
            guard let a = stationsByCode[transfer.stationA], let b = stationsByCode[transfer.stationB], a.line != b.line
            else {
                return Bilingual(
                    "пересадка \(transfer.stationA) ⇄ \(transfer.stationB) не сполучає станції двох ліній",
                    "transfer \(transfer.stationA) ⇄ \(transfer.stationB) does not join stations of two lines")
            }
            guard nodes.insert(a.code).inserted, nodes.insert(b.code).inserted else {
                return Bilingual(
                    "станція \(a.code) чи \(b.code) входить до двох пересадок",
                    "station \(a.code) or \(b.code) is in two transfers")
            }
            guard (0...3600).contains(transfer.walkSeconds) else {
                return Bilingual(
                    "пересадка \(a.code) ⇄ \(b.code): перехід \(transfer.walkSeconds) с",
                    "transfer \(a.code) ⇄ \(b.code): walk of \(transfer.walkSeconds) s")
            }
        }

        var headwayKeys = Set<HeadwayKey>()
        for headway in headways {
            guard lineIDs.contains(headway.line) else {
                return Bilingual(
                    "інтервал називає лінію \(headway.line), якої в документі немає",
                    "an interval names line \(headway.line), which is not in the document")
            }
            guard (0...23).contains(headway.hour), (1...7200).contains(headway.firstSeconds),
                (1...7200).contains(headway.secondSeconds)
            else {
                return Bilingual(
                    "інтервал лінії \(headway.line) о \(headway.hour)-й годині: \(headway.firstSeconds)–\(headway.secondSeconds) с",
                    "the interval of line \(headway.line) at hour \(headway.hour): \(headway.firstSeconds)–\(headway.secondSeconds) s"
                )
            }
            guard
                headwayKeys.insert(
                    HeadwayKey(
                        line: headway.line, direction: headway.direction, dayType: headway.dayType, hour: headway.hour)
                ).inserted
            else {
                return Bilingual(
                    "інтервал лінії \(headway.line) ('\(headway.direction.rawValue)', '\(headway.dayType.rawValue)') о \(headway.hour)-й годині трапляється двічі",
                    "the interval of line \(headway.line) \(headway.direction.rawValue) \(headway.dayType.rawValue) at hour \(headway.hour) appears twice"
                )
            }
        }

        var windowKeys = Set<WindowKey>()
        for window in serviceWindows {
            guard stationsByCode[window.station] != nil else {
                return Bilingual(
                    "години роботи називають \(window.station), а такої станції в документі немає",
                    "a service window names \(window.station), which is not a station of the document")
            }
            guard serviceDay.contains(window.firstDeparture), serviceDay.contains(window.lastDeparture) else {
                return Bilingual(
                    "години роботи \(window.station) ('\(window.direction.rawValue)') виходять за межі доби руху",
                    "the service window of \(window.station) \(window.direction.rawValue) lies outside the service day")
            }
            guard windowKeys.insert(WindowKey(station: window.station, direction: window.direction)).inserted else {
                return Bilingual(
                    "години роботи \(window.station) ('\(window.direction.rawValue)') трапляються двічі",
                    "the service window of \(window.station) \(window.direction.rawValue) appears twice")
            }
        }

        for section in airRaidSections {
            guard let from = stationsByCode[section.from], let to = stationsByCode[section.to],
                from.line == section.line, to.line == section.line
            else {
                return Bilingual(
                    "ділянка на час тривоги \(section.from)–\(section.to) не на лінії \(section.line)",
                    "the air-raid section \(section.from)–\(section.to) is not on line \(section.line)")
            }
        }
        var entranceCodes = Set<String>()
        for entrance in entrances ?? [] {
            guard stationsByCode[entrance.station] != nil, entranceCodes.insert(entrance.station).inserted else {
                return Bilingual(
                    "входи \(entrance.station): такої станції в документі немає, або її названо двічі",
                    "the entrances of \(entrance.station): not a station of the document, or listed twice")
            }
            guard serviceDay.contains(entrance.opens), serviceDay.contains(entrance.closes), entrance.halls >= 1,
                (0...entrance.halls).contains(entrance.hallsOpen)
            else {
                return Bilingual(
                    "входи \(entrance.station): значення поза межами",
                    "the entrances of \(entrance.station): out of range")
            }
        }
        return nil
    }
}

extension NetworkDocument {
    /// Every text a timetable carries to a terminal, a notification or a calendar (names, codes,
    /// the source's words) is held to the one rule the compiler applies at its door
    /// (`TimetableText`): no control, C1, bidirectional or separator character, and a name
    /// shows something. An installed timetable comes from a download.
    func textProblem() -> Bilingual? {
        func check(_ whereUk: String, _ whereEn: String, _ field: String, _ texts: [String], names: Bool) -> Bilingual?
        {
            for text in texts {
                guard let problem = names ? TimetableText.nameProblem(text) : TimetableText.problem(text) else {
                    continue
                }
                let said = TimetableText.describe(problem, field: field)
                return Bilingual("\(whereUk): \(said.uk)", "\(whereEn): \(said.en)")
            }
            return nil
        }
        for station in stations {
            let name = UnsafeText.masked(station.code)
            let fields: [(String, [String], Bool)] = [
                ("code", [station.code], false), ("nameUk", [station.nameUk], true), ("nameEn", [station.nameEn], true),
                ("formerNames", station.formerNames.flatMap { [$0.uk, $0.en] }, true),
                ("namesRu", station.namesRu ?? [], true),
                ("formerNamesRu", station.formerNamesRu ?? [], true),
            ]
            for (field, texts, names) in fields {
                if let problem = check("станція \(name)", "station \(name)", field, texts, names: names) {
                    return problem
                }
            }
        }
        for line in lines {
            let name = UnsafeText.masked(line.id)
            for (field, text, names) in [
                ("id", line.id, false), ("nameUk", line.nameUk, true), ("nameEn", line.nameEn, true),
                ("color", line.color, false),
            ] {
                if let problem = check("лінія \(name)", "line \(name)", field, [text], names: names) { return problem }
            }
        }
        for (field, text) in [
            ("dataset", source.dataset), ("publisher", source.publisher), ("licence", source.licence),
            ("resourcesDated", source.resourcesDated), ("retrieved", source.retrieved),
        ] {
            if let problem = check("джерело", "source", field, [text], names: false) { return problem }
        }
        return nil
    }
}
