import FoundationEssentials
import MetroCore

/// Where in a file a problem is: line and byte column, both from 1, for every data error.
package enum SourcePosition {
    /// The line and byte column of a 0-based byte offset.
    package static func of(offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// The offset of the first byte that is not valid UTF-8 (overlong forms and surrogates
    /// included), or nil when all of it is.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            var length = 0
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0x00...0x7F:
                index += 1
                continue
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                second = 0xA0...0xBF
            case 0xED:
                length = 3
                second = 0x80...0x9F
            case 0xE1...0xEF: length = 3
            case 0xF0:
                length = 4
                second = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                second = 0x80...0x8F
            default: return index
            }
            guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return index }
            for k in 2..<length where !(0x80...0xBF).contains(bytes[index + k]) { return index }
            index += length
        }
        return nil
    }

    /// A `DataError` for bytes that are not UTF-8, at the first bad byte.
    package static func utf8Error(_ bytes: [UInt8], file: String) -> DataError? {
        guard let offset = firstInvalidUTF8(bytes) else { return nil }
        let (line, column) = of(offset: offset, in: bytes)
        return DataError(
            file: file, line: line, column: column,
            "invalid UTF-8 (byte 0x" + String(bytes[offset], radix: 16, uppercase: true) + "); save the file as UTF-8")
    }

    /// A `DataError` for JSON that does not parse, at the byte the parser stopped at (or that
    /// the file ended early).
    static func jsonError(_ error: JSONObject.ParseError, bytes: [UInt8], file: String) -> DataError {
        if let problem = utf8Error(bytes, file: file) { return problem }
        let offset = min(error.offset, bytes.count)
        let (line, column) = of(offset: offset, in: bytes)
        let what = offset >= bytes.count ? "the JSON ends too early" : "not valid JSON here"
        return DataError(file: file, line: line, column: column, what)
    }
}
