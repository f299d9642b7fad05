import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// Files written whole or not at all: a temporary file beside the target, flushed, then renamed
/// over it. A crash or a refused write leaves the previous file as it was.
package enum AtomicFile {
    package struct WriteError: Error, Equatable, CustomStringConvertible {
        package var path: String
        /// The `errno` of the call that failed.
        package var code: Int32
        /// The system's reason, in English.
        package var reason: String { SystemReason.text(code, .en) }
        package var description: String { description(.en) }
        package func description(_ language: Language) -> String {
            language.tr(
                "не вдається записати \(path): \(SystemReason.text(code, language))", "cannot write \(path): \(reason)")
        }
    }

    package static func write(_ contents: String, to path: String, mode: mode_t = 0o644) throws(WriteError) {
        try write(bytes: Array(contents.utf8), to: path, mode: mode)
    }

    package static func write(bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(WriteError) {
        let file = try Temporary(beside: path)
        file.append(bytes)
        try file.commit(mode: mode)
    }

    /// The temporary file beside the target, locked from the start (a writer that finds it
    /// locked knows it is no leftover; the lock goes with the process, so a writer killed
    /// mid-write leaves it unlocked), written whole or a chunk at a time (an export of a journal
    /// that may be hundreds of megabytes, never held whole); then `commit` flushes it and
    /// renames it over the target, or `discard` removes it.
    package final class Temporary {
        let path: String
        let temporary: String
        let descriptor: Int32
        /// The first failed write's `errno` (a full disk): `commit` then refuses.
        var failure: Int32?
        var done = false

        /// Removes the leftovers of `path`, then makes the temporary file beside it.
        package init(beside path: String) throws(WriteError) {
            removeLeftovers(of: path)
            self.path = path
            let directory = Path.directory(of: path)
            let template = (directory.isEmpty ? "." : directory) + "/" + temporaryPrefix(of: path) + "XXXXXX"
            // Twice at most: another writer's cleaning may take the file in the instant between
            // its creation and its lock (then it is no longer the one at that name).
            var attempt = 0
            while true {
                var templateBytes = Array(template.utf8CString)
                let descriptor = templateBytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
                guard descriptor >= 0 else { throw WriteError(path: path, code: errno) }
                _ = flock(descriptor, LOCK_EX)
                let temporary = String(decoding: templateBytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
                var mine = stat()
                var named = stat()
                if fstat(descriptor, &mine) == 0, lstat(temporary, &named) == 0, mine.st_ino == named.st_ino,
                    mine.st_dev == named.st_dev
                {
                    self.temporary = temporary
                    self.descriptor = descriptor
                    return
                }
                close(descriptor)
                attempt += 1
                guard attempt < 2 else { throw WriteError(path: path, code: ENOENT) }
            }
        }

        deinit { if !done { discard() } }

        /// Appends bytes (after a failed write, nothing more is written).
        package func append(_ bytes: [UInt8]) {
            var offset = 0
            while failure == nil && offset < bytes.count {
                let written = bytes.withUnsafeBytes {
                    Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
                }
                if written < 0 && errno != EINTR { failure = errno } else if written > 0 { offset += written }
            }
        }

        /// Flushes the file and renames it over the target; on any failure removes it.
        package func commit(mode: mode_t = 0o644) throws(WriteError) {
            guard failure == nil, fchmod(descriptor, mode) == 0, fsync(descriptor) == 0, rename(temporary, path) == 0
            else {
                let code = failure ?? errno
                discard()
                throw WriteError(path: path, code: code)
            }
            done = true
            close(descriptor)
        }

        /// Removes the temporary file; the target stays as it was.
        package func discard() {
            guard !done else { return }
            done = true
            unlink(temporary)
            close(descriptor)
        }
    }

    /// What a temporary file's name starts with: `.NAME.metro-timer-`, then the six letters or
    /// digits `mkstemp` adds. A mark of the program's own, so that no file of the user's has the
    /// name (`.ride.html.backup` has the old shape, `.NAME.` and six letters, and was taken).
    static func temporaryPrefix(of path: String) -> String {
        "." + Path.lastComponent(of: path) + ".metro-timer-"
    }

    /// Whether `entry`, a name in the target's directory, is one of this writer's temporary
    /// files for `path`.
    static func isTemporary(_ entry: String, of path: String) -> Bool {
        let prefix = temporaryPrefix(of: path)
        return entry.hasPrefix(prefix) && entry.utf8.count == prefix.utf8.count + 6
            && entry.utf8.suffix(6).allSatisfy {
                (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0)
            }
    }

    /// Removes what writers of `path` killed mid-write left beside it: its temporary files
    /// (`isTemporary`: the program's own name) that are regular, the user's own, and stale:
    /// locked by no writer (a writer holds its lock from the file's creation to its rename, and
    /// the lock goes with the process). Every writer calls it, so no leftover outlives the next
    /// write; nothing of another name is touched.
    package static func removeLeftovers(of path: String) {
        let directory = Path.directory(of: path)
        let place = directory.isEmpty ? "." : directory
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: place) else { return }
        for entry in entries where isTemporary(entry, of: path) {
            let candidate = place + "/" + entry
            let descriptor = open(candidate, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
                flock(descriptor, LOCK_EX | LOCK_NB) == 0
            else { continue }
            // Still the file just checked (not one put in its place since): then it goes.
            var now = stat()
            guard lstat(candidate, &now) == 0, now.st_ino == info.st_ino, now.st_dev == info.st_dev else { continue }
            unlink(candidate)
        }
    }
}
