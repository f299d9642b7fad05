import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The state and config directories: created 0700; one that belongs to another user is refused
/// (as git refuses a repository it does not own, `safe.directory`); one left readable by others
/// is made private, and the caller is told once (the next run finds it private).
public enum PrivateDirectory {
    /// Before reading from `path`: a missing directory is nothing to read; another user's is
    /// refused; a loose one and its loose `files` are made private, each with a note (the next
    /// run finds them private, so it is said once). Readers apply the rules writers do.
    public static func checkForReading(_ path: String, files: [String]) throws(PrivateFile.Problem) -> [String] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return [] }
            throw PrivateFile.Problem(path: path, reason: PrivateFile.reason(errno))
        }
        return try prepare(path, files: files)
    }

    /// Creates or checks `path`, and tightens its loose `files`. Returns the notes to show.
    public static func prepare(_ path: String, files: [String]) throws(PrivateFile.Problem) -> [String] {
        var notes = try prepare(path).map { [$0] } ?? []
        for name in files {
            let file = path + "/" + name
            var info = stat()
            // Only our own regular files: a link or another user's file is refused when read.
            guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else { continue }
            let mode = info.st_mode & 0o777
            guard mode & 0o077 != 0 else { continue }
            guard chmod(file, 0o600) == 0 else { throw PrivateFile.Problem(path: file, reason: PrivateFile.reason(errno)) }
            notes.append("\(file) was readable by others (mode \(String(mode, radix: 8))); it is now private (600).")
        }
        return notes
    }

    /// Creates or checks `path`. Returns a note to show when a mode was tightened.
    public static func prepare(_ path: String) throws(PrivateFile.Problem) -> String? {
        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT else { throw PrivateFile.Problem(path: path, reason: PrivateFile.reason(errno)) }
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw PrivateFile.Problem(path: path, reason: "cannot create it (\(error))")
            }
            return nil
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw PrivateFile.Problem(path: path, reason: "it exists and is not a directory") }
        guard info.st_uid == geteuid() else {
            throw PrivateFile.Problem(path: path, reason: "it belongs to user \(info.st_uid), not to you (user \(geteuid())); metro-timer will not keep your trips there")
        }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 != 0 else { return nil }
        guard chmod(path, 0o700) == 0 else { throw PrivateFile.Problem(path: path, reason: PrivateFile.reason(errno)) }
        return "\(path) was readable by others (mode \(String(mode, radix: 8))); it is now private (700)."
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
