import CLIKit
import FoundationEssentials
import MetroCore

/// `metro-timer journal --share FILE [--dry-run]`: the journal as an anonymous file a rider
/// hands on (schema: docs/shared-journal.md). Nothing is sent anywhere.
extension JournalCommand {
    static let shareArguments: [ArgumentSpec] = [
        .option(
            "share", value: "file",
            Text(
                "Записати анонімний спільний журнал (без дат, назв, шляхів; - — у стандартний вивід; docs/shared-journal.md).",
                "Write an anonymous shared journal (no dates, names or paths; - for standard output; docs/shared-journal.md)."
            )
        ).completing(.file),
        .flag(
            "dry-run",
            Text(
                "З --share: лише сказати, що буде записано і що відкинуто.",
                "With --share: only say what would be kept and what dropped.")),
    ]

    /// Writes what `SharedJournal.Maker` made (a file within its reader's limits), a line at a
    /// time, and says what it kept and what it left out.
    func share(_ made: SharedJournal.Made, to path: String, _ context: Context, language: Language) throws(CLIError) {
        let rides =
            "\(made.kept) " + language.plural(made.kept, uk: ("поїздку", "поїздки", "поїздок"), en: ("ride", "rides"))
        // To standard output with '-': the file there, what it says about it on standard error.
        let summary = path == "-" ? context.stderr : context.stdout
        if dryRun {
            summary.line(
                language.tr(
                    "Буде записано \(rides) у \(Quote.value(path)) (нічого нікуди не надсилається: файл передаєте ви).",
                    "Would write \(rides) to \(Quote.value(path)) (nothing is sent anywhere: you hand the file on)."))
        } else if path == "-" {
            for line in made.lines { context.stdout.write(line + "\n") }
        } else {
            try ExportFile.write(to: path, mode: 0o600, language: language) { append in
                for line in made.lines { append(Array((line + "\n").utf8)) }
            }
            summary.line(
                language.tr(
                    "Записано \(rides) у \(Quote.value(path)) (нічого нікуди не надіслано: файл передаєте ви).",
                    "Wrote \(rides) to \(Quote.value(path)) (nothing was sent anywhere: you hand the file on)."))
        }
        summary.line(
            language.tr(
                "залишено: маршрут (коди станцій), тип дня і година старту, дата розкладу, версія програми, моменти плану й кожне виправлення в секундах від старту, підсумок, чи було калібрування.",
                "kept: the route (station codes), the day type and hour of the start, the timetable's date, the program's version, the plan's moments and every correction in seconds from the start, the outcome, whether calibration was on."
            ))
        summary.line(
            language.tr(
                "відкинуто: дати й час, точніший за годину, ідентифікатор поїздки (замість нього — відбиток), назви станцій, шляхи, нотатки.",
                "dropped: dates and clock times finer than the hour, the trip's id (a digest instead), station names, paths, notes."
            ))
        var left: [String] = []
        if made.withoutMoments > 0 {
            left.append(
                language.tr(
                    "\(made.withoutMoments) записано до версії 5 (без моментів)",
                    "\(made.withoutMoments) recorded before version 5 (no moments)"))
        }
        if made.implausible > 0 {
            left.append(
                language.tr(
                    "\(made.implausible) з неможливими значеннями", "\(made.implausible) with impossible values"))
        }
        if made.overLimit > 0 {
            let most = "\(SharedJournal.maxRidesPerFile)"
            let megabytes = SharedJournal.maxBytes >> 20
            left.append(
                language.tr(
                    "\(made.overLimit) понад те, що timetable-gen field читає з одного файлу (\(most) поїздок, \(megabytes) МБ; залишено найновіші)",
                    "\(made.overLimit) over what timetable-gen field reads in one file (\(most) rides, \(megabytes) MB; the newest kept)"
                ))
        }
        if !left.isEmpty {
            summary.line(language.tr("Не взято поїздок: ", "Rides left out: ") + left.joined(separator: ", ") + ".")
        }
        if made.unconfirmed > 0 {
            summary.line(
                language.tr(
                    "\(made.unconfirmed) без підтвердженого прибуття (позначено так у файлі).",
                    "\(made.unconfirmed) without a confirmed arrival (marked so in the file)."))
        }
    }
}
