import FoundationEssentials

/// The sentences a ride says as it goes (`start --plain`, and the ride card, which carries them
/// with placeholders for the names and counts: `PocketCard.words`). One phrasing, whoever says it.
package enum RideWords {
    /// "5 stops left" / "Лишилося 5 зупинок" (the verb agrees with the form: Лишилася 1 зупинка,
    /// Лишилися 2 зупинки, Лишилося 5 зупинок).
    package static func stopsLeft(_ count: Int, _ language: Language) -> String {
        let stops = language.stops(count)
        return language.tr(
            language.plural(count, uk: ("Лишилася", "Лишилися", "Лишилося"), en: ("", "")) + " " + stops,
            stops + " left")
    }

    /// "5 stops left, about 12 minutes": what is left, in stops and in time.
    package static func left(stops: String, about: String) -> String { stops + ", " + about }

    /// The ride between stations: "Next: Darnytsia. 16 stops left, about 37 minutes."
    package static func next(_ name: String, left: String, _ language: Language) -> String {
        language.tr("Наступна: \(name). \(left).", "Next: \(name). \(left).")
    }

    /// At a change, walking or waiting: "Change at Khreshchatyk: walk to Maidan Nezalezhnosti,
    /// train toward Teremky; press d when it departs. 10 stops left, about 23 minutes." (`then`
    /// is what to do when it departs, in the words of the screen saying it.)
    package static func change(
        exit: String, entry: String, toward: String, then: String, left: String, _ language: Language
    ) -> String {
        language.tr(
            "Пересадка на станції \(exit): перейдіть на станцію \(entry), поїзд у напрямку станції \(toward); \(then). \(left).",
            "Change at \(exit): walk to \(entry), train toward \(toward); \(then). \(left).")
    }

    /// The terminal's `then` for `change`.
    package static func pressD(_ language: Language) -> String {
        language.tr("натисніть d, коли він рушить", "press d when it departs")
    }

    /// The destination reached by the timetable (the screen adds how to confirm it).
    package static func arrivedByTimetable(_ name: String, _ language: Language) -> String {
        language.tr("За розкладом ви прибули на станцію \(name).", "By the timetable you have arrived at \(name).")
    }

    /// A closed station the train runs through, said with its name so nobody stands up for it.
    package static func passing(_ name: String, _ language: Language) -> String {
        name + language.tr(" (без зупинки)", " (passing without stopping)")
    }

    /// A correction, said as what it tells about the train, then the arrival after it:
    /// "Corrected: the train is a stop behind. Arrival about 08:54." (`station` names an `at`).
    package static func corrected(_ kind: Trip.Correction.Kind, station: String, arrival: String, _ language: Language)
        -> String
    {
        let what: String
        switch kind {
        case .shift(let n) where n > 0:
            what =
                n == 1
                ? language.tr("поїзд на зупинку позаду", "the train is a stop behind")
                : language.tr("поїзд позаду на \(language.stops(n))", "the train is \(language.stops(n)) behind")
        case .shift(let n):
            what =
                n == -1
                ? language.tr("поїзд на зупинку попереду", "the train is a stop ahead")
                : language.tr("поїзд попереду на \(language.stops(-n))", "the train is \(language.stops(-n)) ahead")
        case .at:
            what = language.tr("поїзд на станції \(station)", "the train is at \(station)")
        case .departed:
            what = language.tr("поїзд після пересадки рушив", "the train after the change has departed")
        }
        return language.tr("Виправлено: ", "Corrected: ") + what + ". "
            + language.tr("Прибуття близько ", "Arrival about ") + arrival + "."
    }

    /// A tap read as the origin's last train, made `late` after it left (`Tap.lastTrainLate`).
    package static func lateTap(late: String, board: String, last: String, _ language: Language) -> String {
        language.tr(
            "Старт — через \(late) після відправлення останнього поїзда зі станції \(board) (\(last)): це ваш поїзд, поїздку відлічено від \(last).",
            "Start tapped \(late) after the last train left \(board) (\(last)): that is your train, and the ride is timed from \(last)."
        )
    }

    /// A tap read as the origin's first train, made `early` before it left (`Tap.firstTrainEarly`).
    package static func earlyTap(early: String, board: String, first: String, _ language: Language) -> String {
        language.tr(
            "Старт — за \(early) до відправлення першого поїзда зі станції \(board) (\(first)): це ваш поїзд, поїздку відлічено від \(first).",
            "Start tapped \(early) before the first train left \(board) (\(first)): that is your train, and the ride is timed from \(first)."
        )
    }

    /// A tap before the first train's allowance (`Tap.beforeFirstTrain`): no train moves yet.
    package static func notRunningYet(line: String, toward: String, board: String, first: String, _ language: Language)
        -> String
    {
        language.tr(
            "Поїзди ще не ходять: перший поїзд \(line) у напрямку станції \(toward) рушає зі станції \(board) о \(first). Почніть поїздку, коли він рушить.",
            "Trains are not running yet: the first \(line) train toward \(toward) leaves \(board) at \(first). Start the ride when it moves."
        )
    }

    /// Why "departed" is not taken long after the change (`TripModel.departedWindowEnd`): the
    /// first sentence of the refusal, the CLI's and the card's.
    package static func departedLongAfter(entry: String, _ language: Language) -> String {
        language.tr(
            "«Поїзд рушив» — це мить, коли поїзд рушає від станції \(entry), а за моделлю відтоді минуло більше часу, ніж триває найдовше очікування там.",
            "'Departed' is the moment the train leaves \(entry), and by the model more time has passed since then than the longest wait there."
        )
    }

    /// What the card says under its "Departed" once the change is too long ago: where to say
    /// the train is instead (the card's "The train is now at", the CLI's `at`).
    package static func departedLongAfterOnCard(entry: String, _ language: Language) -> String {
        departedLongAfter(entry: entry, language) + " "
            + language.tr(
                "Якщо поїзд уже деінде, виберіть нижче станцію, де він.",
                "If the train is somewhere else by now, choose below the station it is at.")
    }

    /// The last correction undone, as the ride says it.
    package static func tookBack(_ language: Language) -> String {
        language.tr("Останнє виправлення скасовано.", "The last correction was taken back.")
    }
}
