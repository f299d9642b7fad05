import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

final class StateStoreTests: XCTestCase {
    func stateDirectory() throws -> String { try TestPaths.temporaryDirectory(self) + "/state" }

    /// Writes an active trip whose t₀ is `t0`, as `metro-timer start` would.
    @discardableResult
    func startTrip(in directory: String, t0: Date, from: String = "Lisova", to: String = "Teremky") throws
        -> TripService
    {
        let service = TripService(
            store: FileTripStore(directory: directory),
            engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), language: .en)
        _ = try service.start(
            origin: Kyiv.station(from).code, destination: Kyiv.station(to).code, t0: t0, replace: false)
        return service
    }

    func testPrivateDirectoryAndFiles() throws {
        let directory = try stateDirectory()
        let service = try startTrip(in: directory, t0: Date())
        try service.end(.stopped, at: Date())
        for (path, mode) in [
            (directory, 0o700), (directory + "/trip.json", 0o600), (directory + "/journal.jsonl", 0o600),
        ] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, mode, path)
        }
    }

    func testStateDirectoryResolution() {
        XCTAssertEqual(
            FileTripStore.directory(environment: ["METRO_TIMER_HOME": "/x", "XDG_STATE_HOME": "/y", "HOME": "/h"]), "/x"
        )
        XCTAssertEqual(FileTripStore.directory(environment: ["XDG_STATE_HOME": "/y", "HOME": "/h"]), "/y/metro-timer")
        XCTAssertEqual(
            FileTripStore.directory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]),
            "/h/.local/state/metro-timer")
        XCTAssertEqual(FileTripStore.directory(environment: ["HOME": "/h"]), "/h/.local/state/metro-timer")
    }

    /// Real processes, started together, each adding a correction: none is lost.
    func testTwoProcessesCorrectingAtOnceAreBothKept() throws {
        let directory = try stateDirectory()
        try startTrip(in: directory, t0: Date().addingTimeInterval(-120))
        let rounds = 6
        let group = DispatchGroup()
        let failures = LockedData()
        for round in 0..<rounds {
            for argument in ["+1", "-1"] {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    let result = try? ProcessRunner.run(
                        "metro-timer", ["adjust", argument], environment: ["METRO_TIMER_HOME": directory])
                    if result?.code != 0 {
                        failures.set(Data("round \(round) \(argument): \(result?.stderr ?? "did not run")".utf8))
                    }
                }
            }
        }
        group.wait()
        XCTAssertEqual(String(decoding: failures.get(), as: UTF8.self), "")
        let trip = try XCTUnwrap(FileTripStore(directory: directory).load())
        XCTAssertEqual(trip.corrections.count, 2 * rounds)
        XCTAssertEqual(trip.corrections.filter { $0.kind == .shift(1) }.count, rounds)
        XCTAssertEqual(trip.corrections.filter { $0.kind == .shift(-1) }.count, rounds)
    }

    func testACorruptTripFileIsNamedAndLeftAlone() throws {
        let directory = try stateDirectory()
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = directory + "/trip.json"
        let garbage = "{\"version\": 1, \"origin\": \n"
        try garbage.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)  // private, as metro-timer writes it (a loose one is tightened, with a note)
        for arguments in [["status"], ["adjust", "+1"], ["start", "Lisova", "Teremky"], ["arrived"]] {
            let result = CLI.run(arguments, environment: ["METRO_TIMER_HOME": directory])
            XCTAssertEqual(result.code, 65, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: the trip file \(path) is unreadable ("), result.stderr)
            XCTAssertTrue(
                result.stderr.hasSuffix("); it was left as it is. Move it away to start afresh.\n"), result.stderr)
            XCTAssertEqual(
                try String(contentsOfFile: path, encoding: .utf8), garbage, "\(arguments) must not overwrite it")
        }
        try "{\"version\": 7}".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        let newer = CLI.run(["status"], environment: ["METRO_TIMER_HOME": directory])
        XCTAssertEqual(newer.code, 65)
        XCTAssertEqual(
            newer.stderr,
            "Error: the trip file \(path) was written by a newer metro-timer (version 7); it was left as it is. Update metro-timer, or move the file away to start afresh.\n"
        )
    }

    func testStatusWithAndWithoutATrip() throws {
        let directory = try stateDirectory()
        let environment = ["METRO_TIMER_HOME": directory, "NO_COLOR": "1"]
        let none = CLI.run(["status"], environment: environment)
        XCTAssertEqual(none.code, 0)
        XCTAssertEqual(none.stdout, "")
        XCTAssertEqual(none.stderr, "")

        let t0 = Kyiv.date("2026-11-30 10:00")
        let service = try startTrip(in: directory, t0: t0)
        let trip = try XCTUnwrap(service.store.load())
        let schedule = try service.model(trip).current(trip)
        let now = schedule.stops[4].arrival!.addingTimeInterval(-30)  // running toward stop 4
        let next = Kyiv.network.station(schedule.stops[4].station)!
        let untilArrival = Int(schedule.arrival.timeIntervalSince(now).rounded(.up))
        // Stops the train still reaches: stop 4 to the end, the walk to Maidan not counted.
        let left = schedule.stops[4...].filter { $0.role != .transferEntry }.count
        XCTAssertEqual(left, schedule.stops.count - 4 - 1)
        let line = CLI.run(["status"], now: now, environment: environment)
        XCTAssertEqual(
            line.stdout,
            "M1 \(next.nameEn) \(Kyiv.clock.hhmm(schedule.stops[4].arrival!)) · \(left) stops · arrival in \(untilArrival / 60):\(String(format: "%02d", untilArrival % 60))\n"
        )
        let uk = CLI.run(["status", "--lang", "uk"], now: now, environment: environment)
        XCTAssertTrue(uk.stdout.hasPrefix("M1 \(next.nameUk) "))
        XCTAssertTrue(uk.stdout.contains("\(Language.uk.stops(left)) · прибуття через "), uk.stdout)
        let custom = CLI.run(["status", "--format", "{line}:{next}:{stops}:{to}"], now: now, environment: environment)
        XCTAssertEqual(custom.stdout, "M1:\(next.nameEn):\(left):Teremky\n")
        // The arrival's range, both running patterns and every wait, as the plan shows it.
        let range = CLI.run(["status", "--format", "{arrival_range}"], now: now, environment: environment)
        XCTAssertEqual(
            range.stdout,
            Kyiv.clock.hhmm(schedule.arrivalEarliest) + "–" + Kyiv.clock.hhmm(schedule.arrivalLatest) + "\n")
        XCTAssertLessThan(schedule.arrivalEarliest, schedule.arrival)
        XCTAssertGreaterThan(schedule.arrivalLatest, schedule.arrival)
        let bad = CLI.run(["status", "--format", "{nope}"], now: now, environment: environment)
        XCTAssertEqual(bad.code, 64)
        XCTAssertTrue(bad.stderr.hasPrefix("Error: Unknown placeholder '{nope}'; the placeholders are {line}, {next}"))

        // Ten minutes past an unconfirmed arrival the trip ends as expired: status says so once,
        // then is empty.
        let late = schedule.finalArrival.addingTimeInterval(Trip.expiryAfterArrival + 1)
        XCTAssertTrue(
            CLI.run(["status"], now: late, environment: environment).stdout.hasPrefix(
                "Teremky: the trip expired unconfirmed"))
        XCTAssertEqual(CLI.run(["status"], now: late, environment: environment).stdout, "")
        XCTAssertEqual(try service.store.load()?.ended?.outcome, .expired)
        let journal = try String(contentsOfFile: directory + "/journal.jsonl", encoding: .utf8)
        XCTAssertTrue(journal.contains("\"outcome\":\"expired\""))
    }

    func testStartRefusesToReplaceWithoutAskingAndUsageErrorsCreateNothing() throws {
        let directory = try stateDirectory()
        let environment = ["METRO_TIMER_HOME": directory]
        let typo = CLI.run(["start", "Lisova", "Nowhere-at-all"], environment: environment)
        XCTAssertEqual(typo.code, 64)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: directory + "/trip.json"), "a usage error creates no trip")
        let walk = CLI.run(["start", "Khreshchatyk", "Maidan"], environment: environment)
        XCTAssertEqual(walk.code, 64)
        XCTAssertTrue(
            walk.stderr.hasPrefix(
                "Error: Khreshchatyk and Maidan Nezalezhnosti are one transfer node: there is no train to ride, only a walk.\n"
            ))

        let now = Kyiv.date("2026-11-30 10:00")
        try startTrip(in: directory, t0: now)
        let again = CLI.run(["start", "Syrets", "Lisova"], now: now.addingTimeInterval(60), environment: environment)
        XCTAssertEqual(again.code, 1)
        XCTAssertEqual(
            again.stderr,
            "Error: A trip Lisova → Teremky is already active. Replace it with 'metro-timer start --replace …'.\n")
        XCTAssertEqual(try FileTripStore(directory: directory).load()?.destination, Kyiv.station("Teremky").code)
    }

    func testCorrectionCommandsFromAnotherTerminal() throws {
        let directory = try stateDirectory()
        let environment = ["METRO_TIMER_HOME": directory]
        let t0 = Kyiv.date("2026-11-30 10:00")
        XCTAssertEqual(
            CLI.run(["adjust", "+1"], now: t0, environment: environment).stderr,
            "Error: No active trip. Start one with 'metro-timer start FROM TO'.\n")
        try startTrip(in: directory, t0: t0)
        let bad = CLI.run(["adjust", "1"], now: t0, environment: environment)
        XCTAssertEqual(bad.code, 64)
        XCTAssertTrue(
            bad.stderr.hasPrefix(
                "Error: '1' is not a correction; write +1 (the train is behind) or -1 (ahead), up to ±5\n"))
        let at = CLI.run(["at", "Darnytsia"], now: t0.addingTimeInterval(250), environment: environment)
        XCTAssertEqual(at.code, 0, at.stderr)
        XCTAssertTrue(at.stdout.hasPrefix("Corrected. Next: Livoberezhna "), at.stdout)
        let off = CLI.run(["at", "Syrets"], now: t0.addingTimeInterval(260), environment: environment)
        XCTAssertEqual(off.code, 1)
        // With the nearest station on the route: Maidan Nezalezhnosti is 7.23 km from
        // Syrets, Khreshchatyk and Ploshcha Ukrainskykh Heroiv 7.30 (the stations' points).
        XCTAssertEqual(
            off.stderr, "Error: Syrets is not on this route; the nearest station on it is Maidan Nezalezhnosti.\n")
        let arrived = CLI.run(["arrived"], now: t0.addingTimeInterval(2400), environment: environment)
        XCTAssertEqual(arrived.code, 0)
        XCTAssertTrue(arrived.stdout.hasPrefix("Arrival confirmed at 10:40:00: "))
        let after = CLI.run(["adjust", "-1"], now: t0.addingTimeInterval(2410), environment: environment)
        XCTAssertEqual(after.code, 1)
        XCTAssertEqual(
            after.stderr,
            "Error: The trip has already ended (arrival confirmed). Start a new one with 'metro-timer start FROM TO'.\n"
        )
    }
}

/// The journal's byte search (memchr and memcmp) finds exactly what `Data.range(of:)` finds.
final class JournalSearchTests: XCTestCase {
    func testTheByteSearchAgreesWithFoundation() {
        let cases: [(String, String)] = [
            ("", "a"), ("a", ""), ("\"id\":\"x\"", "\"id\":\"x\""), ("{\"id\":\"xy\"}", "\"id\":\"x\""),
            ("{\"id\":\"x\"}", "\"id\":\"x\""),
            ("\"i\"id\":\"x", "\"id\":\"x"), ("abcabd", "abd"), ("ab", "abc"),
            (String(repeating: "\"id\":\"a\"\n", count: 1000) + "\"id\":\"b\"", "\"id\":\"b\""),
        ]
        for (haystack, needle) in cases {
            let expected = needle.isEmpty || Data(haystack.utf8).range(of: Data(needle.utf8)) != nil
            XCTAssertEqual(
                FileTripStore.contains(Data(haystack.utf8), Data(needle.utf8)), expected,
                "\(needle) in \(haystack.prefix(40))")
        }
    }
}
