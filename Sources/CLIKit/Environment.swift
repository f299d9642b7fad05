#if canImport(Glibc)
import Glibc
#endif

/// The process's environment, read from `environ` at the edge. `ProcessInfo.environment` gives
/// the same dictionary but cost 670,000 instructions at every start of the static build (a
/// sixth of what `status` costs in all); this is a loop over the C array.
package enum Environment {
    package static func current() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                // The first of a name given twice wins, as getenv(3) reads it.
                if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }
}
