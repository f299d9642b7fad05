import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// Settings kept between runs: `$METRO_TIMER_CONFIG`, else `$XDG_CONFIG_HOME/metro-timer`, else
/// `~/.config/metro-timer`. Private like the state directory (0700, files 0600), written
/// atomically, and never overwritten when unreadable.
struct ConfigStore: Sendable {
    let directory: String
    /// The language of the messages about the directory, its lock and its writes (a read takes
    /// its own, with the messages about the file).
    var language: Language = .en

    static func directory(environment: [String: String]) -> String {
        if let dir = environment["METRO_TIMER_CONFIG"], !dir.isEmpty { return dir }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/metro-timer" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Threads.homeDirectory()
        return home + "/.config/metro-timer"
    }

    var changesPath: String { directory + "/changes.json" }

    /// The files kept here (their writers' leftovers are removed under the lock).
    static let files = ["changes.json", "alerts.json", "routes.json"]

    func read<T: Decodable>(_ type: T.Type, at path: String, version: Int, language: Language) throws(CLIError) -> T? {
        // Read as written: another user's directory, or one open to others, refused.
        do {
            try PrivateDirectory.checkForReading(directory)
        } catch {
            throw Self.unusable(error, language)
        }
        return try VersionedFile.read(
            T.self, at: path, newest: version, language: language,
            newer: { found in
                language.tr(
                    "файл \(path) записано новішою версією metro-timer (версія \(found)); його не змінено.",
                    "\(path) was written by a newer metro-timer (version \(found)); it was left as it is.")
            },
            unreadable: { reason in
                language.tr(
                    "файл \(path) не читається (\(reason)); його не змінено. Виправте чи приберіть його.",
                    "\(path) is unreadable (\(reason)); it was left as it is. Fix it or move it away.")
            })
    }

    func ensureDirectory() throws(CLIError) {
        do {
            try PrivateDirectory.prepare(directory)
        } catch {
            throw Self.unusable(error, language)
        }
    }

    private static func unusable(_ problem: PrivateFile.Problem, _ language: Language) -> CLIError {
        .failure(
            language.tr(
                "не вдається використати каталог налаштувань \(problem.path): \(problem.reason(language))",
                "cannot use the settings directory \(problem.path): \(problem.reason)"))
    }

    /// One read-modify-write of the settings, under the directory's lock: ten `changes add` at
    /// once keep all ten.
    func locked<T>(_ body: () throws(CLIError) -> T) throws(CLIError) -> T {
        try ensureDirectory()
        return try FileTripStore.lock(directory + "/.lock", language: language) { () throws(CLIError) -> T in
            PrivateDirectory.removeLeftovers(in: directory, of: Self.files)
            return try body()
        }
    }

    func write<T: Encodable>(_ value: T, to path: String) throws(CLIError) {
        try ensureDirectory()
        let encoder = JSONObject.encoder(pretty: true, slashes: .asIs)
        let data = (try? encoder.encode(value)) ?? Data()
        try FileTripStore.writePrivate(String(decoding: data, as: UTF8.self) + "\n", to: path, language: language)
    }

    /// The changes file, every entry checked against the network: an unknown station or line
    /// is the file's problem (exit 65 naming it), not a change that silently does nothing.
    func changes(language: Language, network: Network) throws(CLIError) -> ChangesFile {
        let file =
            try read(ChangesFile.self, at: changesPath, version: ChangesFile.currentVersion, language: language)
            ?? ChangesFile()
        if let problem = file.networkProblem(network) {
            throw .data(
                language.tr(
                    "файл \(changesPath) не читається (\(problem.uk)); його не змінено. Виправте чи приберіть його.",
                    "\(changesPath) is unreadable (\(problem.en)); it was left as it is. Fix it or move it away."))
        }
        return file
    }
}

extension Context {
    var config: ConfigStore {
        ConfigStore(directory: ConfigStore.directory(environment: environment), language: chosenLanguage)
    }

    /// The changes in force for a ride starting at `moment`: the changes file's entries for that
    /// service day, with the command line's on top.
    func serviceChanges(_ arguments: ParsedArguments, at moment: Date, spec: CommandSpec, language: Language)
        throws(CLIError) -> ServiceChanges
    {
        let flags = try ServiceOptions.changes(arguments, context: self, spec: spec, language: language)
        let day = clock.position(of: moment).serviceDay.description
        return try config.changes(language: language, network: network).changes(on: day).merged(with: flags)
            .expandingAllLines(network)
    }
}
