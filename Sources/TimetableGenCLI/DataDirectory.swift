import CLIKit
import FoundationEssentials
import MetroCore
import MetroData
import MetroLab

#if canImport(Glibc)
import Glibc
#endif

/// Where `timetable-gen` reads the project's data files: the directory `--data` names; with no
/// `--data`, `Data` where the working directory is the root of a metro-timer checkout, else the
/// published timetable shipped with the release, `share/metro-timer` beside the `bin/` that holds
/// this executable (`/usr/share/metro-timer` for the .deb's `/usr/bin/timetable-gen`).
///
/// Nothing is looked up relative to the working directory otherwise: a `Data/` folder that merely
/// happens to be there (in a home directory, a download folder) is never taken for the project's
/// data. The one exception keeps the developer's workflow as it was, `swift run timetable-gen`
/// and `swift run timetable-gen --check` in the checkout (CI, the tests, the README, the
/// messages that say what to run): there `Package.swift` declares the package `metro-timer`,
/// which no random directory does. The shipped directory is found from the executable's own
/// path (`/proc/self/exe`, symbolic links resolved), never from `PATH` or the working directory.
enum DataDirectory {
    static let checkoutData = "Data"
    /// The line of `Package.swift` that marks a checkout of this package.
    static let packageMarker = #"name: "metro-timer""#

    /// Whether `directory` is the root of a metro-timer checkout.
    static func isCheckoutRoot(_ directory: String) -> Bool {
        guard let manifest = FileManager.default.contents(atPath: Generator.absolute("Package.swift", base: directory))
        else { return false }
        return String(decoding: manifest, as: UTF8.self).contains(packageMarker)
    }

    /// The data directory as the user gave it (messages name it so), or a usage error saying to
    /// pass `--data`.
    static func resolve(_ parsed: ParsedArguments, spec: CommandSpec, base: String, language: Language) throws(CLIError)
        -> String
    {
        if let given = parsed.value("data") { return given }
        if isCheckoutRoot(base) { return checkoutData }
        if let shipped = shipped() { return shipped }
        throw .usage(
            language.tr(
                "Не вказано теку з даними: додайте '--data <dir>' (тека з kyiv-stations.csv та іншими файлами; у копії metro-timer це Data, у встановленому випуску — share/metro-timer)",
                "No data directory given: pass '--data <dir>' (the directory holding kyiv-stations.csv and the other files; Data in a checkout of metro-timer, share/metro-timer in an installed release)"
            ), spec)
    }

    /// Where a release keeps the published timetable, relative to the `bin/` of its executables.
    static let shippedRelative = "share/metro-timer"

    /// The shipped data beside the running executable (`BIN/../share/metro-timer`), when it holds
    /// the stations file; nil in a build directory.
    static func shipped(
        executable: String? = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    ) -> String? {
        guard let executable, executable.hasPrefix("/") else { return nil }
        let prefix = Path.directory(of: Path.directory(of: executable))
        let directory = (prefix == "/" ? "" : prefix) + "/" + shippedRelative
        guard FileManager.default.fileExists(atPath: directory + "/" + TimetableCompiler.FileName.stations) else {
            return nil
        }
        return directory
    }

    /// The help text's `(default: …)` of every `--data`.
    static let defaultText = Text(
        "Data у корені копії metro-timer, інакше share/metro-timer встановленого випуску",
        "Data in the root of a metro-timer checkout, else an installed release's share/metro-timer")

    /// Reads the named data files (all of them by default) from `directory` (relative to `base`);
    /// the compiler gets their bytes and names and does no I/O of its own.
    static func read(_ directory: String, base: String, names: [String] = TimetableCompiler.FileName.all)
        throws(DataError) -> TimetableCompiler.Input
    {
        let absolute = Generator.absolute(directory, base: base)
        var bytes: [String: [UInt8]] = [:]
        for name in names {
            let path = absolute.hasSuffix("/") ? absolute + name : absolute + "/" + name
            guard let data = FileManager.default.contents(atPath: path) else {
                throw DataError(file: path, "cannot read the file (missing or unreadable)")
            }
            bytes[name] = Array(data)
        }
        // Messages name the directory as the user gave it.
        return try TimetableCompiler.Input(directory: directory, bytes: bytes)
    }
}
