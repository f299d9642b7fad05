import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The live screen's frame: plain lines fitted to the width, styled after fitting.
struct ScreenRenderer {
    static let minimumWidth = 40
    /// The fewest rows the frame folds into (ScreenLayoutTests draws it whole at 40×10).
    static let minimumHeight = 10

    /// The notice a terminal below 40×15 gets instead of the ride: short lines, cut to the width.
    func tooSmall(_ language: Language, width: Int, height: Int) -> [String] {
        let words = language.tr(
            "Замалий термінал: потрібно щонайменше 40×10, зараз \(width)×\(height). Збільште вікно; поїздка триває.",
            "Terminal too small: at least 40×10 is needed, this is \(width)×\(height). Make it larger; the ride goes on."
        )
        .split(separator: " ").map(String.init)
        var lines: [String] = []
        var line = ""
        for word in words {
            if !line.isEmpty && line.count + 1 + word.count > max(1, width) {
                lines.append(line)
                line = ""
            }
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
        let lines = [header(view, width: width), strip(view, width: width), fit(status(view), width), ""]
        var countdowns = alertCountdowns(view)
        let labelWidth =
            (countdowns.map(\.0) + [
                language.tr("Пересадка — наступна", "Change is next"), language.tr("Наступна — ваша", "Yours is next"),
            ])
            .map(\.count).max()!
        countdowns.append((language.tr("Прибуття", "Arrival"), arrival(view, labelWidth: labelWidth, width: width)))
        let countdownLines = countdowns.map { fit($0.0.padding(labelWidth) + "  " + $0.1, width) }
        return folded(
            top: lines, countdowns: countdownLines, below: Below(view, renderer: self, width: width), style: view.style,
            width: width, height: height)
    }

    /// The title and the clock (with the rehearsal's speed), on one line.
    func header(_ view: RideView, width: Int) -> String {
        var header = view.name(view.trip.origin) + " → " + view.name(view.trip.destination)
        var clockText = view.clock.hhmmss(view.now)
        if let speed = view.rehearsalSpeed {
            clockText = view.language.tr("репетиція ×", "rehearsal ×") + Self.speedText(speed) + "  " + clockText
        }
        header = fit(header, width - clockText.count - 1)
        return view.style.bold(header) + String(repeating: " ", count: max(1, width - header.count - clockText.count))
            + clockText
    }

    /// Where the ride stands, with the stops left.
    func status(_ view: RideView) -> String {
        let language = view.language
        let state = view.state
        var status: String
        switch state.phase {
        case .notStarted:
            status = language.tr(
                "Поїзд рушає о \(view.clock.hhmmss(view.schedule.departure))",
                "The train leaves at \(view.clock.hhmmss(view.schedule.departure))")
        case .atStop(let index):
            status = language.tr(
                "Стоїмо: \(view.name(view.schedule.stops[index].station))",
                "At \(view.name(view.schedule.stops[index].station))")
            if let next = state.nextStop { status += " · " + language.tr("далі", "next") + " " + stopText(view, next) }
        case .runningTo(let index):
            status = language.tr("Наступна: ", "Next: ") + stopText(view, index)
        case .walking:
            status = language.tr(
                "Перехід на станцію \(view.name(view.changeAtHand?.entry ?? ""))",
                "Walking to \(view.name(view.changeAtHand?.entry ?? ""))")
        case .waiting:
            status = language.tr("Очікування поїзда", "Waiting for the train") + waitText(view)
        case .arrived:
            status = language.tr(
                "За розкладом ви на місці. Натисніть a двічі, щоб підтвердити.",
                "By the timetable you are there. Press a twice to confirm.")
        }
        if state.phase != .arrived { status += " · " + language.stops(state.stopsLeft) }
        return status
    }

    /// The wait at a change: the published first train, or the booked wait and its range.
    func waitText(_ view: RideView) -> String {
        let language = view.language
        guard let transfer = view.changeAtHand else { return "" }
        if let first = transfer.realTrain, !transfer.confirmed {
            // On the platform by the published first train: that train.
            return ": "
                + language.tr("перший, о \(view.clock.hhmmss(first))", "the first, the \(view.clock.hhmmss(first))")
        }
        var text =
            " (" + language.tr("заплановано", "booked") + " \(Durations.clock(transfer.bookedWaitSeconds)), "
            + language.tr("до", "up to") + " \(Durations.clock(transfer.longestWaitSeconds)))"
        if let last = transfer.latestTrain, !transfer.confirmed {
            text += language.tr(": останній о \(view.clock.hhmmss(last))", ": the last at \(view.clock.hhmmss(last))")
        }
        return text
    }

    /// Each countdown named as its alert will speak (AlertWording): "get ready" when it fires
    /// more than a stop early, and the second change named as the second.
    func alertCountdowns(_ view: RideView) -> [(String, String)] {
        let told = view.told
        return [told.nextChangeAlert, told.stationAlert].compactMap { $0 }.map { coming in
            let until = coming.time.timeIntervalSince(view.now)
            return (
                AlertWording.label(coming.alert, early: coming.early, view.language),
                view.language.tr("через ", "in ") + Durations.clock(Int(until.rounded(.up)))
            )
        }
    }

    /// The arrival in the longest form that fits whole: a cut-off time would mislead.
    func arrival(_ view: RideView, labelWidth: Int, width: Int) -> String {
        let language = view.language
        var forms: [String] = []
        let range =
            " (" + view.clock.hhmm(view.schedule.arrivalEarliest) + "–" + view.clock.hhmm(view.schedule.arrivalLatest)
            + ")"
        let hasRange = view.clock.hhmm(view.schedule.arrivalEarliest) != view.clock.hhmm(view.schedule.arrivalLatest)
        if view.state.untilArrival > 0 {
            let until = Durations.clock(Int(view.state.untilArrival.rounded(.up)))
            let long = language.tr("через ", "in ") + until + " · " + view.clock.hhmmss(view.schedule.arrival)
            if hasRange { forms.append(long + range) }
            // The clock time goes before "in" does: "44:25 · 08:59" alone reads as two times.
            forms += [
                long, language.tr("через ", "in ") + until + " · " + view.clock.hhmm(view.schedule.arrival),
                language.tr("через ", "in ") + until, until,
            ]
        } else {
            if hasRange { forms.append(view.clock.hhmmss(view.schedule.arrival) + range) }
            forms.append(view.clock.hhmmss(view.schedule.arrival))
        }
        return forms.first { labelWidth + 2 + $0.count <= width } ?? forms.last!
    }

    /// What goes below the countdowns, in order of importance, each wrapped to the width.
    struct Below {
        var banner: [String] = []
        var instruction: [String] = []
        var warnings: [String]
        var notice: [String] = []
        var keys: [String]

        init(_ view: RideView, renderer: ScreenRenderer, width: Int) {
            let style = view.style
            if let alert = view.highlighted {
                // Wrapped, never cut: the instruction is the one thing the rider must read whole.
                banner = renderer.wrap("▶ " + AlertText.sentence(alert, view: view), width).map(style.inverse)
            }
            if let text = AlertText.transferInstruction(view: view) { instruction = renderer.wrap("⇄ " + text, width) }
            warnings = view.findingsAhead.map {
                "⚠ "
                    + FindingText.sentence(
                        $0, network: view.network, clock: view.clock, language: view.language, at: view.now)
            }
            if let changes = view.changesAhead,
                let summary = ServiceOptions.summary(changes, network: view.network, language: view.language)
            {
                warnings.append("ℹ " + summary)
            }
            if let text = view.notice { notice = renderer.wrap(text, width) }
            keys = renderer.keyLines(view.language, width).map(style.dim)
        }
    }

    /// The frame in the first form that fits the height. Below the countdowns, what is there is
    /// folded or dropped from the bottom up when the terminal is short, so the title, the next
    /// station, the countdowns and the keys always show.
    func folded(
        top lines: [String], countdowns: [String], below: Below, style: Style, width: Int, height: Int
    ) -> [String] {
        let (instruction, notice, banner, warnings) = (below.instruction, below.notice, below.banner, below.warnings)
        func assemble(
            spacers: Bool, strip: Bool, warningLines: [String], instruction: [String], notice: [String],
            banner: [String]
        ) -> [String] {
            var result = strip ? lines : lines.enumerated().filter { $0.offset != 1 }.map(\.element)
            if !spacers { result.removeAll { $0.isEmpty } }
            result += countdowns
            // A blank line before each group but the warnings, which follow the instruction.
            for (group, spaced) in [
                (banner, true), (instruction, true), (warningLines, false), (notice.map(style.bold), true),
            ] where !group.isEmpty {
                if spacers && spaced { result.append("") }
                result += group
            }
            if spacers { result.append("") }
            return result + below.keys
        }
        let fullWarnings = warnings.flatMap { wrap($0, width) }.map(style.warning)
        // One line for all the warnings: the first, cut, and how many more.
        let foldedWarnings: [String] =
            warnings.isEmpty
            ? []
            : {
                let more = warnings.count > 1 ? " (+\(warnings.count - 1))" : ""
                return [style.warning(fit(warnings[0], width - more.count) + more)]
            }()
        let attempts: [[String]] = [
            assemble(
                spacers: true, strip: true, warningLines: fullWarnings, instruction: instruction, notice: notice,
                banner: banner),
            assemble(
                spacers: true, strip: true, warningLines: foldedWarnings, instruction: instruction, notice: notice,
                banner: banner),
            assemble(
                spacers: false, strip: true, warningLines: foldedWarnings, instruction: instruction, notice: notice,
                banner: banner),
            assemble(
                spacers: false, strip: true, warningLines: foldedWarnings, instruction: cut(instruction, 2, width),
                notice: cut(notice, 1, width), banner: banner),
            assemble(
                spacers: false, strip: false, warningLines: foldedWarnings, instruction: cut(instruction, 1, width),
                notice: cut(notice, 1, width), banner: banner),
            assemble(
                spacers: false, strip: false, warningLines: [], instruction: cut(instruction, 1, width),
                notice: cut(notice, 1, width), banner: banner),
            assemble(
                spacers: false, strip: false, warningLines: [], instruction: [], notice: cut(notice, 1, width),
                banner: banner),
        ]
        return attempts.first { $0.count <= height } ?? attempts.last!
    }

    /// The keys, on as many lines as the width needs, never cut inside a key.
    func keyLines(_ language: Language, _ width: Int) -> [String] {
        let keys =
            language == .uk
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
                styled +=
                    state.passed[index] || index == state.nextStop
                    ? view.style.line(glyph, color: colors[index]) : view.style.dim(glyph)
            }
            return (plain, styled)
        }
        for connector in ["─", ""] {
            let full = build(connector: connector, range: stops.indices)
            if full.plain <= width { return full.styled }
        }
        // A window of whole stops around the next one, with ellipses where it is cut.
        let focus = min(state.nextStop ?? stops.count - 1, stops.count - 1)
        var lower = focus
        var upper = focus + 1
        while upper - lower < stops.count {
            let grown = lower > 0 ? (lower - 1, upper) : (lower, upper + 1)
            if build(connector: "", range: grown.0..<grown.1).plain + 2 > width { break }
            (lower, upper) = grown
            if upper < stops.count, build(connector: "", range: lower..<(upper + 1)).plain + 2 <= width { upper += 1 }
        }
        let body = build(connector: "", range: lower..<min(upper, stops.count)).styled
        return (lower > 0 ? "…" : "") + body + (upper < stops.count ? "…" : "")
    }

    /// The first `count` lines of a wrapped group; when that cuts it short, the last line kept
    /// ends with "…", so a cut sentence never reads as the whole one.
    func cut(_ group: [String], _ count: Int, _ width: Int) -> [String] {
        guard group.count > count, count > 0 else { return Array(group.prefix(count)) }
        var kept = Array(group.prefix(count))
        let last = kept[count - 1]
        kept[count - 1] = last.count < width ? last + "…" : String(last.prefix(width - 1)) + "…"
        return kept
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

extension Style {
    func inverse(_ text: String) -> String { enabled ? "\u{1B}[7m\(text)\u{1B}[0m" : text }
}
