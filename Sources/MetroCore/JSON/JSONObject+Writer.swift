/// The writer of the untyped tree: sorted keys, unescaped slashes, compact or indented.
extension JSONObject {
    /// Writes a value with sorted keys and unescaped slashes, compact or indented by two spaces
    /// (`"key" : value`), the way `JSONSerialization` does with `.sortedKeys` and
    /// `.withoutEscapingSlashes`. `nil` and `Null` are written as `null`.
    package static func serialize(_ value: Any?, pretty: Bool = false) -> String {
        var out = ""
        write(value, into: &out, pretty: pretty, indent: 0)
        return out
    }

    static func write(_ value: Any?, into out: inout String, pretty: Bool, indent: Int) {
        let newline = pretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
        let close = pretty ? "\n" + String(repeating: "  ", count: indent) : ""
        switch value {
        case nil, is Null:
            out += "null"
        case let bool as Bool:
            out += bool ? "true" : "false"
        case let int as Int:
            out += String(int)
        case let double as Double:
            out += number(double)
        case let string as String:
            quote(string, into: &out)
        case let array as [Any?]:
            out += "["
            for (index, element) in array.enumerated() {
                out += (index > 0 ? "," : "") + newline
                write(element, into: &out, pretty: pretty, indent: indent + 1)
            }
            out += (array.isEmpty ? (pretty ? "\n" + close : "") : close) + "]"
        case let object as [String: Any?]:
            out += "{"
            for (index, key) in object.keys.sorted().enumerated() {
                out += (index > 0 ? "," : "") + newline
                quote(key, into: &out)
                out += pretty ? " : " : ":"
                write(object[key]!, into: &out, pretty: pretty, indent: indent + 1)
            }
            out += (object.isEmpty ? (pretty ? "\n" + close : "") : close) + "}"
        case let other?:
            quote("\(other)", into: &out)
        }
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    static func quote(_ string: String, into out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
