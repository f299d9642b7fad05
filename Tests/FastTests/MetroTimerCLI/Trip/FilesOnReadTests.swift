import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Files checked when read as when written; every writer's temp files cleaned; a held
/// lock says what it waits for.
final class FilesOnReadTests: XCTestCase {
    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    func loose(_ base: String, files: [String: String]) throws {
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        chmod(base, 0o777)
        for (name, text) in files {
            try text.write(toFile: base + "/" + name, atomically: true, encoding: .utf8)
            chmod(base + "/" + name, 0o666)
        }
    }

    /// `METRO_TIMER_HOME=/ metro-timer journal` as root made `/` 0700. A directory
    /// that exists is never chmodded, whoever made it: one open to others (a shared 1777 like
    /// /tmp, a group's 0770, a 0755) is refused with the reason, by readers and writers alike,
    /// and keeps its mode. Scratch directories only.
    func testANamedStateDirectoryOpenToOthersIsRefusedAndKeepsItsMode() throws {
        let base = try TestPaths.temporaryDirectory(self)
        for (index, loose) in [mode_t(0o1777), 0o770, 0o755, 0o711].enumerated() {
            let state = base + "/state\(index)"
            try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
            XCTAssertEqual(chmod(state, loose), 0)
            let environment = ["METRO_TIMER_HOME": state, "METRO_TIMER_CONFIG": base + "/config", "NO_COLOR": "1"]
            for arguments in [["journal"], ["calibration"], ["status"], ["start", "Teremky", "Lisova"]] {
                let result = CLI.run(arguments, environment: environment)
                XCTAssertEqual(result.code, 1, "\(arguments): \(result.stdout)")
                // The whole mode, sticky bit included (1777 shown as 777 would hide the sticky bit).
                let shown = String(loose, radix: 8)
                XCTAssertTrue(
                    result.stderr.hasPrefix(
                        """
                        Error: cannot use the state directory \(state): others can use it (mode \(shown)), and metro-timer keeps its files only in a private directory \
                        and never changes the modes of one it did not make; make it private ('chmod 700 \(state)') or name a directory of your own

                        """), "\(arguments): \(result.stderr)")
                var info = stat()
                XCTAssertEqual(stat(state, &info), 0)
                XCTAssertEqual(info.st_mode & 0o7777, loose, "\(arguments) changed the mode")
                XCTAssertFalse(FileManager.default.fileExists(atPath: state + "/trip.json"))
            }
        }
    }

    /// The same for the settings directory; and the files inside a private directory are not
    /// chmodded either (nobody else can reach them there), nor noted.
    func testANamedSettingsDirectoryOpenToOthersIsRefusedAndFilesKeepTheirModes() throws {
        let base = try TestPaths.temporaryDirectory(self)
        let config = base + "/config"
        try loose(
            config,
            files: [
                "routes.json": #"{"version":1,"routes":[{"name":"home","from":"mr01_110","to":"mr02_111"}]}"#,
                "changes.json": try String(
                    contentsOfFile: TestPaths.packageRoot.appendingPathComponent("fuzz/corpus/changes/two.json").path,
                    encoding: .utf8),
            ])
        let environment = ["METRO_TIMER_HOME": base + "/state", "METRO_TIMER_CONFIG": config]
        for arguments in [["routes", "list"], ["changes", "list"], ["routes", "add", "work", "Teremky", "Lisova"]] {
            let result = CLI.run(arguments, environment: environment)
            XCTAssertEqual(result.code, 1, "\(arguments): \(result.stdout)")
            XCTAssertTrue(
                result.stderr.hasPrefix(
                    "Error: cannot use the settings directory \(config): others can use it (mode 777)"), result.stderr)
            XCTAssertEqual(mode(config), 0o777)
        }
        XCTAssertEqual(chmod(config, 0o700), 0)
        let listed = CLI.run(["routes", "list"], environment: environment)
        XCTAssertEqual(listed.code, 0, listed.stderr)
        XCTAssertEqual(listed.stderr, "")
        XCTAssertEqual(mode(config + "/routes.json"), 0o666, "a file that exists is not chmodded")
        // A directory metro-timer makes is private from the start.
        XCTAssertEqual(
            CLI.run(
                ["routes", "add", "work", "Teremky", "Lisova"],
                environment: ["METRO_TIMER_HOME": base + "/state", "METRO_TIMER_CONFIG": base + "/new/config"]
            ).code, 0)
        XCTAssertEqual(mode(base + "/new/config"), 0o700)
        XCTAssertEqual(mode(base + "/new/config/routes.json"), 0o600)
    }

    func testAnotherUsersDirectoryIsRefusedByReadersToo() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root to give a directory to another user") }
        let base = try TestPaths.temporaryDirectory(self)
        let state = base + "/state"
        let config = base + "/config"
        try loose(state, files: [:])
        try loose(config, files: [:])
        chmod(state, 0o700)
        chmod(config, 0o700)
        XCTAssertEqual(chown(state, 65534, 65534), 0)
        XCTAssertEqual(chown(config, 65534, 65534), 0)
        let environment = ["METRO_TIMER_HOME": state, "METRO_TIMER_CONFIG": config]
        for arguments in [["journal"], ["calibration"]] {
            let result = CLI.run(arguments, environment: environment)
            XCTAssertEqual(result.code, 1, "\(arguments): \(result.stdout)")
            XCTAssertTrue(result.stderr.contains("state directory \(state): it belongs to user 65534"), result.stderr)
        }
        for arguments in [["routes", "list"], ["changes", "list"], ["alerts", "status"]] {
            let result = CLI.run(
                arguments, environment: ["METRO_TIMER_HOME": base + "/mine", "METRO_TIMER_CONFIG": config])
            XCTAssertEqual(result.code, 1, "\(arguments): \(result.stdout)")
            XCTAssertTrue(
                result.stderr.contains("settings directory \(config): it belongs to user 65534"), result.stderr)
        }
    }

    func changes(_ entries: String) throws -> (path: String, environment: [String: String]) {
        let config = try TestPaths.temporaryDirectory(self) + "/config"
        try FileManager.default.createDirectory(
            atPath: config, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try #"{"version":1,"entries":[\#(entries)]}"#.write(
            toFile: config + "/changes.json", atomically: true, encoding: .utf8)
        chmod(config + "/changes.json", 0o600)
        return (config + "/changes.json", ["METRO_TIMER_CONFIG": config])
    }

    func testChangesRefuseUnknownStationsLinesAndDuplicateIds() throws {
        for (entries, key) in [
            (#"{"id":1,"kind":"closed","station":"mr99_999"}"#, "entries[0].station: no station 'mr99_999'"),
            (
                #"{"id":1,"kind":"suspended","section":{"line":"M1","from":"mr01_110","to":"mr99_999"}}"#,
                "entries[0].section.to: no station 'mr99_999'"
            ),
            (
                #"{"id":1,"kind":"suspended","section":{"line":"M9","from":"mr01_110","to":"mr02_111"}}"#,
                "entries[0].section.line: no line 'M9'"
            ),
            (
                #"{"id":1,"kind":"suspended","section":{"line":"M2","from":"mr01_110","to":"mr02_111"}}"#,
                "entries[0].section: mr01_110 is not on M2"
            ),
            (#"{"id":1,"kind":"headway","line":"M9","headwaySeconds":300}"#, "entries[0].line: no line 'M9'"),
            (
                #"{"id":1,"kind":"closed","station":"mr01_110"},{"id":1,"kind":"closed","station":"mr02_111"}"#,
                "entries[1].id: 1 is used twice"
            ),
        ] {
            let (path, environment) = try changes(entries)
            for arguments in [["changes", "list"], ["plan", "Lisova", "Teremky"]] {
                let result = CLI.run(arguments, environment: environment)
                XCTAssertEqual(result.code, 65, "\(entries) \(arguments): \(result.stdout)")
                XCTAssertTrue(result.stderr.contains(path), result.stderr)
                XCTAssertTrue(result.stderr.contains(key), "\(key) in \(result.stderr)")
            }
        }
        let (_, good) = try changes(
            #"{"id":1,"kind":"suspended","section":{"line":"M1","from":"mr01_110","to":"mr02_111"}},{"id":2,"kind":"headway","line":"M1","headwaySeconds":300}"#
        )
        XCTAssertEqual(CLI.run(["changes", "list"], environment: good).code, 0)
    }

    func testTheAlertRecordsTempFilesAreCleanedLikeTheOthers() throws {
        let directory = try TestPaths.temporaryDirectory(self) + "/state"
        let store = FileTripStore(directory: directory)
        let trip = Trip(
            id: "t", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: Date())
        try store.update { (current: inout Trip?) throws(CLIError) in current = trip }
        let leftovers = [".scheduled-alerts.json.metro-timer-Ab12Cd", ".scheduled-alerts.json.metro-timer-xY9z8W"]
        for name in leftovers {
            XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data("{".utf8)))
        }
        let model = try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip)
        let scheduler = AlertScheduler(
            store: store, environment: ["METRO_TIMER_ALERT_BACKEND": "off"], executable: "", language: .en,
            commandSetting: nil, note: { _ in })
        scheduler.sync(trip, model: model, schedule: model.current(trip), at: Date(), starting: true)
        for name in leftovers { XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/" + name), name) }
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: directory + "/scheduled-alerts.json"), "the record itself is kept")
    }

    func testAHeldAlertsLockSaysWhatItIsWaitingFor() throws {
        let directory = try TestRide.saved(TestRide.trip(t0: Kyiv.date("2026-11-30 11:50")), for: self)
        let environment = ["METRO_TIMER_HOME": directory]
        // Another process's hold on the lock, released after a second and a half.
        let fd = open(directory + "/.alerts.lock", O_RDWR | O_CREAT, 0o600)
        XCTAssertEqual(flock(fd, LOCK_EX), 0)
        _ = pwrite(fd, Array("4242\n".utf8), 5, 0)
        Thread.detachNewThread {
            usleep(1_500_000)
            flock(fd, LOCK_UN)
            close(fd)
        }
        let result = CLI.run(["arrived"], environment: environment)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "note: waiting for \(directory)/.alerts.lock (held by process 4242) to cancel this trip's alerts"),
            result.stderr)
    }

    func testTheTimeoutHasOneRange() throws {
        let config = try TestPaths.temporaryDirectory(self) + "/config"
        let environment = ["METRO_TIMER_CONFIG": config]
        let range = AlertSettings.timeoutRange
        for (value, code) in [
            (range.lowerBound, Int32(0)), (range.upperBound, 0), (range.lowerBound - 1, 64), (range.upperBound + 1, 64),
        ] {
            let result = CLI.run(
                ["alerts", "enable", "--url", "https://example.org/feed", "--timeout", String(value)],
                environment: environment)
            XCTAssertEqual(result.code, code, "\(value): \(result.stderr)")
            // The file keeps the same range.
            let file = AlertSettings(enabled: false, url: nil, timeoutMilliseconds: value)
            XCTAssertEqual(file.valueProblem() == nil, code == 0, "\(value)")
        }
        XCTAssertEqual(range, 100...60_000, "as the README says")
    }
}
