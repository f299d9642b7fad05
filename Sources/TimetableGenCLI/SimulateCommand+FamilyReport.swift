import FoundationEssentials
import MetroCore
import MetroData
import MetroLab

#if canImport(Glibc)
import Glibc
#endif

extension SimulateCommand {
    /// `simulate --world NAME|all`: each family's cells, four figures under each "departed"
    /// setting, and a verdict per goal. Everything here is simulated; the assumptions print with it.
    struct FamilyReport {
        let settings: Settings
        let runs: [FamilyRun]
        /// The most rides per family (`--rides` where given).
        var maxRides: Int { settings.ridesGiven ? settings.rides : 3_000_000 }

        init(engine: ScheduleEngine, settings: Settings, names: [String]) {
            self.settings = settings
            let spread = settings.assumptions.spread
            let maxRides = settings.ridesGiven ? settings.rides : 3_000_000
            runs = names.compactMap { WorldFamily.named($0, spread: spread) }.map { family in
                // Where the policy may be tuned, the floor also for a policy that keeps the fast
                // family's late goal: what tuning here for the fast family would cost.
                FamilyRun(
                    engine: engine, family: family, seed: settings.seed, perCell: settings.perCell, maxRides: maxRides,
                    learningWorlds: settings.learningWorlds,
                    alsoHolding: family.tunable ? WorldFamily.fast(spread: spread) : nil)
            }
        }

        static func figure(_ verdict: FamilyRun.Verdict) -> String {
            guard let worst = verdict.worst else { return "—" }
            if verdict.goal.contains("%") && !verdict.goal.contains("raises") { return Report.percent(worst) }
            if verdict.goal.contains("raises") { return "+\(Int(worst))" }
            if verdict.goal.contains("×") || verdict.goal.contains("worse") { return Format.c("%.2f×", worst) }
            return Report.seconds(worst)
        }

        func text(_ language: Language) -> String {
            var out = language.tr(
                "# Родини світів (змодельовано, не виміряно)\n\n", "# World families (simulated, not measured)\n\n")
            out += language.tr(
                "Зерно \(settings.seed); у кожній родині поїздки, доки кожна клітинка (лінія × напрямок × тип дня × година останнього поїзда) не має \(settings.perCell) поїздок, але не більше \(maxRides); будні й вихідні порівну; кожна поїздка — тричі: «departed» ніколи, після 30 % пересадок, завжди (ті самі випадкові числа). Налаштовувати політику можна лише на родинах today і correlated. «earliness floor» — найменша медіана завчасності, яку могла б мати будь-яка політика без виправлень, якщо її попередження запізнюються не частіше, ніж дозволяє ціль, у тих самих поїздках на швидкому краю родини (коефіцієнт −розкид, найбільше прискорення, дні на швидкому кінці), навіть якби вона знала все про поїздку, крім швидкості світу й очікування після останньої пересадки.\n\n",
                "Seed \(settings.seed); in each family, rides until every cell (line × direction × day type × hour of the last train) has \(settings.perCell) rides, at most \(maxRides); weekdays and weekend days equally; every ride observed three times: departed never, after 30% of changes, always (the same draws). The policy may be tuned on the families today and correlated only. The earliness floor is the least median earliness any policy without corrections could have, if its alerts are late no more often than the goal allows in the same rides at the fast edge of the family (the factor at −spread, the most speed-up, every day at its fast end), even one that knew everything about the ride but how fast the world runs and the wait after the last change.\n\n"
            )
            for run in runs {
                out +=
                    "## \(run.family.name)\(run.family.tunable ? language.tr(" (налаштування дозволене)", " (tuning allowed)") : language.tr(" (не для налаштування)", " (not for tuning)"))\n\n"
                for line in run.family.assumptions.lines(language) { out += "- " + line + "\n" }
                let small = run.summaries[0].cells.values.map(\.rides).min() ?? 0
                out +=
                    "- "
                    + language.tr(
                        "\(run.rides) поїздок; найменша клітинка — \(small) поїздок.",
                        "\(run.rides) rides; the smallest cell has \(small) rides.") + "\n\n"
                out += language.tr(
                    "| ціль | виконано | клітинок | не виконано | найгірше | де |\n",
                    "| goal | holds | judged | failing | worst | where |\n")
                out += "|---|---|---:|---:|---:|---|\n"
                for verdict in run.verdicts(minimumRides: settings.perCell) {
                    let holds = verdict.holds ? language.tr("так", "yes") : language.tr("ні", "no")
                    // A goal that is no gate in this family is reported, not judged (decision 0031).
                    let gate = verdict.gate ? "" : language.tr(" (лише звіт)", " (report only)")
                    out += "| \(verdict.goal)\(gate) | \(holds) | \(verdict.judged) | "
                    out +=
                        "\(verdict.failing.map(String.init) ?? "—") | \(Self.figure(verdict)) | \(verdict.worstAt ?? "—") |\n"
                }
                out += "\n"
                if let other = run.alsoHolding {
                    let own = run.floorSummary(minimumRides: settings.perCell)
                    let both = run.floorSummary(minimumRides: settings.perCell, alsoHolding: true)
                    let limit = Int((FamilyRun.lateLimit(other) * 100).rounded())
                    out += language.tr(
                        "Поріг завчасності: медіана \(Report.seconds(own.median)) с, понад 90 с у \(own.over90) з \(own.judged); для політики, яка ще й тримає запізнення на швидкому краю родини \(other.name) ≤ \(limit) %: медіана \(Report.seconds(both.median)) с, понад 90 с у \(both.over90) з \(both.judged).\n\n",
                        "Earliness floor: median \(Report.seconds(own.median)) s, over 90 s in \(own.over90) of \(own.judged); for a policy that also keeps late alerts at the \(other.name) family's fast edge ≤ \(limit) %: median \(Report.seconds(both.median)) s, over 90 s in \(both.over90) of \(both.judged).\n\n"
                    )
                }
                out += language.tr(
                    "| departed | пропущено | запізно | завчасність мед / p90 (с) | пересадки: пропущено / запізно | охоплення |\n",
                    "| departed | missed | late | earliness med / p90 (s) | changes: missed / late | coverage |\n")
                out += "|---|---:|---:|---:|---:|---:|\n"
                for (index, setting) in FamilyRun.departedSettings.enumerated() {
                    let all = run.summaries[index].overall
                    out +=
                        "| \(FamilyRun.settingName(setting)) | \(Report.percent(all.missedShare)) | \(Report.percent(all.lateShare)) | "
                    out += "\(Report.seconds(all.earlinessMedian)) / \(Report.seconds(all.earlinessP90)) | "
                    out +=
                        "\(Report.percent(all.changeMissedShare)) / \(Report.percent(all.changeLateShare)) | \(Report.percent(all.coverage)) |\n"
                }
                out += "\n"
                if let after = run.learning.last {
                    out += language.tr(
                        "Калібрування після \(after.rides) поїздок: медіана |похибки| \(Format.c("%.1f", after.medianAbsError)) с; без калібрування \(Format.c("%.1f", after.uncalibratedMedianAbsError)) с; оракул \(Format.c("%.1f", after.oracleMedianAbsError)) с (\(after.samples) поїздок).\n\n",
                        "Calibration after \(after.rides) rides: median |error| \(Format.c("%.1f", after.medianAbsError)) s; without calibration \(Format.c("%.1f", after.uncalibratedMedianAbsError)) s; the oracle \(Format.c("%.1f", after.oracleMedianAbsError)) s (\(after.samples) rides).\n\n"
                    )
                }
            }
            return out
        }

        func json() -> String {
            func figures(_ tally: SimulationTally) -> [String: Any] { tally.jsonFigures }
            let families = runs.map { run -> [String: Any] in
                let cells = run.summaries[0].cells.keys.sorted().map { cell -> [String: Any] in
                    var object: [String: Any] = [
                        "line": cell.line, "direction": cell.direction.rawValue, "dayType": cell.dayType.rawValue,
                        "hour": cell.hour,
                    ]
                    for (index, setting) in FamilyRun.departedSettings.enumerated() {
                        object["departed " + FamilyRun.settingName(setting)] =
                            run.summaries[index].cells[cell].map(figures) ?? [:]
                    }
                    object["earlinessFloorSeconds"] = run.floors[cell]?.yours
                    object["changeEarlinessFloorSeconds"] = run.floors[cell]?.changes
                    if run.alsoHolding != nil {
                        object["earlinessFloorAlsoHoldingSeconds"] = run.floorsAlsoHolding[cell]?.yours
                        object["changeEarlinessFloorAlsoHoldingSeconds"] = run.floorsAlsoHolding[cell]?.changes
                    }
                    return object
                }
                var overall: [String: Any] = [:]
                for (index, setting) in FamilyRun.departedSettings.enumerated() {
                    overall["departed " + FamilyRun.settingName(setting)] = figures(run.summaries[index].overall)
                }
                let verdicts = run.verdicts(minimumRides: settings.perCell).map { verdict -> [String: Any] in
                    var object: [String: Any] = [
                        "goal": verdict.goal, "holds": verdict.holds, "judged": verdict.judged, "gate": verdict.gate,
                    ]
                    object["worst"] = verdict.worst
                    object["worstAt"] = verdict.worstAt
                    object["failing"] = verdict.failing
                    return object
                }
                var floor: [String: Any] = [:]
                for (key, alsoHolding) in [("own", false), ("alsoHolding", true)]
                where !alsoHolding || run.alsoHolding != nil {
                    let summary = run.floorSummary(minimumRides: settings.perCell, alsoHolding: alsoHolding)
                    var object: [String: Any] = ["judged": summary.judged, "over90": summary.over90]
                    object["medianSeconds"] = summary.median
                    floor[key] = object
                }
                if let other = run.alsoHolding {
                    floor["alsoHoldingFamily"] = other.name
                    floor["alsoHoldingLateLimit"] = FamilyRun.lateLimit(other)
                }
                return [
                    "name": run.family.name, "tunable": run.family.tunable, "rides": run.rides, "earlinessFloor": floor,
                    "assumptions": run.family.assumptions.lines(.en), "verdicts": verdicts, "overall": overall,
                    "cells": cells,
                    "learning": run.learning.map {
                        [
                            "rides": $0.rides, "medianAbsErrorSeconds": $0.medianAbsError,
                            "uncalibratedMedianAbsErrorSeconds": $0.uncalibratedMedianAbsError,
                            "oracleMedianAbsErrorSeconds": $0.oracleMedianAbsError, "samples": $0.samples,
                            "missed": $0.missed, "late": $0.late, "uncalibratedMissed": $0.uncalibratedMissed,
                            "uncalibratedLate": $0.uncalibratedLate,
                        ] as [String: Any]
                    },
                ]
            }
            let object: [String: Any] = [
                "version": 1, "simulated": true, "seed": settings.seed, "perCell": settings.perCell,
                "maxRidesPerFamily": maxRides,
                "departedSettings": FamilyRun.departedSettings, "families": families,
            ]
            return JSONObject.serialize(object, pretty: true) + "\n"
        }
    }
}
