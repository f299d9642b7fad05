import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The state, config and data directories: one metro-timer makes is 0700 from the start; one
/// that already exists is never chmodded, whoever made it (`METRO_TIMER_HOME=/` once made `/`
/// 0700): another user's is refused (as git refuses a repository it does not own,
/// `safe.directory`), and so is one that others can use (a shared 1777 like /tmp, a group's 0770),
/// with the reason and the way out. The files inside keep their modes: in a private directory
/// nobody else reaches them, and those metro-timer writes are 0600.
package enum PrivateDirectory {
    /// Before reading from `path`: a missing directory is nothing to read; another user's, or one
    /// open to others, is refused. Readers apply the rules writers do.
    package static func checkForReading(_ path: String) throws(PrivateFile.Problem) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw PrivateFile.Problem(path: path, cause: .system(errno))
        }
        try check(path, info)
    }

    /// Creates `path` private (and the directories above it that are missing), or checks the
    /// one that is there.
    package static func prepare(_ path: String) throws(PrivateFile.Problem) {
        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT else { throw PrivateFile.Problem(path: path, cause: .system(errno)) }
            try make(path)
            guard stat(path, &info) == 0 else { throw PrivateFile.Problem(path: path, cause: .system(errno)) }
        }
        try check(path, info)
    }

    /// `mkdir -p -m 700`: every missing directory is made 0700 by `mkdir` itself. Foundation's
    /// `createDirectory(attributes:)` makes it with the umask's mode and chmods it afterwards, and
    /// in between another metro-timer starting at the same moment finds it open to others.
    /// One made by a racing process (EEXIST) is then checked like any other.
    static func make(_ path: String) throws(PrivateFile.Problem) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            var info = stat()
            if stat(prefix, &info) == 0 { continue }
            guard errno == ENOENT else { throw PrivateFile.Problem(path: prefix, cause: .system(errno)) }
            guard mkdir(prefix, 0o700) == 0 || errno == EEXIST else {
                let code = errno
                throw PrivateFile.Problem(path: path, cause: .cannotCreate(String(cString: strerror(code)), code: code))
            }
        }
    }

    static func check(_ path: String, _ info: stat) throws(PrivateFile.Problem) {
        guard info.st_mode & S_IFMT == S_IFDIR else { throw PrivateFile.Problem(path: path, cause: .notADirectory) }
        guard info.st_uid == geteuid() else {
            throw PrivateFile.Problem(
                path: path, cause: .otherOwner(owner: info.st_uid, you: geteuid(), directory: true))
        }
        // Execute alone is enough to open a file inside by its name: any bit for others refuses.
        guard info.st_mode & 0o077 == 0 else {
            throw PrivateFile.Problem(path: path, cause: .openToOthers(mode: info.st_mode & 0o7777, directory: path))
        }
    }

    /// Removes what writers killed mid-write left behind: the stale temporary files of the
    /// files in `names` (`AtomicFile.removeLeftovers`, the one rule for which files those are).
    package static func removeLeftovers(in path: String, of names: [String]) {
        for name in names { AtomicFile.removeLeftovers(of: path + "/" + name) }
    }
}
