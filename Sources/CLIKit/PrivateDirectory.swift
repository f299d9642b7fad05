import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MetroCore

/// The state and config directories: created 0700; one that belongs to another user is refused
/// (as git refuses a repository it does not own, `safe.directory`); one left readable by others
/// is made private, and the caller is told once (the next run finds it private).
public enum PrivateDirectory {
    /// A directory or file that was readable by others and is now private: what the note says,
    /// kept as values so that the caller says it in its language.
    public struct Tightened: Equatable, Sendable {
        public var path: String
        /// The mode it had (its permission bits) and the one it has now.
        public var was: mode_t
        public var now: mode_t

        public func text(_ language: Language) -> String {
            let was = String(was, radix: 8), now = String(now, radix: 8)
            return language.tr(
                "\(path) могли читати інші (права доступу \(was)); тепер він лише ваш (\(now)).",
                "\(path) was readable by others (mode \(was)); it is now private (\(now)).")
        }
    }

    /// Before reading from `path`: a missing directory is nothing to read; another user's is
    /// refused; a loose one and its loose `files` are made private, each with a note (the next
    /// run finds them private, so it is said once). Readers apply the rules writers do.
    public static func checkForReading(_ path: String, files: [String]) throws(PrivateFile.Problem) -> [Tightened] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return [] }
            throw PrivateFile.Problem(path: path, cause: .system(errno))
        }
        return try prepare(path, files: files)
    }

    /// Creates or checks `path`, and tightens its loose `files`. Returns the notes to show.
    public static func prepare(_ path: String, files: [String]) throws(PrivateFile.Problem) -> [Tightened] {
        var notes = try prepare(path).map { [$0] } ?? []
        for name in files {
            let file = path + "/" + name
            var info = stat()
            // Only our own regular files: a link or another user's file is refused when read.
            guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else { continue }
            let mode = info.st_mode & 0o777
            guard mode & 0o077 != 0 else { continue }
            guard chmod(file, 0o600) == 0 else { throw PrivateFile.Problem(path: file, cause: .system(errno)) }
            notes.append(Tightened(path: file, was: mode, now: 0o600))
        }
        return notes
    }

    /// Creates or checks `path`. Returns what to note when its mode was tightened.
    public static func prepare(_ path: String) throws(PrivateFile.Problem) -> Tightened? {
        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT else { throw PrivateFile.Problem(path: path, cause: .system(errno)) }
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw PrivateFile.Problem(path: path, cause: .cannotCreate("\(error)", code: SystemReason.code(of: error)))
            }
            return nil
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw PrivateFile.Problem(path: path, cause: .notADirectory) }
        guard info.st_uid == geteuid() else {
            throw PrivateFile.Problem(path: path, cause: .otherOwner(owner: info.st_uid, you: geteuid(), directory: true))
        }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 != 0 else { return nil }
        guard chmod(path, 0o700) == 0 else { throw PrivateFile.Problem(path: path, cause: .system(errno)) }
        return Tightened(path: path, was: mode, now: 0o700)
    }

    /// Removes what writers killed mid-write left behind: `.NAME.XXXXXX` temp files of the
    /// files in `names`. Call it holding the directory's lock, so no live writer's file is taken.
    public static func removeLeftovers(in path: String, of names: [String]) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for entry in entries {
            for name in names where entry.hasPrefix("." + name + ".") && entry.count == name.count + 8 {
                unlink(path + "/" + entry)
            }
        }
    }
}
