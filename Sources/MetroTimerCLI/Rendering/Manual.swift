import CLIKit
import MetroCore

/// metro-timer(1), in English and Ukrainian, from the command specs plus the sections the specs
/// do not hold. `man/metro-timer.1` and `man/uk/metro-timer.1` are this output, checked in and
/// kept fresh by a test (`make man` rewrites them).
enum Manual {
    /// The checked-in page for each language, relative to the package root.
    static func path(_ language: Language) -> String {
        language == .en ? "man/metro-timer.1" : "man/uk/metro-timer.1"
    }

    static func page(_ language: Language) -> String {
        ManPage.render(
            root: MetroTimer.spec, language: language, version: MetroTimer.version, date: Release.date,
            sections: [environment, files, exitStatus], seeAlso: ["tmux(1)", "notify-send(1)", "systemd-run(1)"])
    }

    static let environment = ManPage.Section(
        title: Text("СЕРЕДОВИЩЕ", "ENVIRONMENT"),
        items: [
            (
                "METRO_TIMER_LANG",
                Text(
                    "Мова виводу, uk або en; важить більше за LANGUAGE, LC_ALL, LC_MESSAGES і LANG (їх теж читають, у цьому порядку).",
                    "The output language, uk or en; it outranks LANGUAGE, LC_ALL, LC_MESSAGES and LANG (read too, in that order)."
                )
            ),
            (
                "LANGUAGE",
                Text(
                    "Список мов через двокрапку, як у gettext (uk:en); перша з uk чи en важить більше за LC_ALL і LANG. Не діє, коли локаль явно C або POSIX.",
                    "A colon-separated list of languages, as in gettext (uk:en); the first of uk or en in it outranks LC_ALL and LANG. Ignored when the locale is explicitly C or POSIX."
                )
            ),
            ("NO_COLOR", Text("Будь-яке непорожнє значення вимикає кольори.", "Any non-empty value turns colour off.")),
            (
                "COLUMNS",
                Text(
                    "Ширина термінала, коли її не можна дізнатися інакше.",
                    "The terminal's width, where it cannot be asked.")
            ),
            (
                "METRO_TIMER_HOME",
                Text(
                    "Каталог стану (поїздка, журнал, калібрування) замість $XDG_STATE_HOME/metro-timer.",
                    "The state directory (trip, journal, calibration) instead of $XDG_STATE_HOME/metro-timer.")
            ),
            (
                "METRO_TIMER_CONFIG",
                Text(
                    "Каталог налаштувань (зміни в русі, перевірка тривог) замість $XDG_CONFIG_HOME/metro-timer.",
                    "The settings directory (service changes, the alert check) instead of $XDG_CONFIG_HOME/metro-timer."
                )
            ),
            (
                "METRO_TIMER_AIR_RAID",
                Text(
                    "1 — планувати як під час повітряної тривоги, як з --air-raid.",
                    "1 plans as trains run during an air-raid alert, as --air-raid does.")
            ),
            (
                "METRO_TIMER_ALERT_BACKEND",
                Text(
                    "Чим планувати сповіщення поза екраном: auto (типово: таймери systemd користувача, де він працює, інакше фоновий процес), systemd, notifier або off (сповіщає лише відкритий екран).",
                    "How alerts are scheduled outside the screen: auto (the default: systemd user timers where a user manager runs, else a detached notifier), systemd, notifier, or off (only an open screen alerts)."
                )
            ),
            (
                "METRO_TIMER_ALERT_COMMAND",
                Text(
                    "Команда (sh -c), що отримує JSON кожного сповіщення на стандартному вході; має перевагу над 'metro-timer alerts command'.",
                    "A command (sh -c) given each alert's JSON on standard input; it overrides 'metro-timer alerts command'."
                )
            ),
            (
                "XDG_STATE_HOME",
                Text(
                    "Де каталог стану, metro-timer у ньому (типово ~/.local/state); лише абсолютний шлях.",
                    "Where the state directory is, metro-timer in it (default ~/.local/state); an absolute path only.")
            ),
            (
                "XDG_CONFIG_HOME",
                Text(
                    "Де каталог налаштувань, metro-timer у ньому (типово ~/.config); лише абсолютний шлях.",
                    "Where the settings directory is, metro-timer in it (default ~/.config); an absolute path only.")
            ),
            (
                "XDG_DATA_HOME",
                Text(
                    "Де шукати розклад, встановлений 'timetable-gen install': metro-timer/network.json у ньому (типово ~/.local/share); лише абсолютний шлях.",
                    "Where a timetable 'timetable-gen install' installed is looked for, metro-timer/network.json in it (default ~/.local/share); an absolute path only."
                )
            ),
            (
                "TZDIR",
                Text(
                    "Каталог бази часових поясів (типово /usr/share/zoneinfo); київський час береться з Europe/Kyiv у ньому. Без цього файлу діє вбудоване правило (UTC+2, влітку UTC+3) з одним рядком попередження.",
                    "The time-zone database directory (default /usr/share/zoneinfo); Kyiv time is read from Europe/Kyiv in it. Without that file the built-in rule (UTC+2, summer UTC+3) applies, with one line of warning."
                )
            ),
            (
                "PATH",
                Text(
                    "Де шукати curl для перевірки тривог (лише абсолютні каталоги), notify-send, tmux і systemd-run для сповіщень.",
                    "Where curl is looked for by the alert check (absolute directories only), and notify-send, tmux and systemd-run for alerts."
                )
            ),
            (
                "XDG_RUNTIME_DIR",
                Text(
                    "За ним видно, чи працює systemd користувача (для METRO_TIMER_ALERT_BACKEND=auto).",
                    "Shows whether a systemd user manager runs (for METRO_TIMER_ALERT_BACKEND=auto).")
            ),
            (
                "TERM",
                Text(
                    "dumb — без екрана, що перемальовується, і без кольорів: 'start' друкує рядок, коли щось змінюється.",
                    "dumb means no redrawn screen and no colour: 'start' prints a line when something changes.")
            ),
        ])

    /// What the program writes, and where; `about` lists the same places with their real paths.
    static let fileItems: [(term: String, text: Text)] = [
        (
            "~/.local/state/metro-timer/trip.json",
            Text(
                "Активна поїздка: t₀ і виправлення. Каталог 0700, файли 0600.",
                "The active trip: t₀ and the corrections. The directory is 0700, its files 0600.")
        ),
        (
            "~/.local/state/metro-timer/journal.jsonl",
            Text(
                "Журнал завершених поїздок, один обʼєкт JSON у рядку.",
                "The journal of finished trips, one JSON object a line.")
        ),
        (
            "~/.local/state/metro-timer/calibration.json",
            Text(
                "Ваші вимірювання перегонів і стоянок.", "Your own measurements of segments and dwells.")
        ),
        (
            "~/.local/state/metro-timer/scheduled-alerts.json",
            Text(
                "Сповіщення, заплановані поза екраном (таймери systemd чи фоновий процес), щоб їх можна було скасувати.",
                "The alerts scheduled outside the screen (systemd timers or the notifier), so that they can be cancelled."
            )
        ),
        (
            "~/.local/state/metro-timer/notifier.pid",
            Text(
                "Блокування фонового процесу сповіщень: його номер процесу, поки він чекає.",
                "The detached notifier's lock: its process ID while it waits.")
        ),
        (
            "~/.local/share/metro-timer/network.json",
            Text(
                "Розклад, встановлений 'timetable-gen install' (з METRO_TIMER_HOME — $METRO_TIMER_HOME/data/network.json); якщо він є, metro-timer бере його замість вбудованого.",
                "A timetable 'timetable-gen install' installed (with METRO_TIMER_HOME, $METRO_TIMER_HOME/data/network.json); when it is there, metro-timer uses it instead of its built-in one."
            )
        ),
        (
            "~/.config/metro-timer/changes.json",
            Text("Зміни в русі, що діють кілька днів.", "Service changes that last.")
        ),
        (
            "~/.config/metro-timer/routes.json",
            Text(
                "Збережені й недавні маршрути ('metro-timer routes').",
                "Saved and recent routes ('metro-timer routes').")
        ),
        (
            "~/.config/metro-timer/alerts.json",
            Text(
                "Налаштування необовʼязкової перевірки повітряної тривоги (типово вимкнено).",
                "The settings of the optional air-raid check (off by default).")
        ),
        (
            "/usr/share/zoneinfo/Europe/Kyiv",
            Text(
                "Київський час (файл TZif; під TZDIR, якщо задано). Читається, ніколи не пишеться.",
                "Kyiv time (a TZif file; under TZDIR when that is set). Read, never written.")
        ),
    ]

    static let files = ManPage.Section(
        title: Text("ФАЙЛИ", "FILES"),
        paragraphs: [
            Text(
                "Нічого не надсилається в мережу, доки ви не ввімкнете перевірку тривог ('metro-timer alerts enable').",
                "Nothing is sent over the network unless you enable the alert check ('metro-timer alerts enable').")
        ],
        items: fileItems)

    static let exitStatus = ManPage.Section(
        title: Text("КОДИ ЗАВЕРШЕННЯ", "EXIT STATUS"),
        items: [
            ("0", Text("Успіх.", "Success.")),
            (
                "1",
                Text(
                    "Інша помилка: маршрут не можна проїхати, не вдалося записати файл.",
                    "Another failure: a route that cannot be ridden, a file that could not be written.")
            ),
            (
                "64",
                Text(
                    "Неправильні аргументи (невідома станція, параметр, значення).",
                    "Bad arguments (an unknown station, option or value).")
            ),
            (
                "65",
                Text(
                    "Пошкоджений або новіший файл даних; його названо і не змінено.",
                    "A corrupt or newer data file; it is named and left as it is.")
            ),
            (
                "130",
                Text(
                    "Перервано Ctrl-C; термінал відновлено, поїздка триває.",
                    "Interrupted with Ctrl-C; the terminal is restored and the trip kept.")
            ),
        ])
}
