import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MetroCore

/// The sentences an alert says.
enum AlertText {
    static func sentence(_ alert: Trip.Alert, view: RideView) -> String {
        let language = view.language
        let schedule = view.schedule
        switch alert {
        case .transferAlert, .secondTransferAlert:
            let transfer = schedule.change(for: alert)?.transfer
            let exit = transfer?.exit ?? "", entry = transfer?.entry ?? ""
            // Fired more than a stop before the change: how far, not "next" (AlertWording).
            if AlertWording.early(alert, in: schedule) != nil {
                return AlertWording.headline(alert, in: schedule, station: view.name(exit), language) + "."
            }
            return language.tr(
                "Пересадка — наступна: виходьте на станції \(view.name(exit)) і переходьте на станцію \(view.name(entry)).",
                "Change is next: get off at \(view.name(exit)) and walk to \(view.name(entry)).")
        case .alert:
            let last = schedule.stops.last?.station ?? schedule.route.destination
            return AlertWording.headline(alert, in: schedule, station: view.name(last), language) + "."
        case .arrival:
            let last = schedule.stops.last?.station ?? schedule.route.destination
            return language.tr(
                "Прибуття: \(view.name(last)). Коли будете на місці, натисніть a двічі (або metro-timer arrived).",
                "Arriving at \(view.name(last)). When you are there, press a twice (or metro-timer arrived).")
        }
    }

    /// The instruction for a change, shown from the stop before it until the train departs.
    static func transferInstruction(view: RideView) -> String? {
        guard let next = view.state.nextStop else { return nil }
        // The change in play: the one whose exit is the next stop or the one after, or whose
        // new platform the passenger is walking to (never one already confirmed with `d`).
        guard let (transfer, entry) = zip(view.schedule.transfers, view.schedule.entryIndices).first(where: { transfer, entry in
            !transfer.confirmed && next >= entry - 2 && next <= entry
        }) else { return nil }
        let exit = entry - 1
        let toward = view.toward(entry: entry)
        let language = view.language
        if next <= exit {
            return language.tr(
                "На станції \(view.name(transfer.exit)) перейдіть на станцію \(view.name(transfer.entry)), поїзд у напрямку станції \(toward); натисніть d, коли він рушить.",
                "At \(view.name(transfer.exit)) walk to \(view.name(transfer.entry)), train toward \(toward); press d when it departs.")
        }
        return language.tr(
            "Перейдіть на станцію \(view.name(transfer.entry)), поїзд у напрямку станції \(toward); натисніть d, коли він рушить.",
            "Walk to \(view.name(transfer.entry)), train toward \(toward); press d when it departs.")
    }
}
