import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Mistakes can be undone, and a late arrival confirmed.
final class UndoAndLateArrivalTests: XCTestCase {
    let t0 = Kyiv.date("2026-11-30 10:00")

    func state() throws -> (String, [String: String]) {
        let directory = try TestRide.saved(TestRide.trip(t0: t0, id: "u"), for: self)
        return (directory, ["METRO_TIMER_HOME": directory])
    }

    func testUndoTakesBackTheLastCorrection() throws {
        let (directory, environment) = try state()
        XCTAssertEqual(CLI.run(["adjust", "+1"], now: t0.addingTimeInterval(300), environment: environment).code, 0)
        let before = CLI.run(
            ["status", "--format", "{next}"], now: t0.addingTimeInterval(310), environment: environment
        ).stdout
        XCTAssertEqual(CLI.run(["adjust", "-3"], now: t0.addingTimeInterval(320), environment: environment).code, 0)
        let undo = CLI.run(["undo"], now: t0.addingTimeInterval(330), environment: environment)
        XCTAssertEqual(undo.code, 0, undo.stderr)
        XCTAssertTrue(undo.stdout.hasPrefix("Took back the last correction (-3 at 10:05:20). "), undo.stdout)
        XCTAssertEqual(try FileTripStore(directory: directory).load()?.corrections.count, 1)
        XCTAssertEqual(
            CLI.run(["status", "--format", "{next}"], now: t0.addingTimeInterval(310), environment: environment).stdout,
            before)
        XCTAssertEqual(CLI.run(["undo"], now: t0.addingTimeInterval(340), environment: environment).code, 0)
        let nothing = CLI.run(["undo"], now: t0.addingTimeInterval(350), environment: environment)
        XCTAssertEqual(nothing.code, 1)
        XCTAssertEqual(nothing.stderr, "Error: Nothing to undo: the trip has no corrections.\n")
        XCTAssertTrue(
            CLI.run(["undo", "--lang", "uk"], now: t0.addingTimeInterval(350), environment: environment).stderr
                .contains("Нічого скасовувати"))
    }

    func testALateArrivalCanBeConfirmedEvenAfterTheTripExpired() throws {
        let (directory, environment) = try state()
        let store = FileTripStore(directory: directory)
        let arrival = try TripModel(
            engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: try XCTUnwrap(store.load())
        ).current(try XCTUnwrap(store.load())).arrival
        // Half an hour after the modelled arrival the trip has expired unconfirmed...
        let later = arrival.addingTimeInterval(1800)
        // status says so once, instead of vanishing; after that it is quiet.
        let expired = CLI.run(["status"], now: later, environment: environment)
        XCTAssertEqual(
            expired.stdout,
            "Teremky: the trip expired unconfirmed (arrival was due at \(Kyiv.clock.hhmm(arrival))). Were you there? metro-timer arrived --at HH:MM\n"
        )
        XCTAssertEqual(
            CLI.run(["status"], now: later.addingTimeInterval(5), environment: environment).stdout, "", "once")
        XCTAssertEqual(try store.readJournal().records.first?.outcome, .expired)
        // ...and the rider, home, confirms when the train really arrived.
        let at = Kyiv.clock.hhmm(arrival.addingTimeInterval(60))
        let confirmed = CLI.run(["arrived", "--at", at], now: later, environment: environment)
        XCTAssertEqual(confirmed.code, 0, confirmed.stderr)
        // HH:MM is taken as the middle of that minute (:00 would bias late confirmations early).
        XCTAssertTrue(confirmed.stdout.hasPrefix("Arrival confirmed at \(at):30"), confirmed.stdout)
        let records = try store.readJournal().records
        XCTAssertEqual(records.count, 1, "the expired record is replaced, not joined")
        XCTAssertEqual(records[0].outcome, .arrived)
        XCTAssertEqual(records[0].confirmedArrival.map { Kyiv.clock.hhmm($0) }, at)
        // Too long ago, or before the train left: refused.
        XCTAssertEqual(CLI.run(["arrived", "--at", "09:59"], now: later, environment: environment).code, 64)
        XCTAssertEqual(CLI.run(["arrived", "--at", "25:00"], now: later, environment: environment).code, 64)
        let twice = CLI.run(["arrived", "--at", at], now: later, environment: environment)
        XCTAssertEqual(twice.code, 1)
        XCTAssertTrue(twice.stderr.contains("already ended (arrival confirmed)"), twice.stderr)
    }
}
