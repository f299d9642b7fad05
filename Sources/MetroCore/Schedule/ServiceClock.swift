import Foundation

/// Maps absolute moments to the timetable's terms: the service day, seconds since its midnight,
/// and the day type. Timetable times are Kyiv local time, and a service day runs past midnight
/// (until `TimeOfDay.serviceDayStartHour`), so 00:30 on Sunday still belongs to Saturday.
public struct ServiceClock: Sendable {
    public let timeZone: TimeZone
    let calendar: Calendar

    /// A day in the service calendar.
    public struct ServiceDay: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
        public var year: Int
        public var month: Int
        public var day: Int

        public init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }

        /// `2026-11-29`.
        public var description: String {
            "\(year)-" + TimeOfDay.pad(month) + "-" + TimeOfDay.pad(day)
        }
    }

    public struct Position: Equatable, Sendable {
        public var serviceDay: ServiceDay
        /// Seconds since the service day's midnight (may exceed 86 400 after midnight).
        public var seconds: Int
        public var dayType: DayType
        /// 1 = Monday … 7 = Sunday.
        public var isoWeekday: Int
    }

    /// The clock for `Europe/Kyiv`. Needs the system time-zone database (`tzdata`); full
    /// Foundation resolves the name, FoundationEssentials alone cannot.
    public static func kyiv() -> ServiceClock? {
        TimeZone(identifier: "Europe/Kyiv").map(ServiceClock.init(timeZone:))
    }

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    public func position(of date: Date) -> Position {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        var seconds = parts.hour! * 3600 + parts.minute! * 60 + parts.second!
        var day = ServiceDay(year: parts.year!, month: parts.month!, day: parts.day!)
        if parts.hour! < TimeOfDay.serviceDayStartHour {
            seconds += 86_400
            day = shifted(day, by: -1)
        }
        let weekday = calendar.component(.weekday, from: self.date(day, seconds: 12 * 3600))  // 1 = Sunday
        let iso = weekday == 1 ? 7 : weekday - 1
        return Position(serviceDay: day, seconds: seconds, dayType: iso >= 6 ? .weekend : .weekday, isoWeekday: iso)
    }

    /// The moment `seconds` after the service day's midnight, as the wall clock reads it (so a
    /// daylight-saving change inside the night does not shift the published times).
    public func date(_ day: ServiceDay, seconds: Int) -> Date {
        let extraDays = seconds >= 0 ? seconds / 86_400 : -1 - (-seconds - 1) / 86_400
        let target = shifted(day, by: extraDays)
        let rest = seconds - extraDays * 86_400
        let components = DateComponents(
            year: target.year, month: target.month, day: target.day,
            hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60)
        return calendar.date(from: components)!
    }

    public func shifted(_ day: ServiceDay, by days: Int) -> ServiceDay {
        let noon = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!
        let moved = calendar.date(byAdding: .day, value: days, to: noon)!
        let parts = calendar.dateComponents([.year, .month, .day], from: moved)
        return ServiceDay(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    /// Wall-clock parts of a moment in this zone: hour, minute, second.
    public func clockParts(_ date: Date) -> (hour: Int, minute: Int, second: Int) {
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return (parts.hour!, parts.minute!, parts.second!)
    }

    /// The UTC offset in seconds at a moment (+7200 in Kyiv winter, +10800 in summer).
    public func offset(at date: Date) -> Int { timeZone.secondsFromGMT(for: date) }
}
