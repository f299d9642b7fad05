import MetroCore

/// Sentences for service-hour findings.
enum FindingText {
    static func sentence(_ finding: ServiceFinding, network: Network, clock: ServiceClock, language: Language) -> String {
        func names(_ station: String, _ toward: String) -> (String, String) {
            (Names.station(station, network, language), Names.station(toward, network, language))
        }
        switch finding {
        case let .beforeFirstTrain(station, line, toward, first):
            let (s, t) = names(station, toward)
            return language.tr(
                "Поїзди ще не ходять: перший поїзд \(line) у напрямку станції \(t) відправляється зі станції \(s) о \(clock.hhmmss(first)).",
                "Trains are not running yet: the first \(line) train toward \(t) leaves \(s) at \(clock.hhmmss(first)).")
        case let .afterLastTrain(station, line, toward, last):
            let (s, t) = names(station, toward)
            return language.tr(
                "Маршрут не можна завершити: останній поїзд \(line) у напрямку станції \(t) відправився зі станції \(s) о \(clock.hhmmss(last)).",
                "The route cannot be completed: the last \(line) train toward \(t) left \(s) at \(clock.hhmmss(last)).")
        case let .lastTrainSoon(station, line, toward, last):
            let (s, t) = names(station, toward)
            return language.tr(
                "Останній поїзд \(line) у напрямку станції \(t) відправляється зі станції \(s) о \(clock.hhmmss(last)).",
                "The last \(line) train toward \(t) leaves \(s) at \(clock.hhmmss(last)).")
        }
    }
}
