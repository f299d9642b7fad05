import Foundation

/// Whether a JSON text repeats a key inside one object. JSONSerialization keeps the last of
/// `{"alert": false, "alert": true}` without a word; an answer that says two things is no
/// answer. A structural scan only (the text is parsed for real afterwards): strings are read
/// with their escapes, so `"al\u0065rt"` is `alert`.
enum JSONDuplicateKeys {
    static func found(in data: Data) -> Bool {
        let bytes = [UInt8](data)
        var index = 0
        // One set of keys per open object; nil for an open array.
        var stack: [Set<[UInt8]>?] = []
        var expectingKey = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                stack.append([])
                expectingKey = true
            case UInt8(ascii: "["):
                stack.append(nil)
                expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
                expectingKey = false
            case UInt8(ascii: ","):
                expectingKey = stack.last.map { $0 != nil } ?? false
            case UInt8(ascii: ":"):
                expectingKey = false
            case UInt8(ascii: "\""):
                guard let (string, end) = readString(bytes, from: index) else { return false }
                if expectingKey, case .some(.some(var keys)) = stack.last {
                    guard keys.insert(string).inserted else { return true }
                    stack[stack.count - 1] = keys
                }
                expectingKey = false
                index = end
                continue
            default:
                break
            }
            index += 1
        }
        return false
    }

    /// The string starting at the quote at `start`, its escapes resolved, and the index past its
    /// closing quote; nil when it never closes (the real parse then refuses the text).
    private static func readString(_ bytes: [UInt8], from start: Int) -> ([UInt8], Int)? {
        var index = start + 1
        var raw: [UInt8] = []
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                escaped = true
                raw.append(byte)
                raw.append(index + 1 < bytes.count ? bytes[index + 1] : 0)
                index += 2
                continue
            }
            if byte == UInt8(ascii: "\"") {
                guard escaped else { return (raw, index + 1) }
                // Resolve the escapes the way the real parser will.
                let quoted = Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")])
                guard let text = try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed) as? String else { return (raw, index + 1) }
                return (Array(text.utf8), index + 1)
            }
            raw.append(byte)
            index += 1
        }
        return nil
    }
}
