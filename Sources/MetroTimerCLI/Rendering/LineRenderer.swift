import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// One line per change, for pipes and `TERM=dumb`; full sentences for `--plain`.
struct LineRenderer {
    var plain: Bool

    /// What the line says now; the caller prints it when it differs from the last one.
    func line(_ view: RideView) -> String {
        let language = view.language
        let state = view.state
        if plain { return sentence(view, state: state) }
        var parts: [String] = []
        switch state.phase {
        case .notStarted: parts.append(language.tr("поїзд ще не рушив", "not moving yet"))
        case .atStop(let index):
            parts.append(language.tr("на станції ", "at ") + view.name(view.schedule.stops[index].station))
        case .walking: parts.append(language.tr("перехід", "walking"))
        case .waiting: parts.append(language.tr("очікування поїзда", "waiting for the train"))
        case .runningTo, .arrived: break
        }
        if let next = state.nextStop, state.phase != .arrived {
            let stop = view.schedule.stops[next]
            parts.append(language.tr("наступна ", "next ") + view.stopName(next) + " " + view.clock.hhmm(stop.time))
            parts.append(language.stops(state.stopsLeft))
        }
        parts.append(language.tr("прибуття ", "arrival ") + view.clock.hhmmss(view.schedule.arrival))
        return view.clock.hhmmss(view.now) + "  " + parts.joined(separator: " · ")
    }

    /// What the `--plain` line is about: it is spoken again only when this changes (a station
    /// passed, the transfer reached, the arrival), never because a minute went by.
    func newsKey(_ view: RideView) -> String {
        let state = view.state
        switch state.phase {
        case .notStarted: return "start"
        case .walking, .waiting: return "transfer:\(state.nextStop ?? 0)"
        case .arrived: return "arrived"
        case .atStop, .runningTo: return "next \(state.nextStop ?? -1)"
        }
    }

    /// For screen readers: no drawing characters, no colour, whole sentences.
    func sentence(_ view: RideView, state: RideState) -> String {
        let language = view.language
        guard state.phase != .arrived, let next = state.nextStop else {
            let last = view.name(view.schedule.stops.last?.station ?? view.trip.destination)
            return RideWords.arrivedByTimetable(last, language)
                + language.tr(" Натисніть a двічі, щоб підтвердити.", " Press a twice to confirm.")
        }
        let stopsLeft = language.stops(state.stopsLeft)
        let left = RideWords.left(
            stops: RideWords.stopsLeft(state.stopsLeft, language),
            about: language.aboutDuration(Int(state.untilArrival.rounded())))
        switch state.phase {
        case .notStarted:
            // The verb agrees with the form: Лишилася 1 зупинка, Лишилися 2 зупинки, Лишилося 5 зупинок.
            let ukLeft =
                language.plural(state.stopsLeft, uk: ("Лишилася", "Лишилися", "Лишилося"), en: ("", "")) + " "
                + stopsLeft
            let about = language.aboutDuration(Int(state.untilArrival.rounded()))
            return language.tr(
                "Поїзд рушає о \(view.clock.hhmm(view.schedule.departure)). \(ukLeft), \(about).",
                "The train leaves at \(view.clock.hhmm(view.schedule.departure)). \(stopsLeft.capitalizedFirst) left, \(about)."
            )
        case .walking, .waiting:
            let transfer = view.changeAtHand
            return RideWords.change(
                exit: view.name(transfer?.exit ?? ""), entry: view.name(transfer?.entry ?? ""),
                toward: view.toward(entry: next),
                then: RideWords.pressD(language), left: left, language)
        default:
            return RideWords.next(view.stopName(next), left: left, language)
        }
    }

    /// The opening sentence: the route, the change and the arrival time.
    func opening(_ view: RideView) -> String {
        let language = view.language
        let from = view.name(view.trip.origin)
        let to = view.name(view.trip.destination)
        let arrival = view.clock.hhmm(view.schedule.finalArrival)
        let transfers = view.schedule.transfers
        guard let transfer = transfers.first else {
            return language.tr(
                "Поїздка від станції \(from) до станції \(to); прибуття близько \(arrival).",
                "Riding from \(from) to \(to); arrival about \(arrival).")
        }
        // The long way round a closure has a second change: said in the same breath.
        let then = transfers.dropFirst().map { second in
            language.tr(
                ", потім на станції \(view.name(second.exit)) на станцію \(view.name(second.entry))",
                ", then at \(view.name(second.exit)) to \(view.name(second.entry))")
        }.joined()
        return language.tr(
            "Поїздка від станції \(from) до станції \(to) з пересадкою на станції \(view.name(transfer.exit)) на станцію \(view.name(transfer.entry))\(then); прибуття близько \(arrival).",
            "Riding from \(from) to \(to), changing at \(view.name(transfer.exit)) to \(view.name(transfer.entry))\(then); arrival about \(arrival)."
        )
    }

    static func keys(_ language: Language) -> String {
        language.tr(
            "Клавіші: + поїзд позаду, - попереду, d поїзд рушив після пересадки, u скасувати, a двічі — прибули, s двічі — зупинити, ? клавіші, q вийти.",
            "Keys: + the train is behind, - ahead, d departed after the change, u undo, a twice arrived, s twice stop, ? the keys, q leave."
        )
    }

    /// A correction, said as what it tells about the train (RideWords.corrected).
    static func correction(_ correction: Trip.Correction, view: RideView) -> String {
        let station: String
        if case .at(let code) = correction.kind { station = view.name(code) } else { station = "" }
        return RideWords.corrected(
            correction.kind, station: station, arrival: view.clock.hhmm(view.schedule.finalArrival), view.language)
    }
}
