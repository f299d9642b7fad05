import CLIKit

/// The EXAMPLES of every command's `--help` and of the manual, kept in one place and attached to
/// each spec where it is shown (`MetroTimer.documented`), so help, the manual and the test that
/// parses every example read the same list.
enum Examples {
    static func of(_ commandName: String) -> [CommandSpec.Example] {
        ofARide(commandName) ?? ofACorrection(commandName) ?? ofTheStations(commandName) ?? ofTheRest(commandName)
            ?? []
    }

    /// The root command's, and those of the commands that plan and ride.
    static func ofARide(_ commandName: String) -> [CommandSpec.Example]? {
        let e = CommandSpec.Example.init
        switch commandName {
        case "metro-timer":
            return [
                e(
                    "metro-timer plan Lisova Teremky",
                    Text("Розклад поїздки, що починається зараз.", "The timetable of a ride that starts now.")),
                e(
                    "metro-timer start Lisova Teremky",
                    Text("Поїхали: живий відлік до прибуття.", "Off you go: a live countdown to the arrival.")),
                e("metro-timer help plan", Text("Усе про одну команду.", "All about one command.")),
            ]
        case "metro-timer plan":
            return [
                e(
                    "metro-timer plan Lisova Teremky --at 08:15",
                    Text("Поїздка, коли поїзд рушає о 08:15.", "A ride whose train starts moving at 08:15.")),
                e(
                    "metro-timer plan Lukyanivska Teremki --lang uk",
                    Text(
                        "Назви, як їх пишуть люди (і кирилицею); вивід українською.",
                        "Names as people spell them (in Cyrillic too); the output in Ukrainian.")),
                e(
                    "metro-timer plan Lisova Teremky --arrive-by 09:00",
                    Text("Коли вирушити, щоб бути там до 09:00.", "When to leave to be there by 09:00.")),
                e("metro-timer plan Lisova Teremky --json", Text("Те саме для скриптів.", "The same for scripts.")),
            ]
        case "metro-timer card":
            return [
                e(
                    "metro-timer card Lisova Teremky --at 08:15 --output ride.html",
                    Text(
                        "Сторінка поїздки для телефона; надішліть її собі й відкрийте без мережі.",
                        "The ride's page for a phone; send it to yourself and open it offline.")),
                e(
                    "metro-timer card home --output - > home.html",
                    Text("Збережений маршрут, у стандартний вивід.", "A saved route, to standard output.")),
            ]
        case "metro-timer start":
            return [
                e("metro-timer start Lisova Teremky", Text("Почати поїздку зараз.", "Start a ride now.")),
                e(
                    "metro-timer start Lisova Teremky --speed 20",
                    Text(
                        "Репетиція вдвадцятеро швидше; нічого не записується.",
                        "A rehearsal twenty times as fast; nothing is saved.")),
                e("metro-timer start --again", Text("Ще раз останню поїздку.", "Your last ride again.")),
            ]
        case "metro-timer status":
            return [
                e(
                    "metro-timer status",
                    Text(
                        "Один рядок про поїздку (нічого, коли її немає).",
                        "One line about the ride (nothing when there is none).")),
                e(
                    "metro-timer status --format '{next} {arrival}'",
                    Text(
                        "Лише наступна станція і час до прибуття.", "Only the next station and the time until arrival.")
                ),
            ]
        default:
            return nil
        }
    }

    /// The corrections during a ride and its end.
    static func ofACorrection(_ commandName: String) -> [CommandSpec.Example]? {
        let e = CommandSpec.Example.init
        switch commandName {
        case "metro-timer adjust":
            return [
                e(
                    "metro-timer adjust +1",
                    Text("Поїзд на зупинку позаду розкладу.", "The train is a stop behind the timetable.")),
                e("metro-timer adjust -1", Text("Поїзд на зупинку попереду.", "The train is a stop ahead.")),
            ]
        case "metro-timer at":
            return [
                e(
                    "metro-timer at Universytet",
                    Text("Поїзд зараз на станції Університет.", "The train is at Universytet now."))
            ]
        case "metro-timer departed":
            return [
                e(
                    "metro-timer departed",
                    Text("Після пересадки поїзд щойно рушив.", "After the change, the train has just started moving."))
            ]
        case "metro-timer arrived":
            return [
                e("metro-timer arrived", Text("Ви прибули зараз.", "You arrived now.")),
                e("metro-timer arrived --at 08:41", Text("Ви прибули о 08:41.", "You arrived at 08:41.")),
            ]
        case "metro-timer stop":
            return [e("metro-timer stop", Text("Завершити поїздку, не доїхавши.", "End the trip without arriving."))]
        case "metro-timer undo":
            return [e("metro-timer undo", Text("Скасувати останнє виправлення.", "Take back the last correction."))]
        default:
            return nil
        }
    }

    /// The stations and the saved routes.
    static func ofTheStations(_ commandName: String) -> [CommandSpec.Example]? {
        let e = CommandSpec.Example.init
        switch commandName {
        case "metro-timer stations":
            return [
                e("metro-timer stations", Text("Усі станції обома мовами.", "Every station in both languages.")),
                e("metro-timer stations --line M2", Text("Станції лінії M2.", "The stations of line M2.")),
                e(
                    "metro-timer stations Petrivka",
                    Text("Пошук, також за колишньою назвою.", "A search, by a former name too.")),
            ]
        case "metro-timer station":
            return [
                e(
                    "metro-timer station Khreshchatyk",
                    Text(
                        "Картка станції: лінія, пересадка, перші й останні поїзди.",
                        "The station's card: line, change, first and last trains.")),
                e("metro-timer station Teremky --json", Text("Те саме для скриптів.", "The same for scripts.")),
            ]
        case "metro-timer routes":
            return [
                e(
                    "metro-timer routes add work Lisova Teremky",
                    Text("Зберегти маршрут під назвою 'work'.", "Save a route as 'work'.")),
                e("metro-timer plan work", Text("Спланувати збережений маршрут.", "Plan the saved route.")),
                e("metro-timer routes list", Text("Збережені й недавні маршрути.", "Saved and recent routes.")),
            ]
        default:
            return nil
        }
    }

    /// The files a ride reads and writes, and the manual's.
    static func ofTheRest(_ commandName: String) -> [CommandSpec.Example]? {
        let e = CommandSpec.Example.init
        switch commandName {
        case "metro-timer changes":
            return [
                e(
                    "metro-timer changes add --closed Lybidska --until 2026-12-24",
                    Text("Либідська закрита до 24 грудня.", "Lybidska is closed until 24 December.")),
                e("metro-timer changes list", Text("Зміни, що діють, з номерами.", "The changes in force, numbered.")),
                e("metro-timer changes remove 1", Text("Прибрати зміну № 1.", "Remove change 1.")),
            ]
        case "metro-timer alerts":
            return [
                e("metro-timer alerts pending", Text("Які сповіщення заплановано.", "Which alerts are scheduled.")),
                e(
                    "metro-timer alerts command 'notify-send metro-timer'",
                    Text("Ще й власна команда для кожного сповіщення.", "Your own command for every alert as well.")),
            ]
        case "metro-timer journal":
            return [
                e(
                    "metro-timer journal --last 5",
                    Text("Останні п'ять поїздок і їхні похибки.", "The last five trips and their errors.")),
                e(
                    "metro-timer journal --export trips.jsonl",
                    Text("Весь журнал у файл.", "The whole journal into a file.")),
            ]
        case "metro-timer calibrate":
            return [
                e(
                    "metro-timer calibrate Lisova Teremky",
                    Text(
                        "Виміряти перегони, натискаючи на кожній станції.",
                        "Measure the segments, tapping at each station."))
            ]
        case "metro-timer calibration":
            return [
                e("metro-timer calibration", Text("Ваші вимірювання.", "Your measurements.")),
                e(
                    "metro-timer calibration --export calibration.json",
                    Text("Зберегти їх у файл.", "Save them to a file.")),
            ]
        case "metro-timer completions":
            return [
                e(
                    "source <(metro-timer completions bash)",
                    Text("Доповнення в цій оболонці bash.", "Completion in this bash.")),
                e(
                    "metro-timer completions fish > ~/.config/fish/completions/metro-timer.fish",
                    Text("Встановити для fish.", "Install it for fish.")),
            ]
        case "metro-timer about":
            return [
                e(
                    "metro-timer about",
                    Text(
                        "Звідки дані, що припущено, куди пишуться файли.",
                        "Where the data comes from, what is assumed, where files go.")),
                e("metro-timer about --json", Text("Те саме для скриптів.", "The same for scripts.")),
            ]
        case "metro-timer help":
            return [
                e(
                    "metro-timer help plan",
                    Text("Те саме, що 'metro-timer plan --help'.", "The same as 'metro-timer plan --help'."))
            ]
        default:
            return nil
        }
    }
}
