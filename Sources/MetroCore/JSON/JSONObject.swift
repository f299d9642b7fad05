/// The one JSON reader (and writer) of the project, with the standard library only: Foundation's
/// `JSONSerialization` and `JSONDecoder` bring the full Foundation, whose static build carries ICU
/// (about 45 MB), and `JSONDecoder`'s machinery took half of `plan`'s start-up.
///
/// The parser makes a typed tree (`Value`). `parse` gives it in the shapes `JSONSerialization`
/// gives (`[String: Any]`, `[Any]`, `String`, `Bool`, `Int` for integers that fit, `Double` for the
/// rest, `JSONObject.null`); `decode` (`JSONObject+Decoder.swift`, walked by `ValueDecoder`) reads
/// any `Decodable` from it, the embedded network on every start-up included.
package enum JSONObject {
    /// JSON's `null`.
    package struct Null: Equatable, Sendable {}
    package static let null = Null()

    /// Why bytes are not JSON, and where (a byte offset; `count` when the text ended early).
    package struct ParseError: BilingualError, Equatable, Sendable {
        package var offset: Int
        package var message: String
        /// The key an object named twice (with `rejectDuplicateKeys`).
        var duplicateKey: String? = nil
        /// The message in Ukrainian (the English is `message`).
        var messageUk: String = ""
        package var description: String { "\(message) at byte \(offset)" }
        package var reason: Bilingual {
            Bilingual("\(messageUk.isEmpty ? message : messageUk) (байт \(offset))", description)
        }
    }

    /// Parses one JSON value (RFC 8259). With `rejectDuplicateKeys`, an object that names a key
    /// twice is an error rather than "the last one wins".
    package static func parse(_ bytes: [UInt8], rejectDuplicateKeys: Bool = false) throws(ParseError) -> Any {
        try value(bytes, rejectDuplicateKeys: rejectDuplicateKeys).any
    }

    /// Parses one JSON value (RFC 8259) into the typed tree.
    package static func value(_ bytes: [UInt8], rejectDuplicateKeys: Bool = false) throws(ParseError) -> Value {
        var parser = Parser(bytes: bytes, rejectDuplicates: rejectDuplicateKeys)
        // A UTF-8 byte order mark before the text is ignored (RFC 8259 section 8.1 allows it).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == bytes.count else {
            throw parser.error("unexpected text after the JSON value", "зайвий текст після значення JSON")
        }
        return value
    }

    /// A parsed JSON value. Objects keep their members in document order (a handful of keys
    /// each: a linear search beats hashing every key of every object).
    package enum Value: Equatable, Sendable {
        case object([Member])
        case array([Value])
        case string(String)
        /// An integer that fits in `Int`.
        case integer(Int)
        /// A number with a fraction or an exponent, or an integer too large for `Int`.
        case double(Double)
        case bool(Bool)
        case null

        /// The value as `JSONSerialization` gives it (of a key given twice, the last).
        package var any: Any {
            switch self {
            case .object(let members):
                var result: [String: Any] = [:]
                result.reserveCapacity(members.count)
                for member in members { result[member.key] = member.value.any }
                return result
            case .array(let elements): return elements.map(\.any)
            case .string(let string): return string
            case .integer(let int): return int
            case .double(let double): return double
            case .bool(let bool): return bool
            case .null: return JSONObject.null
            }
        }
    }

    /// One member of an object.
    package struct Member: Equatable, Sendable {
        package var key: String
        package var value: Value
    }

    /// A number as a `Double`, whichever way it was written.
    package static func double(_ value: Any?) -> Double? {
        if let int = value as? Int { return Double(int) }
        return value as? Double
    }

    struct Parser {
        let bytes: [UInt8]
        let rejectDuplicates: Bool
        var position = 0

        init(bytes: [UInt8], rejectDuplicates: Bool) {
            self.bytes = bytes
            self.rejectDuplicates = rejectDuplicates
        }

        func error(_ message: String, _ uk: String) -> ParseError {
            ParseError(offset: position, message: message, messageUk: uk)
        }
        func early() -> ParseError { error("the JSON ends too early", "JSON уривається") }
        func invalid() -> ParseError { error("not valid JSON here", "тут не чинний JSON") }

        mutating func skipSpace() {
            while position < bytes.count {
                let byte = bytes[position]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
                position += 1
            }
        }

        mutating func expect(_ literal: StaticString, _ value: Value) throws(ParseError) -> Value {
            // The error stands at the first byte that cannot follow (`tt01` at the second `t`).
            let text = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
            for byte in text {
                guard position < bytes.count else { throw early() }
                guard bytes[position] == byte else { throw invalid() }
                position += 1
            }
            return value
        }

        mutating func value(depth: Int) throws(ParseError) -> Value {
            guard depth < 512 else { throw error("nested too deeply", "вкладено надто глибоко") }
            guard position < bytes.count else { throw early() }
            switch bytes[position] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try expect("true", .bool(true))
            case UInt8(ascii: "f"): return try expect("false", .bool(false))
            case UInt8(ascii: "n"): return try expect("null", .null)
            default: return try number()
            }
        }

        mutating func object(depth: Int) throws(ParseError) -> Value {
            position += 1
            var members: [Member] = []
            // The network's objects have up to 16 members: growing the array one doubling at a
            // time was a tenth of reading it.
            members.reserveCapacity(16)
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard position < bytes.count else { throw early() }
                guard bytes[position] == UInt8(ascii: "\"") else { throw invalid() }
                let keyStart = position
                let key = try string()
                skipSpace()
                guard position < bytes.count else { throw early() }
                guard bytes[position] == UInt8(ascii: ":") else { throw invalid() }
                position += 1
                skipSpace()
                let element = try value(depth: depth + 1)
                if rejectDuplicates, members.contains(where: { $0.key == key }) {
                    throw ParseError(
                        offset: keyStart, message: "the key '\(key)' is given twice", duplicateKey: key,
                        messageUk: "ключ '\(key)' повторено")
                }
                members.append(Member(key: key, value: element))
                skipSpace()
                guard position < bytes.count else { throw early() }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "}") else { throw invalid() }
                position += 1
                return .object(members)
            }
        }

        mutating func array(depth: Int) throws(ParseError) -> Value {
            position += 1
            var elements: [Value] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                skipSpace()
                elements.append(try value(depth: depth + 1))
                skipSpace()
                guard position < bytes.count else { throw early() }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "]") else { throw invalid() }
                position += 1
                return .array(elements)
            }
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            guard bytes.count - position >= 4 else { throw early() }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[position]
                let digit: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
                default: throw invalid()
                }
                value = value << 4 | UInt32(digit)
                position += 1
            }
            return value
        }

        mutating func string() throws(ParseError) -> String {
            position += 1
            // Most strings have no escape: one scan, then a String straight from the bytes.
            var end = position
            while end < bytes.count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "\"") {
                    defer { position = end + 1 }
                    return String(decoding: bytes[position..<end], as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                end += 1
            }
            var scalars = String.UnicodeScalarView()
            var start = position
            func flush(_ end: Int) {
                if end > start {
                    scalars.append(contentsOf: String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars)
                }
            }
            while true {
                guard position < bytes.count else { throw early() }
                let c = bytes[position]
                if c == UInt8(ascii: "\"") {
                    flush(position)
                    position += 1
                    return String(scalars)
                }
                guard c >= 0x20 else { throw invalid() }
                if c != UInt8(ascii: "\\") {
                    position += 1
                    continue
                }
                flush(position)
                position += 1
                guard position < bytes.count else { throw early() }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        // A surrogate pair; a lone half becomes U+FFFD, as Foundation makes it.
                        if bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
                            bytes[position + 1] == UInt8(ascii: "u")
                        {
                            position += 2
                            let low = try hex4()
                            code =
                                (0xDC00..<0xE000).contains(low)
                                ? 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00) : 0xFFFD
                        } else {
                            code = 0xFFFD
                        }
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default:
                    position -= 1
                    throw invalid()
                }
                start = position
            }
        }

        mutating func number() throws(ParseError) -> Value {
            let start = position
            func digits() -> Int {
                let from = position
                while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                    position += 1
                }
                return position - from
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
            let integerStart = position
            guard digits() > 0 else { throw position >= bytes.count ? early() : invalid() }
            if bytes[integerStart] == UInt8(ascii: "0"), position - integerStart > 1 {
                position = integerStart + 1
                throw invalid()
            }
            var integral = true
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                integral = false
                guard digits() > 0 else { throw position >= bytes.count ? early() : invalid() }
            }
            if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
                position += 1
                integral = false
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
                {
                    position += 1
                }
                guard digits() > 0 else { throw position >= bytes.count ? early() : invalid() }
            }
            // An integer of up to 18 digits is read straight from the bytes (it cannot overflow);
            // anything else goes through the text.
            if integral, position - integerStart <= 18 {
                var value = 0
                for byte in bytes[integerStart..<position] { value = value &* 10 &+ Int(byte &- UInt8(ascii: "0")) }
                return .integer(integerStart > start ? -value : value)
            }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            if integral, let int = Int(text) { return .integer(int) }
            guard let double = Double(text), double.isFinite else {
                throw ParseError(offset: start, message: "a number out of range", messageUk: "число поза межами")
            }
            return .double(double)
        }
    }
}
