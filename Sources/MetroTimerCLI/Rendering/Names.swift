import CLIKit
import MetroCore

/// Station and line names in the chosen language.
enum Names {
    /// Quoted here, the one place names are shown: an installed timetable's text came from a
    /// download (its check refuses control characters too).
    static func station(_ station: NetworkDocument.Station, _ language: Language) -> String {
        Quote.value(language.tr(station.nameUk, station.nameEn))
    }

    static func station(_ code: String, _ network: Network, _ language: Language) -> String {
        // A code no station has came from a file: shown escaped, like any text from outside.
        network.station(code).map { station($0, language) } ?? Quote.value(code)
    }

    /// `Palats sportu (M3)`.
    static func stationWithLine(_ station: NetworkDocument.Station, _ language: Language) -> String {
        self.station(station, language) + " (\(station.line))"
    }

    static func line(_ line: NetworkDocument.Line, _ language: Language) -> String {
        Quote.value(language.tr(line.nameUk, line.nameEn))
    }
}

/// ANSI styling, applied only when colour is on.
struct Style: Sendable {
    var enabled: Bool

    static let codes: [String: String] = ["red": "31", "blue": "34", "green": "32"]

    func line(_ text: String, color: String) -> String {
        guard enabled, let code = Style.codes[color] else { return text }
        return "\u{1B}[1;\(code)m\(text)\u{1B}[0m"
    }

    func bold(_ text: String) -> String { enabled ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { enabled ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    func warning(_ text: String) -> String { enabled ? "\u{1B}[1;33m\(text)\u{1B}[0m" : text }
}

/// Durations as people read them.
enum Durations {
    /// `2:05` for a wait or a countdown under an hour, `1:02:05` above.
    static func clock(_ seconds: Int) -> String {
        let s = max(0, seconds)
        if s >= 3600 { return "\(s / 3600):" + TimeOfDay.pad(s / 60 % 60) + ":" + TimeOfDay.pad(s % 60) }
        return "\(s / 60):" + TimeOfDay.pad(s % 60)
    }

    /// A span said in words, to the second, never as a clock that reads as minutes: `15 s`,
    /// `4 min 30 s`, `3 h 4 min 45 s` (parts that are zero left out).
    static func spoken(_ seconds: Int, _ language: Language) -> String {
        let s = max(0, seconds)
        var parts: [String] = []
        if s >= 3600 { parts.append(language.tr("\(s / 3600) год", "\(s / 3600) h")) }
        if s % 3600 >= 60 { parts.append(language.minutes(s % 3600 / 60)) }
        if s % 60 > 0 || s == 0 { parts.append(language.tr("\(s % 60) с", "\(s % 60) s")) }
        return parts.joined(separator: " ")
    }

    /// `45 min` / `45 хв`, rounded to the nearest minute; from an hour on, hours and minutes
    /// (`Language.duration`: `1 h 5 min`, `23 days 13 h`).
    static func minutes(_ seconds: Int, _ language: Language) -> String {
        let minutes = Int((Double(seconds) / 60).rounded())
        return minutes < 60 ? language.minutes(minutes) : language.duration(minutes * 60)
    }
}
