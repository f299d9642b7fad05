import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The alert moments still to come for a trip, as the schedule engine computes them: delivery
/// never computes a moment of its own.
struct PendingAlert: Equatable, Sendable {
    var alert: Trip.Alert
    var time: Date
}

extension TripModel {
    /// The alerts that will still fire: moments the route has, not yet fired since they last
    /// moved (`due` uses the same rule), in time order. Moments already past are included: they
    /// are due now.
    func pendingAlerts(_ trip: Trip, schedule: Schedule) -> [PendingAlert] {
        guard trip.ended == nil else { return [] }
        return Trip.Alert.allCases.compactMap { alert -> PendingAlert? in
            guard let time = Self.time(of: alert, in: schedule) else { return nil }
            if let fired = trip.alertsFired[alert.rawValue], time.timeIntervalSince(fired) <= Self.reArmMargin {
                return nil
            }
            return PendingAlert(alert: alert, time: time)
        }.sorted { $0.time < $1.time }
    }

    /// When an unconfirmed trip will end as expired.
    func expiry(_ schedule: Schedule) -> Date { schedule.finalArrival.addingTimeInterval(Trip.expiryAfterArrival) }
}
