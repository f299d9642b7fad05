import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The program's own files (trip, journal, calibration, changes, settings), read and written the
/// way SQLite treats its files: never through a symbolic link (`O_NOFOLLOW`), only regular files
/// owned by the user running the program, and "missing" told apart from "unreadable".
public enum PrivateFile {
    /// Why a private file could not be used. `description` names the file.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The file's bytes, or nil when it does not exist. Anything else that stops the read (no
    /// permission, a link, a directory, another owner, an I/O error) is thrown, never treated as
    /// an empty or missing file.
    public static func read(_ path: String) throws(Problem) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw Problem(path: path, reason: reason(code))
        }
        defer { close(descriptor) }
        try checkOwnedRegularFile(descriptor, path: path)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Problem(path: path, reason: reason(errno))
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Refuses to replace a private file that is not one: a symbolic link, a directory, a FIFO
    /// or another user's file in its place is an error, not something to overwrite.
    public static func checkReplaceable(_ path: String) throws(Problem) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw Problem(path: path, reason: reason(errno))
        }
        try checkKind(info, path: path)
    }

    /// Opens a private file to append to it (creating it 0600), never through a link.
    public static func openForAppend(_ path: String) throws(Problem) -> Int32 {
        // Read-write: the append looks at the last byte first (a torn line gets its newline).
        let descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Problem(path: path, reason: reason(errno)) }
        do { try checkOwnedRegularFile(descriptor, path: path) } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    static func checkOwnedRegularFile(_ descriptor: Int32, path: String) throws(Problem) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Problem(path: path, reason: reason(errno)) }
        try checkKind(info, path: path)
    }

    static func checkKind(_ info: stat, path: String) throws(Problem) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw Problem(path: path, reason: "it is a symbolic link, and metro-timer never follows links in its own directories")
        case S_IFDIR: throw Problem(path: path, reason: "it is a directory, not a file")
        default: throw Problem(path: path, reason: "it is not a regular file")
        }
        guard info.st_uid == geteuid() else {
            throw Problem(path: path, reason: "it belongs to user \(info.st_uid), not to you (user \(geteuid())); metro-timer uses only its own files")
        }
    }

    static func reason(_ code: Int32) -> String {
        if code == ELOOP { return "it is a symbolic link, and metro-timer never follows links in its own directories" }
        return String(cString: strerror(code))
    }
}
