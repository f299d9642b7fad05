import CLIKit
import Foundation
import MetroCore

/// Where the active trip lives, read and written whole under an advisory lock.
protocol TripStore: AnyObject, Sendable {
    /// A description for messages (the file's path).
    var location: String { get }
    /// Reads the trip without locking (a snapshot: writes are atomic renames).
    func load() throws(CLIError) -> Trip?
    /// Locked read-modify-write: two processes correcting at once both keep their change.
    func update<T>(_ body: (inout Trip?) throws(CLIError) -> T) throws(CLIError) -> T
    /// Appends a finished trip to the journal.
    func appendJournal(_ record: JournalRecord) throws(CLIError)
    /// Something that changes whenever the trip is rewritten, to notice changes made elsewhere.
    func changeToken() -> String
}

/// The state directory: `METRO_TIMER_HOME`, else `$XDG_STATE_HOME/metro-timer`, else
/// `~/.local/state/metro-timer`. Private: the directory 0700, its files 0600.
final class FileTripStore: TripStore {
    let directory: String
    var tripPath: String { directory + "/trip.json" }
    var journalPath: String { directory + "/journal.jsonl" }
    var lockPath: String { directory + "/.lock" }
    var location: String { tripPath }

    init(directory: String) { self.directory = directory }

    static func directory(environment: [String: String]) -> String {
        if let home = environment["METRO_TIMER_HOME"], !home.isEmpty { return home }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/metro-timer" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/metro-timer"
    }

    func ensureDirectory() throws(CLIError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .failure("\(directory) exists and is not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .failure("cannot create the state directory \(directory): \(error.localizedDescription)")
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()

    private struct VersionOnly: Decodable { var version: Int }

    func load() throws(CLIError) -> Trip? {
        guard let data = FileManager.default.contents(atPath: tripPath) else { return nil }
        if let version = try? FileTripStore.decoder.decode(VersionOnly.self, from: data).version, version > Trip.currentVersion {
            throw .data("the trip file \(tripPath) was written by a newer metro-timer (version \(version)); it was left as it is. Update metro-timer, or move the file away to start afresh.")
        }
        do {
            return try FileTripStore.decoder.decode(Trip.self, from: data)
        } catch {
            throw .data("the trip file \(tripPath) is unreadable (\(Self.reason(error))); it was left as it is. Move it away to start afresh.")
        }
    }

    static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context)?: return context.debugDescription
        case .keyNotFound(let key, _)?: return "missing '\(key.stringValue)'"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "bad value at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        default: return "not valid JSON"
        }
    }

    func update<T>(_ body: (inout Trip?) throws(CLIError) -> T) throws(CLIError) -> T {
        try ensureDirectory()
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .failure("cannot open \(lockPath): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .failure("cannot lock \(lockPath): \(String(cString: strerror(errno)))") }
        }
        defer { flock(descriptor, LOCK_UN) }
        let before = try load()
        var trip = before
        let result = try body(&trip)
        if trip != before {
            if let trip {
                let data = (try? FileTripStore.encoder.encode(trip)) ?? Data()
                do { try AtomicFile.write(String(decoding: data, as: UTF8.self) + "\n", to: tripPath, mode: 0o600) } catch {
                    throw .failure(error.description)
                }
            } else {
                unlink(tripPath)
            }
        }
        return result
    }

    func appendJournal(_ record: JournalRecord) throws(CLIError) {
        try ensureDirectory()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let line = String(decoding: (try? encoder.encode(record)) ?? Data(), as: UTF8.self) + "\n"
        let descriptor = open(journalPath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .failure("cannot open \(journalPath): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let bytes = Array(line.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
        guard written == bytes.count else { throw .failure("cannot append to \(journalPath): \(String(cString: strerror(errno)))") }
    }

    func changeToken() -> String {
        var info = stat()
        guard stat(tripPath, &info) == 0 else { return "none" }
        return "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec).\(info.st_size).\(info.st_ino)"
    }
}

/// A trip kept in memory: the rehearsal's, which never touches the real trip or the journal.
final class MemoryTripStore: TripStore, @unchecked Sendable {
    private let lock = Mutex()
    private var trip: Trip?
    private var generation = 0
    private(set) var journal: [JournalRecord] = []

    init(trip: Trip?) { self.trip = trip }

    var location: String { "(rehearsal)" }

    func load() throws(CLIError) -> Trip? { lock.withLock { trip } }

    func update<T>(_ body: (inout Trip?) throws(CLIError) -> T) throws(CLIError) -> T {
        var copy = lock.withLock { trip }
        let result = try body(&copy)
        lock.withLock {
            if copy != trip { generation += 1 }
            trip = copy
        }
        return result
    }

    func appendJournal(_ record: JournalRecord) throws(CLIError) { lock.withLock { journal.append(record) } }

    func changeToken() -> String { lock.withLock { "\(generation)" } }
}
