import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// git's lockfile discipline for a directory of private files: one lock file, opened never
/// through a link, held with `flock` for one read-modify-write. Nothing waits forever: after
/// `timeout` seconds the wait ends in an error naming the lock and, when known, the process
/// holding it (each holder writes its pid into the lock file).
package enum FileLock {
    package struct Busy: Error, Equatable, CustomStringConvertible {
        package var path: String
        package var holder: Int32?
        package var description: String { description(.en) }
        package func description(_ language: Language) -> String {
            let by = holder.map { language.tr(" (процес \($0))", " (process \($0))") } ?? ""
            return language.tr(
                "\(path) тримає інший metro-timer\(by); спробуйте ще раз за мить",
                "\(path) is held by another metro-timer\(by); try again in a moment")
        }
    }

    /// How long a wait goes unremarked: past it, `waiting` is told once, with the holder's pid.
    static let quietWait = 1.0

    package static func withLock<T, E: Error>(
        _ path: String, timeout: Double = 5, waiting: ((Int32?) -> Void)? = nil, _ body: () throws(E) -> T
    ) throws(FileLockError<E>) -> T {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .problem(PrivateFile.Problem(path: path, cause: .system(errno))) }
        defer { close(descriptor) }
        do { try PrivateFile.checkOwnedRegularFile(descriptor, path: path) } catch { throw .problem(error) }
        fchmod(descriptor, 0o600)
        let start = Date()
        let deadline = start.addingTimeInterval(timeout)
        var said = false
        func holder() -> Int32? {
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = pread(descriptor, &buffer, 31, 0)
            return count > 0 ? Int32(String(decoding: buffer[0..<count], as: UTF8.self).trimmingWhitespace()) : nil
        }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw .problem(PrivateFile.Problem(path: path, cause: .system(errno)))
            }
            guard Date() < deadline else { throw .busy(Busy(path: path, holder: holder())) }
            // A wait of more than a moment is said, once: a command that hangs silently for
            // seconds looks broken.
            if !said, let waiting, Date().timeIntervalSince(start) >= quietWait {
                said = true
                waiting(holder())
            }
            usleep(20_000)
        }
        defer { flock(descriptor, LOCK_UN) }
        let pid = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) == 0 { _ = pwrite(descriptor, pid, pid.count, 0) }
        do { return try body() } catch { throw .body(error) }
    }
}

package enum FileLockError<E: Error>: Error {
    case problem(PrivateFile.Problem)
    case busy(FileLock.Busy)
    case body(E)
}
