import FoundationEssentials

/// The card's sentences: the engine's own (`RideWords`, `AlertWording`), made here with
/// placeholders (`{0}`, `{1}`, …) for the names the page fills in, and, where a sentence changes
/// with a count (stops, minutes), made once for every count the ride can reach. The page picks
/// and fills; it phrases nothing itself.
extension PocketCard {
    static func words(_ language: Language, stops: Int, minutes: Int) -> [String: Any] {
        let counts = 0...(stops + 1)
        // An early alert's words with the distance as {1} ("{0} {1}: get ready"), the distance
        // from `inAbout` for every count: the headline itself, with its count taken out.
        let sample = AlertWording.nextWithin + 1
        func early(_ alert: Trip.Alert) -> String {
            AlertWording.headline(alert, early: sample, station: "{0}", language).replacing(
                AlertWording.inAbout(sample, language), with: "{1}") + "."
        }
        return [
            // "Next: {0}. {1}." with {1} RideWords.left(stops, about): the left part from the two
            // tables below, by the stops left and the minutes to the arrival.
            "next": RideWords.next("{0}", left: "{1}", language),
            "change": RideWords.change(
                exit: "{0}", entry: "{1}", toward: "{2}",
                then: language.tr(
                    "торкніться «Поїзд рушив», коли він рушить", "tap “Departed” when it departs"), left: "{3}",
                language),
            "left": RideWords.left(stops: "{0}", about: "{1}"),
            "stopsLeft": table(counts.map { RideWords.stopsLeft($0, language) }),
            "stops": table(counts.map { language.stops($0) }),
            // Language.duration's units ("s", "min", "h"), for the countdown in its format.
            "units": [1, 60, 3600].map { String(language.duration($0).drop { $0 != " " }.dropFirst()) },
            // aboutDuration by whole minutes (it rounds the seconds to them): index m is m minutes.
            "about": table((0...minutes).map { language.aboutDuration($0 * 60) }, numbers: aboutNumbers),
            "arrived": RideWords.arrivedByTimetable("{0}", language),
            // What a correction tells, then the arrival ({0}; the station of an `at` is {1}).
            "corrected": [
                "behind": RideWords.corrected(.shift(1), station: "", arrival: "{0}", language),
                "ahead": RideWords.corrected(.shift(-1), station: "", arrival: "{0}", language),
                "at": RideWords.corrected(.at(""), station: "{1}", arrival: "{0}", language),
                "departed": RideWords.corrected(.departed, station: "", arrival: "{0}", language),
            ],
            "tookBack": RideWords.tookBack(language),
            "departedLate": RideWords.departedLongAfterOnCard(entry: "{0}", language),
            // A tap read by `Tap` ({0} how far from the departure, {1} the origin, {2} its time).
            "tapEarly": RideWords.earlyTap(early: "{0}", board: "{1}", first: "{2}", language),
            "tapLate": RideWords.lateTap(late: "{0}", board: "{1}", last: "{2}", language),
            "notRunning": RideWords.notRunningYet(line: "{0}", toward: "{1}", board: "{2}", first: "{3}", language),
            "passing": RideWords.passing("{0}", language),
            "yoursNext": AlertWording.headline(.alert, early: nil, station: "{0}", language) + ".",
            "yoursEarly": early(.alert),
            "inAbout": table(counts.map { AlertWording.inAbout($0, language) }),
            "changeNext": AlertWording.changeNext(exit: "{0}", entry: "{1}", language),
            "changeEarly": early(.transferAlert),
            "secondChangeEarly": early(.secondTransferAlert),
        ]
    }

    /// The numbers an "about N minutes" for minute `m` says: the minutes, or the hours and the
    /// minutes from an hour (as `Language.aboutDuration` rounds them); the page fills the same.
    static func aboutNumbers(_ m: Int) -> [Int] {
        let minutes = max(1, m)
        return minutes < 60 ? [minutes] : [minutes / 60, minutes % 60]
    }

    /// A table of sentences by count, small: each entry as a template with its numbers taken out
    /// (`{0}`, `{1}`: `numbers(k)`, by default the count itself), the distinct templates once and
    /// one character per count naming its template. An entry the numbers do not rebuild
    /// exactly is its own template, word for word, so the page's text is always the engine's.
    static func table(_ values: [String], numbers: (Int) -> [Int] = { [$0] }) -> [String: Any] {
        var templates: [String] = []
        var pick = ""
        for (k, value) in values.enumerated() {
            var template = value
            for (index, number) in numbers(k).enumerated() {
                if let range = template.firstRange(of: "\(number)") {
                    template.replaceSubrange(range, with: "{\(index)}")
                }
            }
            var rebuilt = template
            for (index, number) in numbers(k).enumerated() {
                rebuilt = rebuilt.replacing("{\(index)}", with: "\(number)")
            }
            if rebuilt != value { template = value }
            if !templates.contains(template) { templates.append(template) }
            pick.append(stepDigits[templates.firstIndex(of: template)! % stepDigits.count])
        }
        return ["t": templates, "k": pick]
    }

    /// The timetable a day runs, as `plan` names it, `[uk, en]`.
    static func timetable(_ type: DayType) -> [String] {
        Language.allCases.map {
            type == .weekday
                ? $0.tr("розклад робочого дня", "weekday timetable")
                : $0.tr("розклад вихідного дня", "weekend timetable")
        }
    }
}
