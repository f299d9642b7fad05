import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The command line as the kernel gave it. Swift's `CommandLine.arguments` repairs bytes that are
/// not UTF-8 (each becomes U+FFFD), so `--ics $'\xff.ics'` would write a file of another name;
/// such an argument is refused before anything is done with it.
///
/// The count may be 0: an `execve` with an empty argument vector (kernels before 5.18 pass it
/// on as it is), or libfaketime preloaded without `FAKETIME_SHARED`, which moves `environ`, so
/// that the Swift runtime, finding `argv` by walking back from it, sees none. Then the kernel's
/// own copy, /proc/self/cmdline, is read: the arguments the process was started with, or none.
package enum RawArguments {
    /// Every argument, the program's name first when there is one, as bytes.
    package static let vector: [[UInt8]] = {
        let count = Int(CommandLine.argc)
        guard count > 0 else { return commandLineFile() }
        return (0..<count).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
            return Array(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
        }
    }()

    /// The arguments after the program's name, as `CommandLine.arguments` gives them.
    package static var arguments: [String] { vector.dropFirst().map { String(decoding: $0, as: UTF8.self) } }

    /// The program's name as it was started (argv[0]), nil when there was none.
    package static var programName: String? { vector.first.map { String(decoding: $0, as: UTF8.self) } }

    /// /proc/self/cmdline: the arguments, each ended by a NUL; empty when there were none.
    static func commandLineFile() -> [[UInt8]] {
        let descriptor = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        if bytes.last == 0 { bytes.removeLast() }
        guard !bytes.isEmpty else { return [] }
        return bytes.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    }

    /// The first argument (counted from 1 after the program's name) that is not UTF-8, and as
    /// much of it as can be read; nil when every one is.
    package static func firstNotUTF8() -> (index: Int, readable: String)? {
        for (index, bytes) in vector.enumerated().dropFirst() where String(validating: bytes, as: UTF8.self) == nil {
            return (index, String(decoding: bytes, as: UTF8.self))
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
