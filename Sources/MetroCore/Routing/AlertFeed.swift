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
        guard let document = try? JSONDecoder().decode(JSONValue.self, from: data), case .object(let object) = document else {
            return .unknown("the feed did not answer with a JSON object")
        }
        var said: [Bool] = []
        if let alert = object["alert"]?.bool { said.append(alert) }
        if case .object(let state)? = object["state"], let alert = state["alert"]?.bool { said.append(alert) }
        if let states = object["states"]?.objects {
            let kyiv = states.filter { $0["name"]?.string.map(isKyivCity) ?? false }
            if kyiv.count > 1 { return .unknown("the feed lists the city of Kyiv more than once") }
            if let alert = kyiv.first?["alert"]?.bool {
                said.append(alert)
            } else if said.isEmpty {
                return .unknown("the feed lists no entry for the city of Kyiv")
            }
        }
        guard let first = said.first else { return .unknown("the feed's answer has no alert field") }
        guard said.allSatisfy({ $0 == first }) else { return .unknown("the feed contradicts itself about Kyiv") }
        return first ? .alert : .quiet
    }

    /// Any JSON value, read with `JSONDecoder` (FoundationEssentials). `JSONSerialization` would
    /// do in three lines, but it alone brings ICU into a statically linked helper (a stripped
    /// hello world reading JSON with it: 57.9 MB; with `JSONDecoder`: 13.7 MB).
    enum JSONValue: Decodable {
        case bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue]), null

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([JSONValue].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: JSONValue].self))
            }
        }

        /// `true`/`false`, and 1/0 as JSONSerialization's `as? Bool` read them before.
        var bool: Bool? {
            switch self {
            case .bool(let value): return value
            case .number(1): return true
            case .number(0): return false
            default: return nil
            }
        }

        var string: String? { if case .string(let value) = self { return value } else { return nil } }

        /// A list of objects, or nil when anything in it is not one (as `as? [[String: Any]]`).
        var objects: [[String: JSONValue]]? {
            guard case .array(let items) = self else { return nil }
            var objects: [[String: JSONValue]] = []
            for item in items {
                guard case .object(let object) = item else { return nil }
                objects.append(object)
            }
            return objects
        }
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
