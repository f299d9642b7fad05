import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// A timetable installed with `timetable-gen install`, used instead of the embedded network.
///
/// Looking for one costs one `open` of a file that usually does not exist, so the embedded
/// network's start-up pays nothing more. A file that is there but cannot be used (unreadable, a
/// link, another user's, not JSON, inconsistent, or from a newer timetable-gen) stops the command
/// with an error that names it and says how to remove it: never a silent fall back to the
/// embedded network, which would plan with a timetable the user did not choose.
package struct InstalledTimetable: Sendable {
    let path: String
    let network: Network
    /// Station search over this network (the embedded one has its own, `StationSearch.kyiv`).
    let search: StationSearch

    static let removal = "timetable-gen install --remove"

    /// The installed timetable, nil when none is installed.
    static func load(environment: [String: String], language: Language) throws(CLIError) -> InstalledTimetable? {
        let found: (path: String, bytes: Data)?
        do { found = try InstalledNetwork.read(environment: environment) } catch {
            throw .data(
                language.tr(
                    "встановлений розклад \(error.path) не читається (\(error.reason(language))). Приберіть його: '\(removal)' (metro-timer тоді бере вбудований розклад).",
                    "the installed timetable \(error.path) cannot be read (\(error.reason)). Remove it with '\(removal)' (metro-timer then uses its built-in timetable)."
                ))
        }
        guard let found else { return nil }
        let network: Network
        do { network = try Network(json: found.bytes) } catch {
            let why: String
            switch error {
            case .newerVersion(let version):
                why = language.tr(
                    "його записав новіший timetable-gen (версія формату \(version), ця версія metro-timer читає до \(NetworkDocument.currentVersion))",
                    "it was written by a newer timetable-gen (format version \(version); this metro-timer reads up to \(NetworkDocument.currentVersion))"
                )
            case .malformed(let reason):
                why = language.tr(
                    "це не розклад metro-timer (\(reason.uk))", "it is not a metro-timer timetable (\(reason.en))")
            case .inconsistent(let reason):
                why = language.tr(
                    "мережа в ньому не узгоджена: \(reason.uk)", "its network does not hold together: \(reason.en)")
            }
            throw .data(
                language.tr(
                    "встановлений розклад \(found.path) не можна використати: \(why). Приберіть його: '\(removal)' (metro-timer тоді бере вбудований розклад) або встановіть знову з 'timetable-gen install --data DIR'.",
                    "the installed timetable \(found.path) cannot be used: \(why). Remove it with '\(removal)' (metro-timer then uses its built-in timetable), or install it again with 'timetable-gen install --data DIR'."
                ))
        }
        return InstalledTimetable(path: found.path, network: network, search: StationSearch(network: network))
    }
}
