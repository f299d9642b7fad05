import Foundation
import MetroTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The clock of the tests that start real rides (DaytimeClock): it moves only the night, and a
/// real process on it sees the moved time with its arguments intact.
final class DaytimeClockTests: XCTestCase {
    func testOnlyTheNightIsMovedAndToTen() {
        let hour: TimeInterval = 3600
        XCTAssertEqual(DaytimeClock.offset(at: Kyiv.date("2026-12-02 12:00")), 0)
        XCTAssertEqual(DaytimeClock.offset(at: Kyiv.date("2026-12-02 06:00")), 0)
        XCTAssertEqual(DaytimeClock.offset(at: Kyiv.date("2026-12-02 21:59:59")), 0)
        XCTAssertEqual(DaytimeClock.offset(at: Kyiv.date("2026-12-02 04:00")), 6 * hour)
        XCTAssertEqual(DaytimeClock.offset(at: Kyiv.date("2026-12-02 05:59:30")), 4 * hour + 30)
        XCTAssertEqual(DaytimeClock.offset(at: Kyiv.date("2026-12-02 22:00")), 12 * hour, "to 10:00 the next day")
        XCTAssertEqual(DaytimeClock.offset(at: Kyiv.date("2026-12-02 00:30")), 9.5 * hour)
    }

    func run(_ arguments: [String], offset: TimeInterval) throws -> ProcessRunner.Result {
        let variables = try DaytimeClock.variablesOrSkip(offset: offset)
        let home = try TestPaths.temporaryDirectory(self)
        return try ProcessRunner.run(
            "metro-timer", arguments,
            environment: variables.merging(["METRO_TIMER_HOME": home, "LANG": "C.UTF-8", "NO_COLOR": "1"]) { $1 })
    }

    /// Seconds from now to the next `hour`:00 in Kyiv.
    func untilNext(_ hour: Int) -> TimeInterval {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Kyiv")!
        let now = Date()
        return calendar.nextDate(
            after: now, matching: DateComponents(hour: hour, minute: 0, second: 0), matchingPolicy: .nextTime)!
            .timeIntervalSince(now).rounded(.up)
    }

    func testAProcessOnTheClockSeesTheMovedTimeAndKeepsItsArguments() throws {
        let version = try ProcessRunner.run("metro-timer", ["--version"])
        // Outside the assertion: a skip thrown inside XCTAssertEqual's argument is a failure.
        let moved = try run(["--version"], offset: 3600)
        XCTAssertEqual(moved.stdout, version.stdout, "the arguments reach the product")

        let night = try run(["plan", "Lisova", "Teremky"], offset: untilNext(4))
        XCTAssertEqual(night.code, 0, night.stderr)
        XCTAssertTrue(night.stdout.contains("Trains are not running yet at 04:00"), night.stdout)

        let day = try run(["plan", "Lisova", "Teremky"], offset: untilNext(10))
        XCTAssertEqual(day.code, 0, day.stderr)
        XCTAssertFalse(day.stdout.contains("not running"), day.stdout)
        XCTAssertTrue(day.stdout.contains("● Lisova"), day.stdout)
        let first = try XCTUnwrap(day.stdout.split(separator: "\n").first { $0.contains("● Lisova") })
        XCTAssertTrue(first.contains("10:00"), "a ride that starts now, at 10:00: \(first)")
    }

    /// faketime's entries in /dev/shm, by name.
    static func faketimeEntries() -> Set<String> {
        Set(
            ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []).filter {
                DaytimeClock.Holder.stalePID($0) != nil
            })
    }

    /// The test bundle itself, run as a child process on one test (`swift test` runs the same).
    func bundle(_ test: String, environment: [String: String] = [:], input: Pipe? = nil) throws -> (Process, Pipe) {
        let process = Process()
        let runner = TestPaths.products.appendingPathComponent("metro-timerPackageTests.xctest").path
        // A session of its own, so that the child's process group can be stopped as a timeout
        // stops a test run, and this process is not in it.
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(which("setsid"), "setsid (util-linux)"))
        process.arguments = [runner, "ProcessTests.DaytimeClockTests/" + test]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = input ?? FileHandle.nullDevice
        try process.run()
        return (process, output)
    }

    /// Not a test of its own: the child run of `testAStoppedRunLeavesDevShmAsItFoundIt` holds a
    /// clock, says so, and waits to be stopped.
    func testHoldingTheClockUntilStopped() throws {
        guard ProcessInfo.processInfo.environment["DAYTIME_CLOCK_PROBE"] == "hold" else {
            throw XCTSkip("run by testAStoppedRunLeavesDevShmAsItFoundIt")
        }
        let shared = try XCTUnwrap(try DaytimeClock.variables(offset: 3600)["FAKETIME_SHARED"])
        FileHandle.standardOutput.write(Data("READY \(getpgrp()) \(shared)\n".utf8))
        _ = readLine()
    }

    func requireFaketime() throws {
        guard FileManager.default.fileExists(atPath: DaytimeClock.library), which("faketime") != nil else {
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("faketime is missing") }
            throw XCTSkip("libfaketime is not installed (apt-get install faketime)")
        }
    }

    /// A whole run of the tests that shift the clock ends with /dev/shm as it was before: the
    /// holders' segments are gone by the time the run has ended (they were left, one pair per
    /// holder, when faketime's own clean-up came after the test process or never).
    func testAWholeRunLeavesDevShmAsItFoundIt() throws {
        try requireFaketime()
        let before = Self.faketimeEntries()
        let (run, output) = try bundle("testAProcessOnTheClockSeesTheMovedTimeAndKeepsItsArguments")
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        XCTAssertEqual(run.terminationStatus, 0, log)
        XCTAssertTrue(log.contains("Executed 1 test, with 0 failures"), log)
        XCTAssertEqual(
            Self.faketimeEntries().subtracting(before), [], "what the run made in /dev/shm is gone when it ends")
    }

    /// A run stopped as a timeout stops it (SIGKILL to its process group) leaves nothing either:
    /// the mutation runs left about 15,800 entries so.
    func testAStoppedRunLeavesDevShmAsItFoundIt() throws {
        try requireFaketime()
        let before = Self.faketimeEntries()
        let input = Pipe()
        let (run, output) = try bundle(
            "testHoldingTheClockUntilStopped", environment: ["DAYTIME_CLOCK_PROBE": "hold"], input: input)
        // XCTest's own lines come first; the holder's is the one that starts with READY.
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            if byte == Data("\n".utf8) {
                if line.starts(with: Data("READY ".utf8)) { break }
                line = Data()
            } else {
                line.append(byte)
            }
        }
        let words = String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard words.count == 4, words[0] == "READY", let group = pid_t(words[1]) else {
            run.terminate()
            return XCTFail("the child run did not hold a clock: \(String(decoding: line, as: UTF8.self))")
        }
        XCTAssertNotEqual(group, getpgrp(), "the child run is in a group of its own")
        let made = Set(DaytimeClock.Holder.files(words[2...].joined(separator: " ")))
        XCTAssertEqual(made.count, 2)
        XCTAssertTrue(made.isSubset(of: Self.faketimeEntries()), "the child's holder made its pair")
        kill(-group, SIGKILL)
        run.waitUntilExit()
        // faketime cleans up as its command ends; give it up to 5 s (it is another process).
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(5))
        while !Self.faketimeEntries().intersection(made).isEmpty, clock.now < deadline { usleep(20_000) }
        XCTAssertEqual(Self.faketimeEntries().intersection(made), [], "the stopped run's pair is gone")
        XCTAssertEqual(Self.faketimeEntries().subtracting(before), [])
        try? input.fileHandleForWriting.close()
    }

    /// A pair a killed faketime left (SIGTERM or SIGKILL, which faketime does not clean up after)
    /// is removed by the next run, so no later faketime with that process id fails with
    /// `sem_open: File exists`. A pair of a live process, or of another user, is kept.
    func testARunRemovesThePairsOfFaketimesThatAreGone() throws {
        try requireFaketime()
        // A process id that surely names no process: one that has just ended.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let gone = ended.processIdentifier
        let live = getpid()
        let stale = ["faketime_shm_\(gone)", "sem.faketime_sem_\(gone)"]
        let kept = ["faketime_shm_\(live)", "sem.faketime_sem_\(live)"]
        let planted = stale + kept
        addTeardownBlock { for name in planted { unlink("/dev/shm/" + name) } }
        for name in planted {
            XCTAssertTrue(FileManager.default.createFile(atPath: "/dev/shm/" + name, contents: Data()), name)
        }
        let (run, output) = try bundle("testAProcessOnTheClockSeesTheMovedTimeAndKeepsItsArguments")
        let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        XCTAssertEqual(run.terminationStatus, 0, log)
        for name in stale {
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: "/dev/shm/" + name), "\(name) of a faketime that is gone")
        }
        for name in kept {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "/dev/shm/" + name), "\(name) of a live process")
        }
    }
}
