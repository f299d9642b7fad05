import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The program's own files (trip, journal, calibration, changes, settings), read and written the
/// way SQLite treats its files: never through a symbolic link (`O_NOFOLLOW`), only regular files
/// owned by the user running the program, and "missing" told apart from "unreadable".
package enum PrivateFile {
    /// Why a private file could not be used. `description` names the file.
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package var path: String
        var cause: Cause
        package init(path: String, cause: Cause) {
            self.path = path
            self.cause = cause
        }
        /// The reason in English.
        package var reason: String { cause.text(.en) }
        /// The reason in `language`, for the caller's message around it.
        package func reason(_ language: Language) -> String { cause.text(language) }
        package var description: String { "\(path): \(reason)" }
    }

    /// What was wrong, kept as a value so that each caller can say it in its language.
    package enum Cause: Equatable, Sendable {
        /// A call failed with this `errno` (ELOOP, from `O_NOFOLLOW`, is said as a link).
        case system(Int32)
        case symbolicLink
        /// A directory where a file should be; `removeYourself` when metro-timer will not.
        case directory(removeYourself: Bool)
        case notRegularFile
        /// Something that is not a directory where one should be.
        case notADirectory
        /// Another user's file or directory (a directory: the trips are not kept there).
        case otherOwner(owner: UInt32, you: UInt32, directory: Bool)
        /// A directory that others can use (these permission bits): not chmodded, refused.
        case openToOthers(mode: mode_t, directory: String)
        /// A directory could not be made: Foundation's error as it said it, and its `errno`.
        case cannotCreate(String, code: Int32?)

        package func text(_ language: Language) -> String {
            switch self {
            case .system(let code):
                return code == ELOOP ? Cause.symbolicLink.text(language) : SystemReason.text(code, language)
            case .symbolicLink:
                return language.tr(
                    "це символьне посилання, а metro-timer ніколи не переходить за посиланнями у своїх каталогах",
                    "it is a symbolic link, and metro-timer never follows links in its own directories")
            case .directory(let removeYourself):
                return removeYourself
                    ? language.tr(
                        "це каталог, а не файл; приберіть його самі",
                        "it is a directory, not a file; remove it yourself")
                    : language.tr("це каталог, а не файл", "it is a directory, not a file")
            case .notRegularFile:
                return language.tr("це не звичайний файл", "it is not a regular file")
            case .notADirectory:
                return language.tr("це не каталог", "it exists and is not a directory")
            case .otherOwner(let owner, let you, let directory):
                return directory
                    ? language.tr(
                        "він належить користувачеві \(owner), а не вам (користувач \(you)); metro-timer не зберігатиме там ваших поїздок",
                        "it belongs to user \(owner), not to you (user \(you)); metro-timer will not keep your trips there"
                    )
                    : language.tr(
                        "він належить користувачеві \(owner), а не вам (користувач \(you)); metro-timer користується лише власними файлами",
                        "it belongs to user \(owner), not to you (user \(you)); metro-timer uses only its own files")
            case .openToOthers(let mode, let directory):
                let shown = String(mode, radix: 8)
                let quoted = Quote.value(directory)
                return language.tr(
                    "ним можуть користуватися інші (права доступу \(shown)), а metro-timer тримає свої файли лише в приватному каталозі й не змінює прав того, що створив не він; зробіть його приватним ('chmod 700 \(quoted)') або вкажіть власний каталог",
                    "others can use it (mode \(shown)), and metro-timer keeps its files only in a private directory and never changes the modes of one it did not make; make it private ('chmod 700 \(quoted)') or name a directory of your own"
                )
            case .cannotCreate(let error, let code):
                return language.tr(
                    "не вдається його створити (\(code.map { SystemReason.text($0, .uk) } ?? error))",
                    "cannot create it (\(code.map { SystemReason.text($0, .en) } ?? error))")
            }
        }
    }

    /// The file's bytes, or nil when it does not exist. Anything else that stops the read (no
    /// permission, a link, a directory, another owner, an I/O error) is thrown, never treated as
    /// an empty or missing file.
    package static func read(_ path: String) throws(Problem) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw Problem(path: path, cause: .system(code))
        }
        defer { close(descriptor) }
        try checkOwnedRegularFile(descriptor, path: path)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Problem(path: path, cause: .system(errno))
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// The lines of a private file, one at a time, without holding the file: read 64 KiB at a
    /// time, each line handed to `body` with its number (from 1, its newline dropped), so that
    /// memory is bounded by the longest line, not the file (a journal grows with every ride).
    /// False when there is no file; the same refusals as `read` (a link, a directory, another
    /// user's file).
    @discardableResult
    package static func forEachLine<E: Error>(
        _ path: String, _ body: (_ line: ArraySlice<UInt8>, _ number: Int) throws(E) -> Void
    ) throws(ReadLinesError<E>) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return false }
            throw .file(Problem(path: path, cause: .system(code)))
        }
        defer { close(descriptor) }
        do { try checkOwnedRegularFile(descriptor, path: path) } catch { throw .file(error) }
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var number = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .file(Problem(path: path, cause: .system(errno)))
            }
            if count == 0 { break }
            var start = 0
            let chunk = buffer[0..<count]
            while let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) {
                number += 1
                do {
                    if pending.isEmpty {
                        try body(chunk[start..<newline], number)
                    } else {
                        pending += chunk[start..<newline]
                        try body(pending[...], number)
                        pending.removeAll(keepingCapacity: true)
                    }
                } catch { throw .body(error) }
                start = newline + 1
            }
            pending += chunk[start...]
        }
        if !pending.isEmpty {
            number += 1
            do { try body(pending[...], number) } catch { throw .body(error) }
        }
        return true
    }

    /// What `forEachLine` throws: the file's problem, or what the caller's `body` threw.
    package enum ReadLinesError<E: Error>: Error {
        case file(Problem)
        case body(E)
    }

    /// Refuses to replace a private file that is not one: a symbolic link, a directory, a FIFO
    /// or another user's file in its place is an error, not something to overwrite.
    package static func checkReplaceable(_ path: String) throws(Problem) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw Problem(path: path, cause: .system(errno))
        }
        try checkKind(info, path: path)
    }

    /// Opens a private file to append to it (creating it 0600), never through a link.
    package static func openForAppend(_ path: String) throws(Problem) -> Int32 {
        // Read-write: the append looks at the last byte first (a torn line gets its newline).
        let descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Problem(path: path, cause: .system(errno)) }
        do { try checkOwnedRegularFile(descriptor, path: path) } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    static func checkOwnedRegularFile(_ descriptor: Int32, path: String) throws(Problem) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Problem(path: path, cause: .system(errno)) }
        try checkKind(info, path: path)
    }

    static func checkKind(_ info: stat, path: String) throws(Problem) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw Problem(path: path, cause: .symbolicLink)
        case S_IFDIR: throw Problem(path: path, cause: .directory(removeYourself: false))
        default: throw Problem(path: path, cause: .notRegularFile)
        }
        guard info.st_uid == geteuid() else {
            throw Problem(path: path, cause: .otherOwner(owner: info.st_uid, you: geteuid(), directory: false))
        }
    }

}
