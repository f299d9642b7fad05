import FoundationEssentials
import MetroCore

extension Context {
    /// The one warning for a service day outside the timetable's validity (nil inside it).
    func validityWarning(_ day: ServiceClock.ServiceDay, language: Language) -> String? {
        let source = network.document.source
        guard !source.holds(on: day), let days = source.validityDays else { return nil }
        return language.tr(
            "Розклад датовано \(source.resourcesDated), він чинний з \(days.first) до \(days.last); \(day) — поза цим, тож поїзди того дня можуть іти інакше. Встановіть новіший: 'timetable-gen install'.",
            "The timetable is dated \(source.resourcesDated) and holds from \(days.first) to \(days.last); \(day) is outside it, so the trains that day may differ. Install a newer one with 'timetable-gen install'."
        )
    }
}
