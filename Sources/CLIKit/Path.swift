/// Path arithmetic on strings, as `NSString`'s `deletingLastPathComponent` and
/// `lastPathComponent` do it (those live in the full Foundation, which the release build does not
/// link).
package enum Path {
    /// `/a/b/c` → `/a/b`; `/a` → `/`; `name` → ``.
    package static func directory(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let parent = String(trimmed[..<slash])
        return parent.isEmpty ? "/" : withoutTrailingSlashes(parent)
    }

    /// `/a/b/c` → `c`; `/a/b/` → `b`.
    static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        let last = String(trimmed[trimmed.index(after: slash)...])
        return last.isEmpty ? "/" : last
    }

    static func withoutTrailingSlashes(_ path: String) -> String {
        var result = Substring(path)
        while result.count > 1, result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}
