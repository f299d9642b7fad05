import MetroTestSupport
import XCTest

@testable import MetroCore

final class RouterTests: XCTestCase {
    func testOneLineInBothDirections() throws {
        let west = try Kyiv.route("Lisova", "Akademmistechko")
        XCTAssertEqual(west.legs.count, 1)
        XCTAssertEqual(west.legs[0].direction, .reverse)
        XCTAssertEqual(west.legs[0].stations, Network.kyiv.line("M1")!.stations.reversed())
        let east = try Kyiv.route("Akademmistechko", "Lisova")
        XCTAssertEqual(east.legs[0].direction, .forward)
        XCTAssertEqual(east.stopCount, 17)
        XCTAssertNil(east.transferWalk)
    }

    /// Each of the three nodes, crossed in both directions.
    func testEachTransferNodeInBothDirections() throws {
        let cases: [(String, String, exit: String, entry: String)] = [
            ("Lisova", "Teremky", "Khreshchatyk", "Maidan Nezalezhnosti"),
            ("Teremky", "Lisova", "Maidan Nezalezhnosti", "Khreshchatyk"),
            ("Lisova", "Syrets", "Teatralna", "Zoloti Vorota"),
            ("Syrets", "Lisova", "Zoloti Vorota", "Teatralna"),
            ("Teremky", "Syrets", "Ploshcha Ukrainskykh Heroiv", "Palats sportu"),
            ("Syrets", "Teremky", "Palats sportu", "Ploshcha Ukrainskykh Heroiv"),
        ]
        for (from, to, exit, entry) in cases {
            let route = try Kyiv.route(from, to)
            XCTAssertEqual(route.legs.count, 2, "\(from) → \(to)")
            XCTAssertEqual(Network.kyiv.station(route.legs[0].alight)?.nameEn, exit)
            XCTAssertEqual(Network.kyiv.station(route.legs[1].board)?.nameEn, entry)
            XCTAssertEqual(route.legs[0].board, Kyiv.station(from).code)
            XCTAssertEqual(route.legs[1].alight, Kyiv.station(to).code)
            let walk = try XCTUnwrap(route.transferWalk)
            XCTAssertEqual(Set([walk.stationA, walk.stationB]), Set([route.legs[0].alight, route.legs[1].board]))
        }
    }

    func testOriginAtATransferStationBoardsTheOtherLineDirectly() throws {
        let route = try Kyiv.route("Khreshchatyk", "Teremky")
        XCTAssertEqual(route.legs.count, 1)
        XCTAssertEqual(route.legs[0].line, "M2")
        XCTAssertEqual(route.legs[0].board, Kyiv.station("Maidan Nezalezhnosti").code)
        XCTAssertNotNil(route.walkBeforeBoarding)
        // Staying on its own line, a transfer station is an ordinary origin.
        let sameLine = try Kyiv.route("Khreshchatyk", "Lisova")
        XCTAssertEqual(sameLine.legs.count, 1)
        XCTAssertNil(sameLine.walkBeforeBoarding)
    }

    func testDestinationThatIsTheTransferPartner() throws {
        let walkOnly = try Kyiv.route("Khreshchatyk", "Maidan Nezalezhnosti")
        XCTAssertTrue(walkOnly.isWalkOnly)
        XCTAssertEqual(walkOnly.walkAfterAlighting?.walkSeconds, 120)
        let rideThenWalk = try Kyiv.route("Lisova", "Maidan Nezalezhnosti")
        XCTAssertEqual(rideThenWalk.legs.count, 1)
        XCTAssertEqual(rideThenWalk.legs[0].alight, Kyiv.station("Khreshchatyk").code)
        XCTAssertNotNil(rideThenWalk.walkAfterAlighting)
    }

    func testSameStationIsRefused() {
        XCTAssertThrowsError(try Kyiv.route("Lisova", "Лісова")) { error in
            XCTAssertEqual(error as? Router.Failure, .sameStation(Kyiv.station("Lisova").code))
        }
    }
}
