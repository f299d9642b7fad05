/// The few text helpers the code needs that full Foundation has and FoundationEssentials does not
/// (the static release build links only FoundationEssentials: see `JSONObject`).
extension StringProtocol {
    /// Without leading and trailing white space (spaces, tabs, newlines).
    package func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}

extension String {
    /// Padded with spaces, or cut, to `length` characters (as `padding(toLength:withPad:
    /// startingAt:)` with a space).
    package func padding(to length: Int) -> String {
        count >= length ? String(prefix(length)) : self + String(repeating: " ", count: length - count)
    }
}
