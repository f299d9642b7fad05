import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The timetable a user installed with `timetable-gen install`: the network JSON that
/// `metro-timer` uses instead of the one built into it.
///
/// It lives in the XDG data directory, `$XDG_DATA_HOME/metro-timer/network.json` (by default
/// `~/.local/share/metro-timer/network.json`). `METRO_TIMER_HOME` moves it as it moves the state
/// files: with it set, everything metro-timer keeps for this user is under that one directory,
/// the timetable in its `data/` subdirectory (`$METRO_TIMER_HOME/data/network.json`), so a
/// `METRO_TIMER_HOME` of its own (a test, a second profile) never sees another's timetable.
/// Private like every other file: the directory 0700, the file 0600, written atomically, never
/// read or replaced through a symbolic link, refused when it belongs to someone else.
package enum InstalledNetwork {
    package static let fileName = "network.json"

    package static func directory(environment: [String: String]) -> String {
        if let home = environment["METRO_TIMER_HOME"], !home.isEmpty { return home + "/data" }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/metro-timer" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Threads.homeDirectory()
        return home + "/.local/share/metro-timer"
    }

    package static func path(environment: [String: String]) -> String {
        directory(environment: environment) + "/" + fileName
    }

    /// The installed file's bytes, or nil when none is installed. One `open` when there is none,
    /// so the built-in timetable's start-up pays nothing more.
    package static func read(environment: [String: String]) throws(PrivateFile.Problem) -> (path: String, bytes: Data)?
    {
        let path = path(environment: environment)
        do {
            return try PrivateFile.read(path).map { (path, $0) }
        } catch {
            // A file where a directory of the path should be: nothing can be installed there,
            // and the state commands have their own say about such a METRO_TIMER_HOME.
            var info = stat()
            if lstat(path, &info) != 0 && errno == ENOTDIR { return nil }
            throw error
        }
    }

    /// Writes `bytes` as the installed timetable, atomically: the directory made (or checked)
    /// private, a temporary file 0600 beside the target, renamed over it.
    /// Returns the path written.
    @discardableResult
    package static func install(_ bytes: [UInt8], environment: [String: String]) throws(PrivateFile.Problem) -> String {
        let directory = directory(environment: environment)
        let path = path(environment: environment)
        try PrivateDirectory.prepare(directory)
        try PrivateFile.checkReplaceable(path)
        do {
            try AtomicFile.write(bytes: bytes, to: path, mode: 0o600)
        } catch {
            throw PrivateFile.Problem(path: path, cause: .system(error.code))
        }
        return path
    }

    /// Removes the installed timetable; false when there was none. Whatever stands in its place
    /// (a symbolic link, another user's file) is removed too, never followed: this is the way
    /// out that every error about the file names, so it must always work. A directory is left.
    package static func remove(environment: [String: String]) throws(PrivateFile.Problem) -> (
        path: String, removed: Bool
    ) {
        let path = path(environment: environment)
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return (path, false) }
            throw PrivateFile.Problem(path: path, cause: .system(errno))
        }
        guard info.st_mode & S_IFMT != S_IFDIR else {
            throw PrivateFile.Problem(path: path, cause: .directory(removeYourself: true))
        }
        guard unlink(path) == 0 else { throw PrivateFile.Problem(path: path, cause: .system(errno)) }
        return (path, true)
    }
}
