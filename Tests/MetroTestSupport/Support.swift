import CLIKit
import Foundation
import MetroCore
import MetroData
import MetroLab
import MetroTimerCLI
import XCTest

/// Paths and fixtures shared by the tests.
package enum TestPaths {
    /// The package root, found from this file's path (tests run from any directory).
    package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    package static let data = packageRoot.appendingPathComponent("Data").path
    package static let fixtures = packageRoot.appendingPathComponent("Tests/MetroTestSupport/Fixtures").path
    package static let embeddedSwift = packageRoot.appendingPathComponent(
        "Sources/MetroCore/Network/Network+EmbeddedJSON.swift"
    ).path

    /// The directory holding the built products (`.build/debug`). On Linux the test bundle's
    /// URL is that directory itself; on Darwin it is the `.xctest` bundle inside it.
    package static var products: URL {
        let url = Bundle(for: BundleLocator.self).bundleURL
        return url.pathExtension == "xctest" ? url.deletingLastPathComponent() : url
    }

    /// The data files of `directory` as the compiler takes them: names and bytes (MetroCore does
    /// no I/O; the tests read the files as timetable-gen does).
    package static func compilerInput(_ directory: String) throws -> TimetableCompiler.Input {
        var bytes: [String: [UInt8]] = [:]
        for name in TimetableCompiler.FileName.all {
            bytes[name] = Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
        }
        return try TimetableCompiler.Input(directory: directory, bytes: bytes)
    }

    /// Fresh, empty state and settings places for a command a test gives none: one directory
    /// per call under one per test process, removed when the process exits. (They were under
    /// /nonexistent, which root, as CI runs, can create: hundreds were left behind.)
    package static func isolated() -> String { isolatedRoot + "/" + UUID().uuidString }

    package static let isolatedRoot: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("metro-timer-isolated-\(getpid())")
            .path
        try? FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        atexit { try? FileManager.default.removeItem(atPath: TestPaths.isolatedRoot) }
        return path
    }()

    /// A fresh temporary directory, removed when the test ends.
    package static func temporaryDirectory(_ test: XCTestCase) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "metro-timer-tests-\(UUID().uuidString)")
        // Private, as a home metro-timer accepts must be (one open to others is refused).
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    /// A rider's own places for one test: a state and a config directory under a temporary one
    /// (removed after it), and no colour.
    package static func riderEnvironment(_ test: XCTestCase) throws -> [String: String] {
        let base = try temporaryDirectory(test)
        return ["METRO_TIMER_CONFIG": base + "/config", "METRO_TIMER_HOME": base + "/state", "NO_COLOR": "1"]
    }

    /// Every Swift file under `folder` (relative to the package root), as its path below
    /// `folder` and its text, in order of path: what the tests that read the sources read.
    package static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let base = packageRoot.appendingPathComponent(folder).path
        var files: [(path: String, text: String)] = []
        let walker = FileManager.default.enumerator(atPath: base)
        while let next = walker?.nextObject() as? String {
            guard next.hasSuffix(".swift") else { continue }
            files.append((next, try String(contentsOfFile: base + "/" + next, encoding: .utf8)))
        }
        XCTAssertFalse(files.isEmpty, "no Swift file under \(folder)")
        return files.sorted { $0.path < $1.path }
    }
}

package final class BundleLocator {}

package enum Kyiv {
    package static let clock = ServiceClock.kyiv()!
    package static let network = Network.kyiv

    /// A Kyiv wall-clock moment, `2026-11-30 17:05:00`.
    package static func date(_ text: String) -> Date {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == ":" }).map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Kyiv")!
        return calendar.date(
            from: DateComponents(
                year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4],
                second: parts.count > 5 ? parts[5] : 0))!
    }

    package static func station(_ query: String) -> NetworkDocument.Station {
        guard case .found(let station) = StationSearch(network: network).match(query) else {
            fatalError("test station '\(query)' did not resolve")
        }
        return station
    }

    package static func route(_ from: String, _ to: String) throws -> Route {
        try Router(network: network).route(from: station(from).code, to: station(to).code)
    }

    package static func schedule(_ from: String, _ to: String, at t0: String) throws -> Schedule {
        ScheduleEngine(network: network, clock: clock).schedule(route: try route(from, to), t0: date(t0))
    }
}

/// The result of running the CLI in-process.
package struct CLIResult {
    package var stdout: String
    package var stderr: String
    package var code: Int32

    package init(stdout: String, stderr: String, code: Int32) {
        self.stdout = stdout
        self.stderr = stderr
        self.code = code
    }
}

package enum CLI {
    /// Runs `metro-timer` in-process with a fixed clock and a pinned environment.
    package static func run(
        _ arguments: [String], now: Date = Kyiv.date("2026-11-30 12:00:00"),
        environment: [String: String] = ["NO_COLOR": "1"], terminal: Bool = false, columns: Int? = 80
    ) -> CLIResult {
        let out = StringSink()
        let err = StringSink()
        // Never the developer's own settings or trip: fresh, empty places unless a test sets them.
        var environment = environment
        let isolated = TestPaths.isolated()
        environment["METRO_TIMER_CONFIG"] = environment["METRO_TIMER_CONFIG"] ?? isolated + "/config"
        environment["METRO_TIMER_HOME"] = environment["METRO_TIMER_HOME"] ?? isolated + "/state"
        // In-process commands schedule nothing outside the test (the alert tests say otherwise).
        environment["METRO_TIMER_ALERT_BACKEND"] = environment["METRO_TIMER_ALERT_BACKEND"] ?? "off"
        let context = Context(
            arguments: arguments, environment: environment, stdout: out, stderr: err, now: { now }, tapped: now,
            stdoutIsTerminal: terminal, clock: Kyiv.clock, columns: columns, helperDirectory: TestPaths.products.path)
        let code = MetroTimer.main(context)
        restoreSignals()
        return CLIResult(stdout: out.text, stderr: err.text, code: code)
    }

    /// A ride's screen, once over, leaves its signals ignored until the process ends: right for
    /// `metro-timer`, which ends then, but an ignored signal is inherited across `exec`, and a
    /// `start` spawned later by another test would lose a SIGTERM sent before its own screen
    /// watches for it (and run on). The test process puts them back as they were.
    package static func restoreSignals() {
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH] { signal(number, SIG_DFL) }
    }
}

/// Reads a project CSV file directly (not through the compiler), so tests can check the
/// compiler's output against the published figures independently.
package enum RawCSV {
    package static func rows(_ name: String) throws -> [[String: String]] {
        let text = try String(contentsOfFile: TestPaths.data + "/" + name, encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        let header = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return lines.map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Dictionary(uniqueKeysWithValues: zip(header, fields))
        }
    }
}

extension String {
    package var containsCyrillic: Bool {
        unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }
    }
}
