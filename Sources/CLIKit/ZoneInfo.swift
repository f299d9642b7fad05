import FoundationEssentials
import MetroCore

/// Kyiv time from the system's time-zone database: the TZif file `Europe/Kyiv` under `TZDIR`
/// (as the C library honours it) or `/usr/share/zoneinfo`. Read here, at the edge, so MetroCore
/// does no I/O; a missing or corrupt file is an error that names the file and the package,
/// never a silent UTC.
public enum ZoneInfo {
    /// Older databases (before tzdata 2022b) know the city only by its former spelling.
    static let names = [ServiceClock.zoneName, "Europe/Kiev"]

    /// The directory that holds the database.
    public static func directory(environment: [String: String]) -> String {
        if let dir = environment["TZDIR"], dir.hasPrefix("/") { return dir }
        return "/usr/share/zoneinfo"
    }

    /// The Kyiv clock, or an error (exit 1 for a missing file, 65 for one that is not a zone).
    public static func kyivClock(environment: [String: String], language: Language = .en) -> Result<ServiceClock, CLIError> {
        let dir = directory(environment: environment)
        let path = dir + "/" + names[0]
        for name in names {
            guard let data = FileManager.default.contents(atPath: dir + "/" + name) else { continue }
            do {
                return .success(ServiceClock(zone: try TZif(bytes: Array(data))))
            } catch {
                return .failure(.data(language.tr(
                    "файл часового поясу \(dir)/\(name) пошкоджений (\(error.reason.uk)); перевстановіть базу часових поясів (наприклад, 'apt-get install --reinstall tzdata')",
                    "the time-zone file \(dir)/\(name) is corrupt (\(error.reason.en)); reinstall the system time-zone database (for example 'apt-get install --reinstall tzdata')")))
            }
        }
        return .failure(.failure(language.tr(
            "немає файлу часового поясу \(path): київський час береться з системної бази часових поясів; встановіть її (наприклад, 'apt-get install tzdata')",
            "there is no time-zone file \(path): Kyiv time comes from the system time-zone database; install it (for example 'apt-get install tzdata')")))
    }
}

extension ServiceClock {
    /// The Kyiv clock from the system's database under this process's environment; nil when the
    /// file is missing or corrupt (commands that report why use `ZoneInfo.kyivClock`).
    public static func kyiv() -> ServiceClock? {
        try? ZoneInfo.kyivClock(environment: Environment.current()).get()
    }
}
