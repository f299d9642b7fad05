import FoundationEssentials
import MetroCore

/// Sentences for service-hour findings.
enum FindingText {
    /// The sentence said at `moment` (nil: after the fact): a last train still to leave then is
    /// said in the present ("leaves … before you can be there"), one gone in the past.
    static func sentence(
        _ finding: ServiceFinding, network: Network, clock: ServiceClock, language: Language, at moment: Date? = nil
    ) -> String {
        func names(_ station: String, _ toward: String) -> (String, String) {
            (Names.station(station, network, language), Names.station(toward, network, language))
        }
        switch finding {
        case .beforeFirstTrain(let station, let line, let toward, let first):
            let (s, t) = names(station, toward)
            return language.tr(
                "Поїзди ще не ходять: перший поїзд \(line) у напрямку станції \(t) відправляється зі станції \(s) о \(clock.hhmmss(first)).",
                "Trains are not running yet: the first \(line) train toward \(t) leaves \(s) at \(clock.hhmmss(first))."
            )
        case .afterLastTrain(let station, let line, let toward, let last):
            let (s, t) = names(station, toward)
            if let moment, moment < last {
                return language.tr(
                    "Маршрут не можна завершити: останній поїзд \(line) у напрямку станції \(t) відправляється зі станції \(s) о \(clock.hhmmss(last)), раніше, ніж ви туди встигнете.",
                    "The route cannot be completed: the last \(line) train toward \(t) leaves \(s) at \(clock.hhmmss(last)), before you can be there."
                )
            }
            return language.tr(
                "Маршрут не можна завершити: останній поїзд \(line) у напрямку станції \(t) відправився зі станції \(s) о \(clock.hhmmss(last)).",
                "The route cannot be completed: the last \(line) train toward \(t) left \(s) at \(clock.hhmmss(last)).")
        case .lastTrainSoon(let station, let line, let toward, let last):
            let (s, t) = names(station, toward)
            return language.tr(
                "Останній поїзд \(line) у напрямку станції \(t) відправляється зі станції \(s) о \(clock.hhmmss(last)).",
                "The last \(line) train toward \(t) leaves \(s) at \(clock.hhmmss(last)).")
        }
    }

    /// The short mark `status` shows at `now` for a warning ahead (its `{warning}`): a last train
    /// still to leave is said in the present, with its published time; "gone" only once it has
    /// left. (Where it leaves from is the screen's sentence: a status bar has no room for it.)
    static func mark(_ finding: ServiceFinding, clock: ServiceClock, language: Language, at now: Date) -> String {
        switch finding {
        case .afterLastTrain(_, let line, _, let last) where now < last:
            return language.tr(
                "⚠ не доїхати: останній \(line) рушає о \(clock.hhmmss(last))",
                "⚠ can't finish: last \(line) leaves \(clock.hhmmss(last))")
        case .afterLastTrain(_, let line, _, _):
            return language.tr("⚠ не доїхати: останній \(line) пішов", "⚠ can't finish: last \(line) gone")
        case .lastTrainSoon(_, let line, _, let last):
            return language.tr("⚠ останній \(line) о \(clock.hhmm(last))", "⚠ last \(line) at \(clock.hhmm(last))")
        case .beforeFirstTrain(_, let line, _, let first):
            return language.tr("⚠ перший \(line) о \(clock.hhmm(first))", "⚠ first \(line) at \(clock.hhmm(first))")
        }
    }

    /// The closed stations the train has still to run through (a closure on the route).
    static func closedAhead(_ schedule: Schedule, state: RideState) -> [String] {
        schedule.stops.indices.filter { !state.passed[$0] && schedule.stops[$0].passesWithoutStopping }.map {
            schedule.stops[$0].station
        }
    }

    /// `status`'s `{warning}` for a closure on the route ahead, when nothing weightier is:
    /// "ℹ Dnipro closed".
    static func closureMark(_ stations: [String], network: Network, language: Language) -> String? {
        guard !stations.isEmpty else { return nil }
        return "ℹ "
            + stations.map { station in
                let name = Names.station(station, network, language)
                return language.tr("станція \(name) зачинена", "\(name) closed")
            }.joined(separator: " · ")
    }

    /// The event's `kind` for a warning (`--events`, `warning`).
    static func kind(_ finding: ServiceFinding) -> String {
        switch finding {
        case .afterLastTrain: return "cannot-complete"
        case .lastTrainSoon: return "last-train-soon"
        case .beforeFirstTrain: return "before-first-train"
        }
    }
}
