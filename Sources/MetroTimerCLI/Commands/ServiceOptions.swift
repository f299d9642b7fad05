import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `--air-raid`, `--closed`, `--suspended`, `--headway`: today's service, shared by `plan` and
/// `start` (and remembered by the trip for everything after).
enum ServiceOptions {
    static let arguments: [ArgumentSpec] = [
        .flag(
            "air-raid",
            Text(
                "Планувати як під час повітряної тривоги (також METRO_TIMER_AIR_RAID=1).",
                "Plan as trains run during an air-raid alert (also METRO_TIMER_AIR_RAID=1).")),
        .option(
            "closed", value: "station",
            Text(
                "Станція зачинена: поїзди проходять без зупинки; пересадка там — в обхід, через третю лінію (можна кілька разів).",
                "A closed station: trains pass without stopping; a change there goes the long way, through the third line (repeatable)."
            )
        ).completing(.stations),
        .option(
            "suspended", value: "A-B",
            Text(
                "Між A і B поїзди не ходять (можна кілька разів).",
                "No trains between A and B (repeatable).")),
        .option(
            "headway", value: "minutes",
            Text(
                "Сьогоднішній інтервал замість опублікованого: 10 для всіх ліній або M1=10.",
                "Today's interval instead of the published one: 10 for every line, or M1=10.")),
        .option(
            "day-type", value: "weekday|weekend",
            Text(
                "Розклад дня, незалежно від дня тижня (свята місто оголошує як вихідні).",
                "The timetable to use whatever the weekday (the city announces holidays as weekend days).")
        ).completing(.choices(["weekday", "weekend"])),
    ]

    static func changes(_ arguments: ParsedArguments, context: Context, spec: CommandSpec, language: Language)
        throws(CLIError) -> ServiceChanges
    {
        var changes = ServiceChanges()
        changes.airRaid =
            arguments.flag("air-raid")
            || ["1", "true", "yes"].contains(context.environment["METRO_TIMER_AIR_RAID"]?.lowercased() ?? "")
        // The same station or section twice is a slip of the keyboard, said as `changes add`
        // says it (10,000 of them made a line of 161 KB).
        func twice(_ what: String) -> CLIError {
            .usage(language.tr("\(what) вказано двічі", "\(what) is given twice"), spec)
        }
        for name in arguments.values("closed") {
            let station = try context.station(name, spec: spec, language: language)
            guard !changes.closed.contains(station.code) else { throw twice(Names.station(station, language)) }
            changes.closed.append(station.code)
        }
        for text in arguments.values("suspended") {
            let section = try section(text, context: context, spec: spec, language: language)
            guard
                !changes.suspended.contains(where: {
                    $0.line == section.line && Set([$0.from, $0.to]) == Set([section.from, section.to])
                })
            else { throw twice("'\(Quote.value(text))'") }
            changes.suspended.append(section)
        }
        for text in arguments.values("headway") {
            let (line, seconds) = try headway(text, network: context.network, spec: spec, language: language)
            for id in line.map({ [$0] }) ?? context.network.lines.map(\.id) { changes.headways[id] = seconds }
        }
        if let text = arguments.value("day-type") {
            changes.dayType = try dayType(text, spec: spec, language: language)
        }
        return changes
    }

    static func dayType(_ text: String, spec: CommandSpec, language: Language) throws(CLIError) -> DayType {
        guard let dayType = DayType(rawValue: text.lowercased()) else {
            throw .usage(
                language.tr(
                    "Тип дня '\(text)' має бути weekday (робочий) або weekend (вихідний)",
                    "The day type '\(text)' must be weekday or weekend"), spec)
        }
        return dayType
    }

    /// `10` (every line: nil) or `M1=10`: the line and the interval in seconds.
    static func headway(_ text: String, network: Network, spec: CommandSpec, language: Language) throws(CLIError) -> (
        line: String?, seconds: Int
    ) {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        let line = parts.count == 2 ? parts[0].uppercased() : nil
        guard let minutes = DecimalNumber.value(parts.last!), (1...60).contains(minutes),
            line.map({ network.line($0) != nil }) ?? true
        else {
            throw .usage(
                language.tr(
                    "Інтервал '\(Quote.value(text))' має бути хвилинами від 1 до 60: 10 або M1=10",
                    "The headway '\(Quote.value(text))' must be minutes from 1 to 60: 10, or M1=10"), spec)
        }
        return (line, Int((minutes * 60).rounded()))
    }

    /// `Demiivska-Teremky`: the first split at a hyphen where both sides are stations of one line.
    static func section(_ text: String, context: Context, spec: CommandSpec, language: Language) throws(CLIError)
        -> NetworkDocument.Section
    {
        let normalized = text.replacing("–", with: "-")
        // Either end by name or by code (`mb13_222`), as every other station argument takes.
        func station(_ text: String) -> NetworkDocument.Station? {
            if let station = context.network.station(text) { return station }
            if case .found(let station) = context.search.match(text) { return station }
            return nil
        }
        for (index, character) in normalized.enumerated() where character == "-" {
            let a = String(normalized.prefix(index))
            let b = String(normalized.dropFirst(index + 1))
            guard let from = station(a), let to = station(b), from.line == to.line, from.code != to.code else {
                continue
            }
            return NetworkDocument.Section(line: from.line, from: from.code, to: to.code)
        }
        throw .usage(
            language.tr(
                "Ділянка '\(text)' має бути двома станціями однієї лінії через дефіс, наприклад Деміївська-Теремки",
                "The section '\(text)' must be two stations of one line joined by a hyphen, such as Demiivska-Teremky"),
            spec)
    }

    /// One line naming the changes in force, or nil.
    static func summary(_ changes: ServiceChanges, network: Network, language: Language) -> String? {
        guard !changes.isEmpty else { return nil }
        func name(_ code: String) -> String { Names.station(code, network, language) }
        var parts: [String] = []
        if changes.airRaid { parts.append(language.tr("повітряна тривога", "air-raid alert")) }
        for station in changes.closed {
            parts.append(language.tr("станція \(name(station)) зачинена", "\(name(station)) closed"))
        }
        for section in changes.suspended {
            parts.append(
                language.tr(
                    "\(section.line) не ходить \(name(section.from))–\(name(section.to))",
                    "no \(section.line) trains \(name(section.from))–\(name(section.to))"))
        }
        for (line, seconds) in changes.headways.sorted(by: { $0.key < $1.key }) {
            parts.append(
                language.tr("\(line) кожні \(Durations.clock(seconds))", "\(line) every \(Durations.clock(seconds))"))
        }
        if let dayType = changes.dayType {
            parts.append(
                dayType == .weekend
                    ? language.tr("розклад вихідного дня", "weekend timetable")
                    : language.tr("розклад робочого дня", "weekday timetable"))
        }
        return language.tr("Зміни в русі: ", "Service changes: ") + parts.joined(separator: " · ")
    }

    static func refusalText(_ refusal: ServiceRefusal, network: Network, language: Language) -> String {
        func name(_ code: String) -> String { Names.station(code, network, language) }
        func list(_ codes: [String]) -> String { codes.map(name).joined(separator: language.tr(" або ", " or ")) }
        switch refusal {
        case .stationClosed(let station, let nearest):
            return language.tr(
                "Станція \(name(station)) зачинена: поїзди проходять без зупинки, тож сісти, пересісти чи вийти там не можна. Найближча відкрита: \(list(nearest)).",
                "\(name(station)) is closed: trains pass without stopping, so you cannot board, change or get off there. The nearest open station: \(list(nearest))."
            )
        case .sectionSuspended(let line, let from, let to, let nearest):
            let served =
                nearest.isEmpty
                ? ""
                : language.tr(
                    " Найближча станція, куди ходять поїзди: \(list(nearest)).",
                    " The nearest station served: \(list(nearest)).")
            return language.tr(
                "Між станціями \(language.and(name(from), name(to))) (\(line)) поїзди не ходять, а маршрут пролягає цією ділянкою.",
                "No \(line) trains run between \(name(from)) and \(name(to)), and this route needs that section.")
                + served
        case .airRaidRunsOnlyAsFar(let line, let station):
            return language.tr(
                "Під час повітряної тривоги \(line) курсує лише до станції \(name(station)).",
                "During an air-raid alert \(line) runs only as far as \(name(station)).")
        case .airRaidNotServed(let station, let nearest):
            let shelter = network.station(station)?.aboveGround == false
            let line = network.station(station)?.line ?? ""
            let sections = network.document.airRaidSections.filter { $0.line == line }
                .map { name($0.from) + "–" + name($0.to) }.reduce("") { $0.isEmpty ? $1 : language.and($0, $1) }
            return language.tr(
                "Під час повітряної тривоги \(line) курсує лише \(sections), тож поїзди не зупиняються на станції \(name(station))\(shelter ? " (вона працює лише як укриття)" : ""). Найближча станція, де вони зупиняються: \(list(nearest)).",
                "During an air-raid alert \(line) runs only \(sections), so trains do not stop at \(name(station))\(shelter ? " (it serves only as a shelter)" : ""). The nearest station they serve: \(list(nearest))."
            )
        }
    }

    /// `--route fastest|lookup`: `plan`, `start` and `card`.
    static let routeArgument = ArgumentSpec.option(
        "route", value: "fastest|lookup",
        Text(
            "Який маршрут: 'fastest' — той, що за запланованими очікуваннями прибуває першим (зокрема в обхід через третю лінію), якщо його найпізніше прибуття не пізніше; 'lookup' — завжди з однією пересадкою.",
            "Which route: fastest, the one that arrives first by the booked waits (round through the third line too) unless it may arrive later at the latest; lookup, always the one change."
        ), default: Text("'fastest'", "fastest")
    ).completing(.choices(RouteRule.allCases.map(\.rawValue)))

    static func rule(_ arguments: ParsedArguments, spec: CommandSpec, language: Language) throws(CLIError) -> RouteRule
    {
        guard let text = arguments.value("route") else { return .fastest }
        guard let rule = RouteRule(rawValue: text.lowercased()) else {
            throw .usage(
                language.tr(
                    "Маршрут '\(Quote.value(text))' має бути 'fastest' (найшвидший) або 'lookup' (з однією пересадкою)",
                    "The route '\(Quote.value(text))' must be fastest or lookup"), spec)
        }
        return rule
    }

    /// How `--arrive-by` and `--last` ask for the route; a plain plan asks at its start.
    enum Moment {
        case at(Date)
        case arrivingBy(Date)
        case lastOf(ServiceClock.ServiceDay)
    }

    /// The route to ride (`plan`, `start`, `card`), as `RouteChoice` chooses it under today's
    /// changes; when none can be ridden, the refusal, after the feed's notes.
    static func route(
        from origin: String, to destination: String, moment: Moment, rule: RouteRule, changes: ServiceChanges,
        feedNotes: [String], engine: ScheduleEngine, language: Language
    ) throws(CLIError) -> ChosenRoute {
        let network = engine.network
        let choice = RouteChoice(engine: engine, changes: changes)
        do {
            switch moment {
            case .at(let date): return try choice.choose(from: origin, to: destination, at: date, rule: rule)
            case .arrivingBy(let date):
                return try choice.choose(from: origin, to: destination, arrivingBy: date, rule: rule)
            case .lastOf(let day): return try choice.choose(from: origin, to: destination, lastOf: day, rule: rule)
            }
        } catch let failure {
            let error: ServiceRefusal
            switch failure {
            case .route(let reason): throw .failure(reason.reason.text(language))
            case .refused(let refusal): error = refusal
            }
            // No route at all: said first, then what is nearest, and whether a ride goes from
            // there (a station named as nearest must not be another dead end, unsaid).
            func name(_ code: String) -> String { Names.station(code, network, language) }
            func rides(_ from: String, _ to: String) -> Bool {
                guard from != to else { return true }
                return (try? choice.choose(from: from, to: to, at: Date.distantPast, rule: .lookup)) != nil
            }
            var text =
                language.tr(
                    "З цими змінами в русі маршруту від станції \(name(origin)) до станції \(name(destination)) немає. ",
                    "No route from \(name(origin)) to \(name(destination)) runs with these service changes. ")
                + refusalText(error, network: network, language: language)
            let (station, nearest): (String?, [String]) =
                switch error {
                case .stationClosed(let station, let nearest), .airRaidNotServed(let station, let nearest):
                    (station, nearest)
                case .sectionSuspended(_, _, _, let nearest): (nil, nearest)
                case .airRaidRunsOnlyAsFar: (nil, [])
                }
            // In place of the destination, a ride there; of the origin or a change, a ride on
            // from there; beside a suspended section (either role), one or the other.
            let toThere = station == destination
            let deadEnds = nearest.filter { other in
                if toThere { return !rides(origin, other) }
                if station != nil { return !rides(other, destination) }
                return !rides(origin, other) && !rides(other, destination)
            }
            if !deadEnds.isEmpty {
                let names = deadEnds.map(name).joined(separator: language.tr(" і ", " and "))
                text +=
                    " "
                    + (toThere
                        ? language.tr(
                            "Але й туди (\(names)) від станції \(name(origin)) маршруту немає.",
                            "But no route runs there (\(names)) from \(name(origin)) either.")
                        : language.tr(
                            "Але й звідти (\(names)) до станції \(name(destination)) маршруту немає.",
                            "But no route runs from there (\(names)) to \(name(destination)) either."))
            }
            throw .failure((feedNotes + [text]).joined(separator: "\n"))
        }
    }

    /// Why the direct route cannot be ridden, as a clause ("Khreshchatyk is closed").
    static func reasonClause(_ refusal: ServiceRefusal, network: Network, language: Language) -> String {
        func name(_ code: String) -> String { Names.station(code, network, language) }
        switch refusal {
        case .stationClosed(let station, _):
            return language.tr("станція \(name(station)) зачинена", "\(name(station)) is closed")
        case .sectionSuspended(let line, let from, let to, _):
            return language.tr(
                "поїзди \(line) не ходять між станціями \(name(from)) і \(name(to))",
                "no \(line) trains run between \(name(from)) and \(name(to))")
        case .airRaidRunsOnlyAsFar(let line, let station):
            return language.tr(
                "під час повітряної тривоги \(line) курсує лише до станції \(name(station))",
                "during the air-raid alert \(line) runs only as far as \(name(station))")
        case .airRaidNotServed(let station, _):
            return language.tr(
                "під час повітряної тривоги поїзди не зупиняються на станції \(name(station))",
                "during the air-raid alert trains do not stop at \(name(station))")
        }
    }

    /// The line the long way rides that neither end is on.
    static func detourLine(_ route: Route, network: Network) -> String {
        RouteChoice.thirdLine(route, network: network) ?? ""
    }

    /// The changes of a route in order, each as (from, to) through its node: a walk at the start,
    /// between legs, or at the end.
    static func changes(of route: Route) -> [(from: String, to: String)] {
        var result: [(from: String, to: String)] = []
        if let first = route.legs.first, route.walkBeforeBoarding != nil { result.append((route.origin, first.board)) }
        for (leg, next) in zip(route.legs, route.legs.dropFirst()) { result.append((leg.alight, next.board)) }
        if let last = route.legs.last, route.walkAfterAlighting != nil {
            result.append((last.alight, route.destination))
        }
        return result
    }

    /// "The direct way is cut (…), so this route goes the long way, through M3, with two
    /// changes: …": said first on a plan that goes round a closure.
    static func detourNote(_ chosen: ChosenRoute, network: Network, language: Language) -> String? {
        guard let refusal = chosen.detourBecause else { return nil }
        func name(_ code: String) -> String { Names.station(code, network, language) }
        let route = chosen.route
        let list = changeList(route, network: network, language: language)
        let line = detourLine(route, network: network)
        return language.tr(
            "Прямий шлях перервано (\(reasonClause(refusal, network: network, language: language))), тож маршрут іде в обхід, через \(line), з двома пересадками: \(list).",
            "The direct way is cut (\(reasonClause(refusal, network: network, language: language))), so this route goes the long way, through \(line), with two changes: \(list)."
        )
    }

    /// The changes of a route as the plan lists them: "Zoloti Vorota → Teatralna, then …".
    static func changeList(_ route: Route, network: Network, language: Language) -> String {
        changes(of: route).map {
            Names.station($0.from, network, language) + " → " + Names.station($0.to, network, language)
        }
        .joined(separator: language.tr(", потім ", ", then "))
    }

    /// Why this route and not the other, by the booked waits (nil when the other was not faster
    /// by them): round the triangle when it arrives first and no later at the latest; the
    /// lookup, naming the way round as possibly faster, when it may arrive later.
    static func choiceNote(_ chosen: ChosenRoute, network: Network, language: Language) -> String? {
        guard let comparison = chosen.comparison, chosen.via != nil || comparison.otherIsPossiblyFaster else {
            return nil
        }
        let (round, lookup) =
            chosen.via != nil
            ? (comparison.chosen.route, comparison.other.route) : (comparison.other.route, comparison.chosen.route)
        let node = changes(of: lookup).first.map { Names.station($0.from, network, language) } ?? ""
        let line = detourLine(round, network: network)
        let list = changeList(round, network: network, language: language)
        let gain = Durations.spoken(abs(comparison.bookedGain), language)
        let latest = Durations.spoken(abs(comparison.latestGain), language)
        if comparison.otherIsPossiblyFaster {
            return language.tr(
                "Можливо, швидше: в обхід через \(line) (\(list)) — на \(gain) раніше за запланованими очікуваннями, але найпізніше прибуття на \(latest) пізніше (більше очікувань на поїзди, яких ніхто не публікує), тож план лишає пересадку на станції \(node).",
                "Possibly faster: round through \(line) (\(list)), \(gain) sooner by the booked waits, but at the latest \(latest) later (more waits for trains nobody publishes), so this plan keeps the change at \(node)."
            )
        }
        let atLatest =
            comparison.latestGain > 0
            ? language.tr("найпізніше прибуття — на \(latest) раніше", "at the latest \(latest) sooner")
            : language.tr("найпізніше прибуття — не пізніше", "no later at the latest")
        return language.tr(
            "Маршрут іде в обхід через \(line) (\(list)): на \(gain) швидше, ніж із пересадкою на станції \(node), за запланованими очікуваннями; \(atLatest). Із пересадкою на станції \(node): '--route lookup'.",
            "This route goes round through \(line) (\(list)): \(gain) faster than the change at \(node), by the booked waits; \(atLatest). For the change at \(node): '--route lookup'."
        )
    }

    /// "Between Arsenalna and Lisova (M1) this route runs in the open: …", outside air-raid mode.
    static func openAirNotes(_ route: Route, changes: ServiceChanges, network: Network, language: Language) -> [String]
    {
        guard !changes.airRaid else { return [] }
        return ServiceCheck(network: network).openAirStretches(route).map { stretch in
            let a = Names.station(stretch.from, network, language)
            let b = Names.station(stretch.to, network, language)
            return language.tr(
                "Між станціями \(language.and(a, b)) (\(stretch.line)) маршрут іде відкритою ділянкою: під час повітряної тривоги поїзди там не ходять.",
                "Between \(a) and \(b) (\(stretch.line)) this route runs in the open: during an air-raid alert trains stop short of it."
            )
        }
    }
}
