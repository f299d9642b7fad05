import FoundationEssentials

/// A position in the tree: the value there and the path to it.
struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONObject.Value
    let codingPath: [any CodingKey]
    let dates: JSONObject.DateReading
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func read<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == Date.self, dates != .deferredToDate { return try date() as! T }
        return try T(from: self)
    }

    func date() throws -> Date {
        switch dates {
        case .secondsSince1970: return Date(timeIntervalSince1970: try decode(Double.self))
        case .iso8601:
            let text = try decode(String.self)
            guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "Expected date string to be ISO8601-formatted."))
            }
            return date
        case .deferredToDate: return try Date(from: self)
        }
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        if case .null = value {
            return .valueNotFound(
                type,
                .init(
                    codingPath: codingPath,
                    debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(
            type,
            .init(
                codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(value.kind) instead.")
        )
    }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(KeyedValues<Key>(members: members, codingPath: codingPath, dates: dates))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Any].self) }
        return UnkeyedValues(elements: elements, codingPath: codingPath, dates: dates)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(type) }
        return bool
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let string) = value else { throw mismatch(type) }
        return string
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .integer(let int): return Double(int)
        case .double(let double): return double
        default: throw mismatch(type)
        }
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    /// An integer is read only as it is written: digits alone. A fraction or an exponent is no
    /// integer, even where it names one (`1e2`, `2.0`), and `1e-400` is not 0. (Foundation's
    /// decoder takes both.) A number written whole but too large for `Int` is out of range.
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        switch value {
        case .integer(let int):
            if let exact = T(exactly: int) { return exact }
        case .double(let double) where double.magnitude >= 0x1p63 && double == double.rounded():
            break
        default:
            throw mismatch(type)
        }
        throw DecodingError.dataCorrupted(
            .init(codingPath: codingPath, debugDescription: "Parsed JSON number does not fit in \(type)."))
    }

    func decode(_ type: Int.Type) throws -> Int {
        if case .integer(let int) = value { return int }
        return try integer(type)
    }

    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }
}

/// An object's members, looked up by key.
struct KeyedValues<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [JSONObject.Member]
    let codingPath: [any CodingKey]
    let dates: JSONObject.DateReading

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func find(_ key: Key) -> JSONObject.Value? {
        let name = key.stringValue
        for member in members where member.key == name { return member.value }
        return nil
    }

    func at(_ key: Key) throws -> ValueDecoder {
        guard let value = find(key) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return ValueDecoder(value: value, codingPath: codingPath + [key], dates: dates)
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try at(key).decodeNil() }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        if case .bool(let bool)? = find(key) { return bool }
        return try at(key).decode(type)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        if case .string(let string)? = find(key) { return string }
        return try at(key).decode(type)
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        if case .integer(let int)? = find(key) { return int }
        return try at(key).decode(type)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try at(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try at(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try at(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try at(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try at(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try at(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try at(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try at(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try at(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try at(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try at(key).decode(type) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try at(key).read(type) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = find(key) else { return nil }
        if case .null = value { return nil }
        return try ValueDecoder(value: value, codingPath: codingPath + [key], dates: dates).read(type)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let value = find(key) else { return nil }
        switch value {
        case .null: return nil
        case .string(let string): return string
        default: return try at(key).decode(type)
        }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let value = find(key) else { return nil }
        if case .null = value { return nil }
        return try at(key).decode(type)
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard let value = find(key) else { return nil }
        if case .null = value { return nil }
        return try at(key).decode(type)
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let value = find(key) else { return nil }
        if case .null = value { return nil }
        return try at(key).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try at(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try at(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: .object(members), codingPath: codingPath, dates: dates)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try at(key) }
}

/// An array's elements, read in order.
struct UnkeyedValues: UnkeyedDecodingContainer {
    let elements: [JSONObject.Value]
    let codingPath: [any CodingKey]
    let dates: JSONObject.DateReading
    var currentIndex = 0

    init(elements: [JSONObject.Value], codingPath: [any CodingKey], dates: JSONObject.DateReading) {
        self.elements = elements
        self.codingPath = codingPath
        self.dates = dates
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    struct Index: CodingKey {
        var intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    mutating func next() throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self,
                .init(codingPath: codingPath + [Index(currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        defer { currentIndex += 1 }
        return ValueDecoder(value: elements[currentIndex], codingPath: codingPath + [Index(currentIndex)], dates: dates)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return try next().decodeNil() }
        if case .null = elements[currentIndex] {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode(_ type: String.Type) throws -> String {
        if currentIndex < elements.count, case .string(let string) = elements[currentIndex] {
            currentIndex += 1
            return string
        }
        return try next().decode(type)
    }

    mutating func decode(_ type: Int.Type) throws -> Int {
        if currentIndex < elements.count, case .integer(let int) = elements[currentIndex] {
            currentIndex += 1
            return int
        }
        return try next().decode(type)
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().read(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next() }
}
