#if canImport(Glibc)
import Glibc
#endif

/// A detached thread of its own for blocking work (Foundation's `Thread` lives in the full
/// Foundation, which the release build does not link; the dispatch pool replaces blocked
/// threads only slowly on Linux).
package enum Threads {
    final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    package static func detach(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { raw in
                let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
                box.body()
                return nil
            }, box)
        if started == 0 {
            pthread_detach(thread)
        } else {
            // No thread to be had: do the work here rather than lose it.
            Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
        }
    }

    /// The user's home directory from the password database (for when `HOME` is unset).
    package static func homeDirectory() -> String {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return "/" }
        return String(cString: dir)
    }
}
