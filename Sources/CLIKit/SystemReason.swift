import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The system's reason for a failed call (`strerror`), in the language of the message around it.
/// The C library speaks the process's locale, which a metro-timer run does not set (and
/// `--lang uk` must work where no Ukrainian locale is installed), so the common reasons are
/// translated here; any other stays the C library's English text.
package enum SystemReason {
    /// The reason for `code` (an `errno` value).
    package static func text(_ code: Int32, _ language: Language) -> String {
        if language == .uk, let text = ukrainian[code] { return text }
        return String(cString: strerror(code))
    }

    /// The `errno` inside a Foundation error (its `NSUnderlyingError`), when it carries one: a
    /// directory `FileManager` could not make says why only there.
    package static func code(of error: any Error) -> Int32? {
        guard let cocoa = error as? CocoaError, let posix = cocoa.userInfo["NSUnderlyingError"] as? POSIXError else {
            return nil
        }
        return posix.code.rawValue
    }

    /// glibc's own uk.po wording where it reads well; ENAMETOOLONG (there "Файл є занадто
    /// великим", a slip), ENOMEM and EXDEV are said more plainly, and links are "символьні"
    /// as everywhere else in metro-timer.
    static let ukrainian: [Int32: String] = [
        ENOENT: "Немає такого файла або каталогу",
        EACCES: "Відмовлено у доступі",
        EPERM: "Дію заборонено",
        ENOTDIR: "Не є каталогом",
        EISDIR: "Є каталогом",
        ENOSPC: "Недостатньо місця на пристрої",
        EROFS: "Файлова система тільки для зчитування",
        EDQUOT: "Перевищено квоту диска",
        EEXIST: "Файл уже існує",
        ELOOP: "Забагато рівнів символьних посилань",
        EIO: "Помилка введення-виведення",
        EPIPE: "Канал обірвано",
        ENAMETOOLONG: "Задовга назва файла",
        EMFILE: "Забагато відкритих файлів",
        ENFILE: "У системі забагато відкритих файлів",
        EBUSY: "Пристрій або ресурс зайнято",
        EAGAIN: "Ресурс тимчасово недоступний",
        ENOMEM: "Не вдалося виділити пам’ять",
        EFBIG: "Файл надто великий",
        EXDEV: "Недопустиме посилання між пристроями",
        ETXTBSY: "Текстовий файл зайнято",
    ]
}
