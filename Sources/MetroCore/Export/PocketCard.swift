import FoundationEssentials

/// The ride card of `metro-timer card`: one self-contained web page for a phone, opened offline.
/// (Not `CalendarCard`, the calendar card of `plan --ics`.)
///
/// The engine computes; the page only picks and renders. A tap is t₀, and the page cannot ask
/// the engine, so the card carries what the engine says for every t₀ a rider can tap: the
/// schedule for t₀ on each minute of a window around the planned departure (`grid`), and, for
/// the corrections, what the schedule becomes from each stop on when the train is anchored
/// there on each minute of the ride's span (`tails`, the fold's one step: `Builder.apply`).
/// The page takes the entry for the moment's minute and shifts it by the seconds. To fit in
/// 100 KB, each entry is a row of numbers (`Table.vector`) and the rows are stored by column
/// (`columns`): a leg's times relative to its first stop are stored once (`parts`), and what
/// drifts from minute to minute (the wait after a change, the alerts, the arrival's range) is a
/// first value and a character per minute.
package struct PocketCard: Sendable {
    package var engine: ScheduleEngine
    package var route: Route
    /// The planned departure: t₀ of the plan the card shows before the tap.
    package var departure: Date
    package var language: Language
    /// The program and version, written into the page.
    package var product: String
    /// What `plan` says about this ride before it starts (its warnings, then its notes), each as
    /// `[uk, en]`: the card shows them all before the tap.
    package var notes: [[String]] = []
    /// What `plan` says of each change (the walk, the wait, the trains), `[uk, en]`: the route
    /// shows it before the tap.
    package var changes: [[String]] = []
    /// A service finding as `plan` says it, in a language, at a moment (its tense: a last train
    /// still to leave then is said in the present), the CLI's words: MetroCore has none.
    package var finding: @Sendable (ServiceFinding, Language, Date) -> String = { _, _, _ in "" }

    /// The taps the card is ready for: from 10 minutes before the planned departure to 110
    /// after (a late tap, a missed train, a slow walk to the platform).
    static let minutesBefore = 10
    static let minutesAfter = 110

    package init(engine: ScheduleEngine, route: Route, departure: Date, language: Language, product: String) {
        self.engine = engine
        self.route = route
        self.departure = Date(timeIntervalSince1970: departure.timeIntervalSince1970.rounded(.down))
        self.language = language
        self.product = product
    }

    /// The page's data, as the page reads it (see the top of `PocketCard+Script.swift`).
    package func data() -> [String: Any] {
        let gridStart = departure.addingTimeInterval(TimeInterval(-60 * Self.minutesBefore))
        let count = Self.minutesBefore + Self.minutesAfter + 1
        var data = section(from: gridStart, minutes: count, lead: { moment, _ in min(moment, departure) })
        data["zone"] = zone(from: gridStart.addingTimeInterval(-3600), minutes: count + 6 * 60)
        data["v"] = 1
        data["product"] = product
        data["lang"] = language.rawValue
        return data
    }

    /// The tables for taps from `gridStart` on, one row a minute for `count` minutes, and the
    /// corrections' tails over the same span. `lead(moment, stop)` is the first stop's departure
    /// when the train is anchored at `stop` at `moment` (it only has to time the stops before).
    /// `edges` are taps read as a published departure (`Tap`: the first and the last train),
    /// each with a row of its own (`[t₀, row, flag]`): their t₀ is rarely a whole minute.
    func section(from gridStart: Date, minutes count: Int, edges: [Date] = [], lead: (Date, Int) -> Date)
        -> [String: Any]
    {
        var table = Table()
        // The longest ride a tap can start (the sentences' "about N minutes" go that far).
        var longest: TimeInterval = 0
        var vectors: [[Int?]] = []
        // For each minute, why a tap then starts a ride that cannot be made (the finding, as
        // `plan` words it for that t₀), as an index into `why`; "-" when it can be made.
        var flags = ""
        var why: [[String]] = []
        // Where the finding changes inside a minute (the last train leaves at 22:30:00, and a
        // tap at 22:30:30 misses it), the second it changes and what it is from then on:
        // `[minute, second, flag]`, so a tap is told what `plan` says for its own second.
        var splits: [[Any]] = []
        func flag(_ schedule: Schedule) -> Character {
            guard let blocking = schedule.findings.first(where: \.preventsTheRide) else { return "-" }
            return mark(blocking, at: schedule.departure)
        }
        func mark(_ blocking: ServiceFinding, at moment: Date) -> Character {
            let sentence = [finding(blocking, .uk, moment), finding(blocking, .en, moment)]
            if !why.contains(sentence) { why.append(sentence) }
            return Self.stepDigits[why.firstIndex(of: sentence)! % Self.stepDigits.count]
        }
        for minute in 0..<count {
            let t0 = gridStart.addingTimeInterval(TimeInterval(60 * minute))
            let schedule = engine.schedule(route: route, t0: t0)
            vectors.append(table.vector(schedule, from: 0, at: t0))
            let first = flag(schedule)
            if first == "-" { longest = max(longest, schedule.arrivalLatest.timeIntervalSince(t0)) }
            flags.append(first)
            let end = flag(engine.schedule(route: route, t0: t0.addingTimeInterval(59)))
            guard end != first else { continue }
            // The first second with the minute's last answer (found by halves: 6 schedules).
            var low = 0
            var high = 59
            while high - low > 1 {
                let middle = (low + high) / 2
                if flag(engine.schedule(route: route, t0: t0.addingTimeInterval(TimeInterval(middle)))) == end {
                    high = middle
                } else {
                    low = middle
                }
            }
            splits.append([minute, high, String(end)])
        }
        let planned = engine.schedule(route: route, t0: departure)
        let grid = Self.columns(vectors)
        let changeCount = planned.entryIndices.count
        let gridSeconds = Self.seconds(vectors, layout: Layout(legs: route.legs.count, changes: changeCount)) {
            minute, second in
            let t0 = gridStart.addingTimeInterval(TimeInterval(60 * minute + second))
            return table.vector(engine.schedule(route: route, t0: t0), from: 0, at: t0)
        }
        let edgeRows = edges.map { t0 -> [Any] in
            let schedule = engine.schedule(route: route, t0: t0)
            return [
                Int(t0.timeIntervalSince1970), table.vector(schedule, from: 0, at: t0).map { $0 as Any },
                String(flag(schedule)),
            ]
        }
        let stops = planned.stops
        // The sentences' "about N minutes", for every minute a ride can have left: its length,
        // and half an hour more for the corrections (past that, the last is said).
        let rideMinutes = Int(max(longest, planned.arrivalLatest.timeIntervalSince(departure)) / 60) + 1
        // A correction anchors the train at one stop: arriving there (±1), or, at a change's
        // entry, leaving it ("departed"); so one anchor event per stop, over the minutes the
        // train can be there (an anchor outside them takes the nearest minute's times).
        var tails: [[Any]] = []
        // Where each leg is boarded: its station and the stop (the first, and each change's entry).
        let boardings = route.legs.enumerated().map { leg, value in
            (station: value.board, index: leg == 0 ? 0 : planned.entryIndices[leg - 1])
        }
        for stop in stops.indices {
            let event: Anchor.Event = planned.entryIndices.contains(stop) ? .departure : .arrival
            let offset = Int(stops[stop].time.timeIntervalSince(departure) / 60)
            let first = offset - 15
            let minutes = count + 45
            var vectors: [[Int?]] = []
            // From which minute a train anchored here misses the last train of a later leg (as
            // `start` says after such a correction: "The route cannot be completed: …"), and
            // the sentence: `[minute, flag]`. Once past a last train, every later minute is.
            var blocked: [Any]?
            // The times from the anchor on depend on nothing before it: any first anchor will
            // do (it only has to time the stops before). One no later than the planned
            // departure, which the card can ride, so that the findings are the later legs'
            // (past the first leg's last train, the engine would name only that).
            func anchored(_ moment: Date) -> Schedule {
                engine.schedule(
                    route: route,
                    anchors: [
                        Anchor(stop: 0, event: .departure, time: lead(moment, stop)),
                        Anchor(stop: stop, event: event, time: moment),
                    ])
            }
            for minute in first..<(first + minutes) {
                let moment = gridStart.addingTimeInterval(TimeInterval(60 * minute))
                let schedule = anchored(moment)
                vectors.append(table.vector(schedule, from: stop, at: moment))
                if blocked == nil,
                    let missed = schedule.findings.first(where: { finding in
                        finding.isBlocking && boardings.contains { $0.station == finding.station && $0.index > stop }
                    })
                {
                    blocked = [minute - first, String(mark(missed, at: moment))]
                }
            }
            let legs = Set(stops[stop...].map(\.leg)).count
            let inside = Self.seconds(vectors, layout: Layout(legs: legs, changes: changeCount)) { minute, second in
                let moment = gridStart.addingTimeInterval(TimeInterval(60 * (first + minute) + second))
                return table.vector(anchored(moment), from: stop, at: moment)
            }
            // `[from, count, cols, blocked, seconds]`: the blocked minute, if any, and where the
            // answers change inside the minutes (arrays: a card is at most 100 KB, and the keys
            // repeated on every stop cost half a kilobyte).
            tails.append([first, minutes, Self.columns(vectors), blocked as Any, inside])
        }
        return [
            "day": "\(engine.clock.position(of: departure).serviceDay)",
            "dayType": engine.clock.position(of: departure).dayType.rawValue,
            "departure": Int(departure.timeIntervalSince1970),
            // Each stop as `[uk, en, leg]`.
            "stops": stops.map { stop -> [Any] in
                let station = engine.network.station(stop.station)
                return [station?.nameUk ?? stop.station, station?.nameEn ?? stop.station, stop.leg]
            },
            "legs": route.legs.map { leg -> [String: Any] in
                let line = engine.network.line(leg.line)
                let toward = engine.network.terminal(line: leg.line, direction: leg.direction).flatMap(
                    engine.network.station)
                return [
                    "line": leg.line, "color": line?.color ?? "#888888",
                    "towardUk": toward?.nameUk ?? "", "towardEn": toward?.nameEn ?? "",
                ]
            },
            "entries": planned.entryIndices,
            // Up to how many stops ahead "next" is true (AlertWording's one rule).
            "nextWithin": AlertWording.nextWithin,
            // What a tap needs (`Tap`): the origin's published first and last departures that
            // day and their allowances.
            "tap": tapRule(),
            "walks": route.transferWalks.map(\.walkSeconds),
            // Until when "departed" is taken after a change's latest departure: the share of
            // the time since the last confirmation, and the press's allowance in seconds
            // (`TripModel.departedWindowEnd`).
            "departedWindow": [engine.rangeMarginShare, Int(TripModel.departedPressAllowance)],
            "closed": stops.map(\.passesWithoutStopping),
            "walkBefore": walk(route.walkBeforeBoarding, from: route.origin, to: route.legs.first?.board) as Any,
            "walkAfter": walk(route.walkAfterAlighting, from: route.legs.last?.alight, to: route.destination) as Any,
            "start": Int(gridStart.timeIntervalSince1970),
            "grid": ["cols": grid, "flags": flags, "splits": splits, "edges": edgeRows, "seconds": gridSeconds],
            "why": why,
            "notes": notes,
            "changes": changes,
            "timetable": Self.timetable(engine.clock.position(of: departure).dayType),
            "words": Dictionary(
                uniqueKeysWithValues: Language.allCases.map {
                    ($0.rawValue, Self.words($0, stops: stops.count, minutes: rideMinutes + 30) as Any)
                }),
            "tails": tails,
            "parts": table.parts,
        ]
    }

    /// The legs' times, each stored once: a leg's stops relative to its first, whatever the
    /// moment (the running times and dwells do not change with it).
    struct Table {
        var parts: [[[Int?]]] = []
        var index: [[[Int?]]: Int] = [:]

        mutating func part(_ times: [[Int?]]) -> Int {
            if let known = index[times] { return known }
            index[times] = parts.count
            parts.append(times)
            return parts.count - 1
        }

        /// A schedule from stop `first` on, in whole seconds after `moment` (rounded down, as
        /// `plan` and `start` print times), as one row of numbers: each leg's part, then each
        /// leg's first time, then the arrival (`e`, `l`, `f`), "yours is next", each change's
        /// alert, each change's booked and longest wait (null: not from this stop on), and each
        /// change's latest departure from its new platform.
        mutating func vector(_ schedule: Schedule, from first: Int, at moment: Date) -> [Int?] {
            func seconds(_ date: Date?) -> Int? { date.map { Int($0.timeIntervalSince(moment).rounded(.down)) } }
            var partIndices: [Int?] = []
            var offsets: [Int?] = []
            for leg in schedule.route.legs.indices {
                let stops = schedule.stops.indices.filter { $0 >= first && schedule.stops[$0].leg == leg }
                guard let head = stops.first, let base = seconds(schedule.stops[head].time) else { continue }
                let times = stops.map { index -> [Int?] in
                    let stop = schedule.stops[index]
                    return [seconds(stop.arrival).map { $0 - base }, seconds(stop.departure).map { $0 - base }]
                }
                partIndices.append(part(times))
                offsets.append(base)
            }
            var row = partIndices + offsets
            row += [seconds(schedule.arrivalEarliest), seconds(schedule.arrivalLatest), seconds(schedule.finalArrival)]
            row.append(schedule.alertStop.flatMap { $0 >= first ? seconds(schedule.alert) : nil })
            for change in schedule.transferAlerts { row.append(change.stop >= first ? seconds(change.time) : nil) }
            for (number, transfer) in schedule.transfers.enumerated() {
                let ahead = schedule.entryIndices[number] > first
                row += [ahead ? transfer.bookedWaitSeconds : nil, ahead ? transfer.longestWaitSeconds : nil]
            }
            // Each change's latest departure from its new platform, from which "departed" is
            // no longer taken (`TripModel.departedWindowEnd`; null: behind this stop).
            for entry in schedule.entryIndices {
                row.append(entry >= first ? seconds(schedule.stops[entry].latest) : nil)
            }
            return row
        }
    }

    /// Rows of numbers, one per minute, stored by column: a constant column as its value, any
    /// other as its first value and one character per minute for each step (most steps are 0
    /// or a second either way: the interval after a change drifts through the hour). A step
    /// beyond ±30 s is written out (`z`, the step, `.`), a missing value is `_` (the next step
    /// counts from the last value there was), so a column of a whole day stays one string.
    static func columns(_ rows: [[Int?]]) -> [Any] {
        guard let first = rows.first else { return [] }
        return first.indices.map { column -> Any in
            let values = rows.map { $0.indices.contains(column) ? $0[column] : nil }
            if values.allSatisfy({ $0 == values[0] }) { return values[0] as Any }
            var previous = values[0] ?? 0
            var steps = ""
            for value in values.dropFirst() {
                guard let value else {
                    steps.append("_")
                    continue
                }
                let step = value - previous
                steps += stepText(step)
                previous = value
            }
            return [values[0] as Any, steps]
        }
    }

    /// A step of −30…+30 seconds as one character (`U` is 0).
    static let stepDigits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxy")

    /// A step as the page reads it (`step` in its script): one digit for −30…+30 s, else
    /// `z<step>.`.
    static func stepText(_ step: Int) -> String { abs(step) <= 30 ? String(stepDigits[step + 30]) : "z\(step)." }

    /// `Tap`'s rule for the page: a tap before `first − early` starts no ride, one before
    /// `first` is the first train, one within `late` after `last` is the last train.
    func tapRule() -> [String: Any] {
        let window = engine.originWindow(route, on: engine.clock.position(of: departure).serviceDay)
        return [
            "first": window.map { Int($0.first.timeIntervalSince1970) } as Any,
            "last": window.map { Int($0.last.timeIntervalSince1970) } as Any,
            "early": Tap.earlyAllowance, "late": Tap.lateAllowance,
        ]
    }

    func walk(_ transfer: NetworkDocument.Transfer?, from: String?, to: String?) -> [String: Any]? {
        guard let transfer, let from = from.flatMap(engine.network.station), let to = to.flatMap(engine.network.station)
        else { return nil }
        return [
            "fromUk": from.nameUk, "fromEn": from.nameEn, "toUk": to.nameUk, "toEn": to.nameEn,
            "seconds": transfer.walkSeconds,
        ]
    }

    /// Kyiv's UTC offset over the card's span: `[[from, offset], …]` in seconds, one entry per
    /// change (the page has no zone database it can trust to know Europe/Kyiv).
    func zone(from start: Date, minutes count: Int) -> [[Int]] {
        var result: [[Int]] = []
        // An hour either side, in quarter hours (the zone changes on the hour), each change
        // then found to the second.
        var previous = start.addingTimeInterval(-3600)
        for quarter in -3...(count / 15 + 4) {
            let moment = start.addingTimeInterval(TimeInterval(900 * quarter))
            let offset = engine.clock.offset(at: moment)
            if result.isEmpty {
                result.append([Int(previous.timeIntervalSince1970), engine.clock.offset(at: previous)])
            }
            if result.last?[1] != offset {
                var second = Int(previous.timeIntervalSince1970)
                while engine.clock.offset(at: Date(timeIntervalSince1970: TimeInterval(second))) != offset {
                    second += 1
                }
                result.append([second, offset])
            }
            previous = moment
        }
        return result
    }
}
