#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers formatted as `String(format:)` did, which FoundationEssentials lacks.
package enum Format {
    /// `printf`-style formatting of numbers (`%02d`, `%.6f`), by the C library, so the digits
    /// are exactly those `String(format:)` gave. For numeric conversions only: no `%@`.
    package static func c(_ format: String, _ arguments: any CVarArg...) -> String {
        withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 128)
            let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
            guard needed >= buffer.count else {
                return String(decoding: buffer.prefix(max(0, needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            return withVaList(arguments) { again in
                buffer = [CChar](repeating: 0, count: needed + 1)
                _ = vsnprintf(&buffer, buffer.count, format, again)
                return String(decoding: buffer.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
    }
}
