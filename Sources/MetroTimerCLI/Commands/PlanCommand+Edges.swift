import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The sentences of `plan` at the edges of the service day: `--last`, `--arrive-by` and a plan
/// asked for before the first train, all answered from the published first and last departures.
extension PlanCommand {
    /// "the M2 toward Teremky at Maidan Nezalezhnosti".
    static func changeName(_ change: EdgeConnection.Change, network: Network, language: Language) -> (
        line: String, toward: String, station: String
    ) {
        let toward =
            network.terminal(line: change.line, direction: change.direction).map {
                Names.station($0, network, language)
            } ?? ""
        return (change.line, toward, Names.station(change.station, network, language))
    }

    /// A margin below this, after a walk the data mark as an estimate, gets a caveat: the two
    /// estimated walks were judged against the one measured node (2:00, estimated at 2:30), so
    /// a minute either way is what the estimate may be out by.
    static let estimatedWalkCaveatSeconds = 60

    /// One sentence per change: the slow rider's time on the platform and the margin before the
    /// last train there; a thin margin on an estimated walk says that it may not hold.
    static func margins(
        _ connection: EdgeConnection, walks: [NetworkDocument.Transfer], network: Network, clock: ServiceClock,
        language: Language
    ) -> [String] {
        connection.changes.enumerated().map { number, change in
            let (line, toward, station) = changeName(change, network: network, language: language)
            let walk = Durations.clock(walks.indices.contains(number) ? walks[number].walkSeconds : 0)
            let margin = Int(change.margin.rounded(.down))
            var text = language.tr(
                "Пересадка на станції \(station): повільним поїздом і пішки за \(walk) ви на платформі о \(clock.hhmmss(change.slowArrival)), за \(Durations.clock(margin)) до останнього поїзда \(line) у напрямку станції \(toward) (\(clock.hhmmss(change.last))).",
                "Change at \(station): on the slow pattern with the whole \(walk) walk you are on the platform at \(clock.hhmmss(change.slowArrival)), \(Durations.clock(margin)) before the last \(line) toward \(toward) (\(clock.hhmmss(change.last)))."
            )
            if walks.indices.contains(number), walks[number].basis != "measured",
                (0..<estimatedWalkCaveatSeconds).contains(margin)
            {
                text +=
                    " "
                    + language.tr(
                        "Перехід \(walk) на станцію \(station) — оцінка, не вимір: запас \(Durations.clock(margin)) не лишає місця для повільнішого переходу, тож для певності їдьте раніше.",
                        "The \(walk) walk to \(station) is an estimate, not a measurement: \(Durations.clock(margin)) to spare leaves no room for a slower walk, so take an earlier train to be sure."
                    )
            }
            return text
        }
    }

    /// The `--last` note: the origin's published last train when its ride connects; else the
    /// latest start that does (a deadline to the minute, rounded down: the trains before the
    /// last are computed, so none is named) and where the last train misses; the margins.
    static func lastNote(
        _ found: LastConnection, route: Route, board: String, network: Network, clock: ServiceClock, language: Language
    ) -> String {
        var text: String
        if found.departureIsPublished {
            let train = clock.hhmmss(found.departure)
            text = language.tr(
                "Останній поїзд додому: поїзд о \(train) зі станції \(board), її останній.",
                "Last train home: the \(train) from \(board), its last train.")
        } else {
            let by = clock.hhmm(found.departure)
            text = language.tr(
                "Остання поїздка додому: рушайте зі станції \(board) не пізніше \(by) (встигає будь-який поїзд, що рушить до того часу; розклад окремих поїздів не публікують).",
                "Last ride home: leave \(board) by \(by) (any train that leaves by then connects; single trains' times are not published)."
            )
            if let next = found.next, let missed = next.missed {
                let (line, toward, station) = changeName(missed, network: network, language: language)
                text +=
                    " "
                    + language.tr(
                        "Останній, о \(clock.hhmmss(next.departure)), не встигає на останній \(line) у напрямку станції \(toward) на станції \(station) (\(clock.hhmmss(missed.last))): повільним поїздом ви там о \(clock.hhmmss(missed.slowArrival)).",
                        "The \(clock.hhmmss(next.departure)) last train misses the last \(line) toward \(toward) at \(station) (\(clock.hhmmss(missed.last))): on the slow pattern you would be there at \(clock.hhmmss(missed.slowArrival))."
                    )
            }
        }
        let margins = margins(
            found.connection, walks: route.transferWalks, network: network, clock: clock, language: language)
        return ([text] + margins).joined(separator: " ")
    }

    /// The `--last` note's last sentence: how long until the ride's own start (the origin's
    /// published last train, or the latest start), named, or how long ago it was.
    static func lastWhen(
        _ found: LastConnection, board: String, ahead: Bool, span: String, clock: ServiceClock, language: Language
    ) -> String {
        if found.departureIsPublished {
            let train = clock.hhmmss(found.departure)
            return ahead
                ? language.tr(
                    "Поїзд о \(train) зі станції \(board) рушає через \(span).",
                    "The \(train) from \(board) leaves in \(span).")
                : language.tr(
                    "Поїзд о \(train) зі станції \(board) пішов \(span) тому.",
                    "The \(train) from \(board) left \(span) ago.")
        }
        let by = clock.hhmm(found.departure)
        return ahead
            ? language.tr(
                "Рушайте зі станції \(board) до \(by) — лишилося \(span).", "Leave \(board) by \(by): \(span) from now."
            )
            : language.tr(
                "Час рушити зі станції \(board) (до \(by)) минув \(span) тому.",
                "The time to leave \(board), \(by), passed \(span) ago.")
    }

    /// `--arrive-by`'s note for a ride that can be made.
    static func arriveByNote(
        target: Date, latest: Date, safe: Date?, clamped: LastConnection?, arrival: Date, first: Date?, board: String,
        clock: ServiceClock,
        language: Language
    ) -> String {
        let by = clock.hhmm(target)
        var text: String
        if let clamped, clamped.departureIsPublished {
            text = language.tr(
                "Прибути до \(by): пізніше жоден поїзд не встигає на пересадку; останнє сполучення — поїзд о \(clock.hhmmss(latest)) зі станції \(board), прибуття о \(clock.hhmm(arrival)).",
                "Arrive by \(by): no later train connects; the last connection is the \(clock.hhmmss(latest)) from \(board), arriving at \(clock.hhmm(arrival))."
            )
        } else if clamped != nil {
            text = language.tr(
                "Прибути до \(by): пізніше жоден поїзд не встигає на пересадку; останнє сполучення — рушити зі станції \(board) до \(clock.hhmm(latest)), прибуття близько \(clock.hhmm(arrival)).",
                "Arrive by \(by): no later train connects; for the last connection leave \(board) by \(clock.hhmm(latest)), arriving about \(clock.hhmm(arrival))."
            )
        } else if first == latest {
            text = language.tr(
                "Прибути до \(by): перший поїзд, о \(clock.hhmmss(latest)) зі станції \(board) (із запланованим очікуванням);",
                "Arrive by \(by): the first train, the \(clock.hhmmss(latest)) from \(board) (with the booked wait);")
        } else {
            text = language.tr(
                "Прибути до \(by): поїзд має рушити зі станції \(board) не пізніше \(clock.hhmm(latest)) (із запланованим очікуванням);",
                "Arrive by \(by): the train must leave \(board) by \(clock.hhmm(latest)) (with the booked wait);")
        }
        // After a full stop the safe start begins a sentence of its own.
        func capitalized(_ text: String) -> String {
            clamped == nil ? text : text.prefix(1).uppercased() + text.dropFirst()
        }
        if let safe {
            text +=
                " "
                + capitalized(
                    language.tr(
                        "надійно — до \(clock.hhmm(safe)) (навіть із цілим інтервалом очікування і повільним поїздом).",
                        "safe: by \(clock.hhmm(safe)) (even with a whole interval's wait and a slow train)."))
        } else {
            text +=
                " "
                + capitalized(
                    language.tr(
                        "надійного виїзду немає: навіть перший поїзд повільно і з цілим інтервалом очікування може не встигнути.",
                        "no start is safe: even the first train may be late with a slow run and a whole interval's wait."
                    ))
        }
        return text
    }

    /// The refusal when `--arrive-by` asks for a time before the first train can arrive: its
    /// arrival said as the plan says it, with its range.
    static func tooEarly(
        target: Date, first: Date, arrival: Date, earliest: Date, latest: Date, board: String, clock: ServiceClock,
        language: Language
    ) -> String {
        language.tr(
            "Прибути до \(clock.hhmm(target)) напевно не вийде: перший поїзд рушає зі станції \(board) о \(clock.hhmmss(first)) і прибуває близько \(clock.hhmm(arrival)) (може бути \(clock.hhmm(earliest))–\(clock.hhmm(latest))).",
            "You cannot be sure to arrive by \(clock.hhmm(target)): the first train leaves \(board) at \(clock.hhmmss(first)) and arrives about \(clock.hhmm(arrival)) (could be \(clock.hhmm(earliest))–\(clock.hhmm(latest)))."
        )
    }

    /// The line said when the origin's last train has gone: the command for the first train of
    /// the next service day, and for the day's last ride.
    static func nextRideNote(
        route: Route, asked: ServiceClock.ServiceDay, day: ServiceClock.ServiceDay, first: Date, network: Network,
        clock: ServiceClock,
        language: Language
    ) -> String {
        func word(_ code: String) -> String {
            let name = Names.station(code, network, language)
            return name.contains(" ") ? "\"\(name)\"" : name
        }
        let board = route.legs.first.map { Names.station($0.board, network, language) } ?? ""
        let stations = word(route.origin) + " " + word(route.destination)
        return language.tr(
            "Наступна поїздка, яку можна здійснити, — перший поїзд \(day), о \(clock.hhmmss(first)) зі станції \(board): 'metro-timer plan \(stations) --date \(day) --at \(clock.hhmm(first))'. Остання поїздка дня: 'metro-timer plan \(stations) --date \(asked) --last'.",
            "The next ride that can be made is the first train of \(day), the \(clock.hhmmss(first)) from \(board): 'metro-timer plan \(stations) --date \(day) --at \(clock.hhmm(first))'. The day's last ride: 'metro-timer plan \(stations) --date \(asked) --last'."
        )
    }

    /// The line said when a plan asked before the first train is the first train's.
    static func firstTrainNote(asked: Date, first: Date, board: String, clock: ServiceClock, language: Language)
        -> String
    {
        let wait = Int(first.timeIntervalSince(asked).rounded(.down))
        return language.tr(
            "Поїзди ще не ходять: план на \(clock.hhmm(asked)) — це план першого поїзда, який рушає зі станції \(board) о \(clock.hhmmss(first)), на \(Durations.spoken(wait, language)) пізніше.",
            "Trains are not running yet at \(clock.hhmm(asked)): this is the plan of the first train, the \(clock.hhmmss(first)) from \(board), \(Durations.spoken(wait, language)) later."
        )
    }
}
