import Foundation

/// Reads an air-raid alert-status response for the city of Kyiv.
///
/// Accepted shapes: `{"alert": true}`; a list of regions `{"states": [{"name": "м. Київ",
/// "alert": true}, …]}`; or one region `{"state": {"name": "м. Київ", "alert": true}}`. Anything
/// else is malformed, and a malformed or missing answer is "unknown", never "no alert".
public enum AlertFeed {
    public enum Verdict: Equatable, Sendable {
        case alert
        case quiet
        case unknown(String)

        /// The one-word form the helper prints: `alert`, `quiet`, or `unknown: reason`.
        public var line: String {
            switch self {
            case .alert: return "alert"
            case .quiet: return "quiet"
            case .unknown(let reason): return "unknown: \(reason)"
            }
        }

        public init(line: String) {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            switch trimmed {
            case "alert": self = .alert
            case "quiet": self = .quiet
            default:
                self = .unknown(trimmed.hasPrefix("unknown: ") ? String(trimmed.dropFirst("unknown: ".count)) : "the check gave no answer")
            }
        }
    }

    /// The most of an answer that is read: a bigger one is "unknown", never parsed.
    public static let maximumBytes = 1_048_576

    /// Every statement the answer makes about the city must agree, and the city may be listed
    /// once: contradictory or duplicated entries are "unknown", never "no alert".
    public static func parse(_ data: Data) -> Verdict {
        guard data.count <= maximumBytes else { return .unknown("the answer is over 1 MB") }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return .unknown("the feed did not answer with a JSON object")
        }
        // A key said twice is two answers, whichever JSONSerialization kept.
        if JSONDuplicateKeys.found(in: data) { return .unknown("the feed's answer repeats a key") }
        let notBoolean = Verdict.unknown("the feed's alert for Kyiv is not true or false")
        var said: [Bool] = []
        // Each place that speaks for Kyiv: a value there that is not true or false (a number, a
        // string, null) is no answer, never "no alert".
        var places: [Any] = []
        var listedWithoutKyiv = false
        if let value = object["alert"] { places.append(value) }
        if let state = object["state"] as? [String: Any], let value = state["alert"] { places.append(value) }
        if let states = object["states"] as? [[String: Any]] {
            let kyiv = states.filter { ($0["name"] as? String).map(isKyivCity) ?? false }
            if kyiv.count > 1 { return .unknown("the feed lists the city of Kyiv more than once") }
            if let value = kyiv.first?["alert"] { places.append(value) } else { listedWithoutKyiv = true }
        }
        for place in places {
            guard let alert = strictBoolean(place) else { return notBoolean }
            said.append(alert)
        }
        if listedWithoutKyiv && said.isEmpty { return .unknown("the feed lists no entry for the city of Kyiv") }
        guard let first = said.first else { return .unknown("the feed's answer has no alert field") }
        guard said.allSatisfy({ $0 == first }) else { return .unknown("the feed contradicts itself about Kyiv") }
        return first ? .alert : .quiet
    }

    /// `true` or `false` as JSON spelt them: JSONSerialization gives a number 1 or 0 that
    /// `as? Bool` also accepts, so the boolean's own type is asked for.
    static func strictBoolean(_ value: Any) -> Bool? {
        guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else { return nil }
        return number.boolValue
    }

    /// Why a feed URL cannot be used, or nil: HTTPS, except to a loopback address (a local
    /// relay, a test server).
    public static func urlProblem(_ text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            return "the feed URL is not a valid http(s) URL"
        }
        switch scheme {
        case "https": return nil
        case "http" where isLoopback(host): return nil
        case "http": return "the feed must use HTTPS (plain http is allowed only to a loopback address)"
        default: return "the feed URL is not a valid http(s) URL"
        }
    }

    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// "м. Київ" or "Kyiv City", not "Київська область" (the region around it).
    static func isKyivCity(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return (lowered.contains("київ") || lowered.contains("kyiv")) && !lowered.contains("област") && !lowered.contains("oblast")
            && !lowered.contains("київська") && !lowered.contains("region")
    }
}
