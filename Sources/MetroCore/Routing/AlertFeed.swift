import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

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
            let trimmed = AlertFeed.trimmed(line)
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
        // A key said twice is two answers, whichever a parser would keep.
        let object: [String: Any]
        do {
            guard let parsed = try JSONObject.parse(Array(data), rejectDuplicateKeys: true) as? [String: Any] else {
                return .unknown("the feed did not answer with a JSON object")
            }
            object = parsed
        } catch {
            return error.duplicateKey != nil ? .unknown("the feed's answer repeats a key") : .unknown("the feed did not answer with a JSON object")
        }
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

    /// `true` or `false` as JSON spelt them (a number 1 or 0, a string, null are not).
    static func strictBoolean(_ value: Any) -> Bool? { value as? Bool }

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

    /// 127.0.0.0/8, ::1 and localhost: the hosts plain http may go to.
    public static func isLoopback(_ host: String) -> Bool {
        var bare = Substring(host)
        while bare.first == "[" { bare.removeFirst() }
        while bare.last == "]" { bare.removeLast() }
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// `text` without white space at either end. (Foundation's `trimmingCharacters(in:)` and
    /// `CharacterSet` bring ICU into a statically linked helper.)
    public static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// "м. Київ" or "Kyiv City", not "Київська область" (the region around it).
    /// (With Foundation imported, `String.contains(String)` is Foundation's, which goes through
    /// `range(of:options:range:locale:)` and brings ICU, some 44 MB, into a statically linked
    /// helper; the standard library's `firstRange(of:)` does the same literal search.)
    static func isKyivCity(_ name: String) -> Bool {
        let lowered = name.lowercased()
        func has(_ part: String) -> Bool { lowered.firstRange(of: part) != nil }
        return (has("київ") || has("kyiv")) && !has("област") && !has("oblast") && !has("київська") && !has("region")
    }
}
