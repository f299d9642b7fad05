/// Typed reads from a parsed value, for the two files read on every start-up (the embedded
/// network, and the trip file `status` reads on every poll of a tmux bar). They walk the tree by
/// hand instead of through `decode`: the `Codable` machinery's generic containers cost `plan` 9 M
/// instructions more (18.9 M → 27.9 M, callgrind, bench/README.md), most of it the run-time
/// lookup of each container type. Tests hold both walks to Foundation's decoder.
extension JSONObject.Value {
    /// What is wrong with a value's shape, in both languages.
    struct ShapeError: BilingualError {
        var reason: Bilingual
        init(_ uk: String, _ en: String) { reason = Bilingual(uk, en) }
    }

    func field(_ key: String) throws -> JSONObject.Value {
        guard case .object(let members) = self, let member = members.first(where: { $0.key == key }) else {
            throw ShapeError("бракує '\(key)'", "missing '\(key)'")
        }
        return member.value
    }

    /// A member that is there and not null.
    func optionalField(_ key: String) -> JSONObject.Value? {
        guard case .object(let members) = self, let member = members.first(where: { $0.key == key }) else { return nil }
        if case .null = member.value { return nil }
        return member.value
    }

    func string(_ key: String) throws -> String {
        guard case .string(let value) = try field(key) else {
            throw ShapeError("'\(key)' не рядок", "'\(key)' is not a string")
        }
        return value
    }

    func int(_ key: String) throws -> Int {
        guard case .integer(let value) = try field(key) else {
            throw ShapeError("'\(key)' не ціле число", "'\(key)' is not an integer")
        }
        return value
    }

    /// A number, integer or not (a `Date` is read from either).
    func double(_ key: String) throws -> Double {
        switch try field(key) {
        case .integer(let value): return Double(value)
        case .double(let value): return value
        default: throw ShapeError("'\(key)' не число", "'\(key)' is not a number")
        }
    }

    func bool(_ key: String) throws -> Bool {
        guard case .bool(let value) = try field(key) else {
            throw ShapeError("'\(key)' не логічне значення", "'\(key)' is not a boolean")
        }
        return value
    }

    func array(_ key: String) throws -> [JSONObject.Value] {
        guard case .array(let value) = try field(key) else {
            throw ShapeError("'\(key)' не масив", "'\(key)' is not an array")
        }
        return value
    }

    /// An array of strings that may be absent (nil), as `decodeIfPresent` reads `[String]?`.
    func optionalStrings(_ key: String) throws -> [String]? {
        guard optionalField(key) != nil else { return nil }
        return try array(key).map {
            guard case .string(let value) = $0 else {
                throw ShapeError("елемент '\(key)' не рядок", "an entry of '\(key)' is not a string")
            }
            return value
        }
    }

    func enumeration<E: RawRepresentable>(_ key: String) throws -> E where E.RawValue == String {
        guard let value = E(rawValue: try string(key)) else {
            throw ShapeError("'\(key)' має невідоме значення", "'\(key)' has an unknown value")
        }
        return value
    }
}
