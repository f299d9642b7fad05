import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

extension NetworkDocument.Source {
    /// The service days the timetable holds for: from the date its resources carry, for a year
    /// (the city publishes no end date; a year is the GTFS export's default window too). Nil
    /// when the date cannot be read.
    package var validity: ClosedRange<Int>? {
        let parts = resourcesDated.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        let first = ServiceClock.days(ServiceClock.ServiceDay(year: parts[0], month: parts[1], day: parts[2]))
        return first...(first + 364)
    }

    /// The first and last day of `validity`, for people.
    package var validityDays: (first: ServiceClock.ServiceDay, last: ServiceClock.ServiceDay)? {
        validity.map { (ServiceClock.civil($0.lowerBound), ServiceClock.civil($0.upperBound)) }
    }

    /// Whether a service day lies within the timetable's validity (true when it cannot be read).
    package func holds(on day: ServiceClock.ServiceDay) -> Bool {
        validity?.contains(ServiceClock.days(day)) ?? true
    }
}
