import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MetroCore

/// Files written whole or not at all: a temporary file beside the target, flushed, then renamed
/// over it. A crash or a refused write leaves the previous file as it was.
public enum AtomicFile {
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        public var path: String
        /// The `errno` of the call that failed.
        public var code: Int32
        /// The system's reason, in English.
        public var reason: String { SystemReason.text(code, .en) }
        public var description: String { description(.en) }
        public func description(_ language: Language) -> String {
            language.tr("не вдається записати \(path): \(SystemReason.text(code, language))", "cannot write \(path): \(reason)")
        }
    }

    public static func write(_ contents: String, to path: String, mode: mode_t = 0o644) throws(WriteError) {
        try write(bytes: Array(contents.utf8), to: path, mode: mode)
    }

    public static func write(bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(WriteError) {
        let directory = Path.directory(of: path)
        let template = (directory.isEmpty ? "." : directory) + "/." + Path.lastComponent(of: path) + ".XXXXXX"
        var templateBytes = Array(template.utf8CString)
        let descriptor = templateBytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw WriteError(path: path, code: errno) }
        let temporary = String(decoding: templateBytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = true
        var offset = 0
        while ok && offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno != EINTR { ok = false } else if written > 0 { offset += written }
        }
        // The first failure is the one to tell (a full disk), not what closing after it said.
        let writeFailure: Int32? = ok ? nil : errno
        ok = ok && fchmod(descriptor, mode) == 0 && fsync(descriptor) == 0
        close(descriptor)
        guard ok, rename(temporary, path) == 0 else {
            let code = writeFailure ?? errno
            unlink(temporary)
            throw WriteError(path: path, code: code)
        }
    }
}
