/// The two languages of the product. Every user-facing string is a pair, `tr(uk, en)`, written on
/// one line so that neither side can be forgotten.
package enum Language: String, Sendable, CaseIterable, Codable {
    case uk, en

    /// Picks one of a Ukrainian–English pair.
    package func tr(_ uk: String, _ en: String) -> String {
        self == .uk ? uk : en
    }

    /// The language named by a locale-style value (`uk`, `uk_UA.UTF-8`, `en_GB`, `C`), if any.
    package init?(localeValue: String) {
        let lowered = localeValue.lowercased()
        if lowered.hasPrefix("uk") { self = .uk } else if lowered.hasPrefix("en") { self = .en } else { return nil }
    }

    /// Chooses the language the way the CLI promises: the flag, then `METRO_TIMER_LANG`, then
    /// `LANGUAGE`, then `LC_ALL`, `LC_MESSAGES`, `LANG` (the first one set and non-empty decides, as in POSIX);
    /// English otherwise. The caller passes the environment in: MetroCore never reads it.
    ///
    /// `LANGUAGE` comes before the locale variables, as in GNU gettext: a colon-separated list
    /// whose first uk or en entry wins (`de:uk` is Ukrainian). As in gettext it is ignored when
    /// the locale is explicitly C or POSIX (`LC_ALL=C`, `LANG=C.UTF-8`: a script asking for
    /// untranslated output); unlike gettext it also counts when no locale variable is set at
    /// all, since whoever sets only `LANGUAGE=uk` plainly asks for Ukrainian.
    package static func resolve(flag: String?, environment: [String: String]) -> Language {
        if let flag, let language = Language(localeValue: flag) { return language }
        if let value = environment["METRO_TIMER_LANG"], let language = Language(localeValue: value) { return language }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        let cLocale = locale.map { $0 == "C" || $0 == "POSIX" || $0.hasPrefix("C.") } ?? false
        if !cLocale, let list = environment["LANGUAGE"] {
            for entry in list.split(separator: ":") {
                if let language = Language(localeValue: String(entry)) { return language }
            }
        }
        return locale.flatMap { Language(localeValue: $0) } ?? .en
    }

    /// The plural form for a count: Ukrainian has three (1 зупинка, 2–4 зупинки, 5–20 зупинок,
    /// 11–14 зупинок, 21 зупинка), English two.
    package func plural(_ count: Int, uk: (one: String, few: String, many: String), en: (one: String, other: String))
        -> String
    {
        switch self {
        case .en:
            return abs(count) == 1 ? en.one : en.other
        case .uk:
            let n = abs(count)
            if (11...14).contains(n % 100) { return uk.many }
            switch n % 10 {
            case 1: return uk.one
            case 2, 3, 4: return uk.few
            default: return uk.many
            }
        }
    }

    /// A share as a percentage the way each language writes it: "12.5%" in English, "12,5 %" in
    /// Ukrainian (a decimal comma and a space before the sign).
    package func percent(_ share: Double, decimals: Int = 0) -> String {
        let digits = Format.c("%.\(decimals)f", share * 100)
        return tr(digits.replacing(".", with: ",") + " %", digits + "%")
    }

    /// "3 stops" / "3 зупинки".
    package func stops(_ count: Int) -> String {
        "\(count) " + plural(count, uk: ("зупинка", "зупинки", "зупинок"), en: ("stop", "stops"))
    }

    /// A duration the way people say it, in every output that gives one: "45 s" under a
    /// minute, "2 min 5 s" under ten, whole minutes under an hour ("20 min", never "1196 s"),
    /// hours and minutes under a day ("1 h 5 min"), then days and hours ("23 days 13 h", never
    /// "565 h 13 min"). Ukrainian: "45 с", "2 хв 5 с", "1 год 5 хв", "23 дні 13 год" (the
    /// abbreviations do not inflect; days do). The sign is the caller's.
    package func duration(_ seconds: Int) -> String {
        let s = abs(seconds)
        let second = tr("с", "s")
        let minute = tr("хв", "min")
        let hour = tr("год", "h")
        if s < 60 { return "\(s) \(second)" }
        if s < 600 { return "\(s / 60) \(minute)" + (s % 60 == 0 ? "" : " \(s % 60) \(second)") }
        let minutes = Int((Double(s) / 60).rounded())
        if minutes < 60 { return "\(minutes) \(minute)" }
        if minutes < 24 * 60 {
            return "\(minutes / 60) \(hour)" + (minutes % 60 == 0 ? "" : " \(minutes % 60) \(minute)")
        }
        let hours = Int((Double(s) / 3600).rounded())
        let days = hours / 24
        let rest = hours % 24
        return "\(days) " + plural(days, uk: ("день", "дні", "днів"), en: ("day", "days"))
            + (rest == 0 ? "" : " \(rest) \(hour)")
    }

    /// The same duration said aloud, for `--plain` and screen readers: whole minutes (never less
    /// than one), hours and minutes from an hour, days and hours from a day, as `duration` rounds
    /// them, in words: "about 1 hour 5 minutes". Ukrainian puts the words in the genitive that
    /// «близько» takes: "близько 1 години 5 хвилин", "близько 21 хвилини".
    package func aboutDuration(_ seconds: Int) -> String {
        let minutes = max(1, Int((Double(abs(seconds)) / 60).rounded()))
        func said(_ count: Int, uk: (one: String, many: String), en: (one: String, other: String)) -> String {
            // The genitive: singular after 1, 21, 31… (not 11), plural otherwise.
            let ukForm = count % 10 == 1 && count % 100 != 11 ? uk.one : uk.many
            return "\(count) " + tr(ukForm, count == 1 ? en.one : en.other)
        }
        let minute = (uk: ("хвилини", "хвилин"), en: ("minute", "minutes"))
        let hour = (uk: ("години", "годин"), en: ("hour", "hours"))
        var parts: [String] = []
        if minutes < 60 {
            parts = [said(minutes, uk: minute.uk, en: minute.en)]
        } else if minutes < 24 * 60 {
            parts =
                [said(minutes / 60, uk: hour.uk, en: hour.en)]
                + (minutes % 60 == 0 ? [] : [said(minutes % 60, uk: minute.uk, en: minute.en)])
        } else {
            let hours = Int((Double(abs(seconds)) / 3600).rounded())
            parts =
                [said(hours / 24, uk: ("дня", "днів"), en: ("day", "days"))]
                + (hours % 24 == 0 ? [] : [said(hours % 24, uk: hour.uk, en: hour.en)])
        }
        return tr("близько ", "about ") + parts.joined(separator: " ")
    }

    /// "5 min" / "5 хв" (abbreviations do not inflect).
    package func minutes(_ count: Int) -> String {
        "\(count) " + tr("хв", "min")
    }
}
