import CLIKit
import Foundation
import MetroCore
import MetroTimerCLI
import XCTest

/// A ride as the tests set one up: a trip as `start` makes it, its schedule as every surface
/// folds it, and the trip saved as the active one in a state directory of the test's own.
package enum TestRide {
    /// The trip from `from` to `to` with t₀ at `t0`, under `changes`.
    package static func trip(
        _ from: String = "Lisova", _ to: String = "Teremky", t0: Date, id: String = "t",
        changes: ServiceChanges? = nil
    ) -> Trip {
        Trip(id: id, origin: Kyiv.station(from).code, destination: Kyiv.station(to).code, t0: t0, changes: changes)
    }

    /// The trip's schedule, folded as every surface folds it (`TripModel`).
    package static func schedule(_ trip: Trip) throws -> Schedule {
        try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip).current(trip)
    }

    /// A state directory of `test`'s own (removed after it) holding `trip` as the active trip;
    /// its path, for `METRO_TIMER_HOME`.
    package static func saved(_ trip: Trip, for test: XCTestCase) throws -> String {
        let home = try TestPaths.temporaryDirectory(test) + "/state"
        try FileTripStore(directory: home).update { (current: inout Trip?) throws(CLIError) in current = trip }
        return home
    }
}
