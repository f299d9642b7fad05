import FoundationEssentials

/// Maps absolute moments to the timetable's terms: the service day, seconds since its midnight,
/// and the day type. Timetable times are Kyiv local time, and a service day runs past midnight
/// (until `TimeOfDay.serviceDayStartHour`), so 00:30 on Sunday still belongs to Saturday.
package struct ServiceClock: Sendable {
    /// Kyiv's rules, read from the system's TZif file by the executable.
    package let zone: TZif
    /// The timetable to use whatever the weekday (`--day-type`, or a day the city announces
    /// runs to the weekend timetable); nil: Saturday and Sunday are weekend days.
    package var dayTypeOverride: DayType?

    package struct ServiceDay: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
        package var year: Int
        package var month: Int
        package var day: Int

        package init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }

        /// Whether the day exists in the Gregorian calendar (not 2026-02-30).
        package var exists: Bool {
            (1...12).contains(month) && (1...31).contains(day) && ServiceClock.civil(ServiceClock.days(self)) == self
        }

        /// A date written `YYYY-MM-DD` (ASCII digits only, nothing around it) that exists in the
        /// Gregorian calendar; nil for anything else (`2026-1*-01`, `2026-+1-01`, `2026-02-30`).
        package init?(iso text: String) {
            let bytes = Array(text.utf8)
            let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
            guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
                bytes.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || isDigit($0.element) })
            else { return nil }
            func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
            self.init(year: number(0..<4), month: number(5..<7), day: number(8..<10))
            guard exists else { return nil }
        }

        /// `2026-11-29`.
        package var description: String {
            "\(year)-" + TimeOfDay.pad(month) + "-" + TimeOfDay.pad(day)
        }
    }

    package struct Position: Equatable, Sendable {
        package var serviceDay: ServiceDay
        /// Seconds since the service day's midnight (may exceed 86 400 after midnight).
        package var seconds: Int
        package var dayType: DayType
        /// 1 = Monday … 7 = Sunday.
        package var isoWeekday: Int
    }

    /// The zone the timetable's times are in, as the system's time-zone database names it.
    package static let zoneName = "Europe/Kyiv"

    /// A clock whose local time follows `zone` (the bytes of `/usr/share/zoneinfo/Europe/Kyiv`).
    package init(zone: TZif) {
        self.zone = zone
    }

    // Dates are civil-calendar arithmetic on days since 1970-01-01 plus the zone's UTC offset at
    // the moment: no `Calendar` (an ICU object whose creation alone cost a tenth of `plan`).

    /// The wall clock at a moment: days since 1970-01-01 and seconds into that day.
    func wallClock(_ date: Date) -> (days: Int, seconds: Int) {
        let utc = Int(date.timeIntervalSince1970.rounded(.down))
        let local = utc + zone.offset(atUTC: Int64(utc))
        let days = local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
        return (days, local - days * 86_400)
    }

    /// Year, month, day of a day number (Howard Hinnant's `civil_from_days`).
    static func civil(_ days: Int) -> ServiceDay {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return ServiceDay(year: yoe + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// The day number of a date (`days_from_civil`).
    static func days(_ day: ServiceDay) -> Int {
        let y = day.month <= 2 ? day.year - 1 : day.year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = day.month > 2 ? day.month - 3 : day.month + 9
        let doy = (153 * mp + 2) / 5 + day.day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    package func position(of date: Date) -> Position {
        var (days, seconds) = wallClock(date)
        if seconds / 3600 < TimeOfDay.serviceDayStartHour {
            seconds += 86_400
            days -= 1
        }
        let iso = ((days % 7 + 7 + 3) % 7) + 1  // 1970-01-01 was a Thursday (ISO 4)
        return Position(
            serviceDay: Self.civil(days), seconds: seconds,
            dayType: dayTypeOverride ?? (iso >= 6 ? .weekend : .weekday), isoWeekday: iso)
    }

    /// The moment `seconds` after the service day's midnight, as the wall clock reads it (so a
    /// daylight-saving change inside the night does not shift the published times).
    package func date(_ day: ServiceDay, seconds: Int) -> Date {
        let local = TimeInterval(Self.days(day) * 86_400 + seconds)
        // The offset depends on the moment it is asked about: ask twice, at the guess and then
        // at the corrected moment, which settles it on both sides of a change.
        var utc = local - TimeInterval(zone.offset(atUTC: Int64(local)))
        utc = local - TimeInterval(zone.offset(atUTC: Int64(utc)))
        return Date(timeIntervalSince1970: utc)
    }

    /// The UTC calendar day and seconds into it of a moment (whole seconds, rounded down).
    package static func utc(_ date: Date) -> (day: ServiceDay, seconds: Int) {
        let utc = Int(date.timeIntervalSince1970.rounded(.down))
        let days = utc >= 0 ? utc / 86_400 : -((-utc + 86_399) / 86_400)
        return (civil(days), utc - days * 86_400)
    }

    package func shifted(_ day: ServiceDay, by days: Int) -> ServiceDay {
        Self.civil(Self.days(day) + days)
    }

    /// Wall-clock parts of a moment in this zone: hour, minute, second.
    func clockParts(_ date: Date) -> (hour: Int, minute: Int, second: Int) {
        let seconds = wallClock(date).seconds
        return (seconds / 3600, seconds / 60 % 60, seconds % 60)
    }

    /// The UTC offset in seconds at a moment (+7200 in Kyiv winter, +10800 in summer).
    package func offset(at date: Date) -> Int { zone.offset(atUTC: Int64(date.timeIntervalSince1970.rounded(.down))) }
}
