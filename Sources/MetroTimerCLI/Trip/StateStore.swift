import CLIKit
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
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

    /// The language of the messages about the files.
    let language: Language

    init(directory: String, language: Language = .en) {
        self.directory = directory
        self.language = language
    }

    static func directory(environment: [String: String]) -> String {
        if let home = environment["METRO_TIMER_HOME"], !home.isEmpty { return home }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/metro-timer" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Threads.homeDirectory()
        return home + "/.local/state/metro-timer"
    }

    /// The files kept here.
    static let files = ["trip.json", "journal.jsonl", "calibration.json", "scheduled-alerts.json"]

    func ensureDirectory() throws(CLIError) {
        do {
            try PrivateDirectory.prepare(directory)
        } catch {
            throw unusable(error)
        }
    }

    private func unusable(_ problem: PrivateFile.Problem) -> CLIError {
        .failure(language.tr(
            "не вдається використати каталог стану \(problem.path): \(problem.reason(language))",
            "cannot use the state directory \(problem.path): \(problem.reason)"))
    }

    /// Before reading: a state directory of another user, or one open to others, is refused,
    /// not read from, as a writer refuses it.
    func checkOwner() throws(CLIError) {
        var info = stat()
        if stat(directory, &info) == 0, info.st_uid != geteuid() {
            throw .failure(language.tr(
                "не вдається використати каталог стану \(directory): він належить користувачеві \(info.st_uid), а не вам (користувач \(geteuid())); вкажіть у METRO_TIMER_HOME власний каталог",
                "cannot use the state directory \(directory): it belongs to user \(info.st_uid), not to you (user \(geteuid())); set METRO_TIMER_HOME to a directory of your own"))
        }
        do {
            try PrivateDirectory.checkForReading(directory)
        } catch {
            throw unusable(error)
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }()

    func load() throws(CLIError) -> Trip? {
        try checkOwner()
        guard var trip = try loadFile() else { return nil }
        // Ending a trip writes its journal record, then marks the trip ended, under one lock. A
        // crash between the two leaves the record: the trip is then read as ended, as the record
        // says, so every command sees both or neither (the next write makes it so on disk too).
        if trip.ended == nil, try journalHasRecord(id: trip.id) {
            var found: JournalRecord?
            try forEachJournalRecord { if found == nil && $0.id == trip.id { found = $0 } }
            if let record = found { trip.ended = Trip.Ending(outcome: record.outcome, time: record.endedAt) }
        }
        return trip
    }

    private func loadFile() throws(CLIError) -> Trip? {
        let path = tripPath
        let language = language
        return try VersionedFile.read(
            Trip.self, at: path, newest: Trip.currentVersion, dates: .secondsSince1970, language: language,
            newer: { language.tr("файл поїздки \(path) записано новішою версією metro-timer (версія \($0)); його не змінено. Оновіть metro-timer або приберіть файл, щоб почати наново.", "the trip file \(path) was written by a newer metro-timer (version \($0)); it was left as it is. Update metro-timer, or move the file away to start afresh.") },
            unreadable: { language.tr("файл поїздки \(path) не читається (\($0)); його не змінено. Приберіть його, щоб почати наново.", "the trip file \(path) is unreadable (\($0)); it was left as it is. Move it away to start afresh.") },
            walk: { bytes in
                let trip = try Trip(json: bytes)
                return (trip, trip.version)
            })
    }

    /// Why a file did not decode, in both languages. For a value its type refused, the English
    /// quotes the type's own words, which quote the file's value ("invalid String value
    /// arri\u{7F}ed"); the Ukrainian, which cannot translate them, names the key instead.
    static func reason(_ error: any Error) -> Bilingual {
        if case .dataCorrupted(let context)? = error as? DecodingError {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return Bilingual(context.codingPath.isEmpty ? "це не чинний JSON" : "хибне значення в '\(path)'", Quote.value(context.debugDescription))
        }
        return JSONObject.reason(error)
    }

    /// Runs `body` holding the state directory's lock (never through a link; a bounded wait).
    func locked<T>(_ body: () throws(CLIError) -> T) throws(CLIError) -> T {
        try ensureDirectory()
        return try FileTripStore.lock(lockPath, language: language) { () throws(CLIError) -> T in
            PrivateDirectory.removeLeftovers(in: directory, of: ["trip.json", "journal.jsonl", "calibration.json"])
            return try body()
        }
    }

    /// One read-modify-write under the lock at `path`, its failures as the CLI's errors.
    static func lock<T>(
        _ path: String, language: Language, waiting: ((Int32?) -> Void)? = nil, _ body: () throws(CLIError) -> T
    ) throws(CLIError) -> T {
        do {
            return try FileLock.withLock(path, waiting: waiting, body)
        } catch {
            switch error {
            case .problem(let problem):
                throw .failure(language.tr(
                    "не вдається заблокувати \(problem.path): \(problem.reason(language))", "cannot lock \(problem.path): \(problem.reason)"))
            case .busy(let busy): throw .failure(busy.description(language))
            case .body(let inner): throw inner
            }
        }
    }

    /// Writes a private file whole: never over a link or another kind of file.
    static func writePrivate(_ contents: String, to path: String, language: Language) throws(CLIError) {
        do { try PrivateFile.checkReplaceable(path) } catch {
            throw .data(language.tr("не вдається записати \(error.path): \(error.reason(language))", "cannot write \(error.path): \(error.reason)"))
        }
        do { try AtomicFile.write(contents, to: path, mode: 0o600) } catch { throw .failure(error.description(language)) }
    }

    /// The passenger's calibration (empty when none was measured yet).
    /// The calibration file; with `network`, every entry is also held to the rules
    /// `calibration --import` applies (a real segment or station, a plausible figure).
    func loadCalibration(network: Network? = nil) throws(CLIError) -> Calibration {
        try checkOwner()
        let path = calibrationPath
        let language = language
        let calibration = try VersionedFile.read(
            Calibration.self, at: path, newest: Calibration.currentVersion, dates: .secondsSince1970, language: language,
            newer: { language.tr("файл калібрування \(path) записано новішою версією metro-timer (версія \($0)); його не змінено.", "the calibration file \(path) was written by a newer metro-timer (version \($0)); it was left as it is.") },
            unreadable: unreadable)
            ?? Calibration()
        if let network, let problem = calibration.networkProblem(network) { throw .data(unreadable(problem.text(language))) }
        return calibration
    }

    private func unreadable(_ reason: String) -> String {
        let path = calibrationPath
        return language.tr(
            "файл калібрування \(path) не читається (\(reason)); його не змінено. Приберіть його або виконайте 'metro-timer calibration --reset'.",
            "the calibration file \(path) is unreadable (\(reason)); it was left as it is. Move it away or run 'metro-timer calibration --reset'.")
    }

    /// Locked read-modify-write of the calibration (checked against `network` when given).
    func updateCalibration<T>(network: Network? = nil, _ body: (inout Calibration) throws(CLIError) -> T) throws(CLIError) -> T {
        try locked { () throws(CLIError) -> T in
            var calibration = try loadCalibration(network: network)
            let result = try body(&calibration)
            try writeCalibration(calibration)
            return result
        }
    }

    /// Forgets every measurement without reading the file first: the way out that every refusal
    /// of the file names ("run 'metro-timer calibration --reset'") must work on a file that is
    /// refused. A link or another user's file in its place is still refused by the write.
    func resetCalibration() throws(CLIError) {
        try locked { () throws(CLIError) in
            try checkOwner()
            try writeCalibration(Calibration())
        }
    }

    func writeCalibration(_ calibration: Calibration) throws(CLIError) {
        let data = (try? FileTripStore.encoder.encode(calibration)) ?? Data()
        try FileTripStore.writePrivate(String(decoding: data, as: UTF8.self) + "\n", to: calibrationPath, language: language)
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
                try FileTripStore.writePrivate(String(decoding: data, as: UTF8.self) + "\n", to: tripPath, language: language)
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

    /// The warning for a journal line a reader skipped, in the one wording every reader uses.
    func skippedWarning(_ problem: (line: Int, reason: Bilingual)) -> String {
        let path = Quote.value(journalPath)
        return language.tr(
            "попередження: \(path):\(problem.line): рядок пропущено (\(problem.reason.uk))",
            "warning: \(path):\(problem.line): skipped a malformed line (\(problem.reason.en))")
    }

    /// Every readable record; a malformed line is reported (line number and reason) and skipped,
    /// never the whole journal lost. (All of them in memory: a command that can take them one at
    /// a time uses `forEachJournalRecord`.)
    func readJournal() throws(CLIError) -> (records: [JournalRecord], problems: [(line: Int, reason: Bilingual)]) {
        var records: [JournalRecord] = []
        let problems = try forEachJournalRecord { records.append($0) }
        return (records, problems)
    }

    /// Each readable record in the file's order, one at a time, the journal read a chunk at a
    /// time (memory bounded by the longest line and the set of trip ids seen, not the file);
    /// returns the lines skipped, each with its number and reason.
    @discardableResult
    func forEachJournalRecord(_ body: (JournalRecord) -> Void) throws(CLIError) -> [(line: Int, reason: Bilingual)] {
        try checkOwner()
        var seen: Set<String> = []
        var problems: [(line: Int, reason: Bilingual)] = []
        do {
            try PrivateFile.forEachLine(journalPath) { (line: ArraySlice<UInt8>, number: Int) throws(Never) in
                guard !line.isEmpty else { return }
                do {
                    let record = try JournalRecord(journalLine: Array(line))
                    if record.version > JournalRecord.currentVersion {
                        problems.append((number, Bilingual("записано новішою версією metro-timer (версія \(record.version))", "written by a newer metro-timer (version \(record.version))")))
                    } else if let problem = record.valueProblem() {
                        // Checked as every file's values are: a count of Int.max would trap a sum.
                        problems.append((number, problem))
                    } else if seen.insert(record.id).inserted {
                        // Keyed by trip id: a record written twice (an older version's retry) counts once.
                        body(record)
                    }
                } catch {
                    problems.append((number, Self.reason(error)))
                }
            }
        } catch {
            guard case .file(let problem) = error else { return problems }
            throw unreadableJournal(problem)
        }
        return problems
    }

    /// Rewrites the journal whole (trimming, clearing), atomically.
    func writeJournal(_ lines: [String]) throws(CLIError) {
        try FileTripStore.writePrivate(lines.map { $0 + "\n" }.joined(), to: journalPath, language: language)
    }

    /// Appends a finished trip's record, once: a record with the same trip id already there
    /// (written just before a crash, the trip not yet marked ended) is not written again. The
    /// callers hold the lock and mark the trip ended in the same step.
    func appendJournal(_ record: JournalRecord) throws(CLIError) {
        guard !(try journalHasRecord(id: record.id)) else { return }
        try appendJournalLine(record)
        // Trim to the cap, keeping the newest lines. A record line is never under 300 bytes, so a
        // smaller file cannot be over the cap and needs no counting.
        var info = stat()
        guard stat(journalPath, &info) == 0, info.st_size > Self.journalCap * 300 else { return }
        // Two passes line by line, never the whole file: count, then keep the newest lines.
        var count = 0
        do {
            try PrivateFile.forEachLine(journalPath) { (line: ArraySlice<UInt8>, _: Int) throws(Never) in if !line.isEmpty { count += 1 } }
        } catch {
            if case .file(let problem) = error { throw unreadableJournal(problem) }
        }
        guard count > Self.journalCap else { return }
        var kept: [String] = [], index = 0
        do {
            try PrivateFile.forEachLine(journalPath) { (line: ArraySlice<UInt8>, _: Int) throws(Never) in
                guard !line.isEmpty else { return }
                index += 1
                if index > count - Self.journalCap { kept.append(String(decoding: line, as: UTF8.self)) }
            }
        } catch {
            if case .file(let problem) = error { throw unreadableJournal(problem) }
        }
        try writeJournal(kept)
    }

    /// Removes a trip's record (to replace it: a late confirmation of an expired trip). Call it
    /// holding the lock.
    func removeJournalRecord(id: String) throws(CLIError) {
        guard let needle = Self.journalKey(id: id) else { return }
        // Line by line into the new file beside it, never the whole journal in memory; the
        // journal is replaced when every other line is written (empty lines are dropped).
        let file: AtomicFile.Temporary
        do { file = try AtomicFile.Temporary(beside: journalPath) } catch { throw .failure(error.description(language)) }
        var buffer: [UInt8] = []
        let found: Bool
        do {
            found = try PrivateFile.forEachLine(journalPath) { (line: ArraySlice<UInt8>, _: Int) throws(Never) in
                guard !line.isEmpty, !Self.contains(Data(line), needle) else { return }
                buffer += line
                buffer.append(UInt8(ascii: "\n"))
                if buffer.count >= 1 << 20 {
                    file.append(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
        } catch {
            file.discard()
            guard case .file(let problem) = error else { return }
            throw unreadableJournal(problem)
        }
        // No journal yet: nothing to remove.
        guard found else { return file.discard() }
        file.append(buffer)
        do { try PrivateFile.checkReplaceable(journalPath) } catch {
            file.discard()
            throw .data(language.tr("не вдається записати \(error.path): \(error.reason(language))", "cannot write \(error.path): \(error.reason)"))
        }
        do { try file.commit(mode: 0o600) } catch { throw .failure(error.description(language)) }
    }

    /// Whether a record for this trip is already written: its encoded `"id":"…"` (the journal
    /// encoder sorts keys and adds no spaces) anywhere in the file.
    func journalHasRecord(id: String) throws(CLIError) -> Bool {
        guard let needle = Self.journalKey(id: id) else { return false }
        // Line by line, never the whole file at once (a journal grows with every ride).
        struct Found: Error {}
        do {
            try PrivateFile.forEachLine(journalPath) { (line: ArraySlice<UInt8>, _: Int) throws(Found) in
                if Self.contains(Data(line), needle) { throw Found() }
            }
        } catch {
            if case .body = error { return true }
            if case .file(let problem) = error { throw unreadableJournal(problem) }
        }
        return false
    }

    /// A byte search with memchr and memcmp: `status` looks through the whole (capped) journal
    /// on every call, and Foundation's `Data.range(of:)` made that a third of its work.
    static func contains(_ haystack: Data, _ needle: Data) -> Bool {
        let pattern = [UInt8](needle)
        guard let first = pattern.first else { return true }
        return haystack.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            guard let base = raw.baseAddress, raw.count >= pattern.count else { return false }
            var offset = 0
            let last = raw.count - pattern.count
            while offset <= last {
                guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return false }
                if memcmp(hit, pattern, pattern.count) == 0 { return true }
                offset = base.distance(to: UnsafeRawPointer(hit)) + 1
            }
            return false
        }
    }

    private func unreadableJournal(_ error: PrivateFile.Problem) -> CLIError {
        .data(language.tr("журнал \(error.path) не читається (\(error.reason(language))); його не змінено.", "the journal \(error.path) is unreadable (\(error.reason)); it was left as it is."))
    }

    /// A record's key as the journal encoder writes it: `{"id":"…"}` less its braces.
    private static func journalKey(id: String) -> Data? {
        guard let key = try? journalEncoder.encode(["id": id]) else { return nil }
        return key.dropFirst().dropLast()
    }

    private func appendJournalLine(_ record: JournalRecord) throws(CLIError) {
        try ensureDirectory()
        var line = String(decoding: (try? Self.journalEncoder.encode(record)) ?? Data(), as: UTF8.self) + "\n"
        let descriptor: Int32
        do { descriptor = try PrivateFile.openForAppend(journalPath) } catch {
            throw .data(language.tr(
                "не вдається дописати до журналу \(error.path): \(error.reason(language))", "cannot append to the journal \(error.path): \(error.reason)"))
        }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
        // A last line torn by a crash (no final newline) must not swallow this record.
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_size > 0 {
            var last: UInt8 = 0
            if pread(descriptor, &last, 1, off_t(info.st_size - 1)) == 1, last != UInt8(ascii: "\n") { line = "\n" + line }
        }
        let bytes = Array(line.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
        guard written == bytes.count else {
            let code = errno
            throw .failure(language.tr(
                "не вдається дописати до \(journalPath): \(SystemReason.text(code, language))", "cannot append to \(journalPath): \(SystemReason.text(code, .en))"))
        }
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
