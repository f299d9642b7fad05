import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Shared journals with the real binaries: a ride on the wall clock (moved to 10:00 at night,
/// DaytimeClock) confirmed and ended through `metro-timer`, shared with `journal --share`, and
/// read back by `timetable-gen field`; and the simulator's journal (`simulate --journal`) taken
/// through the same two steps as it is.
final class SharedJournalProcessTests: XCTestCase {
    var directory = ""
    var home: String { directory + "/state" }
    var rideClock: [String: String] = [:]
    var environment: [String: String] {
        rideClock.merging([
            "METRO_TIMER_HOME": home, "METRO_TIMER_CONFIG": directory + "/config", "METRO_TIMER_ALERT_BACKEND": "off",
            "LANG": "C.UTF-8", "NO_COLOR": "1",
        ]) { $1 }
    }

    override func setUpWithError() throws {
        directory = try TestPaths.temporaryDirectory(self)
        rideClock = try DaytimeClock.environment()
    }

    func testARealRideSharedHoldsNoDateNoClockTimeNoPathAndIsPooled() throws {
        // A ride Lisova → Darnytsia that started three minutes ago.
        let trip = Trip(
            id: "real-\(UUID().uuidString.prefix(8))", origin: Kyiv.station("Lisova").code,
            destination: Kyiv.station("Darnytsia").code, t0: DaytimeClock.now.addingTimeInterval(-180))
        try FileTripStore(directory: home).update { (current: inout Trip?) throws(CLIError) in current = trip }
        let at = try ProcessRunner.run("metro-timer", ["at", "Chernihivska"], environment: environment)
        XCTAssertEqual(at.code, 0, at.stderr)
        let arrived = try ProcessRunner.run("metro-timer", ["arrived"], environment: environment)
        XCTAssertEqual(arrived.code, 0, arrived.stderr)
        let path = directory + "/shared.jsonl"
        let share = try ProcessRunner.run("metro-timer", ["journal", "--share", path], environment: environment)
        XCTAssertEqual(share.code, 0, share.stderr)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // The day and the minutes of the ride, as dates and clock times are written anywhere.
        let now = DaytimeClock.now
        var forbidden = [trip.id, home, directory, "Lisova", "Chernihivska", "Darnytsia"]
        for zone in ["Europe/Kyiv", "UTC"] {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: zone)!
            for moment in [trip.t0, now] {
                let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: moment)
                forbidden += [
                    String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!),
                    String(format: "%02d:%02d", c.hour!, c.minute!),
                ]
            }
        }
        for secret in forbidden { XCTAssertFalse(text.contains(secret), "'\(secret)' in \(text)") }
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        let field = try ProcessRunner.run("timetable-gen", ["field", path, "--json"], environment: ["LANG": "C.UTF-8"])
        XCTAssertEqual(field.code, 0, field.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(field.stdout.utf8)) as? [String: Any])
        let overall = try XCTUnwrap(object["overall"] as? [String: Any])
        XCTAssertEqual(overall["rides"] as? Int, 1)
        XCTAssertEqual(overall["confirmed"] as? Int, 1)
    }

    func testTheSimulatorsJournalIsSharedAndPooledAsItIs() throws {
        let journal = directory + "/simulated.jsonl"
        let simulate = try ProcessRunner.run(
            "timetable-gen", ["simulate", "--rides", "1", "--journal", journal], environment: ["LANG": "C.UTF-8"],
            currentDirectory: directory)
        XCTAssertEqual(simulate.code, 0, simulate.stderr)
        let lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").count
        XCTAssertGreaterThan(lines, 400)
        try FileManager.default.createDirectory(
            atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.copyItem(atPath: journal, toPath: home + "/journal.jsonl")
        XCTAssertEqual(chmod(home + "/journal.jsonl", 0o600), 0)
        let shared = directory + "/shared.jsonl"
        let share = try ProcessRunner.run("metro-timer", ["journal", "--share", shared], environment: environment)
        XCTAssertEqual(share.code, 0, share.stderr)
        XCTAssertTrue(share.stdout.hasPrefix("Wrote \(lines) rides"), share.stdout)
        let field = try ProcessRunner.run("timetable-gen", ["field", shared], environment: ["LANG": "C.UTF-8"])
        XCTAssertEqual(field.code, 0, field.stderr)
        XCTAssertTrue(field.stdout.contains("rides: \(lines);"), field.stdout)
        XCTAssertTrue(field.stdout.contains("confirmed arrivals: \(lines)."), field.stdout)
    }
}
