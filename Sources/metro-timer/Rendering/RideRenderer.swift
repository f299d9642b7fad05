import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MetroCore

/// Everything a ride frame is drawn from: `frame = render(state(at: now))`.
struct RideView {
    var network: Network
    var clock: ServiceClock
    var language: Language
    var style: Style
    var trip: Trip
    var schedule: Schedule
    var now: Date
    var rehearsalSpeed: Double?
    /// A short message after a key (a refusal, a confirmation), shown for a few seconds.
    var notice: String?

    var state: RideState { RideState(schedule: schedule, at: now) }

    func name(_ code: String) -> String { Names.station(code, network, language) }

    /// The last fired alert whose moment is still the current one, while it still means
    /// something: "change is next" until the train on the new line leaves (or `d` says it has),
    /// "yours is next" until the arrival, the arrival from then on.
    var highlighted: Trip.Alert? {
        for alert in [Trip.Alert.arrival, .alert, .secondTransferAlert, .transferAlert] {
            guard let fired = trip.alertsFired[alert.rawValue], let moment = TripModel.time(of: alert, in: schedule), fired >= moment else { continue }
            switch alert {
            case .transferAlert, .secondTransferAlert:
                if let change = schedule.change(for: alert) {
                    if change.transfer.confirmed { continue }
                    if let leaves = schedule.stops[change.entry].departure, now >= leaves { continue }
                }
            case .alert:
                if now >= schedule.arrival { continue }
            case .arrival:
                break
            }
            return alert
        }
        return nil
    }

    /// A stop's name as the ride announces it: a closed station the train runs through says so,
    /// so that nobody stands up for it.
    func stopName(_ index: Int) -> String {
        let stop = schedule.stops[index]
        return name(stop.station) + (stop.passesWithoutStopping ? language.tr(" (без зупинки)", " (passing without stopping)") : "")
    }

    /// The change whose new platform is the next stop (walking or waiting there), if any.
    var changeAtHand: Schedule.TransferTiming? {
        state.nextStop.flatMap { schedule.transfer(enteringAt: $0) }
    }

    /// Where the train on a change's new line runs to.
    func toward(entry: Int) -> String {
        guard schedule.stops.indices.contains(entry) else { return "" }
        let leg = schedule.route.legs[schedule.stops[entry].leg]
        return network.terminal(line: leg.line, direction: leg.direction).map(name) ?? ""
    }

    /// The warnings still ahead: a finding about a boarding the ride has already made (the
    /// train has left that station) no longer applies.
    var findingsAhead: [ServiceFinding] {
        schedule.findings.filter { finding in
            guard let index = schedule.stops.lastIndex(where: { $0.station == finding.station }),
                let departure = schedule.stops[index].departure
            else { return true }
            return now < departure
        }
    }
}

/// The sentences an alert says.
enum AlertText {
    static func sentence(_ alert: Trip.Alert, view: RideView) -> String {
        let language = view.language
        let schedule = view.schedule
        switch alert {
        case .transferAlert, .secondTransferAlert:
            let transfer = schedule.change(for: alert)?.transfer
            let exit = transfer?.exit ?? "", entry = transfer?.entry ?? ""
            return language.tr(
                "Пересадка — наступна: виходьте на станції \(view.name(exit)) і переходьте на станцію \(view.name(entry)).",
                "Change is next: get off at \(view.name(exit)) and walk to \(view.name(entry)).")
        case .alert:
            let last = schedule.stops.last?.station ?? schedule.route.destination
            return language.tr("Наступна — ваша: \(view.name(last)).", "Yours is next: \(view.name(last)).")
        case .arrival:
            let last = schedule.stops.last?.station ?? schedule.route.destination
            return language.tr(
                "Прибуття: \(view.name(last)). Коли будете на місці, натисніть a двічі (або metro-timer arrived).",
                "Arriving at \(view.name(last)). When you are there, press a twice (or metro-timer arrived).")
        }
    }

    /// The instruction for a change, shown from the stop before it until the train departs.
    static func transferInstruction(view: RideView) -> String? {
        guard let next = view.state.nextStop else { return nil }
        // The change in play: the one whose exit is the next stop or the one after, or whose
        // new platform the passenger is walking to (never one already confirmed with `d`).
        guard let (transfer, entry) = zip(view.schedule.transfers, view.schedule.entryIndices).first(where: { transfer, entry in
            !transfer.confirmed && next >= entry - 2 && next <= entry
        }) else { return nil }
        let exit = entry - 1
        let toward = view.toward(entry: entry)
        let language = view.language
        if next <= exit {
            return language.tr(
                "На станції \(view.name(transfer.exit)) перейдіть на \(view.name(transfer.entry)), поїзд у напрямку станції \(toward); натисніть d, коли він рушить.",
                "At \(view.name(transfer.exit)) walk to \(view.name(transfer.entry)), train toward \(toward); press d when it departs.")
        }
        return language.tr(
            "Перейдіть на \(view.name(transfer.entry)), поїзд у напрямку станції \(toward); натисніть d, коли він рушить.",
            "Walk to \(view.name(transfer.entry)), train toward \(toward); press d when it departs.")
    }
}

/// The live screen's frame: plain lines fitted to the width, styled after fitting.
struct ScreenRenderer {
    static let minimumWidth = 40
    /// The fewest rows the frame folds into (ScreenLayoutTests draws it whole at 40×10).
    static let minimumHeight = 10

    /// The notice a terminal below 40×15 gets instead of the ride: short lines, cut to the width.
    func tooSmall(_ language: Language, width: Int, height: Int) -> [String] {
        let words = language.tr(
            "Замалий термінал: потрібно щонайменше 40×10, зараз \(width)×\(height). Збільште вікно; поїздка триває.",
            "Terminal too small: at least 40×10 is needed, this is \(width)×\(height). Make it larger; the ride goes on.")
            .split(separator: " ").map(String.init)
        var lines: [String] = []
        var line = ""
        for word in words {
            if !line.isEmpty && line.count + 1 + word.count > max(1, width) { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return Array(lines.map { String($0.prefix(max(1, width))) }.prefix(max(1, height)))
    }

    func frame(_ view: RideView, width: Int, height: Int = 24) -> [String] {
        // Narrower than 40 columns or shorter than 10 rows the frame cannot be drawn without
        // lines wrapping and the title scrolling away: say so, within the size there is, and
        // draw again when the terminal grows.
        if width < Self.minimumWidth || height < Self.minimumHeight {
            return tooSmall(view.language, width: width, height: height)
        }
        let width = max(width, Self.minimumWidth)
        let language = view.language
        let style = view.style
        let state = view.state
        var lines: [String] = []

        var header = view.name(view.trip.origin) + " → " + view.name(view.trip.destination)
        var clockText = view.clock.hhmmss(view.now)
        if let speed = view.rehearsalSpeed {
            clockText = language.tr("репетиція ×", "rehearsal ×") + Self.speedText(speed) + "  " + clockText
        }
        header = fit(header, width - clockText.count - 1)
        lines.append(style.bold(header) + String(repeating: " ", count: max(1, width - header.count - clockText.count)) + clockText)
        lines.append(strip(view, width: width))

        let stops = language.stops(state.stopsLeft)
        var status: String
        switch state.phase {
        case .notStarted:
            status = language.tr("Поїзд рушає о \(view.clock.hhmmss(view.schedule.departure))", "The train leaves at \(view.clock.hhmmss(view.schedule.departure))")
        case .atStop(let index):
            status = language.tr("Стоїмо: \(view.name(view.schedule.stops[index].station))", "At \(view.name(view.schedule.stops[index].station))")
            if let next = state.nextStop { status += " · " + language.tr("далі", "next") + " " + stopText(view, next) }
        case .runningTo(let index):
            status = language.tr("Наступна: ", "Next: ") + stopText(view, index)
        case .walking:
            status = language.tr("Перехід на \(view.name(view.changeAtHand?.entry ?? ""))", "Walking to \(view.name(view.changeAtHand?.entry ?? ""))")
        case .waiting:
            let transfer = view.changeAtHand
            status = language.tr("Очікування поїзда", "Waiting for the train")
            if let transfer {
                status += " (" + language.tr("заплановано", "booked") + " \(Durations.clock(transfer.bookedWaitSeconds)), "
                    + language.tr("до", "up to") + " \(Durations.clock(transfer.longestWaitSeconds)))"
            }
        case .arrived:
            status = language.tr("За розкладом ви на місці. Натисніть a двічі, щоб підтвердити.", "By the timetable you are there. Press a twice to confirm.")
        }
        if state.phase != .arrived { status += " · " + stops }
        lines.append(fit(status, width))
        lines.append("")

        var countdowns: [(String, String)] = []
        if let until = state.untilTransferAlert, until > 0 {
            countdowns.append((language.tr("Пересадка — наступна", "Change is next"), language.tr("через ", "in ") + Durations.clock(Int(until.rounded(.up)))))
        }
        if let until = state.untilAlert, until > 0 {
            countdowns.append((language.tr("Наступна — ваша", "Yours is next"), language.tr("через ", "in ") + Durations.clock(Int(until.rounded(.up)))))
        }
        let labelWidth = [language.tr("Пересадка — наступна", "Change is next"), language.tr("Наступна — ваша", "Yours is next")]
            .map(\.count).max()!
        // The arrival in the longest form that fits whole: a cut-off time would mislead.
        var forms: [String] = []
        let range = " (" + view.clock.hhmm(view.schedule.arrivalEarliest) + "–" + view.clock.hhmm(view.schedule.arrivalLatest) + ")"
        let hasRange = view.clock.hhmm(view.schedule.arrivalEarliest) != view.clock.hhmm(view.schedule.arrivalLatest)
        if state.untilArrival > 0 {
            let until = Durations.clock(Int(state.untilArrival.rounded(.up)))
            let long = language.tr("через ", "in ") + until + " · " + view.clock.hhmmss(view.schedule.arrival)
            if hasRange { forms.append(long + range) }
            forms += [long, language.tr("через ", "in ") + until + " · " + view.clock.hhmm(view.schedule.arrival), until + " · " + view.clock.hhmm(view.schedule.arrival), until]
        } else {
            if hasRange { forms.append(view.clock.hhmmss(view.schedule.arrival) + range) }
            forms.append(view.clock.hhmmss(view.schedule.arrival))
        }
        let arrival = forms.first { labelWidth + 2 + $0.count <= width } ?? forms.last!
        countdowns.append((language.tr("Прибуття", "Arrival"), arrival))

        // Below the countdowns, in order of importance; folded or dropped from the bottom up
        // when the terminal is short, so the title, the next station, the countdowns and the
        // keys always show.
        var banner: [String] = []
        if let alert = view.highlighted {
            banner = [style.inverse(fit("▶ " + AlertText.sentence(alert, view: view), width))]
        }
        var instruction: [String] = []
        if let text = AlertText.transferInstruction(view: view) { instruction = wrap("⇄ " + text, width) }
        var warnings = view.findingsAhead.map { "⚠ " + FindingText.sentence($0, network: view.network, clock: view.clock, language: language) }
        if let changes = view.trip.changes, let summary = ServiceOptions.summary(changes, network: view.network, language: language) {
            warnings.append("ℹ " + summary)
        }
        var notice: [String] = []
        if let text = view.notice { notice = wrap(text, width).map(style.bold) }
        let keys = keyLines(language, width).map(style.dim)

        func assemble(spacers: Bool, strip: Bool, warningLines: [String], instruction: [String], notice: [String], banner: [String]) -> [String] {
            var result = strip ? lines : lines.enumerated().filter { $0.offset != 1 }.map(\.element)
            if !spacers { result.removeAll { $0.isEmpty } }
            for (label, value) in countdowns { result.append(fit(label.padding(labelWidth) + "  " + value, width)) }
            // A blank line before each group but the warnings, which follow the instruction.
            for (group, spaced) in [(banner, true), (instruction, true), (warningLines, false), (notice, true)] where !group.isEmpty {
                if spacers && spaced { result.append("") }
                result += group
            }
            if spacers { result.append("") }
            return result + keys
        }
        let fullWarnings = warnings.flatMap { wrap($0, width) }.map(style.warning)
        // One line for all the warnings: the first, cut, and how many more.
        let foldedWarnings: [String] = warnings.isEmpty ? [] : {
            let more = warnings.count > 1 ? " (+\(warnings.count - 1))" : ""
            return [style.warning(fit(warnings[0], width - more.count) + more)]
        }()
        let attempts: [[String]] = [
            assemble(spacers: true, strip: true, warningLines: fullWarnings, instruction: instruction, notice: notice, banner: banner),
            assemble(spacers: true, strip: true, warningLines: foldedWarnings, instruction: instruction, notice: notice, banner: banner),
            assemble(spacers: false, strip: true, warningLines: foldedWarnings, instruction: instruction, notice: notice, banner: banner),
            assemble(spacers: false, strip: true, warningLines: foldedWarnings, instruction: Array(instruction.prefix(2)), notice: Array(notice.prefix(1)), banner: banner),
            assemble(spacers: false, strip: false, warningLines: foldedWarnings, instruction: Array(instruction.prefix(1)), notice: Array(notice.prefix(1)), banner: banner),
            assemble(spacers: false, strip: false, warningLines: [], instruction: Array(instruction.prefix(1)), notice: Array(notice.prefix(1)), banner: banner),
            assemble(spacers: false, strip: false, warningLines: [], instruction: [], notice: Array(notice.prefix(1)), banner: banner),
        ]
        return attempts.first { $0.count <= height } ?? attempts.last!
    }

    /// The keys, on as many lines as the width needs, never cut inside a key.
    func keyLines(_ language: Language, _ width: Int) -> [String] {
        let keys = language == .uk
            ? ["+ позаду", "- попереду", "d рушив", "u скасувати", "a прибули", "s стоп", "q вийти"]
            : ["+ behind", "- ahead", "d departed", "u undo", "a arrived", "s stop", "q leave"]
        var result: [String] = []
        var current = ""
        for key in keys {
            if current.isEmpty {
                current = key
            } else if current.count + 3 + key.count <= width {
                current += " · " + key
            } else {
                result.append(current)
                current = key
            }
        }
        result.append(current)
        return result
    }

    static func speedText(_ speed: Double) -> String {
        speed == speed.rounded() ? String(Int(speed)) : String(speed)
    }

    func stopText(_ view: RideView, _ index: Int) -> String {
        view.stopName(index) + " " + view.clock.hhmm(view.schedule.stops[index].time)
    }

    /// The route as dots in line colour: passed ●, next ◉, still to come ○, the destination ◎.
    /// Connectors go first when the width is short, then a window around the next stop.
    func strip(_ view: RideView, width: Int) -> String {
        let stops = view.schedule.stops
        guard !stops.isEmpty else { return "" }
        let state = view.state
        let glyphs: [String] = stops.indices.map { index in
            if state.passed[index] { return "●" }
            if index == state.nextStop { return "◉" }
            return index == stops.count - 1 ? "◎" : "○"
        }
        let colors = stops.map { view.network.line(view.schedule.route.legs[$0.leg].line)?.color ?? "" }
        func build(connector: String, range: Range<Int>) -> (plain: Int, styled: String) {
            var plain = 0
            var styled = ""
            for index in range {
                if index > range.lowerBound {
                    let joint = stops[index].leg != stops[index - 1].leg ? " ⇄ " : connector
                    plain += joint.count
                    styled += view.style.dim(joint)
                }
                plain += 1
                let glyph = glyphs[index]
                styled += state.passed[index] || index == state.nextStop ? view.style.line(glyph, color: colors[index]) : view.style.dim(glyph)
            }
            return (plain, styled)
        }
        for connector in ["─", ""] {
            let full = build(connector: connector, range: stops.indices)
            if full.plain <= width { return full.styled }
        }
        // A window of whole stops around the next one, with ellipses where it is cut.
        let focus = min(state.nextStop ?? stops.count - 1, stops.count - 1)
        var lower = focus, upper = focus + 1
        while upper - lower < stops.count {
            let grown = lower > 0 ? (lower - 1, upper) : (lower, upper + 1)
            if build(connector: "", range: grown.0..<grown.1).plain + 2 > width { break }
            (lower, upper) = grown
            if upper < stops.count, build(connector: "", range: lower..<(upper + 1)).plain + 2 <= width { upper += 1 }
        }
        let body = build(connector: "", range: lower..<min(upper, stops.count)).styled
        return (lower > 0 ? "…" : "") + body + (upper < stops.count ? "…" : "")
    }

    func fit(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }

    /// Wraps at spaces so long sentences stay readable at 40 columns.
    func wrap(_ text: String, _ width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = "  " + word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.map { fit($0, width) }
    }
}

/// One line per change, for pipes and `TERM=dumb`; full sentences for `--plain`.
struct LineRenderer {
    var plain: Bool

    /// What the line says now; the caller prints it when it differs from the last one.
    func line(_ view: RideView) -> String {
        let language = view.language
        let state = view.state
        if plain { return sentence(view, state: state) }
        var parts: [String] = []
        switch state.phase {
        case .notStarted: parts.append(language.tr("поїзд ще не рушив", "not moving yet"))
        case .atStop(let index): parts.append(language.tr("на станції ", "at ") + view.name(view.schedule.stops[index].station))
        case .walking: parts.append(language.tr("перехід", "walking"))
        case .waiting: parts.append(language.tr("очікування поїзда", "waiting for the train"))
        case .runningTo, .arrived: break
        }
        if let next = state.nextStop, state.phase != .arrived {
            let stop = view.schedule.stops[next]
            parts.append(language.tr("наступна ", "next ") + view.stopName(next) + " " + view.clock.hhmm(stop.time))
            parts.append(language.stops(state.stopsLeft))
        }
        parts.append(language.tr("прибуття ", "arrival ") + view.clock.hhmmss(view.schedule.arrival))
        return view.clock.hhmmss(view.now) + "  " + parts.joined(separator: " · ")
    }

    /// What the `--plain` line is about: it is spoken again only when this changes (a station
    /// passed, the transfer reached, the arrival), never because a minute went by.
    func newsKey(_ view: RideView) -> String {
        let state = view.state
        switch state.phase {
        case .notStarted: return "start"
        case .walking, .waiting: return "transfer:\(state.nextStop ?? 0)"
        case .arrived: return "arrived"
        case .atStop, .runningTo: return "next \(state.nextStop ?? -1)"
        }
    }

    /// For screen readers: no drawing characters, no colour, whole sentences.
    func sentence(_ view: RideView, state: RideState) -> String {
        let language = view.language
        guard state.phase != .arrived, let next = state.nextStop else {
            let last = view.name(view.schedule.stops.last?.station ?? view.trip.destination)
            return language.tr(
                "За розкладом ви прибули на станцію \(last). Натисніть a двічі, щоб підтвердити.",
                "By the timetable you have arrived at \(last). Press a twice to confirm.")
        }
        let minutes = max(1, Int((state.untilArrival / 60).rounded()))
        let stopsLeft = language.stops(state.stopsLeft)
        // The verb agrees with the form: Лишилася 1 зупинка, Лишилися 2 зупинки, Лишилося 5 зупинок.
        let left = language.plural(state.stopsLeft, uk: ("Лишилася", "Лишилися", "Лишилося"), en: ("", "")) + " " + stopsLeft
        let about = language.tr("близько \(minutes) хв", "about \(minutes) " + (minutes == 1 ? "minute" : "minutes"))
        let nextName = view.stopName(next)
        switch state.phase {
        case .notStarted:
            return language.tr(
                "Поїзд рушає о \(view.clock.hhmm(view.schedule.departure)). \(left), \(about).",
                "The train leaves at \(view.clock.hhmm(view.schedule.departure)). \(stopsLeft.capitalizedFirst) left, \(about).")
        case .walking, .waiting:
            let transfer = view.changeAtHand
            let toward = view.toward(entry: next)
            return language.tr(
                "Пересадка на станції \(view.name(transfer?.exit ?? "")): перейдіть на \(view.name(transfer?.entry ?? "")), поїзд у напрямку станції \(toward); натисніть d, коли він рушить. \(left), \(about).",
                "Change at \(view.name(transfer?.exit ?? "")): walk to \(view.name(transfer?.entry ?? "")), train toward \(toward); press d when it departs. \(stopsLeft.capitalizedFirst) left, \(about).")
        default:
            return language.tr(
                "Наступна: \(nextName). \(left), \(about).",
                "Next: \(nextName). \(stopsLeft) left, \(about).")
        }
    }

    /// The opening sentence: the route, the change and the arrival time.
    func opening(_ view: RideView) -> String {
        let language = view.language
        let from = view.name(view.trip.origin), to = view.name(view.trip.destination)
        let arrival = view.clock.hhmm(view.schedule.finalArrival)
        let transfers = view.schedule.transfers
        guard let transfer = transfers.first else {
            return language.tr(
                "Поїздка від станції \(from) до станції \(to); прибуття близько \(arrival).",
                "Riding from \(from) to \(to); arrival about \(arrival).")
        }
        // The long way round a closure has a second change: said in the same breath.
        let then = transfers.dropFirst().map { second in
            language.tr(
                ", потім на станції \(view.name(second.exit)) на станцію \(view.name(second.entry))",
                ", then at \(view.name(second.exit)) to \(view.name(second.entry))")
        }.joined()
        return language.tr(
            "Поїздка від станції \(from) до станції \(to) з пересадкою на станції \(view.name(transfer.exit)) на станцію \(view.name(transfer.entry))\(then); прибуття близько \(arrival).",
            "Riding from \(from) to \(to), changing at \(view.name(transfer.exit)) to \(view.name(transfer.entry))\(then); arrival about \(arrival).")
    }

    static func keys(_ language: Language) -> String {
        language.tr(
            "Клавіші: + поїзд позаду, - попереду, d поїзд рушив після пересадки, u скасувати, a двічі — прибули, s двічі — зупинити, ? клавіші, q вийти.",
            "Keys: + the train is behind, - ahead, d departed after the change, u undo, a twice arrived, s twice stop, ? the keys, q leave.")
    }

    /// A correction, said as what it tells about the train.
    static func correction(_ correction: Trip.Correction, view: RideView) -> String {
        let language = view.language
        let what: String
        switch correction.kind {
        case .shift(let n) where n > 0:
            what = n == 1 ? language.tr("поїзд на зупинку позаду", "the train is a stop behind")
                : language.tr("поїзд позаду на \(language.stops(n))", "the train is \(language.stops(n)) behind")
        case .shift(let n):
            what = n == -1 ? language.tr("поїзд на зупинку попереду", "the train is a stop ahead")
                : language.tr("поїзд попереду на \(language.stops(-n))", "the train is \(language.stops(-n)) ahead")
        case .at(let station):
            what = language.tr("поїзд на станції \(view.name(station))", "the train is at \(view.name(station))")
        case .departed:
            what = language.tr("поїзд після пересадки рушив", "the train after the change has departed")
        }
        return language.tr("Виправлено: ", "Corrected: ") + what + ". "
            + language.tr("Прибуття близько ", "Arrival about ") + view.clock.hhmm(view.schedule.finalArrival) + "."
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

extension Style {
    func inverse(_ text: String) -> String { enabled ? "\u{1B}[7m\(text)\u{1B}[0m" : text }
}
