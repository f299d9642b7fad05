import CLIKit
import MetroCore
import MetroData
import MetroLab

/// timetable-gen(1), generated from the same command specs as its `--help` and parser, like
/// metro-timer(1) (`make man` writes `man/timetable-gen.1` with `timetable-gen __manual en`).
enum GeneratorManual {
    /// The checked-in page for each language, relative to the package root.
    static func path(_ language: Language) -> String {
        language == .en ? "man/timetable-gen.1" : "man/uk/timetable-gen.1"
    }

    static func page(_ language: Language) -> String {
        ManPage.render(
            root: Generator.spec, language: language, version: Release.version, date: Release.date,
            sections: [environment, files, exitStatus], seeAlso: ["metro-timer(1)"], rootRuns: true)
    }

    static let environment = ManPage.Section(
        title: Text("СЕРЕДОВИЩЕ", "ENVIRONMENT"),
        items: [
            (
                "METRO_TIMER_HOME",
                Text(
                    "Якщо задано, встановлений розклад лежить у $METRO_TIMER_HOME/data/network.json, поруч зі станом metro-timer.",
                    "When set, the installed timetable is $METRO_TIMER_HOME/data/network.json, beside metro-timer's state."
                )
            ),
            (
                "XDG_DATA_HOME",
                Text(
                    "Інакше — $XDG_DATA_HOME/metro-timer/network.json (типово ~/.local/share).",
                    "Otherwise $XDG_DATA_HOME/metro-timer/network.json (by default ~/.local/share).")
            ),
            (
                "METRO_TIMER_LANG",
                Text(
                    "Мова повідомлень, uk або en; важить більше за LC_ALL, LC_MESSAGES і LANG.",
                    "The language of messages, uk or en; it outranks LC_ALL, LC_MESSAGES and LANG.")
            ),
            (
                "TZDIR",
                Text(
                    "Каталог бази часових поясів для 'gtfs' (типово /usr/share/zoneinfo); без Europe/Kyiv у ньому діє вбудоване правило з попередженням.",
                    "The time-zone database directory for 'gtfs' (default /usr/share/zoneinfo); without Europe/Kyiv in it the built-in rule applies, with a warning."
                )
            ),
        ])

    static let files = ManPage.Section(
        title: Text("ФАЙЛИ", "FILES"),
        paragraphs: [
            Text(
                "Теку даних називає --data; без нього береться Data у корені копії metro-timer (там, де Package.swift цього пакета), інакше розклад, що постачається з випуском, і ніколи інша тека поточного каталогу.",
                "The data directory is the one --data names; without it, Data in the root of a metro-timer checkout (where this package's Package.swift is), else the timetable shipped with the release, and never another directory of the working directory."
            )
        ],
        items: [
            (
                "share/metro-timer/",
                Text(
                    "Опублікований розклад, що постачається з випуском, поруч із bin/ цієї програми (/usr/share/metro-timer для пакета .deb); без --data і поза копією metro-timer береться він.",
                    "The published timetable shipped with the release, beside this program's bin/ (/usr/share/metro-timer for the .deb); used without --data outside a metro-timer checkout."
                )
            ),
            (
                "~/.local/share/metro-timer/network.json",
                Text(
                    "Розклад, встановлений 'timetable-gen install'; metro-timer бере його замість вбудованого. Каталог 0700, файл 0600.",
                    "The timetable 'timetable-gen install' installed; metro-timer uses it instead of its built-in one. The directory is 0700, the file 0600."
                )
            ),
        ])

    static let exitStatus = ManPage.Section(
        title: Text("КОДИ ЗАВЕРШЕННЯ", "EXIT STATUS"),
        items: [
            ("0", Text("Успіх.", "Success.")),
            (
                "1",
                Text(
                    "Інша помилка: застарілий вихідний файл (--check), файл не вдалося записати.",
                    "Another failure: an out-of-date output (--check), a file that could not be written.")
            ),
            (
                "64",
                Text(
                    "Неправильні аргументи, зокрема бракує --data поза копією metro-timer і випуском.",
                    "Bad arguments, among them a missing --data outside a metro-timer checkout and a release.")
            ),
            (
                "65",
                Text(
                    "Пошкоджений файл даних; його названо з рядком і стовпцем, нічого не записано.",
                    "A bad data file; it is named with its line and column, and nothing is written.")
            ),
        ])
}
