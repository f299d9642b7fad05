#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MetroCore

/// Where a command writes. The real streams flush on every write, because Swift's `print` is
/// buffered and a redrawn line must reach the terminal now; tests pass a `StringSink`.
public protocol OutputSink: AnyObject, Sendable {
    func write(_ text: String)
}

extension OutputSink {
    public func line(_ text: String = "") { write(text + "\n") }
}

/// A file descriptor, written with `write(2)` so nothing waits in a buffer.
public final class DescriptorSink: OutputSink, @unchecked Sendable {
    public let descriptor: Int32
    private let lock = Mutex()
    private var errorNumber: Int32?
    private var readerGone = false

    public init(descriptor: Int32) { self.descriptor = descriptor }

    /// Why a write failed (a full disk, an I/O error), if one did: the program must not claim
    /// success for output that never arrived. A reader that went away (a closed pipe) is not a
    /// failure: like `git log | head`, the program just stops writing.
    public func failure(_ language: Language) -> String? { lock.withLock { errorNumber.map { SystemReason.text($0, language) } } }

    public static let standardOutput = DescriptorSink(descriptor: 1)
    public static let standardError = DescriptorSink(descriptor: 2)

    public func write(_ text: String) {
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
public final class StringSink: OutputSink, @unchecked Sendable {
    private let lock = Mutex()
    private var buffer = ""

    public init() {}

    public func write(_ text: String) { lock.withLock { buffer += text } }

    public var text: String { lock.withLock { buffer } }

    public func clear() { lock.withLock { buffer = "" } }
}

/// A tiny pthread mutex, enough for the sinks and clocks shared with background threads.
public final class Mutex: @unchecked Sendable {
    private var mutex = pthread_mutex_t()

    public init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    /// `NSLock`'s shape, for code that holds the lock across branches.
    public func lock() { pthread_mutex_lock(&mutex) }
    public func unlock() { pthread_mutex_unlock(&mutex) }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }
}
