import Foundation
import MetroTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// An `execve` may pass no arguments at all, not even the program's name (argc 0), and
/// libfaketime preloaded without `FAKETIME_SHARED` moves `environ`, so that the Swift runtime,
/// which finds `argv` by walking back from it, reads argc as 0 too. Both executables trapped
/// ("Range requires lowerBound <= upperBound", signal 4) reading their arguments. Real processes,
/// started with `posix_spawn` and exactly the argv each test names.
final class EmptyArgvTests: XCTestCase {
    var home = ""

    override func setUpWithError() throws {
        home = try TestPaths.temporaryDirectory(self)
    }

    var environment: [String: String] {
        [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "NO_COLOR": "1", "METRO_TIMER_HOME": home + "/state",
            "METRO_TIMER_CONFIG": home + "/config", "XDG_DATA_HOME": home + "/data",
        ]
    }

    func binary(_ name: String) -> String { TestPaths.products.appendingPathComponent(name).path }

    /// With no argument vector, each binary does what it does with its name alone: no trap.
    func testAnEmptyArgvIsReadAsNoArguments() throws {
        for name in ["metro-timer", "timetable-gen"] {
            let empty = try RawSpawn.run(binary(name), argv: [], environment: environment)
            let bare = try RawSpawn.run(binary(name), argv: [name], environment: environment)
            XCTAssertNil(empty.signal, "\(name) was killed by signal \(empty.signal ?? 0): \(empty.stderr)")
            XCTAssertNotNil(bare.code, name)
            XCTAssertEqual(empty.code, bare.code, "\(name): \(empty.stderr)")
            XCTAssertEqual(empty.stdout, bare.stdout, name)
            XCTAssertEqual(empty.stderr, bare.stderr, name)
            XCTAssertFalse(empty.stderr.contains("Fatal error"), empty.stderr)
        }
    }

    /// libfaketime preloaded directly (`LD_PRELOAD=…/libfaketime.so.1 FAKETIME=+1h metro-timer
    /// plan …`): the command still gets its arguments and gives the plan a run without the
    /// library gives. The library's own shared-memory pair, named by the child's process id, is
    /// removed after the run whatever happened (CI fails on a file left in /dev/shm).
    func testLibfaketimePreloadedDirectlyKeepsTheArguments() throws {
        guard FileManager.default.fileExists(atPath: DaytimeClock.library) else {
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("no libfaketime") }
            throw XCTSkip("libfaketime is not installed (apt-get install faketime)")
        }
        let preloaded = environment.merging(["LD_PRELOAD": DaytimeClock.library, "FAKETIME": "+1h"]) { $1 }
        let cases: [(String, [String])] = [
            ("metro-timer", ["plan", "Lisova", "Darnytsia", "--at", "10:00", "--date", "2026-11-30"]),
            ("metro-timer", ["--version"]),
            ("timetable-gen", ["--version"]),
            ("timetable-gen", ["install", "--help"]),
        ]
        for (name, arguments) in cases {
            let plain = try RawSpawn.run(binary(name), argv: [binary(name)] + arguments, environment: environment)
            let faked = try RawSpawn.run(binary(name), argv: [binary(name)] + arguments, environment: preloaded)
            for file in ["faketime_shm_\(faked.pid)", "sem.faketime_sem_\(faked.pid)"] { unlink("/dev/shm/" + file) }
            XCTAssertEqual(plain.code, 0, "\(name) \(arguments): \(plain.stderr)")
            XCTAssertNil(
                faked.signal, "\(name) \(arguments) was killed by signal \(faked.signal ?? 0): \(faked.stderr)")
            XCTAssertEqual(faked.code, 0, "\(name) \(arguments): \(faked.stderr)")
            XCTAssertEqual(faked.stdout, plain.stdout, "\(name) \(arguments)")
            XCTAssertEqual(faked.stderr, plain.stderr, "\(name) \(arguments)")
        }
    }
}
