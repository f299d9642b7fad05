/// A URL as it may be shown: the user name and password, and every query value, masked
/// (`https://***@host/path?key=***`). Feed URLs carry tokens, and a terminal, a log or a
/// screenshot is no place for them.
package enum URLMask {
    package static func mask(_ url: String) -> String {
        var text = url
        var fragment = ""
        if let hash = text.firstIndex(of: "#") {
            fragment = "#***"
            text = String(text[..<hash])
        }
        var query = ""
        if let question = text.firstIndex(of: "?") {
            let pairs = text[text.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
            query =
                "?"
                + pairs.map { pair in
                    guard let equals = pair.firstIndex(of: "=") else { return pair.isEmpty ? "" : "***" }
                    return String(pair[..<equals]) + "=***"
                }.joined(separator: "&")
            text = String(text[..<question])
        }
        // The authority runs from after the scheme and the slashes, however many (`//user:pw@host`,
        // `https:/user:pw@host`, `https:\\user:pw@host`), or from the start (`user:pw@host`, typed
        // without a scheme), to the next slash; a user name and password end at its last '@'.
        var start = text.startIndex
        if let colon = text.firstIndex(of: ":"),
            text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+.-".contains($0) }),
            text.index(after: colon) < text.endIndex, "/\\".contains(text[text.index(after: colon)])
        {
            start = text.index(after: colon)
        }
        start = text[start...].firstIndex { $0 != "/" && $0 != "\\" } ?? text.endIndex
        let authorityEnd = text[start...].firstIndex { $0 == "/" || $0 == "\\" } ?? text.endIndex
        if let at = text[start..<authorityEnd].lastIndex(of: "@") {
            text = String(text[..<start]) + "***" + String(text[at...])
        }
        return text + query + fragment
    }
}
