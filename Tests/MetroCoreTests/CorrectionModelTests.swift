import Foundation
import MetroCore
import XCTest

@testable import metro_timer

/// Corrections move the model (issue 10): after `at STATION`, `adjust ±N` or `departed`, the
/// schedule says the train is where the passenger said, and the next correction moves from
/// there. Checked against a small reference model written here, independently of TripModel.
final class CorrectionModelTests: XCTestCase {
    let t0 = Kyiv.date("2026-11-30 10:00")

    func state() throws -> [String: String] {
        let directory = try TestPaths.temporaryDirectory(self) + "/state"
        try FileTripStore(directory: directory).update { trip in
            trip = Trip(id: "c", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: self.t0)
        }
        return ["METRO_TIMER_HOME": directory]
    }

    /// The sequence: the rider leaves the screen, says "at Hidropark" early, then -1.
    func testAtAStationMovesThePositionAndAMinusOneMovesOnFromThere() throws {
        let environment = try state()
        let moment = t0.addingTimeInterval(120)  // the model has the train near Chernihivska
        let at = CLI.run(["at", "Hidropark"], now: moment, environment: environment)
        XCTAssertEqual(at.code, 0, at.stderr)
        XCTAssertTrue(at.stdout.contains("Next: Dnipro"), at.stdout)
        let status = CLI.run(["status", "--format", "{next}|{stops}"], now: moment.addingTimeInterval(5), environment: environment)
        // Hidropark is stop 4 of 17: standing there, 13 stops are left.
        XCTAssertEqual(status.stdout, "Dnipro|13\n")
        // One stop further than that: at Dnipro, next Arsenalna, 12 left.
        let minus = CLI.run(["adjust", "-1"], now: moment.addingTimeInterval(10), environment: environment)
        XCTAssertTrue(minus.stdout.contains("Next: Arsenalna"), minus.stdout)
        XCTAssertEqual(CLI.run(["status", "--format", "{next}|{stops}"], now: moment.addingTimeInterval(12), environment: environment).stdout, "Arsenalna|12\n")
        // And three further still: Arsenalna, Khreshchatyk, then (the change made) Ploshcha
        // Ukrainskykh Heroiv; the entry platform is not a stop.
        let three = CLI.run(["adjust", "-3"], now: moment.addingTimeInterval(20), environment: environment)
        XCTAssertEqual(three.code, 0)
        XCTAssertEqual(CLI.run(["status", "--format", "{next}|{stops}"], now: moment.addingTimeInterval(22), environment: environment).stdout, "Olimpiiska|9\n")
    }
}
