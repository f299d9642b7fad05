import FoundationEssentials

extension ServiceClock {
    /// `17:05` in Kyiv time.
    package func hhmm(_ date: Date) -> String {
        let parts = clockParts(date)
        return TimeOfDay.pad(parts.hour) + ":" + TimeOfDay.pad(parts.minute)
    }

    /// `17:05:30` in Kyiv time.
    package func hhmmss(_ date: Date) -> String {
        let parts = clockParts(date)
        return TimeOfDay.pad(parts.hour) + ":" + TimeOfDay.pad(parts.minute) + ":" + TimeOfDay.pad(parts.second)
    }

    /// ISO 8601 with the zone's offset at that moment: `2026-11-29T17:05:00+02:00`. Built by
    /// hand: it is cheap, and needs no `DateFormatter` (which crashes on a named zone without
    /// the tzdata package).
    package func iso8601(_ date: Date) -> String {
        let (days, seconds) = wallClock(date)
        let day = Self.civil(days)
        let offset = offset(at: date)
        let sign = offset < 0 ? "-" : "+"
        return "\(day.year)-" + TimeOfDay.pad(day.month) + "-" + TimeOfDay.pad(day.day)
            + "T" + TimeOfDay.pad(seconds / 3600) + ":" + TimeOfDay.pad(seconds / 60 % 60) + ":"
            + TimeOfDay.pad(seconds % 60)
            + sign + TimeOfDay.pad(abs(offset) / 3600) + ":" + TimeOfDay.pad(abs(offset) / 60 % 60)
    }

    /// The calendar date a moment falls on in this zone (not the service day).
    package func calendarDay(_ date: Date) -> ServiceDay {
        Self.civil(wallClock(date).days)
    }
}
