import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// Kyiv time from the system's time-zone database: the TZif file `Europe/Kyiv` under `TZDIR`
/// (as the C library honours it) or `/usr/share/zoneinfo`. Read here, at the edge, so MetroCore
/// does no I/O. A corrupt file is an error that names the file and the package, never a silent
/// UTC; a missing one (a minimal container, a phone) gives the built-in rule and one warning.
package enum ZoneInfo {
    /// Older databases (before tzdata 2022b) know the city only by its former spelling.
    static let names = [ServiceClock.zoneName, "Europe/Kiev"]

    /// Kyiv's rule as the footer of the database's own `Europe/Kyiv` writes it (tzdata 2022b to
    /// 2025b; a test holds it to the installed file): EET, UTC+2, and EEST, UTC+3, from the last
    /// Sunday of March at 03:00 to the last Sunday of October at 04:00; it agrees with the database
    /// at every hour from 2000 to 2040 (ZoneInfoFallbackTests). The database is still preferred:
    /// it follows a change of law, the built-in rule does not.
    static let builtInRule = "EET-2EEST,M3.5.0/3,M10.5.0/4"

    /// The clock the built-in rule gives.
    package static var builtInClock: ServiceClock {
        // The rule is a constant that parses (ZoneInfoFallbackTests).
        ServiceClock(zone: TZif(rule: POSIXTimeZone(builtInRule)!))
    }

    /// The clock, and the one line to say on standard error when it is the built-in rule.
    package struct Lookup: Sendable {
        package var clock: ServiceClock
        package var warning: String?
    }

    /// The directory that holds the database.
    package static func directory(environment: [String: String]) -> String {
        if let dir = environment["TZDIR"], dir.hasPrefix("/") { return dir }
        return "/usr/share/zoneinfo"
    }

    /// The Kyiv clock from the database, else the built-in rule with a warning; an error (exit
    /// 65) only for a file that is there but is not a zone.
    package static func lookup(environment: [String: String], language: Language = .en) -> Result<Lookup, CLIError> {
        let dir = directory(environment: environment)
        let path = dir + "/" + names[0]
        for name in names {
            // Missing is the built-in rule; anything else in the file's place (a directory, a
            // FIFO, a file this user cannot read) is a broken database, said as such.
            let data: [UInt8]
            switch read(dir + "/" + name) {
            case .missing: continue
            case .bytes(let bytes): data = bytes
            case .unusable(let reason):
                return .failure(
                    .data(
                        language.tr(
                            "файл часового поясу \(dir)/\(name) не читається (\(reason.uk)); перевстановіть базу часових поясів (наприклад, 'apt-get install --reinstall tzdata')",
                            "the time-zone file \(dir)/\(name) cannot be read (\(reason.en)); reinstall the system time-zone database (for example 'apt-get install --reinstall tzdata')"
                        )))
            }
            do {
                return .success(Lookup(clock: ServiceClock(zone: try TZif(bytes: data)), warning: nil))
            } catch {
                return .failure(
                    .data(
                        language.tr(
                            "файл часового поясу \(dir)/\(name) пошкоджений (\(error.reason.uk)); перевстановіть базу часових поясів (наприклад, 'apt-get install --reinstall tzdata')",
                            "the time-zone file \(dir)/\(name) is corrupt (\(error.reason.en)); reinstall the system time-zone database (for example 'apt-get install --reinstall tzdata')"
                        )))
            }
        }
        return .success(
            Lookup(
                clock: builtInClock,
                warning: Quote.sanitize(
                    language.tr(
                        "попередження: немає файлу часового поясу \(path), тож київський час іде за вбудованим правилом (UTC+2, влітку UTC+3, з останньої неділі березня до останньої неділі жовтня); встановіть базу часових поясів, щоб стежити за її змінами (наприклад, 'apt-get install tzdata')",
                        "warning: there is no time-zone file \(path), so Kyiv time follows the built-in rule (UTC+2, and UTC+3 from the last Sunday of March to the last Sunday of October); install the system time-zone database to follow its changes (for example 'apt-get install tzdata')"
                    ))))
    }

    enum Read {
        case missing
        case bytes([UInt8])
        case unusable(Bilingual)
    }

    /// The file's bytes, without waiting on a FIFO (opened non-blocking, then checked to be a
    /// regular file before anything is read); a zone file is a few kilobytes, 1 MB is plenty.
    static func read(_ path: String) -> Read {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .missing }
            return .unusable(Bilingual(SystemReason.text(code, .uk), SystemReason.text(code, .en)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            return .unusable(Bilingual(SystemReason.text(errno, .uk), SystemReason.text(errno, .en)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .unusable(Bilingual("це каталог, а не файл", "it is a directory, not a file"))
        default: return .unusable(Bilingual("це не звичайний файл", "it is not a regular file"))
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .unusable(Bilingual(SystemReason.text(errno, .uk), SystemReason.text(errno, .en)))
            }
            if count == 0 { return .bytes(bytes) }
            bytes += buffer[0..<count]
        }
        return .unusable(Bilingual("він більший за 1 МБ", "it is larger than 1 MB"))
    }

    /// The Kyiv clock, or the error for a corrupt zone file (the built-in rule when it is missing,
    /// said by `lookup`'s warning to those who call that).
    static func kyivClock(environment: [String: String], language: Language = .en) -> Result<ServiceClock, CLIError> {
        lookup(environment: environment, language: language).map(\.clock)
    }
}

extension ServiceClock {
    /// The Kyiv clock from the system's database under this process's environment (the built-in
    /// rule when the file is missing); nil when the file is corrupt (commands that report why use
    /// `ZoneInfo.lookup`).
    package static func kyiv() -> ServiceClock? {
        try? ZoneInfo.kyivClock(environment: Environment.current()).get()
    }
}
