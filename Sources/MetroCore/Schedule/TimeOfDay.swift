/// Parsing and formatting of the timetable's clock values.
package enum TimeOfDay {
    /// Service days run past midnight: a published time before this hour belongs to the
    /// evening of the same service day (00:20 is 24:20), never to the next morning. No Kyiv
    /// train runs between 01:00 and 05:00, so 03:00 is a safe cut.
    static let serviceDayStartHour = 3

    /// The reason a clock value was rejected.
    package enum Problem: Error, Equatable, Sendable {
        case unparsable
        case impossible(String)
    }

    /// Parses `HH:MM:SS` (also `H:MM:SS`) into seconds since the service day's midnight.
    package static func parseClock(_ text: String) throws(Problem) -> Int {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3,
            (1...2).contains(parts[0].count), parts[1].count == 2, parts[2].count == 2,
            let hours = Int(parts[0]), let minutes = Int(parts[1]), let seconds = Int(parts[2]),
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { throw .unparsable }
        guard hours < 24, minutes < 60, seconds < 60 else {
            throw .impossible("hours must be 00–23, minutes and seconds 00–59")
        }
        let value = hours * 3600 + minutes * 60 + seconds
        return hours < serviceDayStartHour ? value + 86_400 : value
    }

    /// Parses a published interval `M:SS` into seconds.
    package static func parseInterval(_ text: String) throws(Problem) -> Int {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let minutes = Int(parts[0]), let seconds = Int(parts[1])
        else { throw .unparsable }
        guard seconds < 60 else { throw .impossible("seconds must be 00–59") }
        guard minutes * 60 + seconds > 0 else { throw .impossible("an interval must be longer than zero") }
        return minutes * 60 + seconds
    }

    /// `HH:MM:SS` for seconds since the service day's midnight (wrapping past 24:00).
    package static func clock(_ seconds: Int) -> String {
        let wrapped = ((seconds % 86_400) + 86_400) % 86_400
        return pad(wrapped / 3600) + ":" + pad(wrapped / 60 % 60) + ":" + pad(wrapped % 60)
    }

    /// `M:SS` for an interval.
    package static func interval(_ seconds: Int) -> String {
        "\(seconds / 60):" + pad(seconds % 60)
    }

    package static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
