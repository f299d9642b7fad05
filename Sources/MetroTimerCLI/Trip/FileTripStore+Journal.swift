import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The journal: one JSON line per finished trip, appended under the state directory's lock,
/// trimmed to the last `journalCap` trips, and read a line at a time.
extension FileTripStore {
    /// Keep the journal to the last this many trips, trimmed when a trip is added.
    static let journalCap = 1000

    static let journalEncoder = JSONObject.encoder(pretty: false, slashes: .escaped, dates: .iso8601)

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
                        problems.append(
                            (
                                number,
                                Bilingual(
                                    "записано новішою версією metro-timer (версія \(record.version))",
                                    "written by a newer metro-timer (version \(record.version))")
                            ))
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
            try PrivateFile.forEachLine(journalPath) { (line: ArraySlice<UInt8>, _: Int) throws(Never) in
                if !line.isEmpty { count += 1 }
            }
        } catch {
            if case .file(let problem) = error { throw unreadableJournal(problem) }
        }
        guard count > Self.journalCap else { return }
        var index = 0
        try rewriteJournal { _ in
            index += 1
            return index > count - Self.journalCap
        }
    }

    /// Removes a trip's record (to replace it: a late confirmation of an expired trip). Call it
    /// holding the lock.
    func removeJournalRecord(id: String) throws(CLIError) {
        guard let needle = Self.journalKey(id: id) else { return }
        try rewriteJournal { !Self.contains(Data($0), needle) }
    }

    /// Rewrites the journal keeping the non-empty lines `keep` takes, in order: line by line into
    /// a new file beside it, never the whole journal in memory, and the journal replaced once
    /// every kept line is written (empty lines are dropped). No journal yet: nothing to do. Call
    /// it holding the lock.
    private func rewriteJournal(keeping keep: (ArraySlice<UInt8>) -> Bool) throws(CLIError) {
        let file: AtomicFile.Temporary
        do { file = try AtomicFile.Temporary(beside: journalPath) } catch {
            throw .failure(error.description(language))
        }
        var buffer: [UInt8] = []
        let found: Bool
        do {
            found = try PrivateFile.forEachLine(journalPath) { (line: ArraySlice<UInt8>, _: Int) throws(Never) in
                guard !line.isEmpty, keep(line) else { return }
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
        guard found else { return file.discard() }
        file.append(buffer)
        do { try Self.checkReplaceable(journalPath, language: language) } catch {
            file.discard()
            throw error
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
        .data(
            language.tr(
                "журнал \(error.path) не читається (\(error.reason(language))); його не змінено.",
                "the journal \(error.path) is unreadable (\(error.reason)); it was left as it is."))
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
            throw .data(
                language.tr(
                    "не вдається дописати до журналу \(error.path): \(error.reason(language))",
                    "cannot append to the journal \(error.path): \(error.reason)"))
        }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
        // A last line torn by a crash (no final newline) must not swallow this record.
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_size > 0 {
            var last: UInt8 = 0
            if pread(descriptor, &last, 1, off_t(info.st_size - 1)) == 1, last != UInt8(ascii: "\n") {
                line = "\n" + line
            }
        }
        let bytes = Array(line.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
        guard written == bytes.count else {
            let code = errno
            throw .failure(
                language.tr(
                    "не вдається дописати до \(journalPath): \(SystemReason.text(code, language))",
                    "cannot append to \(journalPath): \(SystemReason.text(code, .en))"))
        }
    }

    func changeToken() -> String {
        var info = stat()
        guard stat(tripPath, &info) == 0 else { return "none" }
        return "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec).\(info.st_size).\(info.st_ino)"
    }
}
