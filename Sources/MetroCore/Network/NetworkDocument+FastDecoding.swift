/// A small JSON reader for the embedded network, used on every start-up.
///
/// `JSONDecoder`'s Codable machinery took half of `plan`'s instructions for this 96 KB document;
/// this reader parses the bytes once into plain values and maps them by hand. It reads only what
/// `timetable-gen` writes (objects, arrays, strings, integers, booleans, null), and a test checks
/// that it gives exactly what `JSONDecoder` gives.
enum JSONValue: Equatable {
    /// Members in document order: objects here have a handful of keys, and a linear search
    /// beats hashing every key of every object.
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Int)
    /// A number with a fraction or an exponent, or an integer too large for `Int`.
    case double(Double)
    case bool(Bool)
    case null

    /// What is wrong in the bytes, in both languages.
    struct Malformed: BilingualError {
        var reason: Bilingual
        init(_ uk: String, _ en: String) { reason = Bilingual(uk, en) }
    }

    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = Parser(bytes: bytes)
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == bytes.count else { throw Malformed("зайві байти після кінця на позиції \(parser.index)", "trailing bytes at \(parser.index)") }
        return value
    }

    struct Parser {
        let bytes: [UInt8]
        var index = 0
        /// How deep objects and arrays may nest: ours nest four deep; a file of a million '['
        /// must be refused, not recursed into until the stack runs out.
        var depth = 0
        static let maximumDepth = 64

        /// The byte at the reading position, or nil at the end: never an index out of range.
        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }

        mutating func expect(_ byte: UInt8) throws {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else {
                throw Malformed("очікувано '\(Character(UnicodeScalar(byte)))' на позиції \(index)", "expected '\(Character(UnicodeScalar(byte)))' at \(index)")
            }
            index += 1
        }

        mutating func value() throws -> JSONValue {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth else { throw Malformed("вкладено глибше за \(Self.maximumDepth) рівнів на позиції \(index)", "nested deeper than \(Self.maximumDepth) at \(index)") }
            skipSpace()
            guard index < bytes.count else { throw Malformed("несподіваний кінець", "unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: JSONValue)] = []
                // The network's objects have up to 16 members: growing the array one doubling
                // at a time was a tenth of decoding it.
                members.reserveCapacity(16)
                skipSpace()
                if peek() == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipSpace()
                    let key = try string()
                    try expect(UInt8(ascii: ":"))
                    members.append((key, try value()))
                    skipSpace()
                    if peek() == UInt8(ascii: ",") { index += 1; continue }
                    try expect(UInt8(ascii: "}"))
                    return .object(members)
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [JSONValue] = []
                skipSpace()
                if peek() == UInt8(ascii: "]") { index += 1; return .array(elements) }
                while true {
                    elements.append(try value())
                    skipSpace()
                    if peek() == UInt8(ascii: ",") { index += 1; continue }
                    try expect(UInt8(ascii: "]"))
                    return .array(elements)
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            default:
                return try number()
            }
        }

        mutating func literal(_ word: String) throws {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<(index + expected.count)]) == expected else {
                throw Malformed("очікувано \(word) на позиції \(index)", "expected \(word) at \(index)")
            }
            index += expected.count
        }

        /// An integer, or (with a fraction, an exponent, or too many digits for `Int`) a finite
        /// Double. The files read here may come from anywhere: no digit string may trap.
        mutating func number() throws -> JSONValue {
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - from
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw Malformed("неочікуваний байт на позиції \(start)", "unexpected byte at \(start)") }
            var fractional = false
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                fractional = true
                guard digits() > 0 else { throw Malformed("число без цифр після '.' на позиції \(start)", "a number without digits after '.' at \(start)") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                fractional = true
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw Malformed("число без показника степеня на позиції \(start)", "a number without an exponent at \(start)") }
            }
            // An integer of up to 18 digits is read straight from the bytes (it cannot overflow);
            // anything else goes through the text.
            if !fractional {
                let negative = bytes[start] == UInt8(ascii: "-")
                let first = negative ? start + 1 : start
                if index - first <= 18 {
                    var value = 0
                    for byte in bytes[first..<index] { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
                    return .number(negative ? -value : value)
                }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if !fractional, let value = Int(text) { return .number(value) }
            guard let value = Double(text), value.isFinite else { throw Malformed("число поза межами на позиції \(start)", "a number out of range at \(start)") }
            return .double(value)
        }

        mutating func string() throws -> String {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Malformed("очікувано рядок на позиції \(index)", "expected a string at \(index)") }
            index += 1
            // Most strings have no escapes: one scan, then a String straight from the bytes.
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                defer { index = end + 1 }
                return String(decoding: bytes[index..<end], as: UTF8.self)
            }
            var scalars: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: scalars, as: UTF8.self) }
                if byte != UInt8(ascii: "\\") { scalars.append(byte); continue }
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16),
                        let scalar = Unicode.Scalar(code)
                    else { throw Malformed("хибна послідовність \\u на позиції \(index)", "bad \\u escape at \(index)") }
                    index += 4
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: scalars.append(escaped)  // \" \\ \/
                }
            }
            throw Malformed("незакритий рядок", "unterminated string")
        }
    }

    // MARK: - Access

    func field(_ key: String) throws -> JSONValue {
        guard case .object(let members) = self, let member = members.first(where: { $0.key == key }) else {
            throw Malformed("бракує '\(key)'", "missing '\(key)'")
        }
        return member.value
    }

    func optionalField(_ key: String) -> JSONValue? {
        guard case .object(let members) = self, let member = members.first(where: { $0.key == key }), member.value != .null else { return nil }
        return member.value
    }

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.object(a), .object(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(a), .array(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    func string(_ key: String) throws -> String {
        guard case .string(let value) = try field(key) else { throw Malformed("'\(key)' не рядок", "'\(key)' is not a string") }
        return value
    }

    func int(_ key: String) throws -> Int {
        guard case .number(let value) = try field(key) else { throw Malformed("'\(key)' не ціле число", "'\(key)' is not an integer") }
        return value
    }

    /// A number, integer or not (JSONDecoder reads a Date from either).
    func double(_ key: String) throws -> Double {
        switch try field(key) {
        case .number(let value): return Double(value)
        case .double(let value): return value
        default: throw Malformed("'\(key)' не число", "'\(key)' is not a number")
        }
    }

    func bool(_ key: String) throws -> Bool {
        guard case .bool(let value) = try field(key) else { throw Malformed("'\(key)' не логічне значення", "'\(key)' is not a boolean") }
        return value
    }

    func array(_ key: String) throws -> [JSONValue] {
        guard case .array(let value) = try field(key) else { throw Malformed("'\(key)' не масив", "'\(key)' is not an array") }
        return value
    }

    /// An array of strings that may be absent (nil), as JSONDecoder reads `[String]?`.
    func optionalStrings(_ key: String) throws -> [String]? {
        guard optionalField(key) != nil else { return nil }
        return try array(key).map {
            guard case .string(let value) = $0 else { throw Malformed("елемент '\(key)' не рядок", "an entry of '\(key)' is not a string") }
            return value
        }
    }

    func enumeration<E: RawRepresentable>(_ key: String) throws -> E where E.RawValue == String {
        guard let value = E(rawValue: try string(key)) else { throw Malformed("'\(key)' має невідоме значення", "'\(key)' has an unknown value") }
        return value
    }
}

extension NetworkDocument {
    /// Decodes the generator's JSON without Codable (see `JSONValue`).
    init(fastJSON bytes: [UInt8]) throws {
        let root = try JSONValue.parse(bytes)
        let source = try root.field("source"), assumptions = try root.field("assumptions")
        self.init(
            version: try root.int("version"),
            source: Source(
                dataset: try source.string("dataset"), publisher: try source.string("publisher"), licence: try source.string("licence"),
                resourcesDated: try source.string("resourcesDated"), retrieved: try source.string("retrieved")),
            assumptions: Assumptions(
                dwellSeconds: try assumptions.int("dwellSeconds"), dwellAssumed: try assumptions.bool("dwellAssumed"),
                plausibleGapMinSeconds: try assumptions.int("plausibleGapMinSeconds"),
                plausibleGapMaxSeconds: try assumptions.int("plausibleGapMaxSeconds")),
            lines: try root.array("lines").map { line in
                Line(
                    id: try line.string("id"), nameUk: try line.string("nameUk"), nameEn: try line.string("nameEn"),
                    color: try line.string("color"),
                    stations: try line.array("stations").map {
                        guard case .string(let code) = $0 else { throw JSONValue.Malformed("код станції не рядок", "a station code is not a string") }
                        return code
                    })
            },
            stations: try root.array("stations").map { station in
                Station(
                    code: try station.string("code"), line: try station.string("line"), order: try station.int("order"),
                    nameUk: try station.string("nameUk"), nameEn: try station.string("nameEn"),
                    formerNames: try station.array("formerNames").map { FormerName(uk: try $0.string("uk"), en: try $0.string("en")) },
                    aboveGround: try station.bool("aboveGround"),
                    transfer: station.optionalField("transfer") == nil ? nil : try station.string("transfer"),
                    latitudeE6: try station.int("latitudeE6"), longitudeE6: try station.int("longitudeE6"),
                    namesRu: try station.optionalStrings("namesRu"), formerNamesRu: try station.optionalStrings("formerNamesRu"))
            },
            segments: try root.array("segments").map { segment in
                Segment(
                    line: try segment.string("line"), direction: try segment.enumeration("direction"),
                    from: try segment.string("from"), to: try segment.string("to"), gapSeconds: try segment.int("gapSeconds"),
                    runSeconds: try segment.int("runSeconds"), dwellSeconds: try segment.int("dwellSeconds"),
                    sampleGaps: try segment.array("sampleGaps").map {
                        guard case .number(let gap) = $0 else { throw JSONValue.Malformed("вибірка не ціле число", "a sample is not an integer") }
                        return gap
                    },
                    basis: try segment.enumeration("basis"), openAir: try segment.bool("openAir"),
                    earlyGapSeconds: try segment.int("earlyGapSeconds"), lateGapSeconds: try segment.int("lateGapSeconds"))
            },
            transfers: try root.array("transfers").map { transfer in
                Transfer(
                    stationA: try transfer.string("stationA"), stationB: try transfer.string("stationB"),
                    walkSeconds: try transfer.int("walkSeconds"), basis: try transfer.string("basis"), note: try transfer.string("note"))
            },
            headways: try root.array("headways").map { headway in
                Headway(
                    line: try headway.string("line"), direction: try headway.enumeration("direction"),
                    dayType: try headway.enumeration("dayType"), hour: try headway.int("hour"),
                    firstSeconds: try headway.int("firstSeconds"), secondSeconds: try headway.int("secondSeconds"),
                    singleValue: try headway.bool("singleValue"))
            },
            serviceWindows: try root.array("serviceWindows").map { window in
                ServiceWindow(
                    station: try window.string("station"), direction: try window.enumeration("direction"),
                    firstDeparture: try window.int("firstDeparture"), lastDeparture: try window.int("lastDeparture"))
            },
            airRaidSections: try root.array("airRaidSections").map { section in
                Section(line: try section.string("line"), from: try section.string("from"), to: try section.string("to"))
            },
            entrances: try root.optionalField("entrances").map { _ in try root.array("entrances") }?.map { entrance in
                Entrance(
                    station: try entrance.string("station"), opens: try entrance.int("opens"), closes: try entrance.int("closes"),
                    halls: try entrance.int("halls"), hallsOpen: try entrance.int("hallsOpen"))
            })
    }
}
