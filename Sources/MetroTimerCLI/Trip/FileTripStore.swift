import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The state directory: `METRO_TIMER_HOME`, else `$XDG_STATE_HOME/metro-timer`, else
/// `~/.local/state/metro-timer`. Private: the directory 0700, its files 0600.
package final class FileTripStore: TripStore {
    let directory: String
    var tripPath: String { directory + "/trip.json" }
    var journalPath: String { directory + "/journal.jsonl" }
    var lockPath: String { directory + "/.lock" }
    var calibrationPath: String { directory + "/calibration.json" }
    var location: String { tripPath }

    /// The language of the messages about the files.
    let language: Language

    package init(directory: String, language: Language = .en) {
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
        .failure(
            language.tr(
                "не вдається використати каталог стану \(problem.path): \(problem.reason(language))",
                "cannot use the state directory \(problem.path): \(problem.reason)"))
    }

    /// Before reading: a state directory of another user, or one open to others, is refused,
    /// not read from, as a writer refuses it.
    func checkOwner() throws(CLIError) {
        var info = stat()
        if stat(directory, &info) == 0, info.st_uid != geteuid() {
            throw .failure(
                language.tr(
                    "не вдається використати каталог стану \(directory): він належить користувачеві \(info.st_uid), а не вам (користувач \(geteuid())); вкажіть у METRO_TIMER_HOME власний каталог",
                    "cannot use the state directory \(directory): it belongs to user \(info.st_uid), not to you (user \(geteuid())); set METRO_TIMER_HOME to a directory of your own"
                ))
        }
        do {
            try PrivateDirectory.checkForReading(directory)
        } catch {
            throw unusable(error)
        }
    }

    static let encoder = JSONObject.encoder(pretty: true, slashes: .escaped, dates: .secondsSince1970)

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
            newer: {
                language.tr(
                    "файл поїздки \(path) записано новішою версією metro-timer (версія \($0)); його не змінено. Оновіть metro-timer або приберіть файл, щоб почати наново.",
                    "the trip file \(path) was written by a newer metro-timer (version \($0)); it was left as it is. Update metro-timer, or move the file away to start afresh."
                )
            },
            unreadable: {
                language.tr(
                    "файл поїздки \(path) не читається (\($0)); його не змінено. Приберіть його, щоб почати наново.",
                    "the trip file \(path) is unreadable (\($0)); it was left as it is. Move it away to start afresh.")
            },
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
            return Bilingual(
                context.codingPath.isEmpty ? "це не чинний JSON" : "хибне значення в '\(path)'",
                Quote.value(context.debugDescription))
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
                throw .failure(
                    language.tr(
                        "не вдається заблокувати \(problem.path): \(problem.reason(language))",
                        "cannot lock \(problem.path): \(problem.reason)"))
            case .busy(let busy): throw .failure(busy.description(language))
            case .body(let inner): throw inner
            }
        }
    }

    /// Writes a private file whole: never over a link or another kind of file.
    static func writePrivate(_ contents: String, to path: String, language: Language) throws(CLIError) {
        try checkReplaceable(path, language: language)
        do { try AtomicFile.write(contents, to: path, mode: 0o600) } catch {
            throw .failure(error.description(language))
        }
    }

    /// `PrivateFile.checkReplaceable`'s refusal as a command's error, naming the file.
    static func checkReplaceable(_ path: String, language: Language) throws(CLIError) {
        do { try PrivateFile.checkReplaceable(path) } catch {
            throw .data(
                language.tr(
                    "не вдається записати \(error.path): \(error.reason(language))",
                    "cannot write \(error.path): \(error.reason)"))
        }
    }

    /// The passenger's calibration (empty when none was measured yet).
    /// The calibration file; with `network`, every entry is also held to the rules
    /// `calibration --import` applies (a real segment or station, a plausible figure).
    func loadCalibration(network: Network? = nil) throws(CLIError) -> Calibration {
        try checkOwner()
        let path = calibrationPath
        let language = language
        let calibration =
            try VersionedFile.read(
                Calibration.self, at: path, newest: Calibration.currentVersion, dates: .secondsSince1970,
                language: language,
                newer: {
                    language.tr(
                        "файл калібрування \(path) записано новішою версією metro-timer (версія \($0)); його не змінено.",
                        "the calibration file \(path) was written by a newer metro-timer (version \($0)); it was left as it is."
                    )
                },
                unreadable: unreadable)
            ?? Calibration()
        if let network, let problem = calibration.networkProblem(network) {
            throw .data(unreadable(problem.text(language)))
        }
        return calibration
    }

    private func unreadable(_ reason: String) -> String {
        let path = calibrationPath
        return language.tr(
            "файл калібрування \(path) не читається (\(reason)); його не змінено. Приберіть його або виконайте 'metro-timer calibration --reset'.",
            "the calibration file \(path) is unreadable (\(reason)); it was left as it is. Move it away or run 'metro-timer calibration --reset'."
        )
    }

    /// Locked read-modify-write of the calibration (checked against `network` when given).
    func updateCalibration<T>(network: Network? = nil, _ body: (inout Calibration) throws(CLIError) -> T)
        throws(CLIError) -> T
    {
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
        try FileTripStore.writePrivate(
            String(decoding: data, as: UTF8.self) + "\n", to: calibrationPath, language: language)
    }

    package func update<T>(_ body: (inout Trip?) throws(CLIError) -> T) throws(CLIError) -> T {
        try locked { () throws(CLIError) -> T in try updateUnlocked(body) }
    }

    private func updateUnlocked<T>(_ body: (inout Trip?) throws(CLIError) -> T) throws(CLIError) -> T {
        let before = try load()
        var trip = before
        let result = try body(&trip)
        if trip != before {
            if let trip {
                let data = (try? FileTripStore.encoder.encode(trip)) ?? Data()
                try FileTripStore.writePrivate(
                    String(decoding: data, as: UTF8.self) + "\n", to: tripPath, language: language)
            } else {
                unlink(tripPath)
            }
        }
        return result
    }
}
