import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The command line as the kernel gave it. Swift's `CommandLine.arguments` repairs bytes that are
/// not UTF-8 (each becomes U+FFFD), so `--ics $'\xff.ics'` would write a file of another name;
/// such an argument is refused before anything is done with it.
package enum RawArguments {
    /// The first argument (counted from 1 after the program's name) that is not UTF-8, and as
    /// much of it as can be read; nil when every one is.
    package static func firstNotUTF8() -> (index: Int, readable: String)? {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if String(validating: bytes, as: UTF8.self) == nil {
                return (index, String(decoding: bytes, as: UTF8.self))
            }
        }
        return nil
    }

    /// The usage error for it (exit 64).
    package static func error(_ found: (index: Int, readable: String), language: Language) -> String {
        let shown = Quote.value(found.readable)
        return language.tr(
            "аргумент \(found.index) — не текст UTF-8 ('\(shown)' — усе, що в ньому можна прочитати), тож файл, названий ним, отримав би іншу назву; вкажіть його в UTF-8.",
            "argument \(found.index) is not UTF-8 text ('\(shown)' is as much of it as can be read), so a file named by it would get another name; give it in UTF-8."
        )
    }
}
