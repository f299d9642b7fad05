import FoundationEssentials
import MetroCore

/// `METRO_TIMER_HOME` and `METRO_TIMER_CONFIG`, checked before anything is read under them: an
/// absolute path (a relative one would move with the current directory, and the trip with it),
/// short enough for the system to open the files under it (else every file is "File name too
/// long", and the first one read, the installed timetable, took the blame).
package enum HomeVariables {
    package static let names = ["METRO_TIMER_HOME", "METRO_TIMER_CONFIG"]

    /// Linux's PATH_MAX (4096, with the terminating NUL) and NAME_MAX.
    static let longestPath = 4095
    static let longestName = 255
    /// The most metro-timer adds below the directory: `/data/.network.json.metro-timer-XXXXXX` and the other
    /// temporary files, with room to spare.
    static let longestSuffix = 64

    /// Why a variable cannot be used, nil when both can.
    package static func problem(environment: [String: String], language: Language) -> CLIError? {
        for name in names {
            guard let value = environment[name], !value.isEmpty else { continue }
            let shown = Quote.value(value)
            guard value.hasPrefix("/") else {
                return .failure(
                    language.tr(
                        "\(name) — '\(shown)', відносний шлях, що змінювався б разом із поточним каталогом; вкажіть абсолютний (наприклад, \(name)=\"$PWD/\(shown)\").",
                        "\(name) is '\(shown)', a relative path, which would move with the current directory; give an absolute one (for example \(name)=\"$PWD/\(shown)\")."
                    ))
            }
            let bytes = value.utf8.count
            if bytes + longestSuffix > longestPath {
                return .failure(
                    language.tr(
                        "\(name) має довжину \(bytes) байтів, і шляхи файлів у ньому перевищили б системну межу: щонайбільше \(longestPath) байтів на шлях (metro-timer додає до \(longestSuffix)); оберіть коротший каталог.",
                        "\(name) is \(bytes) bytes long, and the paths of the files under it would pass the system's limit of at most \(longestPath) bytes for a path (metro-timer adds up to \(longestSuffix)); choose a shorter directory."
                    ))
            }
            if let long = value.split(separator: "/").map({ $0.utf8.count }).first(where: { $0 > longestName }) {
                return .failure(
                    language.tr(
                        "\(name) містить назву завдовжки \(long) байтів, а система дозволяє щонайбільше \(longestName) на одну назву; оберіть коротший каталог.",
                        "\(name) has a name of \(long) bytes in it, and the system allows at most \(longestName) for one name; choose a shorter directory."
                    ))
            }
        }
        return nil
    }
}
