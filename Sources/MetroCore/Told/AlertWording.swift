import FoundationEssentials

/// What an alert may truthfully say (docs/decisions/0050-alert-wording.md).
///
/// An alert fires early on purpose: on the fast pattern, and after an unconfirmed change earlier
/// still. "Yours is next" is true only while the next stop the train reaches is the passenger's
/// own (standing at the stop before, or running into the station itself); fired earlier than
/// that, the alert says how far it is ("Teremky in about 2 stops: get ready"), or a rider told
/// "yours is next" may get off a stop or three early. Every output (the ride's lines, `--plain`, `--events`, the screen, `status`, the
/// notifier, the plan and the ICS alarm) words it through this one rule.
package enum AlertWording {
    /// "Next" is true up to this many stops ahead: the station itself is the next stop the train
    /// reaches (it stands at the stop before, or runs into the station). Running into the stop
    /// before is two stops out, and a rider told "next" there may get off at it.
    package static let nextWithin = 1

    /// The stops the train has still to reach at the alert's moment (or at `now`, for what is
    /// shown later while the alert stands), by the displayed times, up to and counting the
    /// station the alert is about (the destination, or the change's exit): the same count as the
    /// ride's "N stops left", a closed station run through not among them. Nil for the arrival,
    /// or an alert the route does not have.
    package static func stopsAhead(_ alert: Trip.Alert, in schedule: Schedule, at now: Date? = nil) -> Int? {
        guard let fired = TripModel.time(of: alert, in: schedule) else { return nil }
        let moment = max(fired, now ?? fired)
        guard let target = TripModel.station(of: alert, in: schedule) else { return nil }
        let next = TripModel.nextStop(in: schedule, at: moment)
        guard target >= 0, next <= target else { return 0 }
        return schedule.stops[next...target].filter { $0.role != .transferEntry && !$0.passesWithoutStopping }.count
    }

    /// How many stops early the alert is worded, when it is more than the rule lets "next"
    /// cover; nil when "yours is next" / "change is next" is true as it fires (or, given `now`,
    /// by then: a banner that stands after the alert says what is true when it is shown).
    package static func early(_ alert: Trip.Alert, in schedule: Schedule, at now: Date? = nil) -> Int? {
        guard let ahead = stopsAhead(alert, in: schedule, at: now), ahead > nextWithin else { return nil }
        return ahead
    }

    /// "in about 3 stops" / "приблизно за 3 зупинки" (за + the accusative: за 1 зупинку, за 2
    /// зупинки, за 5 зупинок).
    package static func inAbout(_ stops: Int, _ language: Language) -> String {
        language.tr("приблизно за ", "in about ")
            + "\(stops) " + language.plural(stops, uk: ("зупинку", "зупинки", "зупинок"), en: ("stop", "stops"))
    }

    /// The alert's name as a heading (a plan's moment, a countdown, a notification's title):
    /// "Yours is next", or "Get ready" when it fires more than a stop early.
    package static func label(_ alert: Trip.Alert, in schedule: Schedule, at now: Date? = nil, _ language: Language)
        -> String
    {
        label(alert, early: early(alert, in: schedule, at: now), language)
    }

    /// The same heading for an alert `early` stops ahead (nil: "next" is true): what
    /// `RideTold.Coming` carries.
    package static func label(_ alert: Trip.Alert, early: Int?, _ language: Language) -> String {
        let ready = early != nil
        switch alert {
        case .alert:
            return ready
                ? language.tr("Готуйтеся виходити", "Get ready") : language.tr("Наступна — ваша", "Yours is next")
        case .transferAlert:
            return ready
                ? language.tr("Готуйтеся до пересадки", "Get ready to change")
                : language.tr("Пересадка — наступна", "Change is next")
        case .secondTransferAlert:
            return ready
                ? language.tr("Готуйтеся до 2-ї пересадки", "Get ready for the 2nd change")
                : language.tr("2-га пересадка — наступна", "2nd change is next")
        case .arrival:
            return language.tr("Прибуття", "Arrival")
        }
    }

    /// The alert's opening words, to which the caller adds what to do: "Yours is next: Teremky" /
    /// "Teremky in about 3 stops: get ready" for the destination (`station` its name);
    /// "Change is next" / "Change at Teatralna in about 3 stops: get ready" for a change
    /// (`station` the exit's name).
    package static func headline(
        _ alert: Trip.Alert, in schedule: Schedule, station: String, at now: Date? = nil, _ language: Language
    ) -> String {
        headline(alert, early: early(alert, in: schedule, at: now), station: station, language)
    }

    /// The same words for an alert `early` stops ahead (nil: "next" is true), for what cannot
    /// fold a schedule itself: the ride card carries them for every count (`PocketCard.words`).
    package static func headline(_ alert: Trip.Alert, early: Int?, station: String, _ language: Language) -> String {
        switch alert {
        case .alert:
            guard let early else { return language.tr("Наступна — ваша: \(station)", "Yours is next: \(station)") }
            return language.tr(
                "\(station) \(inAbout(early, language)): готуйтеся виходити",
                "\(station) \(inAbout(early, language)): get ready")
        case .transferAlert, .secondTransferAlert:
            guard let early else { return language.tr("Пересадка — наступна", "Change is next") }
            return language.tr(
                "Пересадка на станції \(station) \(inAbout(early, language)): готуйтеся",
                "Change at \(station) \(inAbout(early, language)): get ready")
        case .arrival:
            return language.tr("Прибуття: \(station)", "Arriving at \(station)")
        }
    }

    /// What a change's alert says when it is next: where to get off and where to walk.
    package static func changeNext(exit: String, entry: String, _ language: Language) -> String {
        language.tr(
            "Пересадка — наступна: виходьте на станції \(exit) і переходьте на станцію \(entry).",
            "Change is next: get off at \(exit) and walk to \(entry).")
    }
}
