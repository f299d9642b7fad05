/// A URL as it may be shown: the user name and password, and every query value, masked
/// (`https://***@host/path?key=***`). Feed URLs carry tokens, and a terminal, a log or a
/// screenshot is no place for them.
public enum URLMask {
    public static func mask(_ url: String) -> String {
        var text = url
        var fragment = ""
        if let hash = text.firstIndex(of: "#") {
            fragment = "#***"
            text = String(text[..<hash])
        }
        var query = ""
        if let question = text.firstIndex(of: "?") {
            let pairs = text[text.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
            query = "?" + pairs.map { pair in
                guard let equals = pair.firstIndex(of: "=") else { return pair.isEmpty ? "" : "***" }
                return String(pair[..<equals]) + "=***"
            }.joined(separator: "&")
            text = String(text[..<question])
        }
        // The authority runs from after the scheme (or from the start: `user:pw@host` is a URL
        // typed without one) to the first '/'.
        let start = text.firstRange(of: "://")?.upperBound ?? text.startIndex
        let rest = text[start...]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        if let at = rest[..<authorityEnd].lastIndex(of: "@") {
            text = String(text[..<start]) + "***" + String(rest[at...])
        }
        return text + query + fragment
    }
}
