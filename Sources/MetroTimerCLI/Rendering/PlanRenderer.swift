import FoundationEssentials
import MetroCore

/// The plan as a person likes to read it: warnings first, then each line in its colour with every
/// station and its time, the transfer, and the moments that matter.
struct PlanRenderer {
    var network: Network
    var clock: ServiceClock
    var language: Language
    var style: Style
    /// Service changes in force and open-air notes, said under the title.
    var notes: [String] = []
    /// Closed stations: the train passes them without stopping.
    var closed: Set<String> = []
    /// Each leg's published interval for its boarding hour, shown beside its line, as the
    /// station card lists it (empty: not shown).
    var intervals: [ScheduleEngine.LegInterval] = []
    /// Said first, before the findings (the origin's entrances shut).
    var warnings: [String] = []
    /// The terminal's width: long lines wrap at spaces, annotations under their station. Nil
    /// (output to a pipe with no `COLUMNS`) leaves lines whole.
    var width: Int?

    /// Wraps plain text at spaces to the width, later lines indented by `indent`; a word longer
    /// than a line is left whole rather than cut.
    func wrapped(_ text: String, indent: Int) -> [String] {
        guard let width, text.count > width else { return [text] }
        let lead = String(text.prefix { $0 == " " })
        var lines: [String] = []
        var current = lead
        for word in text.dropFirst(lead.count).split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.trimmingWhitespace().isEmpty ? current + word : current + " " + word
            if candidate.count <= width || current.trimmingWhitespace().isEmpty {
                current = candidate
            } else {
                lines.append(current)
                // Under its column where it fits, else as far right as the width allows (a long
                // label's column leaves a narrow terminal no room for a time range).
                current = String(repeating: " ", count: max(0, min(indent, width - word.count))) + word
            }
        }
        lines.append(current)
        return lines
    }

    func render(_ schedule: Schedule) -> String {
        let route = schedule.route
        var out: [String] = findingLines(schedule) + titleLines(schedule)
        if route.isWalkOnly, let walk = route.walkAfterAlighting {
            out += wrapped(
                language.tr(
                    "\(name(route.origin)) і \(name(route.destination)) — один пересадковий вузол: пішки \(Durations.clock(walk.walkSeconds)), поїзд не потрібен.",
                    "\(name(route.origin)) and \(name(route.destination)) are one transfer node: walk \(Durations.clock(walk.walkSeconds)), no train needed."
                ), indent: 0)
            return out.joined(separator: "\n") + "\n"
        }
        out += legLines(schedule)
        out.append("")
        out += momentLines(schedule)
        let ride = Int(schedule.finalArrival.timeIntervalSince(schedule.departure))
        out += wrapped(
            language.stops(route.stopCount) + " · " + language.tr("у дорозі", "ride") + " "
                + Durations.minutes(ride, language), indent: 0)
        return out.joined(separator: "\n") + "\n"
    }

    /// The warnings, then the findings, each said first.
    func findingLines(_ schedule: Schedule) -> [String] {
        var out: [String] = []
        for warning in warnings { out += wrapped("⚠ " + warning, indent: 2).map(style.warning) }
        for finding in schedule.findings {
            let sentence = FindingText.sentence(
                finding, network: network, clock: clock, language: language, at: schedule.departure)
            out += wrapped("⚠ " + sentence, indent: 2).map(style.warning)
        }
        if !schedule.findings.isEmpty || !warnings.isEmpty { out.append("") }

        return out
    }

    /// The ride's ends, its service day and timetable, and the notes.
    func titleLines(_ schedule: Schedule) -> [String] {
        let route = schedule.route
        var out: [String] = []
        out += wrapped(name(route.origin) + " → " + name(route.destination), indent: 2).map(style.bold)
        let position = clock.position(of: schedule.departure)
        var day =
            weekday(position.isoWeekday) + " " + position.serviceDay.description + " · "
            + (position.dayType == .weekday
                ? language.tr("розклад робочого дня", "weekday timetable")
                : language.tr("розклад вихідного дня", "weekend timetable"))
        if position.seconds >= 24 * 3600 {
            // Past midnight the service day is still the one before: say so, once, plainly.
            day += language.tr(
                " · \(clock.hhmm(schedule.departure)) — ніч після цього дня (день обслуговування триває до 03:00)",
                " · \(clock.hhmm(schedule.departure)) is the night after it (a service day runs until 03:00)")
        }
        out += wrapped(day, indent: 0)
        for note in notes { out += wrapped("ℹ " + note, indent: 2).map(style.warning) }
        out.append("")

        return out
    }

    /// Each line in its colour with every station and its time, and the walks and changes.
    func legLines(_ schedule: Schedule) -> [String] {
        let route = schedule.route
        var out: [String] = []
        if let walk = route.walkBeforeBoarding {
            out += wrapped(
                "⇄ "
                    + language.tr(
                        "Спершу перейдіть на станцію \(name(route.legs[0].board)) (\(Durations.clock(walk.walkSeconds))); відлік починається, коли рушить поїзд.",
                        "First walk to \(name(route.legs[0].board)) (\(Durations.clock(walk.walkSeconds))); the countdown starts when the train moves."
                    ), indent: 2)
        }

        let width = schedule.stops.map { name($0.station).count }.max() ?? 0
        for (legIndex, leg) in route.legs.enumerated() {
            let line = network.line(leg.line)!
            let toward = network.terminal(line: leg.line, direction: leg.direction)!
            var title =
                " \(leg.line)  " + Names.line(line, language) + " · "
                + language.tr("у напрямку станції \(name(toward))", "toward \(name(toward))")
            if legIndex < intervals.count {
                // The hour's published figure (its hour is the boarding's, in the row below).
                let figure = Durations.clock(intervals[legIndex].seconds)
                title +=
                    " · "
                    + (intervals[legIndex].published
                        ? language.tr("інтервал \(figure) (опубліковано)", "every \(figure) (published)")
                        : language.tr("інтервал \(figure)", "every \(figure)"))
            }
            let heading = wrapped(title, indent: 5)
            out.append(
                style.line(" \(leg.line) ", color: line.color) + String(heading[0].dropFirst(leg.line.count + 2)))
            out += heading.dropFirst()
            for (index, stop) in schedule.stops.enumerated() where stop.leg == legIndex {
                out += row(stop, index: index, schedule: schedule, width: width, color: line.color)
            }
            if schedule.transfers.indices.contains(legIndex) {
                let transfer = schedule.transfers[legIndex]
                let basis =
                    network.transfer(at: transfer.exit)?.basis == "measured"
                    ? language.tr("виміряно", "measured") : language.tr("оцінка", "estimate")
                out += wrapped(
                    "  ⇄ " + Self.changeText(transfer, basis: basis, name: name, clock: clock, language: language),
                    indent: 4)
            }
        }
        if let walk = route.walkAfterAlighting {
            out += wrapped(
                "  ⇄ "
                    + language.tr(
                        "Далі пішки до станції \(name(route.destination)): \(Durations.clock(walk.walkSeconds)), о \(clock.hhmm(schedule.finalArrival)).",
                        "Then walk to \(name(route.destination)): \(Durations.clock(walk.walkSeconds)), by \(clock.hhmm(schedule.finalArrival))."
                    ), indent: 4)
        }
        return out
    }

    /// The moments that matter: the alerts, and the arrival with its range.
    func momentLines(_ schedule: Schedule) -> [String] {
        var out: [String] = []
        var moments: [(String, String)] = []
        // An alert that fires more than a stop early is not said to fire at the stop it belongs
        // to: it says how far it is (AlertWording).
        for (number, change) in schedule.transferAlerts.enumerated() {
            let alert: Trip.Alert = number == 0 ? .transferAlert : .secondTransferAlert
            let exit = schedule.change(for: alert).map { name($0.transfer.exit) } ?? ""
            let value =
                AlertWording.early(alert, in: schedule).map { exit + " " + AlertWording.inAbout($0, language) }
                ?? placeName(schedule.stops[change.stop])
            moments.append(
                (AlertWording.label(alert, in: schedule, language), clock.hhmmss(change.time) + "  " + value))
        }
        if let stop = schedule.alertStop {
            let last = name(schedule.stops.last!.station)
            let value =
                AlertWording.early(.alert, in: schedule).map { last + " " + AlertWording.inAbout($0, language) }
                ?? placeName(schedule.stops[stop])
            moments.append(
                (AlertWording.label(.alert, in: schedule, language), clock.hhmmss(schedule.alert) + "  " + value))
        }
        var arrival = clock.hhmmss(schedule.arrival) + "  " + name(schedule.stops.last!.station)
        if schedule.arrivalEarliest != schedule.arrivalLatest {
            arrival +=
                " · " + language.tr("можливо", "could be") + " "
                + clock.hhmmss(schedule.arrivalEarliest) + "–" + clock.hhmmss(schedule.arrivalLatest)
        }
        moments.append((language.tr("Прибуття", "Arrival"), arrival))
        let labelWidth = moments.map(\.0.count).max()!
        for (label, value) in moments {
            let lines = wrapped(label.padding(labelWidth) + "  " + value, indent: labelWidth + 2)
            out.append(style.bold(label.padding(labelWidth)) + String(lines[0].dropFirst(labelWidth)))
            out += lines.dropFirst()
        }
        return out
    }

    /// A station's row; when its annotations do not fit beside it, they go on the lines below,
    /// under the station's name, the line's rail drawn on.
    func row(_ stop: Schedule.Stop, index: Int, schedule: Schedule, width: Int, color: String) -> [String] {
        let ends = stop.role != .intermediate
        let marker = style.line(ends ? "●" : "│", color: color)
        let head = "  " + clock.hhmm(stop.time) + "  " + marker + " "
        var notes: [String] = []
        if closed.contains(stop.station) { notes.append(language.tr("без зупинки", "passes without stopping")) }
        if stop.calibrated { notes.append(language.tr("виміряно вами", "your measurement")) }
        // An alert that fires more than a stop early is marked where the train is then, as
        // "get ready" (AlertWording), not at the stop whose name it would otherwise carry.
        for (number, change) in schedule.transferAlerts.enumerated() {
            let alert: Trip.Alert = number == 0 ? .transferAlert : .secondTransferAlert
            if AlertWording.early(alert, in: schedule) == nil {
                if change.stop == index { notes.append(language.tr("пересадка — наступна", "change is next")) }
            } else if TripModel.nextStop(in: schedule, at: change.time) == index {
                notes.append(AlertWording.label(alert, in: schedule, language).lowercased())
            }
        }
        if schedule.alertStop != nil, AlertWording.early(.alert, in: schedule) == nil {
            if index == schedule.alertStop { notes.append(language.tr("наступна — ваша", "yours is next")) }
        } else if schedule.alertStop != nil, TripModel.nextStop(in: schedule, at: schedule.alert) == index {
            notes.append(AlertWording.label(.alert, in: schedule, language).lowercased())
        }
        if stop.role == .transferEntry || stop.role == .destination, let earliest = stop.earliest,
            let latest = stop.latest,
            clock.hhmm(earliest) != clock.hhmm(latest)
        {
            notes.append(clock.hhmm(earliest) + "–" + clock.hhmm(latest))
        }
        guard !notes.isEmpty else { return [(head + name(stop.station)).trimmingTrailingSpaces()] }
        let annotation = notes.joined(separator: " · ")
        let plainHead = 11
        if let limit = self.width, plainHead + width + 2 + annotation.count > limit {
            // Below the name: the rail continues while the line does (not after its last stop).
            let continues = stop.role != .destination && stop.role != .transferExit
            let rail = "         " + (continues ? style.line("│", color: color) : " ") + "   "
            let wrappedNotes = PlanRenderer(
                network: network, clock: clock, language: language, style: style, width: max(limit - 13, 12)
            )
            .wrapped(annotation, indent: 0)
            return [head + name(stop.station)] + wrappedNotes.map { (rail + style.dim($0)).trimmingTrailingSpaces() }
        }
        return [(head + name(stop.station).padding(width) + "  " + style.dim(annotation)).trimmingTrailingSpaces()]
    }

    func name(_ code: String) -> String { Names.station(code, network, language) }

    /// "at Ipodrom" with the moment's meaning: arriving at a stop, or leaving a boarding stop.
    func placeName(_ stop: Schedule.Stop) -> String {
        stop.moment(at: name(stop.station), language: language)
    }

    func weekday(_ iso: Int) -> String {
        let uk = ["понеділок", "вівторок", "середа", "четвер", "пʼятниця", "субота", "неділя"]
        let en = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        return language.tr(uk[iso - 1], en[iso - 1])
    }
}

extension String {
    /// Pads with spaces to a width counted in characters (names contain non-ASCII letters).
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
