import Foundation
import MetroTestSupport
import XCTest

/// The alert check's fetch is a mode of `metro-timer` run as a process of its own
/// (`metro-timer __alerts TIMEOUT_MS`, the URL on standard input), not a second 14 MB binary
/// with the whole runtime: one command on PATH. CurlFetchTests holds its limits.
final class AlertFetchModeTests: XCTestCase {
    func testMetroTimerAnswersAsTheFetcherInItsOwnMode() throws {
        // Port 9 (discard) on loopback: nothing listens, so the answer is known without a feed.
        let answer = try ProcessRunner.run("metro-timer", ["__alerts", "2000"], input: "http://127.0.0.1:9/none\n")
        XCTAssertEqual(answer.code, 0, answer.stderr)
        XCTAssertTrue(answer.stdout.hasPrefix("unknown: the feed cannot be reached"), answer.stdout)
        XCTAssertEqual(answer.stderr, "")
        // The same contract as the helper had: a bad call is a usage error, nothing fetched.
        for arguments in [["__alerts"], ["__alerts", "0"], ["__alerts", "soon"], ["__alerts", "100", "more"]] {
            let bad = try ProcessRunner.run("metro-timer", arguments, input: "http://127.0.0.1:9/none\n")
            XCTAssertEqual(bad.code, 64, "\(arguments)")
            XCTAssertEqual(bad.stdout, "", "\(arguments)")
            XCTAssertEqual(bad.stderr, "usage: echo URL | metro-timer __alerts TIMEOUT_MS\n", "\(arguments)")
        }
    }

    func testTheModeNeedsNeitherTheZoneNorTheStateFiles() throws {
        // It starts before anything else is read: a corrupt zone file and an unusable state
        // directory do not reach it.
        let directory = try TestPaths.temporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: directory + "/Europe", withIntermediateDirectories: true)
        try Data("TZif2 but nothing else".utf8).write(to: URL(fileURLWithPath: directory + "/Europe/Kyiv"))
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: directory + "/home"))
        let answer = try ProcessRunner.run(
            "metro-timer", ["__alerts", "2000"],
            environment: [
                "TZDIR": directory, "METRO_TIMER_HOME": directory + "/home", "XDG_DATA_HOME": directory + "/home",
            ],
            input: "http://127.0.0.1:9/none\n")
        XCTAssertEqual(answer.code, 0, answer.stderr)
        XCTAssertTrue(answer.stdout.hasPrefix("unknown: the feed cannot be reached"), answer.stdout)
    }
}
