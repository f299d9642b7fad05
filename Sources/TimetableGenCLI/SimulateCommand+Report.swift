import FoundationEssentials
import MetroCore
import MetroData
import MetroLab

#if canImport(Glibc)
import Glibc
#endif

extension SimulateCommand {
    /// The simulated figures beside the measured ones, as text (Markdown tables) or JSON.
    struct Report {
        let settings: Settings
        let summary: SimulationSummary
        let learning: [Simulation.LearningPoint]
        /// Measured on the published trains (the backtest): the best estimate's error and the
        /// range's coverage, and the policy table's worst cell.
        let measured: Backtest.Summary
        let measuredCoverage: Double
        let measuredRides: Int
        let policyWorst: Backtest.PolicyCell?

        init(engine: ScheduleEngine, settings: Settings) {
            self.settings = settings
            summary = Simulation.run(
                engine: engine, assumptions: settings.assumptions, seed: settings.seed, rides: settings.rides)
            learning = Simulation.learningCurve(
                engine: engine, assumptions: settings.assumptions, seed: settings.seed, worlds: settings.learningWorlds)
            let shipped = Backtest.shipped(engine, day: ServiceClock.ServiceDay(year: 2026, month: 11, day: 30))
            measured = Backtest.summarize(shipped.map(\.error))
            measuredRides = shipped.count
            measuredCoverage = Double(shipped.filter(\.covered).count) / Double(max(1, shipped.count))
            policyWorst = Backtest.policy(engine).max { $0.missed < $1.missed }
        }

        static func name(_ cell: SimulatedWorld.Cell) -> String {
            "\(cell.line) \(cell.direction.rawValue) \(cell.dayType.rawValue) \(cell.hour < 10 ? "0" : "")\(cell.hour):00"
        }

        static func seconds(_ value: Double?) -> String {
            guard let value else { return "—" }
            return String(Int(value.rounded()))
        }

        static func percent(_ share: Double) -> String { Format.c("%.2f%%", share * 100) }

        func text(_ language: Language) -> String {
            let s = settings
            var out = language.tr(
                "# Симулятор поїздок (змодельовано, не виміряно)\n\n", "# Ride simulator (simulated, not measured)\n\n")
            out += language.tr("## Припущення\n\n", "## Assumptions\n\n")
            for line in s.assumptions.lines(language) { out += "- " + line + "\n" }
            out +=
                "- "
                + language.tr(
                    "Зерно \(s.seed); \(s.rides) випадкових поїздок: будь-які дві станції, тиждень 30.11–06.12.2026, відправлення 05:40–24:00, без калібрування.",
                    "Seed \(s.seed); \(s.rides) random rides: any two stations, the week of 30 Nov – 6 Dec 2026, departures 05:40–24:00, calibration off."
                ) + "\n"
            out +=
                "- "
                + language.tr(
                    "Похибка прибуття — план у t₀ (до виправлень) мінус справжнє прибуття; діапазон — той, що план показує.",
                    "Arrival error: the plan at t₀ (before corrections) minus the true arrival; the range is the one the plan shows."
                ) + "\n\n"

            out += language.tr(
                "## Виміряно на опублікованих поїздах (бектест)\n\n",
                "## Measured on the published trains (the backtest)\n\n")
            out += language.tr(
                "- Найкраща оцінка проти \(measuredRides) опублікованих поїздок: медіана \(Int(measured.median)) с, 90-й процентиль \(Int(measured.p90)) с, максимум \(measured.max) с; діапазон охоплює \(Self.percent(measuredCoverage)) (на тих самих поїздах, з яких побудований).\n",
                "- The best estimate against \(measuredRides) published rides: median \(Int(measured.median)) s, p90 \(Int(measured.p90)) s, max \(measured.max) s; the range covers \(Self.percent(measuredCoverage)) (in-sample: built from the same trains).\n"
            )
            if let worst = policyWorst {
                out += language.tr(
                    "- Таблиця політики (точна арифметика на моделі очікування): «наступна — ваша» пропущено не більше \(Self.percent(worst.missed)) у найгіршій клітинці (\(worst.line) \(worst.direction.rawValue) \(worst.dayType.rawValue) \(worst.hour):00).\n\n",
                    "- The policy table (exact arithmetic on the model of the wait): \"yours is next\" missed at most \(Self.percent(worst.missed)) in the worst cell (\(worst.line) \(worst.direction.rawValue) \(worst.dayType.rawValue) \(worst.hour):00).\n\n"
                )
            }

            let all = summary.overall
            out += language.tr("## Змодельовано: усі поїздки\n\n", "## Simulated: all rides\n\n")
            out += language.tr(
                "| | «наступна — ваша» | «пересадка на наступній» |\n",
                "| | \"yours is next\" | \"change at the next stop\" |\n")
            out += "|---|---:|---:|\n"
            out += language.tr("| сповіщень |", "| alerts |") + " \(all.rides) | \(all.changes) |\n"
            out +=
                language.tr("| пропущено |", "| missed |")
                + " \(all.missed) (\(Self.percent(all.missedShare))) | \(all.changeMissed) (\(Self.percent(all.changeMissedShare))) |\n"
            out +=
                language.tr("| запізно |", "| late |")
                + " \(Self.percent(all.lateShare)) | \(Self.percent(all.changeLateShare)) |\n"
            out += language.tr("| завчасність, медіана / p90 (с) |", "| earliness, median / p90 (s) |")
            out +=
                " \(Self.seconds(all.earlinessMedian)) / \(Self.seconds(all.earlinessP90)) | \(Self.seconds(all.changeEarlinessMedian)) / \(Self.seconds(all.changeEarlinessP90)) |\n\n"
            out += language.tr(
                "Похибка прибуття: медіана |похибки| \(Self.seconds(all.medianAbsError)) с, p90 \(Self.seconds(all.p90AbsError)) с; справжнє прибуття в діапазоні плану: \(Self.percent(all.coverage)). Найгірша клітинка за пропусками: \(Self.percent(summary.worstMissedShare)).\n\n",
                "Arrival error: median |error| \(Self.seconds(all.medianAbsError)) s, p90 \(Self.seconds(all.p90AbsError)) s; true arrival inside the plan's range: \(Self.percent(all.coverage)). Worst cell's missed share: \(Self.percent(summary.worstMissedShare)).\n\n"
            )

            out += learningTable(language)
            out += language.tr(
                "## Змодельовано: найгірші клітинки (щонайменше 20 поїздок)\n\n",
                "## Simulated: the worst cells (at least 20 rides)\n\n")
            out += Self.cellTable(summary.worst(10, minimumRides: 20), language)
            out += "\n"
            out += language.tr(
                "## Змодельовано: кожна клітинка (лінія × напрямок × тип дня × година останнього поїзда)\n\n",
                "## Simulated: every cell (line × direction × day type × hour of the last train)\n\n")
            out += Self.cellTable(summary.cells.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) }, language)
            return out
        }

        /// The learning curve: how calibration closes in on the oracle ride by ride.
        func learningTable(_ language: Language) -> String {
            let s = settings
            var out = language.tr(
                "## Змодельовано: крива навчання (калібрування увімкнене)\n\n",
                "## Simulated: the learning curve (calibration on)\n\n")
            out += language.tr(
                "\(s.learningWorlds) світів, у кожному пасажир на одній лінії (≥ 3 зупинки) туди й назад щобудня; оракул знає приховані коефіцієнти й стоянки, не знає лише розкиду поїзда.\n\n",
                "\(s.learningWorlds) worlds, in each a rider on one line (≥ 3 stops) out and back every weekday; the oracle knows the hidden factors and dwells, only each train's own jitter is unknown to it.\n\n"
            )
            out += language.tr(
                "| поїздок до того | медіана |похибки| (с) | оракул (с) | відношення | вибірка |\n",
                "| rides before | median abs error (s) | oracle (s) | ratio | samples |\n")
            out += "|---:|---:|---:|---:|---:|\n"
            for point in learning {
                let ratio =
                    point.oracleMedianAbsError > 0
                    ? Format.c("%.2f", point.medianAbsError / point.oracleMedianAbsError) : "—"
                out +=
                    "| \(point.rides) | \(Format.c("%.1f", point.medianAbsError)) | \(Format.c("%.1f", point.oracleMedianAbsError)) | \(ratio) | \(point.samples) |\n"
            }
            out += "\n"

            return out
        }

        static func cellTable(_ rows: [(cell: SimulatedWorld.Cell, tally: SimulationTally)], _ language: Language)
            -> String
        {
            var out = language.tr(
                "| клітинка | поїздок | пропущено | запізно | завчасність мед / p90 | пересадок | пропущено | запізно | завчасність мед / p90 | |похибка| мед / p90 | у діапазоні |\n",
                "| cell | rides | missed | late | earliness med / p90 | changes | missed | late | earliness med / p90 | abs error med / p90 | covered |\n"
            )
            out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
            for (cell, tally) in rows {
                out +=
                    "| \(Self.name(cell)) | \(tally.rides) | \(Self.percent(tally.missedShare)) | \(Self.percent(tally.lateShare)) | "
                out +=
                    "\(Self.seconds(tally.earlinessMedian)) / \(Self.seconds(tally.earlinessP90)) | \(tally.changes) | "
                out += "\(Self.percent(tally.changeMissedShare)) | \(Self.percent(tally.changeLateShare)) | "
                out += "\(Self.seconds(tally.changeEarlinessMedian)) / \(Self.seconds(tally.changeEarlinessP90)) | "
                out +=
                    "\(Self.seconds(tally.medianAbsError)) / \(Self.seconds(tally.p90AbsError)) | \(Self.percent(tally.coverage)) |\n"
            }
            return out
        }

        func json() -> String {
            let a = settings.assumptions
            let assumptions: [String: Any] = [
                "simulated": true,
                "spreadShare": a.spread, "jitterShare": a.jitterShare, "jitterSeconds": a.jitterSeconds,
                "dwellMeanSecondsRange": [a.dwellMeanRange.lowerBound, a.dwellMeanRange.upperBound],
                "dwellJitterSeconds": a.dwellJitterSeconds,
                "walkSpreadShare": a.walkSpread, "wait": "uniform over the whole interval",
                "startTapDelayMaxSeconds": a.startTapDelayMax, "departedProbability": a.departedProbability,
                "departedDelayMaxSeconds": a.departedDelayMax, "arrivedDelayMaxSeconds": a.arrivedDelayMax,
                "seed": settings.seed, "rides": settings.rides, "learningWorlds": settings.learningWorlds,
                "text": a.lines(.en),
            ]
            func figures(_ tally: SimulationTally) -> [String: Any] {
                var object = tally.jsonFigures
                object["arrivalErrorMedianAbsSeconds"] = tally.medianAbsError
                object["arrivalErrorP90AbsSeconds"] = tally.p90AbsError
                return object
            }
            let cells = summary.cells.sorted(by: { $0.key < $1.key }).map { cell, tally -> [String: Any] in
                var object = figures(tally)
                object["line"] = cell.line
                object["direction"] = cell.direction.rawValue
                object["dayType"] = cell.dayType.rawValue
                object["hour"] = cell.hour
                return object
            }
            var measuredObject: [String: Any] = [
                "publishedRides": measuredRides, "medianAbsErrorSeconds": measured.median,
                "p90AbsErrorSeconds": measured.p90,
                "maxAbsErrorSeconds": measured.max, "coverage": measuredCoverage, "inSample": true,
            ]
            measuredObject["policyWorstMissedShare"] = policyWorst?.missed
            let object: [String: Any] = [
                "version": 1, "assumptions": assumptions, "cells": cells, "overall": figures(summary.overall),
                "worstMissedShare": summary.worstMissedShare, "coverage": summary.overall.coverage,
                "learning": learning.map {
                    [
                        "rides": $0.rides, "medianAbsErrorSeconds": $0.medianAbsError,
                        "oracleMedianAbsErrorSeconds": $0.oracleMedianAbsError, "samples": $0.samples,
                    ] as [String: Any]
                },
                "measured": measuredObject,
            ]
            let data = Data(JSONObject.serialize(object, pretty: true).utf8)
            return String(decoding: data, as: UTF8.self) + "\n"
        }
    }
}
