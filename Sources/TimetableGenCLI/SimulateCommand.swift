import CLIKit
import FoundationEssentials
import MetroCore
import MetroData
import MetroLab

#if canImport(Glibc)
import Glibc
#endif

/// `timetable-gen simulate`: the shipped engine, fold, alerts and calibration ridden through a
/// simulated world. Every figure it prints is simulated under the stated assumptions, except
/// the block headed "measured", which is the backtest on the published trains.
enum SimulateCommand {
    static let assumptionsHelp = SimulationAssumptions().lines(.en).joined(separator: " ")

    static let spec = CommandSpec(
        path: ["timetable-gen", "simulate"],
        abstract: Text(
            "Проїхати змодельовані поїздки справжнім рушієм: пропуски, запізнення, похибка, навчання.",
            "Ride simulated trips through the shipped engine: missed and late alerts, error, learning."),
        discussion: Text(
            "Усе, що друкує ця команда, змодельоване, не виміряне, крім блоку «виміряно» (бектест на опублікованих поїздах). Припущення: "
                + SimulationAssumptions().lines(.uk).joined(separator: " ")
                + " Поїздки: будь-які дві станції, маршрутом, який обирає plan (найшвидшим за заброньованими очікуваннями), тиждень 30.11–06.12.2026, відправлення 05:40–24:00, без калібрування. Крива навчання: пасажир на одній лінії, туди о 08:00–08:45, назад о 18:00–18:45 щобудня, з калібруванням. Той самий --seed — ті самі числа.",
            "Everything this prints is simulated, not measured, except the block headed 'measured' (the backtest on the published trains). Assumptions: "
                + assumptionsHelp
                + " Rides: any two stations, on the route plan chooses (the fastest by the booked waits), the week of 30 Nov – 6 Dec 2026, departures 05:40–24:00, calibration off. Learning curve: a rider on one line, out at 08:00–08:45 and back at 18:00–18:45 every weekday, calibration on. The same --seed gives the same figures."
        ),
        arguments: [
            .option(
                "rides", value: "N", Text("Скільки випадкових поїздок.", "How many random rides."),
                default: Text("50000", "50000")),
            .option(
                "seed", value: "S", Text("Зерно випадковості (ціле ≥ 0).", "The random seed (a whole number ≥ 0)."),
                default: Text("1", "1")),
            .option(
                "spread", value: "PCT",
                Text(
                    "Наскільки прихований коефіцієнт може виходити за опубліковані поїзди, у % проміжку між ними.",
                    "How far the hidden factor may stray beyond the published trains, in % of the gap between them."),
                default: Text("0", "0")),
            .option(
                "departed", value: "P",
                Text(
                    "Імовірність, що пасажир натисне «departed» після пересадки (0–1).",
                    "The chance the rider presses departed after a change (0–1)."), default: Text("0.3", "0.3")),
            .option(
                "world", value: "NAME",
                Text(
                    "Родина світів (today, correlated, heavy-tail, fast, late-taps, non-stationary) або all: клітинки щонайменше по --per-cell поїздок, «departed» ніколи / 30 % / завжди, вердикт на кожну ціль і нижня межа завчасності в кожній клітинці (у родинах для налаштування — ще й для політики, що тримає й ціль запізнень на швидкому краю родини fast); --rides тоді — найбільше поїздок на родину.",
                    "A family of worlds (today, correlated, heavy-tail, fast, late-taps, non-stationary) or all: cells of at least --per-cell rides, departed never / 30% / always, a verdict per goal and each cell's earliness floor (in the families the policy may be tuned on, also for a policy that keeps the late goal at the fast family's edge too); --rides is then the most rides per family."
                )),
            .option(
                "per-cell", value: "N",
                Text(
                    "З --world: скільки поїздок «наступна — ваша» має бути в кожній клітинці.",
                    "With --world: how many \"yours is next\" rides every cell must have."),
                default: Text("1000", "1000")),
            .flag("json", Text("Вивести JSON.", "Print JSON.")),
            .option(
                "journal", value: "file",
                Text(
                    "Також записати рік поїздок одного пасажира (з калібруванням) у файл у форматі журналу: у світі родини --world (одна родина; без неї — today), ідентифікатори поїздок із родиною та --seed (журнали різних зерен можна зводити разом).",
                    "Also write one commuter's year of rides (calibration on) to a file in the journal's format: in a world of the --world family (one family; today without it), ride ids carrying the family and --seed (the journals of different seeds pool together)."
                )
            ).completing(.file),
            .option(
                "confirm", value: "P",
                Text(
                    "З --journal: частка проміжних станцій, де пасажир підтверджує станцію («at», на 0–3 с пізніше за поїзд), 0–1.",
                    "With --journal: the share of intermediate stops where the rider confirms the station (at, 0–3 s after the train), 0–1."
                ),
                default: Text("0.3", "0.3")),
        ])

    /// The run's settings, checked.
    struct Settings {
        var rides = 50000
        var seed: UInt64 = 1
        var assumptions = SimulationAssumptions()
        var json = false
        var journal: String?
        /// With `--journal`: the share of intermediate stops the commuter confirms, and the
        /// weekdays ridden (a year).
        var confirm = 0.3
        var journalDays = 250
        /// With `--world`: the families to ride, the rides each cell must have, and whether
        /// `--rides` was given (it is then the most rides per family).
        var worlds: [String]?
        var perCell = 1000
        var ridesGiven = false
        /// Worlds the learning curve draws: one per 250 rides, 4 to 200.
        var learningWorlds: Int { min(200, max(4, rides / 250)) }
    }

    static func settings(_ arguments: [String], language: Language) throws(CLIError) -> Settings {
        let parsed = try ArgumentParser.parse(arguments, spec: spec, language: language)
        var settings = Settings()
        if let text = parsed.value("rides") {
            guard let value = DecimalNumber.whole(text), (1...10_000_000).contains(value) else {
                throw .usage(
                    language.tr(
                        "'--rides' приймає ціле від 1 до 10000000, не '\(text)'",
                        "'--rides' takes a whole number from 1 to 10000000, not '\(text)'"), spec)
            }
            settings.rides = value
            settings.ridesGiven = true
        }
        if let text = parsed.value("seed") {
            guard let value = UInt64(text) else {
                throw .usage(
                    language.tr(
                        "'--seed' приймає ціле ≥ 0, не '\(text)'", "'--seed' takes a whole number ≥ 0, not '\(text)'"),
                    spec)
            }
            settings.seed = value
        }
        if let text = parsed.value("spread") {
            guard let value = DecimalNumber.value(text), value.isFinite, (0...1000).contains(value) else {
                throw .usage(
                    language.tr(
                        "'--spread' приймає відсоток від 0 до 1000, не '\(text)'",
                        "'--spread' takes a percentage from 0 to 1000, not '\(text)'"), spec)
            }
            settings.assumptions.spread = value / 100
        }
        if let text = parsed.value("departed") {
            guard let value = DecimalNumber.value(text), value.isFinite, (0...1).contains(value) else {
                throw .usage(
                    language.tr(
                        "'--departed' приймає імовірність від 0 до 1, не '\(text)'",
                        "'--departed' takes a probability from 0 to 1, not '\(text)'"), spec)
            }
            settings.assumptions.departedProbability = value
        }
        if let text = parsed.value("world") {
            guard text == "all" || WorldFamily.names.contains(text) else {
                let names = WorldFamily.names.joined(separator: ", ")
                throw .usage(
                    language.tr(
                        "'--world' приймає одну з: \(names) або all, не '\(UnsafeText.masked(text))'",
                        "'--world' takes one of \(names) or all, not '\(UnsafeText.masked(text))'"), spec)
            }
            settings.worlds = text == "all" ? WorldFamily.names : [text]
        }
        if let text = parsed.value("per-cell") {
            guard let value = DecimalNumber.whole(text), (1...100_000).contains(value) else {
                throw .usage(
                    language.tr(
                        "'--per-cell' приймає ціле від 1 до 100000, не '\(text)'",
                        "'--per-cell' takes a whole number from 1 to 100000, not '\(text)'"), spec)
            }
            settings.perCell = value
        }
        if let text = parsed.value("confirm") {
            guard let value = DecimalNumber.value(text), value.isFinite, (0...1).contains(value) else {
                throw .usage(
                    language.tr(
                        "'--confirm' приймає частку від 0 до 1, не '\(text)'",
                        "'--confirm' takes a share from 0 to 1, not '\(text)'"), spec)
            }
            settings.confirm = value
        }
        settings.json = parsed.flag("json")
        settings.journal = parsed.value("journal")
        if settings.journal != nil, let worlds = settings.worlds, worlds.count != 1 {
            throw .usage(
                language.tr(
                    "'--journal' пише світ однієї родини: дайте '--world' одну з \(WorldFamily.names.joined(separator: ", ")), не all",
                    "'--journal' writes one family's world: give '--world' one of \(WorldFamily.names.joined(separator: ", ")), not all"
                ), spec)
        }
        return settings
    }

    static func run(_ arguments: [String], language: Language, stdout: OutputSink, base: String) throws(CLIError) {
        let settings = try settings(arguments, language: language)
        guard let clock = ServiceClock.kyiv() else {
            throw .failure(
                language.tr(
                    "часовий пояс Europe/Kyiv недоступний; встановіть системну базу часових поясів (tzdata)",
                    "the time zone Europe/Kyiv is not available; install the system time-zone database (tzdata)"))
        }
        let engine = ScheduleEngine(network: .kyiv, clock: clock)
        if let journal = settings.journal {
            let lines = journalLines(engine: engine, settings: settings)
            do { try AtomicFile.write(lines.joined(), to: Generator.absolute(journal, base: base), mode: 0o600) } catch
            {
                throw .failure(error.description(language))
            }
            if !settings.json {
                stdout.line(
                    language.tr(
                        "Записано \(lines.count) змодельованих поїздок у \(Quote.value(journal)) (формат журналу).",
                        "Wrote \(lines.count) simulated rides to \(Quote.value(journal)) (the journal's format)."))
            }
        }
        if let worlds = settings.worlds {
            let report = FamilyReport(engine: engine, settings: settings, names: worlds)
            stdout.write(settings.json ? report.json() : report.text(language))
            return
        }
        let report = Report(engine: engine, settings: settings)
        stdout.write(settings.json ? report.json() : report.text(language))
    }

    /// One commuter's year (250 weekdays, out and back, with a change, calibration on) in the
    /// family's world (today without `--world`), as journal lines, encoded as the journal
    /// encodes them.
    static func journalLines(engine: ScheduleEngine, settings: Settings) -> [String] {
        let name = settings.worlds?.first ?? "today"
        var assumptions =
            WorldFamily.named(name, spread: settings.assumptions.spread)?.assumptions ?? settings.assumptions
        assumptions.departedProbability = settings.assumptions.departedProbability
        let records = Simulation.commuterJournal(
            engine: engine, assumptions: assumptions, family: name, seed: settings.seed, confirm: settings.confirm,
            days: settings.journalDays)
        let encoder = JSONObject.encoder(pretty: false, slashes: .escaped, dates: .iso8601)
        return records.compactMap { ride in
            (try? encoder.encode(ride.record)).map { String(decoding: $0, as: UTF8.self) + "\n" }
        }
    }
}
