import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// No silent skips. `routes list` skipped a malformed journal line without the
/// warning `journal` prints; `start` said nothing when the scheduled-alert record was a symbolic
/// link (only `alerts pending` named it); a 1777 directory was reported as "mode 777".
final class WarnWhereSkippedTests: XCTestCase {
    var home = ""

    override func setUpWithError() throws {
        home = try TestPaths.temporaryDirectory(self) + "/state"
        try FileManager.default.createDirectory(
            atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Every reader of the journal that skips a line says so, in the words `journal` uses.
    func testEveryJournalReaderWarnsOfASkippedLine() throws {
        let journal = home + "/journal.jsonl"
        _ = FileManager.default.createFile(
            atPath: journal, contents: Data("{\"not\": \"a record\"\n".utf8), attributes: [.posixPermissions: 0o600])
        let environment = ["METRO_TIMER_HOME": home, "NO_COLOR": "1"]
        let said = try XCTUnwrap(
            CLI.run(["journal"], environment: environment).stderr.split(separator: "\n").first.map(String.init))
        XCTAssertTrue(said.hasPrefix("warning: \(journal):1: skipped a malformed line ("), said)
        for arguments in [["routes", "list"], ["journal", "report"], ["start", "--again"]] {
            let result = CLI.run(arguments, environment: environment)
            XCTAssertTrue(result.stderr.contains(said), "\(arguments): \(result.stderr)")
        }
    }

    /// A sticky directory open to others is shown with its whole mode, as `ls -ld` and
    /// `chmod` write it.
    func testAStickyDirectoryIsShownWithItsWholeMode() throws {
        let open = try TestPaths.temporaryDirectory(self) + "/shared"
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false)
        XCTAssertEqual(chmod(open, 0o1777), 0)
        let stat = try ProcessRunner.run(executable: "/usr/bin/stat", ["-c", "%a", open])
        XCTAssertEqual(stat.stdout, "1777\n")
        let result = CLI.run(["journal"], environment: ["METRO_TIMER_HOME": open])
        XCTAssertNotEqual(result.code, 0)
        XCTAssertTrue(result.stderr.contains("(mode 1777)"), result.stderr)
    }

    /// `start` names a scheduled-alert record it cannot use (a symbolic link here), as
    /// `alerts pending` does, rather than scheduling nothing in silence. A real ride in a real
    /// process, stopped once it has said so.
    func testStartNamesALinkedAlertRecord() throws {
        let target = try TestPaths.temporaryDirectory(self) + "/elsewhere.json"
        try FileManager.default.createSymbolicLink(atPath: home + "/scheduled-alerts.json", withDestinationPath: target)
        let process = Process()
        process.executableURL = TestPaths.products.appendingPathComponent("metro-timer")
        process.arguments = ["start", "Lisova", "Teremky", "--events"]
        var environment = ProcessInfo.processInfo.environment
        for key in ["METRO_TIMER_LANG", "LC_ALL", "LANG", "XDG_CONFIG_HOME"] { environment[key] = nil }
        environment.merge(try DaytimeClock.environment()) { $1 }
        environment["METRO_TIMER_HOME"] = home
        environment["METRO_TIMER_CONFIG"] = TestPaths.isolated() + "/config"
        environment["XDG_DATA_HOME"] = TestPaths.isolated() + "/data"
        environment["METRO_TIMER_ALERT_BACKEND"] = "off"
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        // Read standard error until the note comes (or 20 s pass).
        let reader = err.fileHandleForReading
        _ = fcntl(reader.fileDescriptor, F_SETFL, O_NONBLOCK)
        var said = ""
        let until = Date().addingTimeInterval(20)
        while Date() < until && !said.contains("scheduled-alerts.json") {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(reader.fileDescriptor, &buffer, buffer.count)
            if count > 0 { said += String(decoding: buffer[0..<count], as: UTF8.self) } else { usleep(50_000) }
            if !process.isRunning && count <= 0 { break }
        }
        XCTAssertTrue(
            said.contains("the alert record \(home)/scheduled-alerts.json cannot be read (it is a symbolic link"), said)
        XCTAssertFalse(FileManager.default.fileExists(atPath: target), "the link was followed")
    }
}
