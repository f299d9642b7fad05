import CLIKit
import FoundationEssentials
import MetroCore
import MetroData
import MetroLab

/// What `timetable-gen field` prints: the pool's figures, measured, with their intervals, and
/// the simulator's families only as a stated distance (never their simulated figures).
struct FieldReport {
    var pool: FieldPool
    var files: [FieldCommand.FileResult]
    var duplicates: Int
    var spread: Double
    var network: Network

    static func percent(_ value: Double) -> String { Format.c("%.1f%%", value * 100) }

    static func rate(_ rate: MeasuredRate) -> String {
        guard let share = rate.share, let interval = rate.interval else { return "—" }
        return "\(rate.count)/\(rate.total) \(percent(share)) (\(percent(interval.low))–\(percent(interval.high)))"
    }

    static func signed(_ value: Double) -> String {
        let rounded = Int(value.rounded())
        return (rounded > 0 ? "+" : rounded < 0 ? "−" : "") + "\(abs(rounded))"
    }

    static func mean(_ mean: MeasuredMean, _ format: (Double) -> String = signed) -> String {
        guard let value = mean.mean else { return "—" }
        let interval = mean.interval.map { " (\(format($0.low))…\(format($0.high)))" } ?? ""
        return format(value) + interval
    }

    static func fraction(_ value: Double) -> String { Format.c("%.2f", value) }

    func cellLabel(_ cell: FieldPool.Cell, _ language: Language) -> String {
        let toward =
            network.terminal(line: cell.line, direction: cell.direction).flatMap { network.station($0) }.map {
                language == .uk ? $0.nameUk : $0.nameEn
            } ?? cell.direction.rawValue
        let day = cell.dayType == .weekday ? language.tr("будні", "weekday") : language.tr("вихідні", "weekend")
        return "\(cell.line) " + language.tr("у напрямку", "toward") + " \(toward), \(day), "
            + Format.c("%02d:00", cell.hour % 24)
    }

    func row(_ label: String, _ f: FieldPool.Figures, _ language: Language) -> String {
        guard !f.isSmall else {
            return "| \(label) | \(f.rides) | \(f.confirmed) | "
                + language.tr(
                    "замало (\(f.confirmed) < \(FieldPool.minimumCell))",
                    "too few (\(f.confirmed) < \(FieldPool.minimumCell))") + " | | | | |\n"
        }
        let median = f.arrivalError.median.map(Self.signed) ?? "—"
        return
            "| \(label) | \(f.rides) | \(f.confirmed) | \(Self.rate(f.missed)) | \(Self.rate(f.late)) | \(Self.rate(f.warnedUnder30)) | \(Self.rate(f.covered)) | "
            + Self.mean(f.arrivalError) + ", " + language.tr("медіана", "median") + " \(median) |\n"
    }

    func text(_ language: Language) -> String {
        let read = files.filter { $0.refused == nil }.count
        var out = language.tr(
            "# Перевірка в полі (виміряно в полі, не змодельовано)\n\n",
            "# Field validation (measured in the field, not simulated)\n\n")
        out += language.tr(
            "Файлів: \(files.count), прочитано \(read); поїздок: \(pool.rides)",
            "Files: \(files.count), read \(read); rides: \(pool.rides)")
        if duplicates > 0 {
            out += language.tr(
                " (\(duplicates) спільних двічі, пораховано раз)", " (\(duplicates) shared twice, counted once)")
        }
        out += language.tr(
            "; підтверджених прибуттів: \(pool.overall.confirmed)", "; confirmed arrivals: \(pool.overall.confirmed)")
        if pool.unrouted > 0 {
            out += language.tr(
                "; без маршруту в цій мережі: \(pool.unrouted)", "; with no route in this network: \(pool.unrouted)")
        }
        out +=
            ".\n"
            + language.tr(
                "Клітинка — лінія × напрямок × тип дня × година (поїзд останньої ділянки, година старту); менш ніж \(FieldPool.minimumCell) підтверджених прибуттів — «замало», не вердикт. Інтервали 95 % (Вілсона для частот). Пропущено: «наступна — ваша» після прибуття; запізно: після відправлення з попередньої (підтверджене прибуття мінус останній перегін: у виміряному місці того поїзда, інакше в підігнаному, інакше крок моделі; за одну зупинку від старту — ніколи); похибка: прибуття − план при старті.\n\n",
                "A cell is line × direction × day type × hour (the last leg's train, the hour of the start); under \(FieldPool.minimumCell) confirmed arrivals it is 'too few', not a verdict. Intervals at 95% (Wilson for rates). Missed: \"yours is next\" after the arrival; late: after the train left the stop before (the confirmed arrival less the last run: at that train's measured place, else the fitted place, else the model's step; never one stop from the start); error: arrival − the plan at the start.\n\n"
            )
        let header =
            language.tr(
                "| клітинка | поїздок | прибуттів | пропущено | запізно | попередження < 30 с | у діапазоні | похибка прибуття, с |\n",
                "| cell | rides | arrivals | missed | late | warned < 30 s | in range | arrival error, s |\n")
            + "|---|---:|---:|---:|---:|---:|---:|---:|\n"
        out += language.tr("## Сповіщення і прибуття\n\n", "## Alerts and arrivals\n\n") + header
        out += row(language.tr("усі", "all"), pool.overall, language)
        for (cell, figures) in pool.orderedCells { out += row(cellLabel(cell, language), figures, language) }
        out += spans(language) + changes(language) + start(language) + families(language)
        return out
    }

    func spans(_ language: Language) -> String {
        var out = language.tr(
            "\n## Час ходу між сусідніми підтвердженнями «at» проти опублікованих швидкого і повільного поїздів\n\n",
            "\n## Running times between consecutive 'at' confirmations against the published fast and slow patterns\n\n"
        )
        guard pool.position.count > 0 else {
            return out
                + language.tr(
                    "Жодного відрізка: жоден пасажир не підтвердив дві станції поспіль на одній лінії.\n",
                    "No span: no rider confirmed two stations in a row on one line.\n")
        }
        out += language.tr(
            "Місце на осі швидкий (0) → повільний (1), стоянки за припущенням мережі: \(Self.mean(pool.position, Self.fraction)), відрізків: \(pool.position.count); довших за 1,6 × повільного: \(Self.rate(pool.longSpans)).\n\n",
            "Place on the axis fast (0) → slow (1), dwells as the network assumes: \(Self.mean(pool.position, Self.fraction)), spans: \(pool.position.count); longer than 1.6 × the slow pattern: \(Self.rate(pool.longSpans)).\n\n"
        )
        if let fitted = pool.fit.result {
            let place =
                Self.fraction(fitted.place) + " (" + Self.fraction(fitted.place - fitted.placeHalf) + "…"
                + Self.fraction(fitted.place + fitted.placeHalf) + ")"
            let dwell =
                Self.signed(fitted.dwellExcess) + " (" + Self.signed(fitted.dwellExcess - fitted.dwellHalf) + "…"
                + Self.signed(fitted.dwellExcess + fitted.dwellHalf) + ")"
            out += language.tr(
                "Підгонка (найменші квадрати, \(pool.fit.count) відрізків): хід на місці \(place) осі; стоянка на \(dwell) с довша за припущені \(Int(pool.assumedDwell)) с. Вердикт «запізно» бере останній перегін на цьому місці (\(pool.lateFromFit) поїздок), інакше — останній крок моделі.\n\n",
                "Fit (least squares, \(pool.fit.count) spans): runs at \(place) of the axis; dwells \(dwell) s longer than the assumed \(Int(pool.assumedDwell)) s. The late verdict takes the last run at this place (\(pool.lateFromFit) rides), else the model's last step.\n\n"
            )
        } else {
            out += language.tr(
                "Підгонки ще немає (потрібно щонайменше три відрізки різного складу): вердикт «запізно» бере останній крок моделі (найкращу оцінку), що завищує запізнення, де поїзди швидші.\n\n",
                "No fit yet (it needs at least three spans of different make-up): the late verdict takes the model's last step (the best estimate), which overstates late where trains run faster.\n\n"
            )
        }
        out +=
            language.tr(
                "| відрізок | вимірів | медіана, с | швидкий, с | повільний, с | місце |\n",
                "| span | measured | median, s | fast, s | slow, s | place |\n") + "|---|---:|---:|---:|---:|---:|\n"
        let ranked = pool.segments.sorted { ($0.value.measured.count, $1.key) > ($1.value.measured.count, $0.key) }
            .prefix(30)
        for (key, figures) in ranked {
            let name = { (code: String) in network.station(code).map { language == .uk ? $0.nameUk : $0.nameEn } ?? code
            }
            out +=
                "| \(key.line) \(name(key.from)) → \(name(key.to)) | \(figures.measured.count) | \(Int((figures.measured.median ?? 0).rounded())) | \(Int(figures.fast.rounded())) | \(Int(figures.slow.rounded())) | \(figures.position.map(Self.fraction) ?? "—") |\n"
        }
        if pool.segments.count > 30 {
            out += language.tr(
                "(і ще \(pool.segments.count - 30) у --json)\n", "(and \(pool.segments.count - 30) more in --json)\n")
        }
        return out
    }

    func changes(_ language: Language) -> String {
        var out = language.tr(
            "\n## Пересадки: від виходу (за моделлю) до «departed», проти заброньованих переходу й очікування\n\n",
            "\n## Changes: from the exit (as the model had it) to 'departed', against the booked walk and wait\n\n")
        out +=
            language.tr(
                "| коли | пересадок | заброньовано, с | виміряно, с | різниця, с |\n",
                "| when | changes | booked, s | measured, s | difference, s |\n") + "|---|---:|---:|---:|---:|\n"
        for (label, figures) in [
            (language.tr("посеред дня", "middle of the day"), pool.changeMiddle),
            (language.tr("краї дня (опубліковані поїзди)", "edges of the day (published trains)"), pool.changeEdge),
        ] {
            out +=
                "| \(label) | \(figures.difference.count) | \(Self.mean(figures.booked, { "\(Int($0.rounded()))" })) | \(Self.mean(figures.measured, { "\(Int($0.rounded()))" })) | \(Self.mean(figures.difference)) |\n"
        }
        return out
    }

    func start(_ language: Language) -> String {
        var out = language.tr("\n## Запізнення натискання «старт»\n\n", "\n## The start tap's lateness\n\n")
        guard pool.startLateness.count > 0 else {
            return out
                + language.tr(
                    "Не виявлено: жоден пасажир не підтвердив станцію після старту.\n",
                    "Not revealed: no rider confirmed a station after the start.\n")
        }
        out += language.tr(
            "Опублікований час до першого «at» у виміряному місці мінус виміряний: \(Self.mean(pool.startLateness)) с, поїздок: \(pool.startLateness.count). Швидше за швидкий поїзд (натиснуто щонайменше на стільки пізно): \(pool.startLatenessAtLeast.count), медіана \(pool.startLatenessAtLeast.median.map { "\(Int($0.rounded()))" } ?? "—") с.\n",
            "The published time to the first 'at' at the measured place less the measured one: \(Self.mean(pool.startLateness)) s, rides: \(pool.startLateness.count). Faster than the fast pattern (tapped at least that late): \(pool.startLatenessAtLeast.count), median \(pool.startLatenessAtLeast.median.map { "\(Int($0.rounded()))" } ?? "—") s.\n"
        )
        return out
    }

    func families(_ language: Language) -> String {
        var out = language.tr(
            "\n## Родини світів симулятора, найближча перша (відстань, не вердикт)\n\n",
            "\n## The simulator's families, nearest first (a distance, not a verdict)\n\n")
        guard let ranked = pool.families(spread: spread), let signature = pool.signature else {
            return out
                + language.tr(
                    "Ще не виміряно: потрібні відрізки між «at» і перше «at» після старту.\n",
                    "Not measured yet: it needs spans between 'at's and a first 'at' after the start.\n")
        }
        let u = FieldPool.Signature.units
        out += language.tr(
            "Виміряно: місце ходу \(Self.fraction(signature.position)), стоянка \(Self.signed(signature.dwellExcess)) с, запізнення старту \(Self.signed(signature.startLateness)) с, довгі відрізки \(Self.percent(signature.longSpans)). Відстань — евклідова в одиницях \(Self.fraction(u.position)) проміжку, \(Int(u.dwellExcess)) с стоянки, \(Int(u.startLateness)) с старту, \(Self.percent(u.longSpans)) відрізків; розкид родин \(Int((spread * 100).rounded())) %; значення родин — з їхніх припущень, не з прогонів симулятора.\n\n",
            "Measured: runs' place \(Self.fraction(signature.position)), dwell \(Self.signed(signature.dwellExcess)) s, start tap \(Self.signed(signature.startLateness)) s, long spans \(Self.percent(signature.longSpans)). The distance is Euclidean in units of \(Self.fraction(u.position)) of the gap, \(Int(u.dwellExcess)) s of dwell, \(Int(u.startLateness)) s of start tap, \(Self.percent(u.longSpans)) of spans; the families' spread \(Int((spread * 100).rounded()))%; the families' figures come from their assumptions, not from simulator runs.\n\n"
        )
        out +=
            language.tr(
                "| родина | відстань | місце | стоянка, с | старт, с | довгі |\n",
                "| family | distance | place | dwell, s | start, s | long |\n") + "|---|---:|---:|---:|---:|---:|\n"
        for (family, s, distance) in ranked {
            out +=
                "| \(family.name) | \(Self.fraction(distance)) | \(Self.fraction(s.position)) | \(Self.signed(s.dwellExcess)) | \(Self.signed(s.startLateness)) | \(Self.percent(s.longSpans)) |\n"
        }
        let tied = ranked.filter { $0.signature == ranked[0].signature }.map(\.family.name)
        if tied.count > 1 {
            out += language.tr(
                "Ці родини мають однакові значення, і ці виміри їх не розрізняють: \(tied.joined(separator: ", ")).\n",
                "These families have the same figures, and these measurements cannot tell them apart: \(tied.joined(separator: ", ")).\n"
            )
        }
        return out
    }
}
