import FoundationEssentials

/// A planned ride as one calendar event (`plan … --ics`): the ride from t₀ to the arrival, the
/// stops in the description, the arrival's range, and alarms at "change is next" and "yours is
/// next". A phone rings for those alarms by itself, underground and with no network.
///
/// The alarms' moments come from the schedule; the card only carries them. Their triggers are
/// absolute UTC times (RFC 5545 3.8.6.3), so no client can misread them relative to a start it
/// shifted. Times are Kyiv wall-clock with the zone described in the file.
package struct CalendarCard: Sendable {
    package var network: Network
    package var clock: ServiceClock
    package var language: Language
    /// The program and version, for PRODID.
    package var product: String
    /// What the plan says above its stops and the card must say too (the time moved to the
    /// first train), in the plan's own words; first in the description.
    package var notes: [String] = []

    package init(network: Network, clock: ServiceClock, language: Language, product: String) {
        self.network = network
        self.clock = clock
        self.language = language
        self.product = product
    }

    /// The card. `stamp` is when it was made (DTSTAMP), passed in so the output is repeatable.
    package func calendar(_ schedule: Schedule, stamp: Date) -> String {
        ICalendar.Component(
            "VCALENDAR",
            [
                ICalendar.Property("VERSION", "2.0"),
                ICalendar.Property("PRODID", "-//metro-timer//\(product)//" + language.rawValue.uppercased()),
                ICalendar.Property("CALSCALE", "GREGORIAN"),
                ICalendar.Property("METHOD", "PUBLISH"),
            ], [ICalendar.kyivTimeZone, event(schedule, stamp: stamp)]
        ).serialized
    }

    func event(_ schedule: Schedule, stamp: Date) -> ICalendar.Component {
        let route = schedule.route
        let zone = [("TZID", "Europe/Kyiv")]
        let lines = route.legs.map(\.line).joined(separator: ", ")
        var properties: [ICalendar.Property] = [
            ICalendar.Property(
                "UID", "ride-\(route.origin)-\(route.destination)-\(ICalendar.utc(schedule.departure))@metro-timer"),
            ICalendar.Property("DTSTAMP", ICalendar.utc(stamp)),
            ICalendar.Property("DTSTART", ICalendar.local(schedule.departure, clock: clock), parameters: zone),
            ICalendar.Property(
                "DTEND", ICalendar.local(max(schedule.finalArrival, schedule.departure), clock: clock), parameters: zone
            ),
            .text(
                "SUMMARY", name(route.origin) + " → " + name(route.destination) + (lines.isEmpty ? "" : " (\(lines))")),
            .text("LOCATION", language.tr("Метро: ", "Metro: ") + name(route.origin)),
            .text("DESCRIPTION", description(schedule)),
            ICalendar.Property("TRANSP", "OPAQUE"),
        ]
        properties.append(ICalendar.Property("CATEGORIES", language.tr("Метро", "Metro")))
        var alarms: [ICalendar.Component] = []
        for (number, (change, transfer)) in zip(schedule.transferAlerts, schedule.transfers).enumerated() {
            // Fired more than a stop before the change: how far, not "next" (AlertWording).
            let which: Trip.Alert = number == 0 ? .transferAlert : .secondTransferAlert
            if AlertWording.early(which, in: schedule) != nil {
                alarms.append(
                    alarm(
                        change.time,
                        AlertWording.headline(which, in: schedule, station: name(transfer.exit), language) + "."))
                continue
            }
            // On the long way round, the second change can come one stop after a boarding: the
            // moment is then the train leaving it.
            let stop = schedule.stops[change.stop]
            let moment = stop.moment(at: name(stop.station), language: language)
            alarms.append(
                alarm(
                    change.time,
                    language.tr(
                        "Пересадка — наступна: \(moment); виходьте на станції \(name(transfer.exit)).",
                        "Change is next: \(moment); get off at \(name(transfer.exit)).")))
        }
        if schedule.alertStop != nil {
            // The words every surface gives this alert ("Yours is next: Teremky" only when it is).
            alarms.append(
                alarm(
                    schedule.alert,
                    AlertWording.headline(.alert, in: schedule, station: name(schedule.stops.last!.station), language)
                        + "."))
        }
        return ICalendar.Component("VEVENT", properties, alarms)
    }

    func alarm(_ at: Date, _ text: String) -> ICalendar.Component {
        ICalendar.Component(
            "VALARM",
            [
                ICalendar.Property("ACTION", "DISPLAY"),
                .text("DESCRIPTION", text),
                ICalendar.Property("TRIGGER", ICalendar.utc(at), parameters: [("VALUE", "DATE-TIME")]),
            ])
    }

    /// The stops with their times, the transfer, the alert moments and the arrival's range.
    func description(_ schedule: Schedule) -> String {
        var lines: [String] = notes.isEmpty ? [] : notes + [""]
        for (legIndex, leg) in schedule.route.legs.enumerated() {
            let toward = network.terminal(line: leg.line, direction: leg.direction).map(name) ?? ""
            lines.append(leg.line + " " + language.tr("у напрямку станції \(toward)", "toward \(toward)"))
            for stop in schedule.stops where stop.leg == legIndex {
                lines.append(clock.hhmm(stop.time) + " " + name(stop.station))
            }
            if schedule.transfers.indices.contains(legIndex) {
                let transfer = schedule.transfers[legIndex]
                // The wait as the plan says it: the published first train exactly; otherwise a
                // range, and the published last train where the range ends on it.
                if let train = transfer.realTrain {
                    lines.append(
                        language.tr(
                            "Перехід на станцію \(name(transfer.entry)): \(minutes(transfer.walkSeconds)); очікування \(minutes(transfer.bookedWaitSeconds)) на перший поїзд, о \(clock.hhmmss(train)).",
                            "Walk to \(name(transfer.entry)): \(minutes(transfer.walkSeconds)); a wait of \(minutes(transfer.bookedWaitSeconds)) for the first train, the \(clock.hhmmss(train))."
                        ))
                } else {
                    var line = language.tr(
                        "Перехід на станцію \(name(transfer.entry)): \(minutes(transfer.walkSeconds)); очікування від 0 до \(minutes(transfer.longestWaitSeconds))",
                        "Walk to \(name(transfer.entry)): \(minutes(transfer.walkSeconds)); a wait of 0 to \(minutes(transfer.longestWaitSeconds))"
                    )
                    if let last = transfer.latestTrain {
                        line += language.tr(
                            ", щонайпізніше останній поїзд, о \(clock.hhmmss(last))",
                            ", at the latest the last train, the \(clock.hhmmss(last))")
                    }
                    lines.append(line + ".")
                }
            }
        }
        if let walk = schedule.route.walkAfterAlighting {
            lines.append(
                language.tr(
                    "Далі пішки до станції \(name(schedule.route.destination)): \(minutes(walk.walkSeconds)).",
                    "Then walk to \(name(schedule.route.destination)): \(minutes(walk.walkSeconds))."))
        }
        lines.append("")
        for number in schedule.transferAlerts.indices {
            let which: Trip.Alert = number == 0 ? .transferAlert : .secondTransferAlert
            lines.append(
                AlertWording.label(which, in: schedule, language) + ": "
                    + clock.hhmmss(schedule.transferAlerts[number].time))
        }
        if schedule.alertStop != nil {
            lines.append(AlertWording.label(.alert, in: schedule, language) + ": " + clock.hhmmss(schedule.alert))
        }
        var arrival = language.tr("Прибуття: ", "Arrival: ") + clock.hhmmss(schedule.finalArrival)
        if schedule.arrivalEarliest != schedule.arrivalLatest {
            let walk = schedule.finalArrival.timeIntervalSince(schedule.arrival)
            arrival +=
                language.tr(", можливо ", ", could be ")
                + clock.hhmmss(schedule.arrivalEarliest.addingTimeInterval(walk)) + "–"
                + clock.hhmmss(schedule.arrivalLatest.addingTimeInterval(walk))
        }
        lines.append(arrival)
        lines.append(
            language.tr(
                "Час обчислено з опублікованого розкладу від моменту, коли рушає поїзд (metro-timer).",
                "Times computed from the published timetable, from the moment the train moves (metro-timer)."))
        return lines.joined(separator: "\n")
    }

    func name(_ code: String) -> String {
        guard let station = network.station(code) else { return code }
        return language.tr(station.nameUk, station.nameEn)
    }

    func minutes(_ seconds: Int) -> String {
        Format.c("%ld:%02ld", seconds / 60, seconds % 60)
    }
}

extension Schedule.Stop {
    /// What happens at this stop at its moment, for a sentence about that moment: "arriving at
    /// Ipodrom", "leaving Zoloti Vorota" (a boarding stop), or "passing Khreshchatyk" (closed).
    /// `name` is the station's name in `language`.
    package func moment(at name: String, language: Language) -> String {
        if passesWithoutStopping { return language.tr("проїзд станції \(name)", "passing \(name)") }
        return arrival != nil
            ? language.tr("прибуття на станцію \(name)", "arriving at \(name)")
            : language.tr("відправлення зі станції \(name)", "leaving \(name)")
    }
}
