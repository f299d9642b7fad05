import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroTimerCLI

/// Saved state under hostile or unlucky conditions: what cannot be read is an error,
/// never "nothing"; links are never followed; ending a trip cannot count twice; parallel writers
/// lose nothing; bad values are refused, never trapped on; untrusted text reaches no terminal raw.
final class StateSafetyTests: XCTestCase {
    let t0 = Kyiv.date("2026-11-30 10:00")

    /// A state directory with an active Lisova → Teremky trip started at `t0`.
    func stateWithTrip() throws -> (directory: String, environment: [String: String]) {
        let directory = try TestPaths.temporaryDirectory(self) + "/state"
        let store = FileTripStore(directory: directory)
        try store.update { trip in
            trip = Trip(
                id: "test-trip", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code,
                t0: self.t0)
        }
        return (directory, ["METRO_TIMER_HOME": directory])
    }

    /// Runs the built binary as the unprivileged user `nobody`: root would read any file.
    func runAsNobody(_ arguments: [String], environment: [String: String]) throws -> ProcessRunner.Result {
        guard getuid() == 0, let setpriv = which("setpriv"), let timeout = which("timeout") else {
            throw XCTSkip("needs root, setpriv and timeout to become another user")
        }
        let binary = TestPaths.products.appendingPathComponent("metro-timer").path
        // A bounded run: a command that wrongly starts a live ride must fail the test, not hang it.
        // `start` is among the commands: at a moment trains run (DaytimeClock).
        return try ProcessRunner.run(
            executable: timeout,
            ["10", setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", binary] + arguments,
            environment: try DaytimeClock.environment().merging(environment) { $1 }.merging([
                "HOME": "/nonexistent", "METRO_TIMER_CONFIG": NSTemporaryDirectory() + "no-config-\(UUID().uuidString)",
            ]) { $1 })
    }

    func chownTree(_ path: String, to uid: uid_t) throws {
        let enumerator = FileManager.default.enumerator(atPath: path)
        // The scratch directory above is private to root; the other user must reach `path`.
        XCTAssertEqual(chmod((path as NSString).deletingLastPathComponent, 0o755), 0)
        XCTAssertEqual(chown(path, uid, gid_t(uid)), 0)
        while let item = enumerator?.nextObject() as? String {
            XCTAssertEqual(chown(path + "/" + item, uid, gid_t(uid)), 0)
        }
    }

    // MARK: - Missing is not unreadable

    func testAnUnreadableTripIsAnErrorNeverNoTrip() throws {
        let (directory, environment) = try stateWithTrip()
        try chownTree(directory, to: 65534)
        let trip = directory + "/trip.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: trip))
        XCTAssertEqual(chmod(trip, 0o000), 0)
        for arguments in [["status"], ["adjust", "+1"], ["start", "Lisova", "Arsenalna"], ["arrived"]] {
            let result = try runAsNobody(arguments, environment: environment)
            XCTAssertEqual(result.code, 65, "\(arguments): \(result.stdout)\(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains(trip) && result.stderr.contains("Permission denied"),
                "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(chmod(trip, 0o600), 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: trip)), before, "left exactly as it was")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: directory + "/journal.jsonl"),
            "no journal record of a trip never read")
    }

    // MARK: - Never follow

    func testSymlinksInTheStateDirectoryAreRefusedNotFollowed() throws {
        let (directory, environment) = try stateWithTrip()
        let outside = try TestPaths.temporaryDirectory(self)
        let target = outside + "/target"
        try "precious\n".write(toFile: target, atomically: true, encoding: .utf8)
        // The journal as a link: ending the trip must not write into the link's target.
        XCTAssertEqual(symlink(target, directory + "/journal.jsonl"), 0)
        let arrived = CLI.run(["arrived"], now: t0.addingTimeInterval(600), environment: environment)
        XCTAssertNotEqual(arrived.code, 0)
        XCTAssertTrue(
            arrived.stderr.contains("journal.jsonl") && arrived.stderr.contains("symbolic link"), arrived.stderr)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "precious\n")
        // Nothing half-happened: the trip file still holds an active trip.
        XCTAssertFalse(try String(contentsOfFile: directory + "/trip.json", encoding: .utf8).contains("\"ended\""))
        // The lock as a link: no file appears at its target.
        unlink(directory + "/journal.jsonl")
        unlink(directory + "/.lock")
        XCTAssertEqual(symlink(outside + "/made-by-lock", directory + "/.lock"), 0)
        let adjust = CLI.run(["adjust", "+1"], now: t0.addingTimeInterval(60), environment: environment)
        XCTAssertNotEqual(adjust.code, 0)
        XCTAssertTrue(adjust.stderr.contains(".lock"), adjust.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: outside + "/made-by-lock"))
        // The trip file as a link: read as an error, not followed.
        unlink(directory + "/.lock")
        try FileManager.default.moveItem(atPath: directory + "/trip.json", toPath: outside + "/trip.json")
        XCTAssertEqual(symlink(outside + "/trip.json", directory + "/trip.json"), 0)
        let status = CLI.run(["status"], now: t0.addingTimeInterval(60), environment: environment)
        XCTAssertEqual(status.code, 65, status.stderr)
        XCTAssertTrue(status.stderr.contains("symbolic link"), status.stderr)
    }

    // MARK: - Ending a trip: one step, one record

    func testATornJournalLineDoesNotSwallowTheNextRecord() throws {
        let (directory, environment) = try stateWithTrip()
        try #"{"version":3,"id":"torn","from":"mr18"#.write(
            toFile: directory + "/journal.jsonl", atomically: true, encoding: .utf8)
        XCTAssertEqual(CLI.run(["arrived"], now: t0.addingTimeInterval(2400), environment: environment).code, 0)
        let journal = try FileTripStore(directory: directory).readJournal()
        XCTAssertEqual(journal.records.count, 1, "the new record reads on a line of its own")
        XCTAssertEqual(journal.problems.map(\.line), [1], "the torn line is reported, not merged")
    }

    func testARetriedEndNeverCountsTwice() throws {
        let (directory, environment) = try stateWithTrip()
        let store = FileTripStore(directory: directory)
        // A crash after the record was appended and before the trip was marked ended: the record
        // is there, the trip still active. The retry must not write a second record.
        let trip = try XCTUnwrap(store.load())
        let model = try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip)
        try store.appendJournal(
            JournalRecord(trip: trip, model: model, outcome: .arrived, at: t0.addingTimeInterval(2400)))
        // Whatever reads the trip next sees it ended, as the record says: both, not half.
        XCTAssertEqual(try store.load()?.ended?.outcome, .arrived)
        XCTAssertEqual(CLI.run(["status"], now: t0.addingTimeInterval(2410), environment: environment).stdout, "")
        let again = CLI.run(["arrived"], now: t0.addingTimeInterval(2410), environment: environment)
        XCTAssertEqual(again.code, 1, "the trip has ended: nothing to confirm twice")
        XCTAssertEqual(try store.readJournal().records.filter { $0.id == trip.id }.count, 1)
    }

    // MARK: - Every read-modify-write under the lock

    func testParallelChangesAreAllKept() throws {
        let config = try TestPaths.temporaryDirectory(self) + "/config"
        let stations = [
            "Hidropark", "Dnipro", "Darnytsia", "Livoberezhna", "Chernihivska", "Lisova", "Arsenalna", "Universytet",
            "Vokzalna", "Politekhnichnyi instytut",
        ]
        let group = DispatchGroup()
        let results = LockedResults()
        for station in stations {
            group.enter()
            Thread.detachNewThread {
                let result = try? ProcessRunner.run(
                    "metro-timer", ["changes", "add", "--closed", station], environment: ["METRO_TIMER_CONFIG": config])
                results.append(result?.code ?? -1)
                group.leave()
            }
        }
        group.wait()
        XCTAssertEqual(results.values.sorted(), Array(repeating: 0, count: stations.count))
        let list = try ProcessRunner.run(
            "metro-timer", ["changes", "list"], environment: ["METRO_TIMER_CONFIG": config])
        for station in stations { XCTAssertTrue(list.stdout.contains(station), "\(station) lost:\n\(list.stdout)") }
    }

    func testAHeldLockEndsInAClearErrorNamingTheHolder() throws {
        let (directory, environment) = try stateWithTrip()
        let lock = directory + "/.lock"
        let descriptor = open(lock, O_RDWR | O_CREAT, 0o600)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        XCTAssertEqual(flock(descriptor, LOCK_EX), 0)
        _ = ftruncate(descriptor, 0)
        _ = pwrite(descriptor, Array("4242\n".utf8), 5, 0)
        let started = Date()
        let result = try ProcessRunner.run("metro-timer", ["adjust", "+1"], environment: environment)
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "a bounded wait")
        XCTAssertEqual(result.code, 1)
        XCTAssertEqual(
            result.stderr, "Error: \(lock) is held by another metro-timer (process 4242); try again in a moment\n")
    }

    func testLeftoverTempFilesAreRemovedByTheNextWriter() throws {
        let (directory, environment) = try stateWithTrip()
        // What a writer killed between writing its temp file and renaming it leaves behind.
        try "{\"half\":".write(
            toFile: directory + "/.trip.json.metro-timer-Ab3dEf", atomically: false, encoding: .utf8)
        // A file of the rider's own beside it, of the shape temporary files once had: kept.
        try "mine".write(toFile: directory + "/.trip.json.backup", atomically: false, encoding: .utf8)
        XCTAssertEqual(CLI.run(["adjust", "+1"], now: t0.addingTimeInterval(60), environment: environment).code, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/.trip.json.metro-timer-Ab3dEf"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/.trip.json.backup"))
    }

    func testADirectoryOfAnotherUserIsRefusedAndALooseOneIsRefusedNotTightened() throws {
        let (directory, environment) = try stateWithTrip()
        XCTAssertEqual(chmod(directory, 0o755), 0)
        let first = CLI.run(["adjust", "+1"], now: t0.addingTimeInterval(60), environment: environment)
        XCTAssertEqual(first.code, 1, first.stderr)
        XCTAssertTrue(
            first.stderr.hasPrefix("Error: cannot use the state directory \(directory): others can use it (mode 755)"),
            first.stderr)
        var info = stat()
        XCTAssertEqual(stat(directory, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o755)
        XCTAssertEqual(chmod(directory, 0o700), 0)
        XCTAssertEqual(CLI.run(["adjust", "+1"], now: t0.addingTimeInterval(90), environment: environment).stderr, "")
        // Another user's directory: refused, as git refuses an unsafe directory.
        XCTAssertEqual(chown(directory, 65534, 65534), 0)
        let refused = CLI.run(["status"], now: t0.addingTimeInterval(120), environment: environment)
        XCTAssertEqual(refused.code, 1)
        XCTAssertTrue(refused.stderr.contains("state directory \(directory): it belongs to user 65534"), refused.stderr)
    }

    func testAnImportIsCheckedAsStrictlyAsTheFile() throws {
        let base = try TestPaths.temporaryDirectory(self)
        let file = base + "/bad.json"
        try #"{"version":1,"running":{"mr01_110>mr02_111":{"weight":1,"mean":100,"m2":-100,"count":1}},"dwell":{}}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let result = CLI.run(["calibration", "--import", file], environment: ["METRO_TIMER_HOME": base + "/state"])
        XCTAssertEqual(result.code, 65, result.stdout)
        XCTAssertTrue(result.stderr.contains("m2"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: base + "/state/calibration.json"), "nothing merged")
    }

    func testExportsRefuseLinksFIFOsAndDevices() throws {
        let (directory, environment) = try stateWithTrip()
        let outside = try TestPaths.temporaryDirectory(self)
        try "keep\n".write(toFile: outside + "/target", atomically: true, encoding: .utf8)
        XCTAssertEqual(symlink(outside + "/target", outside + "/link"), 0)
        XCTAssertEqual(mkfifo(outside + "/fifo", 0o600), 0)
        // A device node of the test's own (never a real one in /dev: a broken export would
        // replace it), where root may make one.
        var targets = [outside + "/link", outside + "/fifo"]
        // 1,3 is a null device.
        if getuid() == 0, mknod(outside + "/device", S_IFCHR | 0o600, dev_t(0x103)) == 0 {
            targets.append(outside + "/device")
        }
        for command in ["journal", "calibration"] {
            for path in targets {
                let result = CLI.run([command, "--export", path], environment: environment)
                XCTAssertEqual(result.code, 1, "\(command) \(path): \(result.stdout)")
                XCTAssertTrue(result.stderr.contains("writes only to a regular file"), result.stderr)
            }
            // `-` is standard output.
            XCTAssertEqual(CLI.run([command, "--export", "-"], environment: environment).code, 0)
        }
        XCTAssertEqual(try String(contentsOfFile: outside + "/target", encoding: .utf8), "keep\n")
        _ = directory
    }

    // MARK: - Outputs

    func testAFullDiskIsAnErrorAndAClosedPipeIsQuiet() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        let binary = TestPaths.products.appendingPathComponent("metro-timer").path
        for command in ["'\(binary)' plan Lisova Teremky > /dev/full", "'\(binary)' stations > /dev/full"] {
            let result = try ProcessRunner.run(executable: "/bin/sh", ["-c", command])
            XCTAssertEqual(result.code, 1, command)
            XCTAssertTrue(
                result.stderr.hasPrefix("Error: cannot write to standard output: No space left on device"),
                result.stderr)
        }
        // Like `git log | head`: the reader leaves, the writer ends without a word.
        // (bash: /bin/sh has no PIPESTATUS.) The reader is gone before the writer starts (`true`
        // reads nothing; the writer waits a moment), so the first write meets the closed pipe.
        // With SIGPIPE at its default the writer dies of it (141, as `git log | head` does); with
        // SIGPIPE ignored (a parent that ignores it) the write fails with EPIPE and metro-timer
        // ends quietly, 0. Either way, not a word on stderr. (Should the reader still be there,
        // the writer just succeeds: 0.)
        for (trap, statuses) in [("", ["0", "141"]), ("trap '' PIPE; ", ["0"])] {
            let piped = try ProcessRunner.run(
                executable: "/bin/bash",
                ["-c", "\(trap){ sleep 0.2; '\(binary)' stations; } | true; echo \"status ${PIPESTATUS[0]}\""])
            XCTAssertEqual(piped.stderr, "", trap)
            let status = piped.stdout.trimmingCharacters(in: .newlines)
            XCTAssertTrue(statuses.map { "status " + $0 }.contains(status), "\(trap): \(status)")
        }
        let head = try ProcessRunner.run(
            executable: "/bin/bash", ["-c", "'\(binary)' stations | head -1; echo \"status ${PIPESTATUS[0]}\""])
        XCTAssertEqual(head.stderr, "")
        XCTAssertTrue(head.stdout.hasPrefix("M1"))
        XCTAssertTrue(
            ["status 0", "status 141"].contains(head.stdout.split(separator: "\n").last.map(String.init) ?? ""),
            head.stdout)
    }

    // MARK: - Untrusted text

    func testControlCharactersNeverReachTheTerminalRaw() {
        let osc = "\u{1B}]0;pwned\u{07}"
        let result = CLI.run(["plan", osc, "Teremky"])
        XCTAssertEqual(result.code, 64)
        XCTAssertFalse(result.stderr.contains("\u{1B}") || result.stderr.contains("\u{07}"), result.stderr)
        XCTAssertTrue(result.stderr.contains(#"\u{1B}]0;pwned\u{07}"#), result.stderr)
        // The 8-bit CSI (U+009B, a C1 control: ECMA-48) clears a screen as ESC [ does; DEL too.
        let csi = CLI.run(["plan", "\u{9B}2J\u{7F}", "Teremky"])
        XCTAssertEqual(csi.code, 64)
        XCTAssertFalse(csi.stderr.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x7F }, csi.stderr)
        XCTAssertTrue(csi.stderr.contains(#"\u{9B}2J\u{7F}"#), csi.stderr)
        for arguments in [
            ["plan", "Lisova", "Teremky", "--\u{1B}[2Jx"], ["\u{1B}[2J"], ["status", "--format", "{\u{1B}[31m}"],
        ] {
            let refused = CLI.run(arguments)
            XCTAssertEqual(refused.code, 64, "\(arguments)")
            XCTAssertFalse(refused.stderr.contains("\u{1B}"), refused.stderr)
        }
        // A huge bad argument is cut to a readable length.
        let huge = CLI.run(["plan", String(repeating: "x", count: 120_000), "Teremky"])
        XCTAssertLessThan(huge.stderr.utf8.count, 2_000)
        // Notes refuse control characters at input.
        let config = "/nonexistent/never-written"
        let note = CLI.run(
            ["changes", "add", "--closed", "Dnipro", "--note", "\u{1B}[2Jgone"],
            environment: ["METRO_TIMER_CONFIG": config])
        XCTAssertEqual(note.code, 64)
        XCTAssertFalse(note.stderr.contains("\u{1B}"), note.stderr)
    }

    // MARK: - Every value read is checked

    func testExtremeValuesInTheTripFileAreRefusedNotTrapped() throws {
        for (key, value) in [("t0", "1e300"), ("t0", "-9223372036854775808"), ("t0", "4102444801")] {
            let (directory, environment) = try stateWithTrip()
            let path = directory + "/trip.json"
            var object = try XCTUnwrap(
                JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            let text = try String(contentsOfFile: path, encoding: .utf8)
            object[key] = 0
            let replaced = text.replacingOccurrences(
                of: #""t0" : \d+(\.\d+)?"#, with: "\"t0\" : \(value)", options: .regularExpression)
            XCTAssertNotEqual(replaced, text)
            try replaced.write(toFile: path, atomically: true, encoding: .utf8)
            let result = try ProcessRunner.run("metro-timer", ["status"], environment: environment)
            XCTAssertEqual(result.code, 65, "\(value): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(path) && result.stderr.contains("t0"), result.stderr)
        }
        let adjust = CLI.run(["adjust", "-9223372036854775808"])
        XCTAssertEqual(adjust.code, 64, adjust.stderr)
    }
}

final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Int32] = []
    func append(_ value: Int32) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }
}

/// Confirmations in `calibration`, `journal` and `status`.
final class ConfirmationTests: XCTestCase {
    func testCalibrationResetAsksLikeJournalClearAndYesAloneIsRefused() throws {
        let base = try TestPaths.temporaryDirectory(self)
        let environment = ["METRO_TIMER_HOME": base + "/state"]
        let store = FileTripStore(directory: base + "/state")
        try store.updateCalibration { calibration in
            var statistic = Calibration.Statistic()
            statistic.weight = 1
            statistic.mean = 100
            statistic.count = 1
            calibration.running["mr01_110>mr02_111"] = statistic
        }
        let asks = CLI.run(["calibration", "--reset"], environment: environment)
        XCTAssertEqual(asks.code, 1)
        XCTAssertEqual(asks.stderr, "Error: Forget every measurement? Add --yes to confirm.\n")
        XCTAssertFalse(try store.loadCalibration().isEmpty, "not erased without confirmation")
        XCTAssertEqual(CLI.run(["calibration", "--reset", "--yes"], environment: environment).code, 0)
        XCTAssertTrue(try store.loadCalibration().isEmpty)
        for command in ["journal", "calibration"] {
            let alone = CLI.run([command, "--yes"], environment: environment)
            XCTAssertEqual(alone.code, 64, command)
            XCTAssertTrue(
                alone.stderr.hasPrefix(
                    "Error: '--yes' confirms \(command == "journal" ? "--clear" : "--reset"); alone it does nothing\n"),
                alone.stderr)
        }
    }

    func testAPassedAlertIsEmptyInStatusLikeThePassedTransfer() throws {
        let directory = try TestPaths.temporaryDirectory(self) + "/state"
        let t0 = Kyiv.date("2026-11-30 10:00")
        try FileTripStore(directory: directory).update { trip in
            trip = Trip(id: "s", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: t0)
        }
        let environment = ["METRO_TIMER_HOME": directory]
        let schedule = try TripModel(
            engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock),
            trip: try XCTUnwrap(FileTripStore(directory: directory).load())
        )
        .current(try XCTUnwrap(FileTripStore(directory: directory).load()))
        let before = CLI.run(
            ["status", "--format", "[{transfer}][{alert}]"], now: schedule.alert.addingTimeInterval(-65),
            environment: environment)
        XCTAssertEqual(before.stdout, "[][1:05]\n")
        let after = CLI.run(
            ["status", "--format", "[{transfer}][{alert}]"], now: schedule.alert.addingTimeInterval(20),
            environment: environment)
        XCTAssertEqual(after.stdout, "[][]\n", "a passed moment is empty, not 0:00")
    }
}
