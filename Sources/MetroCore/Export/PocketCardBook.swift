import FoundationEssentials

/// The card that lasts: for one or more routes, what the engine says for a tap at any second of
/// a service day, for each day type (docs/decisions/0088-the-card-that-lasts.md). The schedule
/// of a tap depends on the timetable's time of day and day type, not on the date: a weekday's
/// 08:15 rides as every weekday's 08:15. So the card carries, per route and day type, the
/// tables of one representative day (the first of that type from the day it was made), taps
/// from the first train's allowance to past the last train's, and the page reads a tap on any
/// date by its wall-clock time on that day (`shift`). Service changes it was made with are in
/// every day's tables; later ones are not, and the page says so.
package struct PocketCardBook: Sendable {
    package struct Entry: Sendable {
        /// What the route is called on the page, `[uk, en]` (a saved route's name, or the ends).
        package var name: [String]
        package var card: PocketCard

        package init(name: [String], card: PocketCard) {
            self.name = name
            self.card = card
        }
    }

    package var entries: [Entry]
    /// The day the card was made for: the representative days are the first of each type from it.
    package var made: ServiceClock.ServiceDay
    /// The service changes in the tables, each `[uk, en]` (empty: the timetable as published).
    package var changes: [[String]] = []
    package var language: Language
    package var product: String

    package init(entries: [Entry], made: ServiceClock.ServiceDay, language: Language, product: String) {
        self.entries = entries
        self.made = made
        self.language = language
        self.product = product
    }

    /// The representative service day of each day type: the first of that type from `made` (a
    /// week holds both), passing over a day whose night changes the clock (its tables would
    /// carry an hour that other days of its type do not have).
    package func representativeDays(_ clock: ServiceClock) -> [(DayType, ServiceClock.ServiceDay)] {
        DayType.allCases.compactMap { type in
            (0..<21).lazy.map { clock.shifted(made, by: $0) }.first { day in
                let noon = clock.date(day, seconds: 12 * 3600)
                return clock.position(of: noon).dayType == type
                    && clock.offset(at: noon) == clock.offset(at: clock.date(day, seconds: 27 * 3600))
                    && clock.offset(at: noon) == clock.offset(at: clock.date(day, seconds: 4 * 3600))
            }.map { (type, $0) }
        }
    }

    /// The page's data: `routes`, each with its name and one `PocketCard.allDay` section per day
    /// type; the timetable's source and dates; the changes; Kyiv's offsets over the dates.
    package func data() -> [String: Any] {
        guard let engine = entries.first?.card.engine else { return [:] }
        let clock = engine.clock
        let days = representativeDays(clock)
        let source = engine.network.document.source
        let validity = source.validityDays
        // Kyiv's offsets from the day before `made` to the timetable's last day, and at least
        // 400 days on (a card kept past its timetable still reads the clock right, and says so).
        let from = clock.date(made, seconds: 0).addingTimeInterval(-86_400)
        let until = max(
            validity.map { clock.date($0.last, seconds: 30 * 3600) } ?? from, from.addingTimeInterval(400 * 86_400))
        let minutes = Int(until.timeIntervalSince(from) / 60)
        return [
            "v": 2,
            "product": product,
            "lang": language.rawValue,
            "made": "\(made)",
            // The timetable: its date, where it comes from, and the days it holds.
            "source": [
                "dated": source.resourcesDated, "dataset": source.dataset, "publisher": source.publisher,
                "from": validity.map { "\($0.first)" } as Any, "to": validity.map { "\($0.last)" } as Any,
            ],
            "changes": changes,
            "zone": entries[0].card.zone(from: from, minutes: minutes),
            "routes": entries.map { entry -> [String: Any] in
                var sections = days.compactMap { entry.card.allDay(on: $0.1) }
                var route: [String: Any] = ["name": entry.name]
                // The sentences once for the route when its day types say the same (they
                // count the same stops and minutes), not once a day type.
                let words = Set(sections.map { JSONObject.serialize($0["words"]) })
                if words.count == 1, let shared = sections.first?["words"] {
                    route["words"] = shared
                    for index in sections.indices { sections[index]["words"] = nil }
                }
                route["days"] = sections
                return route
            },
        ]
    }

    package func page() -> String {
        PocketCard.page(data(), language: language, product: product)
    }
}
