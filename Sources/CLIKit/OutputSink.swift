import MetroCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes. The real streams flush on every write, because Swift's `print` is
/// buffered and a redrawn line must reach the terminal now; tests pass a `StringSink`.
package protocol OutputSink: AnyObject, Sendable {
    func write(_ text: String)
}

extension OutputSink {
    package func line(_ text: String = "") { write(text + "\n") }
}

/// A file descriptor, written with `write(2)` so nothing waits in a buffer.
package final class DescriptorSink: OutputSink, @unchecked Sendable {
    package let descriptor: Int32
    private let lock = Mutex()
    private var errorNumber: Int32?
    private var readerGone = false

    package init(descriptor: Int32) { self.descriptor = descriptor }

    /// Why a write failed (a full disk, an I/O error), if one did: the program must not claim
    /// success for output that never arrived. A reader that went away (a closed pipe) is not a
    /// failure: like `git log | head`, the program just stops writing.
    package func failure(_ language: Language) -> String? {
        lock.withLock { errorNumber.map { SystemReason.text($0, language) } }
    }

    package static let standardOutput = DescriptorSink(descriptor: 1)
    package static let standardError = DescriptorSink(descriptor: 2)

    package func write(_ text: String) {
        guard lock.withLock({ errorNumber == nil && !readerGone }) else { return }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                lock.withLock { if code == EPIPE { readerGone = true } else { errorNumber = code } }
                return
            }
            offset += written
        }
    }
}

/// Collects output in memory, for tests.
package final class StringSink: OutputSink, @unchecked Sendable {
    private let lock = Mutex()
    private var buffer = ""

    package init() {}

    package func write(_ text: String) { lock.withLock { buffer += text } }

    package var text: String { lock.withLock { buffer } }

    package func clear() { lock.withLock { buffer = "" } }
}

/// A tiny pthread mutex, enough for the sinks and clocks shared with background threads.
package final class Mutex: @unchecked Sendable {
    private var mutex = pthread_mutex_t()

    package init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    /// `NSLock`'s shape, for code that holds the lock across branches.
    package func lock() { pthread_mutex_lock(&mutex) }
    package func unlock() { pthread_mutex_unlock(&mutex) }

    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }
}
