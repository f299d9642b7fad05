import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore

/// The one place that chooses a route, and the trip that keeps the choice.
final class RouteChoiceTests: XCTestCase {
    let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
    func code(_ name: String) -> String { Kyiv.station(name).code }

    /// A trip started round the triangle folds round it, at any later moment; a trip file
    /// written before the choice (no `via`) keeps the lookup.
    func testATripFoldsTheRouteItStartedOn() throws {
        var trip = Trip(
            id: "t", origin: code("Zoloti Vorota"), destination: code("Maidan Nezalezhnosti"),
            t0: Kyiv.date("2026-11-30 12:00:00"))
        trip.via = "M1"
        let model = try TripModel(engine: engine, trip: trip)
        XCTAssertEqual(model.route.legs.map(\.line), ["M1"])
        XCTAssertEqual(model.route.walkBeforeBoarding?.walkSeconds, 150)
        XCTAssertEqual(model.route.walkAfterAlighting?.walkSeconds, 120)
        trip.via = nil
        XCTAssertEqual(try TripModel(engine: engine, trip: trip).route.legs.map(\.line), ["M3", "M2"])
    }

    /// The trip file carries `via` through the typed reader as through Foundation's decoder.
    func testTheTripFileKeepsVia() throws {
        var trip = Trip(
            id: "t", origin: code("Khreshchatyk"), destination: code("Palats Sportu"),
            t0: Date(timeIntervalSince1970: 1_796_032_800))
        trip.via = "M2"
        let bytes = Array(
            try JSONObject.encoder(pretty: false, slashes: .escaped, dates: .secondsSince1970).encode(trip))
        XCTAssertEqual(try Trip(json: bytes).via, "M2")
    }

    /// Closures still decide first: with Maidan Nezalezhnosti closed the ride round through M2
    /// cannot be made, so the lookup stands whatever the times say.
    func testAClosureOnTheWayRoundKeepsTheLookup() throws {
        let changes = ServiceChanges(closed: [code("Maidan Nezalezhnosti")])
        let chosen = try RouteChoice(engine: engine, changes: changes).choose(
            from: code("Khreshchatyk"), to: code("Palats Sportu"), at: Kyiv.date("2026-11-30 12:00:00"))
        XCTAssertEqual(chosen.route.legs.map(\.line), ["M1", "M3"])
        XCTAssertNil(chosen.via)
    }
}
