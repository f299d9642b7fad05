import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore

/// What the rider is told at a moment, as one answer: Lisova → Teremky tapped at 08:15:00 on a
/// Monday (M1 to Khreshchatyk, the walk to Maidan Nezalezhnosti, M2 to Teremky). The times are
/// the ones `plan Lisova Teremky --at 08:15 --date 2026-12-07` prints: Khreshchatyk 08:31:28, the
/// M2 leaving Maidan Nezalezhnosti 08:34:12, Teremky 08:54:08; the change's alert 08:27:12 and
/// "yours is next" 08:47:10.
final class RideToldTests: XCTestCase {
    let t0 = Kyiv.date("2026-12-07 08:15")

    func schedule(corrections: [Trip.Correction] = []) throws -> Schedule {
        var trip = Trip(
            id: "t", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: t0)
        trip.corrections = corrections
        return try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip).current(trip)
    }

    func at(_ clock: String) -> Date { Kyiv.date("2026-12-07 " + clock) }

    func testOnTheFirstLineTheCountdownIsToTheChangeAndEveryAlertIsToCome() throws {
        let told = RideTold(schedule: try schedule(), fired: nil, at: at("08:20:00"))
        XCTAssertEqual(told.countdown?.time, at("08:31:28"))
        XCTAssertEqual(told.countdown?.isChange, true)
        XCTAssertEqual(told.countdown.map { try? schedule().stops[$0.stop].station }, Kyiv.station("Khreshchatyk").code)
        XCTAssertEqual(told.coming.map(\.alert), [.transferAlert, .alert, .arrival])
        XCTAssertEqual(told.coming.map(\.time), [at("08:27:12"), at("08:47:10"), at("08:54:08")])
        XCTAssertNil(told.banner)
        XCTAssertNil(told.blocker)
        XCTAssertEqual(told.nextChangeAlert?.time, at("08:27:12"))
    }

    func testWalkingTheChangeTheChangeBannerStandsAndTheCountdownIsToTeremky() throws {
        let told = RideTold(schedule: try schedule(), fired: nil, at: at("08:32:00"))
        XCTAssertEqual(told.state.phase, .walking)
        XCTAssertEqual(told.banner, .transferAlert)
        XCTAssertNil(told.bannerEarly, "at the change, 'change is next' is no longer early")
        XCTAssertEqual(told.countdown?.time, at("08:54:08"))
        XCTAssertEqual(told.countdown?.isChange, false)
        XCTAssertEqual(told.coming.map(\.alert), [.alert, .arrival])
        XCTAssertNil(told.nextChangeAlert)
        // Once the M2 has left (08:34:12), the change's banner is down.
        XCTAssertNil(RideTold(schedule: try schedule(), fired: nil, at: at("08:35:00")).banner)
    }

    /// "Yours is next" rings three stops out here (running toward Vystavkovyi tsentr, 08:47:10:
    /// the plan's "Teremky in about 3 stops"): the banner counts 3 then, 2 standing at
    /// Vystavkovyi tsentr, and is "next" once the train stands at Ipodrom.
    func testTheStationBannerIsWordedAsTrueAtEachMoment() throws {
        let schedule = try schedule()
        let rang = RideTold(schedule: schedule, fired: nil, at: at("08:47:10"))
        XCTAssertEqual(rang.banner, .alert)
        XCTAssertEqual(rang.bannerEarly, 3)
        XCTAssertEqual(rang.state.stopsLeft, 3)
        XCTAssertEqual(rang.coming.map(\.alert), [.arrival])
        func arrived(_ name: String) throws -> Date {
            let stop = try XCTUnwrap(schedule.stops.first { $0.station == Kyiv.station(name).code })
            return try XCTUnwrap(stop.arrival).addingTimeInterval(5)
        }
        let exhibition = RideTold(schedule: schedule, fired: nil, at: try arrived("Vystavkovyi tsentr"))
        XCTAssertEqual(exhibition.banner, .alert)
        XCTAssertEqual(exhibition.bannerEarly, 2)
        let ipodrom = RideTold(schedule: schedule, fired: nil, at: try arrived("Ipodrom"))
        XCTAssertEqual(ipodrom.banner, .alert)
        XCTAssertNil(ipodrom.bannerEarly)
        XCTAssertEqual(ipodrom.state.stopsLeft, 1)
    }

    /// "Departed" at 08:36:00 (the M2 left later than booked): the change's alert is behind, the
    /// countdown and the alerts to come move with the correction.
    func testACorrectionMovesWhatIsToCome() throws {
        let corrected = try schedule(corrections: [Trip.Correction(.departed, at: at("08:36:00"))])
        let told = RideTold(schedule: corrected, fired: nil, at: at("08:36:30"))
        XCTAssertNil(told.banner, "the change is confirmed: its banner is down")
        XCTAssertEqual(told.coming.map(\.alert), [.alert, .arrival])
        // 1 min 48 s later than booked: Teremky at 08:55:56.
        XCTAssertEqual(told.countdown?.time, at("08:55:56"))
        XCTAssertEqual(told.coming.last?.time, at("08:55:56"))
    }
}
