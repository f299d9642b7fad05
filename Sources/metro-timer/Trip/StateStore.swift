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
    var calibrationPath: String { directory + "/calibration.json" }
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

    func load() throws(CLIError) -> Trip? {
        let path = tripPath
        return try VersionedFile.read(
            Trip.self, at: path, newest: Trip.currentVersion, decoder: FileTripStore.decoder,
            newer: { "the trip file \(path) was written by a newer metro-timer (version \($0)); it was left as it is. Update metro-timer, or move the file away to start afresh." },
            unreadable: { "the trip file \(path) is unreadable (\($0)); it was left as it is. Move it away to start afresh." })
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

    /// Runs `body` holding the state directory's advisory lock.
    func locked<T>(_ body: () throws(CLIError) -> T) throws(CLIError) -> T {
        try ensureDirectory()
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .failure("cannot open \(lockPath): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .failure("cannot lock \(lockPath): \(String(cString: strerror(errno)))") }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// The passenger's calibration (empty when none was measured yet).
    func loadCalibration() throws(CLIError) -> Calibration {
        let path = calibrationPath
        return try VersionedFile.read(
            Calibration.self, at: path, newest: Calibration.currentVersion, decoder: FileTripStore.decoder,
            newer: { "the calibration file \(path) was written by a newer metro-timer (version \($0)); it was left as it is." },
            unreadable: { "the calibration file \(path) is unreadable (\($0)); it was left as it is. Move it away or run 'metro-timer calibration --reset'." })
            ?? Calibration()
    }

    /// Locked read-modify-write of the calibration.
    func updateCalibration<T>(_ body: (inout Calibration) throws(CLIError) -> T) throws(CLIError) -> T {
        try locked { () throws(CLIError) -> T in
            var calibration = try loadCalibration()
            let result = try body(&calibration)
            try writeCalibration(calibration)
            return result
        }
    }

    func writeCalibration(_ calibration: Calibration) throws(CLIError) {
        let data = (try? FileTripStore.encoder.encode(calibration)) ?? Data()
        do { try AtomicFile.write(String(decoding: data, as: UTF8.self) + "\n", to: calibrationPath, mode: 0o600) } catch {
            throw .failure(error.description)
        }
    }

    func update<T>(_ body: (inout Trip?) throws(CLIError) -> T) throws(CLIError) -> T {
        try locked { () throws(CLIError) -> T in try updateUnlocked(body) }
    }

    private func updateUnlocked<T>(_ body: (inout Trip?) throws(CLIError) -> T) throws(CLIError) -> T {
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

    /// Keep the journal to the last this many trips, trimmed when a trip is added.
    static let journalCap = 1000

    static let journalEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    /// Every readable record; a malformed line is reported (line number and reason) and skipped,
    /// never the whole journal lost.
    func readJournal() -> (records: [JournalRecord], problems: [(line: Int, reason: String)]) {
        guard let data = FileManager.default.contents(atPath: journalPath) else { return ([], []) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var records: [JournalRecord] = []
        var problems: [(line: Int, reason: String)] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            do {
                let record = try decoder.decode(JournalRecord.self, from: Data(line))
                if record.version > JournalRecord.currentVersion {
                    problems.append((index + 1, "written by a newer metro-timer (version \(record.version))"))
                } else {
                    records.append(record)
                }
            } catch {
                problems.append((index + 1, Self.reason(error)))
            }
        }
        return (records, problems)
    }

    /// Rewrites the journal whole (trimming, clearing), atomically.
    func writeJournal(_ lines: [String]) throws(CLIError) {
        do { try AtomicFile.write(lines.map { $0 + "\n" }.joined(), to: journalPath, mode: 0o600) } catch {
            throw .failure(error.description)
        }
    }

    func appendJournal(_ record: JournalRecord) throws(CLIError) {
        try appendJournalLine(record)
        // Trim to the cap, keeping the newest lines. A record line is never under 300 bytes, so a
        // smaller file cannot be over the cap and needs no counting.
        var info = stat()
        guard stat(journalPath, &info) == 0, info.st_size > Self.journalCap * 300,
            let data = FileManager.default.contents(atPath: journalPath)
        else { return }
        let newlines = data.withUnsafeBytes { $0.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } }
        guard newlines > Self.journalCap else { return }
        let lines = data.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        try writeJournal(Array(lines.suffix(Self.journalCap)))
    }

    private func appendJournalLine(_ record: JournalRecord) throws(CLIError) {
        try ensureDirectory()
        let line = String(decoding: (try? Self.journalEncoder.encode(record)) ?? Data(), as: UTF8.self) + "\n"
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
