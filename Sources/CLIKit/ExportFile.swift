import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// Where a command writes a file the user named (an export, a calendar card, a feed): a temp
/// file beside the target renamed over it, and only over a regular file or nothing. A symlink,
/// FIFO, device or directory in its place is refused rather than replaced or followed. Private
/// (0600) unless the caller says otherwise: what metro-timer exports is about the rider.
package enum ExportFile {
    package static func write(_ contents: String, to path: String, mode: mode_t = 0o600, language: Language)
        throws(CLIError)
    {
        try write(bytes: Array(contents.utf8), to: path, mode: mode, language: language)
    }

    package static func write(bytes: [UInt8], to path: String, mode: mode_t = 0o600, language: Language)
        throws(CLIError)
    {
        try refuseIrregular(path, language: language)
        do {
            try AtomicFile.write(bytes: bytes, to: path, mode: mode)
        } catch {
            throw .failure(error.description(language))
        }
    }

    /// The same file made a chunk at a time by `produce` (a journal's export, never held whole):
    /// written only if `produce` returns, the target left as it was if it throws.
    package static func write(
        to path: String, mode: mode_t = 0o600, language: Language,
        producing produce: (_ append: ([UInt8]) -> Void) throws(CLIError) -> Void
    ) throws(CLIError) {
        try refuseIrregular(path, language: language)
        let file: AtomicFile.Temporary
        do { file = try AtomicFile.Temporary(beside: path) } catch { throw .failure(error.description(language)) }
        do { try produce(file.append) } catch {
            file.discard()
            throw error
        }
        do { try file.commit(mode: mode) } catch { throw .failure(error.description(language)) }
    }

    /// A symlink, FIFO, device or directory in the target's place is refused.
    static func refuseIrregular(_ path: String, language: Language) throws(CLIError) {
        var info = stat()
        if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG {
            let kind: (String, String) =
                switch info.st_mode & S_IFMT {
                case S_IFLNK: ("символьне посилання", "a symbolic link")
                case S_IFDIR: ("каталог", "a directory")
                case S_IFIFO: ("іменований канал", "a FIFO")
                default: ("файл пристрою", "a device")
                }
            throw .failure(
                language.tr(
                    "\(path) — \(kind.0); metro-timer пише лише у звичайний файл. Вкажіть інший шлях (або - для стандартного виводу).",
                    "\(path) is \(kind.1); metro-timer writes only to a regular file. Name another path (or - for standard output)."
                ))
        }
    }
}
