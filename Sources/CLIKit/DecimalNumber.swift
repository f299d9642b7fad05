/// The one reader of a number typed on the command line: plain decimal, as a person writes it.
///
/// Swift's `Double(_:)` also reads `0x10` (16), `1e1`, `inf` and `nan`, and `Int(_:)` reads
/// `+5`: were each option to read its number its own way, `--headway 0x10` would be 16 minutes
/// while `--timeout 0x10` is refused. Here: ASCII digits, and where a fraction is allowed one point
/// followed by digits; no sign, no exponent, no spaces, no other digits. Each option's range is
/// checked by the option, as its help states it.
package enum DecimalNumber {
    /// The longest text read (a longer one is no number any option takes).
    static let longest = 12

    /// `10`, `2.5`: a non-negative decimal number, or nil.
    package static func value(_ text: some StringProtocol) -> Double? {
        guard (1...longest).contains(text.utf8.count) else { return nil }
        let parts = text.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }) else { return nil }
        return Double(String(text))
    }

    /// `10`: a non-negative whole number, or nil.
    package static func whole(_ text: some StringProtocol) -> Int? {
        guard (1...longest).contains(text.utf8.count), text.utf8.allSatisfy(isDigit) else { return nil }
        return Int(String(text))
    }

    /// `+2`, `-1`: a sign, then a whole number; or nil.
    package static func signedWhole(_ text: some StringProtocol) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-", let magnitude = whole(text.dropFirst()) else {
            return nil
        }
        return sign == "-" ? -magnitude : magnitude
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
