import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The sentences an alert says.
enum AlertText {
    static func sentence(_ alert: Trip.Alert, view: RideView) -> String {
        let language = view.language
        let schedule = view.schedule
        switch alert {
        case .transferAlert, .secondTransferAlert:
            let transfer = schedule.change(for: alert)?.transfer
            let exit = transfer?.exit ?? ""
            let entry = transfer?.entry ?? ""
            // Fired more than a stop before the change: how far, not "next" (AlertWording).
            // (Said as it is when shown: a banner standing since the alert counts from now.)
            if AlertWording.early(alert, in: schedule, at: view.now) != nil {
                return AlertWording.headline(alert, in: schedule, station: view.name(exit), at: view.now, language)
                    + "."
            }
            return AlertWording.changeNext(exit: view.name(exit), entry: view.name(entry), language)
        case .alert:
            let last = schedule.stops.last?.station ?? schedule.route.destination
            return AlertWording.headline(alert, in: schedule, station: view.name(last), at: view.now, language) + "."
        case .arrival:
            let last = schedule.stops.last?.station ?? schedule.route.destination
            return language.tr(
                "Прибуття: \(view.name(last)). Коли будете на місці, натисніть a двічі (або metro-timer arrived).",
                "Arriving at \(view.name(last)). When you are there, press a twice (or metro-timer arrived).")
        }
    }

    /// Of several alerts that fell due together (a screen reopened after they did, a notifier
    /// that started late, a laptop that slept), the one that still says something: the latest by
    /// its moment (a change is past once "yours is next" is due), never the alert of a change the
    /// rider already confirmed with `departed`. Nil when none does.
    static func latest(_ due: [Trip.Alert], in schedule: Schedule) -> Trip.Alert? {
        let worth = due.filter { schedule.change(for: $0)?.transfer.confirmed != true }
        return worth.enumerated().max { a, b in
            let x = TripModel.time(of: a.element, in: schedule) ?? .distantPast
            let y = TripModel.time(of: b.element, in: schedule) ?? .distantPast
            return x == y ? a.offset < b.offset : x < y
        }?.element
    }

    /// How late an alert comes at `now`, in seconds, when that is worth saying (a minute or
    /// more: a notifier's wake-up or a frame is a second).
    static func lateSeconds(_ alert: Trip.Alert, in schedule: Schedule, at now: Date) -> Int? {
        guard let moment = TripModel.time(of: alert, in: schedule) else { return nil }
        let late = Int(now.timeIntervalSince(moment).rounded())
        return late >= AlertScheduler.lateAfter ? late : nil
    }

    /// The sentence, with how late it comes when it does: "… (2 min 30 s late)", the lateness in
    /// the one duration formatter (`Language.duration`), as every other output says a duration.
    static func sentence(_ alert: Trip.Alert, view: RideView, lateSeconds: Int?) -> String {
        let sentence = sentence(alert, view: view)
        guard let late = lateSeconds else { return sentence }
        let language = view.language
        return sentence + " "
            + language.tr("(із запізненням \(language.duration(late)))", "(\(language.duration(late)) late)")
    }

    /// The instruction for a change, shown from the stop before it until the train departs.
    static func transferInstruction(view: RideView) -> String? {
        guard let next = view.state.nextStop else { return nil }
        // The change in play: the one whose exit is the next stop or the one after, or whose
        // new platform the passenger is walking to (never one already confirmed with `d`).
        guard
            let (transfer, entry) = zip(view.schedule.transfers, view.schedule.entryIndices).first(where: {
                transfer, entry in
                !transfer.confirmed && next >= entry - 2 && next <= entry
            })
        else { return nil }
        let exit = entry - 1
        let toward = view.toward(entry: entry)
        let language = view.language
        if next <= exit {
            return language.tr(
                "На станції \(view.name(transfer.exit)) перейдіть на станцію \(view.name(transfer.entry)), поїзд у напрямку станції \(toward); натисніть d, коли він рушить.",
                "At \(view.name(transfer.exit)) walk to \(view.name(transfer.entry)), train toward \(toward); press d when it departs."
            )
        }
        return language.tr(
            "Перейдіть на станцію \(view.name(transfer.entry)), поїзд у напрямку станції \(toward); натисніть d, коли він рушить.",
            "Walk to \(view.name(transfer.entry)), train toward \(toward); press d when it departs.")
    }
}
