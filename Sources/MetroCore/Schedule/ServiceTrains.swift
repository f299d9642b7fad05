import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The service model's trains (the GTFS feed's, `ServiceTrains+Generation.swift`): made from the
/// published first and last departures and the hourly intervals. Only those published departures
/// are certain; the trains between are computed (decision 0076), so the engine asks
/// `ScheduleEngine.publishedBoarding`, not these trains, what a rider boards.
package enum ServiceTrains {
    /// How far from each edge the simulator's worlds draw their own trains (two hours covers
    /// the first trains' hour and every `--last` answer of the network).
    package static let edgeSpan = 2 * 3600
}
