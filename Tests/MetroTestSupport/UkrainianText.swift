import Foundation
import MetroCore
import MetroTimerCLI
import XCTest

/// The English left in Ukrainian text: what `--lang uk` must not show. What may stay Latin is
/// listed here, each with the reason: names of programs, formats and variables, which are the
/// same in both languages; and whatever the text quotes ('…': what the user typed, a command to
/// type) or marks as code (--options, <placeholders>, {fields}, paths, codes with digits).
package enum UkrainianText {
    /// Latin words that are the same in Ukrainian text: program and tool names, data formats,
    /// protocols, environment variables and the language codes.
    package static let allowed: Set<String> = [
        // programs and tools the text names
        "metro-timer", "metro-timer-alerts", "tmux", "systemd", "systemd-run", "systemctl", "notify-send",
        "termux-notification",
        "termux-vibrate", "bash", "zsh", "fish", "sh", "man", "make", "install", "apt-get", "tzdata", "compinit",
        "curl",
        // formats, protocols, standards
        "JSON", "HTTPS", "HTTP", "URL", "GPS", "ICS", "GTFS", "UTC", "ISO", "CSV", "TZif", "POSIX", "gettext", "TLS",
        // placeholders of formats (HH:MM, YYYY-MM-DD, m:ss), the language codes, README
        "HH", "MM", "YYYY", "DD", "ss", "uk", "en", "CMD", "FMT", "URL", "ms", "README",
        // shell words in the completions help; the event names of the --events JSON lines
        "source", "fpath", "start", "correction", "transfer-alert", "alert", "arrival", "end",
        // environment variables (also matched by their shape, below)
        "PATH", "HOME", "TERM", "LANG", "LANGUAGE", "COLUMNS", "NO_COLOR", "DISPLAY",
    ]

    /// Words a user types: every subcommand and the actions of `routes`, `changes` and
    /// `alerts`, and the values of `--day-type` (`list, add або remove`).
    package static let commandWords: Set<String> = {
        var words = Set(MetroTimer.spec.subcommands.compactMap(\.path.last))
        // Nested subcommands too (`journal report`).
        words.formUnion(MetroTimer.spec.subcommands.flatMap(\.subcommands).compactMap(\.path.last))
        words.formUnion([
            "list", "add", "remove", "enable", "disable", "status", "pending", "command", "weekday", "weekend", "clear",
        ])
        return words
    }()

    /// Station names may be shown in Latin in Ukrainian text: `stations` lists both names, and
    /// a name typed in Latin is echoed as typed (with its former names).
    package static let stationWords: Set<String> = {
        var words = Set<String>()
        for station in Network.kyiv.stations {
            for name in [station.nameEn] + station.formerNames.map(\.en) {
                for word in name.split(whereSeparator: { !$0.isLetter }) { words.insert(String(word)) }
            }
        }
        return words
    }()

    /// The Latin words of `text` that are neither quoted, code, nor allowed.
    package static func englishWords(_ text: String) -> [String] {
        var cleaned = text
        let code = [
            // A command line, up to the Ukrainian or the bracket around it.
            #"metro-timer( [^\n\x{0400}-\x{04FF}()]*)?"#,
            #"'[^'\n]*'"#,  // quoted: what the user typed, a command line
            #""[^"\n]*""#,
            #"«[^»\n]*»"#,  // a Ukrainian quotation (a station's name keeps its «»)
            #"(?<![A-Za-z0-9])--?[A-Za-z][A-Za-z0-9-]*(=\S*)?"#,  // options
            #"<[^>\n]*>"#, #"\{[^}\n]*\}"#, #"\[[^\]\n]*=[^\]\n]*\]"#,  // placeholders, fields
            #"(~|\$[A-Z_]+|[A-Za-z0-9._-]+)?/[^\s,;)]*"#,  // paths, also relative ones (docs/guide/riding.md)
            #"\$?[A-Z][A-Z0-9]*_[A-Z0-9_]+"#,  // environment variables (METRO_TIMER_HOME)
            #"[A-Za-z0-9._-]+\.(json|jsonl|ics|zip|csv|fish)\b"#,  // file names
            #"\b[A-Za-z_]*[0-9][A-Za-z0-9_]*\b"#,  // codes with digits (M1, mr18_127, 0700)
            #"https?://\S+"#,
        ]
        for pattern in code {
            cleaned = cleaned.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        var words: [String] = []
        var current = ""
        for character in cleaned + " " {
            if character.isASCII && (character.isLetter || character == "-" || (character == "_" && !current.isEmpty)) {
                current.append(character)
            } else {
                let word = current.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
                let known = { (part: String) in
                    part.count < 2 || allowed.contains(part) || allowed.contains(part.lowercased())
                        || commandWords.contains(part) || stationWords.contains(part)
                }
                // A hyphenated word passes when it is allowed whole or in every part (YYYY-MM-DD).
                if !known(word) && !word.split(separator: "-").map(String.init).allSatisfy(known) { words.append(word) }
                current = ""
            }
        }
        return words
    }
}
