import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// A wall-clock time on a given day, which on the two clock-change days may name no moment or
/// two. Kyiv springs forward on the last Sunday of March (03:00 becomes 04:00: 03:00–03:59 never
/// happen) and falls back on the last Sunday of October (04:00 becomes 03:00: 03:00–03:59 happen
/// twice). Built on `offset(at:)` alone, so it holds for whatever backs the zone.
extension ServiceClock {
    package enum LocalTime: Equatable, Sendable {
        /// One moment: every other time of the year.
        case unique(Date)
        /// Two moments, an hour apart: the clocks went back over this time. RFC 5545 (3.3.5)
        /// reads such a time as the first.
        case repeated(first: Date, second: Date)
        /// No moment: the clocks jumped over it. `before` is the last second before the jump,
        /// `after` the first after it (the nearest times that exist).
        case skipped(before: Date, after: Date)
    }

    /// The moments at which the wall clock reads `seconds` after `day`'s midnight (seconds may
    /// pass 86 400: a service day runs past midnight).
    package func localTime(_ day: ServiceDay, seconds: Int) -> LocalTime {
        let local = Self.days(day) * 86_400 + seconds
        func offset(_ utc: Int) -> Int { self.offset(at: Date(timeIntervalSince1970: TimeInterval(utc))) }
        // The offsets half a day either side: a zone changes its offset at most once in a day.
        var offsets: [Int] = []
        for candidate in [offset(local - 43_200), offset(local + 43_200)] where !offsets.contains(candidate) {
            offsets.append(candidate)
        }
        // A reading of the wall clock is a moment when the offset at that moment agrees with it.
        let moments = offsets.map { local - $0 }.filter { offset($0) == local - $0 }.sorted()
        switch moments.count {
        case 1:
            return .unique(Date(timeIntervalSince1970: TimeInterval(moments[0])))
        case 2:
            return .repeated(
                first: Date(timeIntervalSince1970: TimeInterval(moments[0])),
                second: Date(timeIntervalSince1970: TimeInterval(moments[1])))
        default:
            guard offsets.count == 2 else {
                return .unique(Date(timeIntervalSince1970: TimeInterval(local - offsets[0])))
            }
            // The jump lies between the two readings: find its second.
            var low = local - offsets.max()!
            var high = local - offsets.min()!
            let later = offset(high)
            while high - low > 1 {
                let middle = (low + high) / 2
                if offset(middle) == later { high = middle } else { low = middle }
            }
            return .skipped(
                before: Date(timeIntervalSince1970: TimeInterval(high - 1)),
                after: Date(timeIntervalSince1970: TimeInterval(high)))
        }
    }

    /// `+03:00`: a UTC offset as ISO 8601 writes it.
    package static func offsetText(_ seconds: Int) -> String {
        (seconds < 0 ? "-" : "+") + TimeOfDay.pad(abs(seconds) / 3600) + ":" + TimeOfDay.pad(abs(seconds) / 60 % 60)
    }
}
