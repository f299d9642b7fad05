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

    public static func parse(_ data: Data) -> Verdict {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return .unknown("the feed did not answer with a JSON object")
        }
        if let alert = object["alert"] as? Bool { return alert ? .alert : .quiet }
        if let state = object["state"] as? [String: Any], let alert = state["alert"] as? Bool { return alert ? .alert : .quiet }
        if let states = object["states"] as? [[String: Any]] {
            let kyiv = states.first { ($0["name"] as? String).map(isKyivCity) ?? false }
            if let alert = kyiv?["alert"] as? Bool { return alert ? .alert : .quiet }
            return .unknown("the feed lists no entry for the city of Kyiv")
        }
        return .unknown("the feed's answer has no alert field")
    }

    /// "м. Київ" or "Kyiv City", not "Київська область" (the region around it).
    static func isKyivCity(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return (lowered.contains("київ") || lowered.contains("kyiv")) && !lowered.contains("област") && !lowered.contains("oblast")
            && !lowered.contains("київська") && !lowered.contains("region")
    }
}
