/// The two languages of the product. Every user-facing string is a pair, `tr(uk, en)`, written on
/// one line so that neither side can be forgotten.
public enum Language: String, Sendable, CaseIterable, Codable {
    case uk, en

    /// Picks one of a Ukrainian–English pair.
    public func tr(_ uk: String, _ en: String) -> String {
        self == .uk ? uk : en
    }

    /// The language named by a locale-style value (`uk`, `uk_UA.UTF-8`, `en_GB`, `C`), if any.
    public init?(localeValue: String) {
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
    public static func resolve(flag: String?, environment: [String: String]) -> Language {
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
    public func plural(_ count: Int, uk: (one: String, few: String, many: String), en: (one: String, other: String)) -> String {
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

    /// "3 stops" / "3 зупинки".
    public func stops(_ count: Int) -> String {
        "\(count) " + plural(count, uk: ("зупинка", "зупинки", "зупинок"), en: ("stop", "stops"))
    }

    /// "5 min" / "5 хв" (abbreviations do not inflect).
    public func minutes(_ count: Int) -> String {
        "\(count) " + tr("хв", "min")
    }
}
