import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `metro-timer station NAME [--json]`: one station's card.
struct StationCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "station"],
        abstract: Text(
            "Картка станції: лінія, сусіди, пересадка, перші й останні поїзди, інтервали, входи, зміни в русі.",
            "A station's card: line, neighbours, transfer, first and last trains, intervals, entrances, service changes."
        ),
        arguments: [
            .positional("name", Text("Станція, будь-якою мовою.", "The station, in either language.")).completing(
                .stations),
            .option(
                "date", value: "YYYY-MM-DD",
                Text("День обслуговування (типово сьогодні).", "The service day (default: today).")),
            .flag("json", Text("Вивести JSON.", "Print JSON.")),
        ] + ServiceOptions.arguments + GlobalOptions.arguments)

    var station: NetworkDocument.Station
    var json: Bool
    var moment: Date
    /// Whether a day was asked for: the card then speaks of that day's 12:00, not of now.
    var asked: Bool
    var changes: ServiceChanges

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        station = try context.station(arguments.value("name")!, spec: Self.spec, language: language)
        json = arguments.flag("json")
        moment = try PlanCommand.departure(at: nil, date: arguments.value("date"), context: context, language: language)
        asked = arguments.value("date") != nil
        if asked {
            // A day asked for: its intervals are shown from the morning, "now" being that day's 12:00.
            let day = context.clock.position(of: moment).serviceDay
            moment = context.clock.date(day, seconds: 12 * 3600)
        }
        changes = try context.serviceChanges(arguments, at: moment, spec: Self.spec, language: language)
    }

    struct Card: Encodable {
        struct Ref: Encodable {
            var code: String
            var line: String
            var nameUk: String
            var nameEn: String
        }
        struct Direction: Encodable {
            var toward: Ref
            var next: Ref?
            var firstDeparture: String?
            var lastDeparture: String?
            /// The interval at `intervalAt` (now, or 12:00 of the day asked for); absent when no
            /// train runs then.
            var intervalNowSeconds: Int?
            var intervalAt: String
            /// Each service hour's interval: the published one at the hour's start (the figure the
            /// plan shows beside a line boarded in that hour).
            var intervalsByHour: [String: Int]
        }
        struct Transfer: Encodable {
            var station: Ref
            var line: String
            var walkSeconds: Int
            var basis: String
        }
        /// 2: `entrances` is data (times and vestibules), `intervalNowSeconds` may be absent,
        /// `intervalAt` says when it is for, `intervalsByHour` only has service hours.
        var version = 2
        var station: Ref
        var line: String
        var lineName: String
        var aboveGround: Bool
        var formerNames: [String]
        /// The Russian name and its variants, as search accepts them (Cyrillic).
        var namesRu: [String]
        var transfer: Transfer?
        var serviceDay: String
        var dayType: String
        var directions: [Direction]
        var serviceChanges: [String]
        /// True when today's changes close the station (absent when it is open).
        var closed: Bool?
        struct Entrances: Encodable {
            var opens: String
            var closes: String
            var halls: Int
            var hallsOpen: Int
            /// Whether the entrances are open at `intervalAt` (by their published hours).
            var openAt: Bool
        }
        var entrances: Entrances?
        /// The warning for a day outside the timetable's validity.
        var warnings: [String]
    }

    func card(_ context: Context, language: Language) -> Card {
        let network = context.network
        var engine = ScheduleEngine(network: network, clock: context.clock).applying(changes)
        engine.clock.dayTypeOverride = changes.dayType
        let position = engine.clock.position(of: moment)
        func ref(_ code: String) -> Card.Ref {
            let s = network.station(code)!
            return Card.Ref(code: code, line: s.line, nameUk: s.nameUk, nameEn: s.nameEn)
        }
        let line = network.line(station.line)!
        let index = line.stations.firstIndex(of: station.code)!
        var directions: [Card.Direction] = []
        for direction in [MetroCore.Direction.reverse, .forward] {
            let nextIndex = direction == .forward ? index + 1 : index - 1
            guard line.stations.indices.contains(nextIndex),
                let toward = network.terminal(line: station.line, direction: direction)
            else { continue }
            let window = network.serviceWindow(station: station.code, direction: direction)
            var byHour: [String: Int] = [:]
            // Only the hours trains run in (an interval after the last train is no one's); the
            // published interval (or today's), at the edges of the day too: the spacing of the
            // trains between the first and the last there is computed, not published.
            for hour in 5...24
            where window.map({ hour * 3600 <= $0.lastDeparture && (hour + 1) * 3600 > $0.firstDeparture }) ?? false {
                let at = context.clock.date(position.serviceDay, seconds: hour * 3600)
                byHour[TimeOfDay.pad(hour % 24)] = engine.interval(line: station.line, direction: direction, at: at)
            }
            directions.append(
                Card.Direction(
                    toward: ref(toward), next: ref(line.stations[nextIndex]),
                    firstDeparture: window.map { TimeOfDay.clock($0.firstDeparture) },
                    lastDeparture: window.map { TimeOfDay.clock($0.lastDeparture) },
                    intervalNowSeconds: window.map {
                        (($0.firstDeparture)...($0.lastDeparture)).contains(position.seconds)
                    } == true
                        ? engine.interval(line: station.line, direction: direction, at: moment) : nil,
                    intervalAt: context.clock.hhmm(moment),
                    intervalsByHour: byHour))
        }
        let transfer = network.transfer(at: station.code).map { node -> Card.Transfer in
            let other = node.stationA == station.code ? node.stationB : node.stationA
            return Card.Transfer(
                station: ref(other), line: network.station(other)?.line ?? "", walkSeconds: node.walkSeconds,
                basis: node.basis)
        }
        // Only this station's changes: its own closure, a suspension through it, its line's
        // interval, and what holds for every station (an air-raid alert, the day type).
        let own = ServiceChanges(
            airRaid: changes.airRaid, closed: changes.closed.filter { $0 == station.code },
            suspended: changes.suspended.filter { section in
                guard section.line == station.line, let a = network.station(section.from)?.order,
                    let b = network.station(section.to)?.order
                else { return false }
                return (min(a, b)...max(a, b)).contains(station.order)
            },
            headways: changes.headways.filter { $0.key == station.line }, dayType: changes.dayType)
        let summary = ServiceOptions.summary(own, network: network, language: language)
        return Card(
            station: ref(station.code), line: station.line, lineName: Names.line(line, language),
            aboveGround: station.aboveGround,
            formerNames: station.formerNames.map { language == .uk ? $0.uk : $0.en }, namesRu: station.namesRu ?? [],
            transfer: transfer,
            serviceDay: position.serviceDay.description, dayType: position.dayType.rawValue, directions: directions,
            serviceChanges: summary.map { [$0] } ?? [], closed: changes.closed.contains(station.code) ? true : nil,
            entrances: network.entrance(station: station.code).map { entrance in
                Card.Entrances(
                    opens: String(TimeOfDay.clock(entrance.opens).prefix(5)),
                    closes: String(TimeOfDay.clock(entrance.closes).prefix(5)),
                    // A closed station opens no vestibule, whatever the published count.
                    halls: entrance.halls, hallsOpen: changes.closed.contains(station.code) ? 0 : entrance.hallsOpen,
                    openAt: (entrance.opens..<entrance.closes).contains(position.seconds))
            },
            warnings: context.validityWarning(position.serviceDay, language: language).map { [$0] } ?? [])
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        let card = card(context, language: language)
        if json {
            let encoder = JSONObject.encoder(pretty: true, slashes: .asIs)
            context.stdout.write(
                Quote.json(String(decoding: (try? encoder.encode(card)) ?? Data(), as: UTF8.self)) + "\n")
            return
        }
        let style = Style(enabled: options.color)
        var out: [String] = card.warnings.map { style.warning("⚠ " + $0) }
        out += titleLines(card, style: style, network: context.network, language: language)
        out.append("")
        out.append(
            language.tr("День ", "Service day ") + card.serviceDay + " · "
                + (card.dayType == "weekday"
                    ? language.tr("розклад робочого дня", "weekday timetable")
                    : language.tr("розклад вихідного дня", "weekend timetable")))
        out += directionLines(card, language: language)
        if !card.serviceChanges.isEmpty {
            out.append("")
            out += card.serviceChanges.map { "ℹ " + $0 }
        }
        out.append(
            language.tr("Входи: ", "Entrances: ") + entrances(card, context: context, language: language) + ".")
        context.stdout.write(out.joined(separator: "\n") + "\n")
    }

    func name(_ ref: Card.Ref, _ language: Language) -> String { language == .uk ? ref.nameUk : ref.nameEn }

    /// The station's names, line, whether it is closed, its transfer.
    func titleLines(_ card: Card, style: Style, network: Network, language: Language) -> [String] {
        func name(_ ref: Card.Ref) -> String { self.name(ref, language) }
        var out: [String] = []
        out.append(
            style.bold(Names.station(station, language)) + "  " + (language == .uk ? station.nameEn : station.nameUk))
        out.append(
            style.line(" \(station.line) ", color: network.line(station.line)?.color ?? "") + " " + card.lineName
                + " · "
                + (station.aboveGround
                    ? language.tr("над землею", "above ground") : language.tr("під землею", "underground")))
        // Closed, it is said where the card starts, not left to a footnote.
        let closed = card.closed == true
        if closed {
            out.append(
                style.warning(
                    language.tr(
                        "⚠ Станцію зачинено: поїзди проходять без зупинки, тож сісти, пересісти чи вийти тут не можна.",
                        "⚠ Closed: trains pass without stopping, so you cannot board, change or get off here.")))
        }
        if !card.formerNames.isEmpty {
            let label =
                card.formerNames.count == 1
                ? language.tr("Колишня назва: ", "Formerly: ") : language.tr("Колишні назви: ", "Formerly: ")
            out.append(label + card.formerNames.joined(separator: ", "))
        }
        if let transfer = card.transfer {
            let basis =
                transfer.basis == "measured" ? language.tr("виміряно", "measured") : language.tr("оцінка", "estimate")
            out.append(
                language.tr("Пересадка: ", "Transfer: ") + name(transfer.station) + " (\(transfer.line)), "
                    + language.tr("пішки ", "walk ") + Durations.clock(transfer.walkSeconds) + " (\(basis))"
                    + (closed
                        ? language.tr(" — недоступна, поки станцію зачинено", " — not while the station is closed")
                        : ""))
        }
        if !card.namesRu.isEmpty {
            out.append(language.tr("Російською: ", "In Russian: ") + card.namesRu.joined(separator: ", "))
        }
        return out
    }

    /// Each direction's first and last trains and its intervals.
    func directionLines(_ card: Card, language: Language) -> [String] {
        func name(_ ref: Card.Ref) -> String { self.name(ref, language) }
        var out: [String] = []
        for direction in card.directions {
            out.append(
                language.tr("У напрямку станції ", "Toward ") + name(direction.toward) + " ("
                    + language.tr("далі ", "next ") + (direction.next.map(name) ?? "—") + ")")
            out.append(
                "  " + language.tr("перший ", "first ") + (direction.firstDeparture ?? "—") + " · "
                    + language.tr("останній ", "last ")
                    + (direction.lastDeparture ?? "—")
                    + language.tr(
                        " (будні й вихідні однаково, як опубліковано)", " (weekdays and weekends alike, as published)")
                    + " · "
                    + (direction.intervalNowSeconds.map { interval in
                        asked
                            ? language.tr("інтервал о \(direction.intervalAt) ", "interval at \(direction.intervalAt) ")
                                + Durations.clock(interval)
                            : language.tr("інтервал зараз ", "interval now ") + Durations.clock(interval)
                    }
                        ?? (asked
                            ? language.tr(
                                "о \(direction.intervalAt) поїзди не ходять", "no trains at \(direction.intervalAt)")
                            : language.tr("зараз поїзди не ходять", "no trains now")))
            )
            let hours = direction.intervalsByHour.sorted { (Int($0.key)! + 19) % 24 < (Int($1.key)! + 19) % 24 }
            out.append("  " + hours.map { "\($0.key) \(Durations.clock($0.value))" }.joined(separator: " · "))
        }
        return out
    }

    /// The entrances: their hours and vestibules, as they stand at the card's moment.
    func entrances(_ card: Card, context: Context, language: Language) -> String {
        let network = context.network
        let closed = card.closed == true
        let seconds = context.clock.position(of: moment).seconds
        return
            card.entrances.map { entrance in
                closed
                    ? language.tr(
                        "зачинені (зазвичай відчинені \(entrance.opens)–\(entrance.closes), вестибюлів: \(entrance.halls))",
                        "closed (normally open \(entrance.opens)–\(entrance.closes), \(entrance.halls) "
                            + (entrance.halls == 1 ? "vestibule)" : "vestibules)"))
                    : entrance.openAt
                        ? language.tr(
                            "відчинені \(entrance.opens)–\(entrance.closes), відкрито вестибюлів: \(entrance.hallsOpen) з \(entrance.halls)",
                            "open \(entrance.opens)–\(entrance.closes), \(entrance.hallsOpen) of \(entrance.halls) vestibules open"
                        )
                        // Outside their published hours no vestibule serves anyone: said as the
                        // hours, not as "open" (the night before the opening is "until" it).
                        : Self.shut(
                            entrance, before: seconds < (network.entrance(station: station.code)?.opens ?? 0),
                            at: asked ? context.clock.hhmm(moment) : nil, language)
            } ?? language.tr("немає даних", "no data")
    }

    /// The entrances outside their published hours: "closed until 05:28 (hours 05:28–22:25, 2 of
    /// 2 vestibules)", or "closed now (…)" after the closing; `at` names the moment when the card
    /// speaks of a day asked for rather than of now.
    static func shut(_ entrance: Card.Entrances, before: Bool, at: String?, _ language: Language) -> String {
        let hours = language.tr(
            "(години роботи \(entrance.opens)–\(entrance.closes), вестибюлів: \(entrance.hallsOpen) з \(entrance.halls))",
            "(hours \(entrance.opens)–\(entrance.closes), \(entrance.hallsOpen) of \(entrance.halls) vestibules)")
        if before { return language.tr("зачинені до \(entrance.opens) ", "closed until \(entrance.opens) ") + hours }
        return
            (at.map { language.tr("о \($0) зачинені ", "closed at \($0) ") }
            ?? language.tr("зараз зачинені ", "closed now ")) + hours
    }
}
