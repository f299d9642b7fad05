import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Values the files accepted and the commands then trapped on. Each input is also a
/// corpus file under fuzz/corpus/, replayed by fuzz/run.sh.
final class HostileInputTests: XCTestCase {
    func corpus(_ target: String, _ name: String) throws -> String {
        try String(
            contentsOfFile: TestPaths.packageRoot.appendingPathComponent("fuzz/corpus/\(target)/\(name)").path,
            encoding: .utf8)
    }

    func state(_ file: String, _ text: String) throws -> (directory: String, environment: [String: String]) {
        let directory = try TestPaths.temporaryDirectory(self) + "/state"
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try text.write(toFile: directory + "/" + file, atomically: true, encoding: .utf8)
        chmod(directory + "/" + file, 0o600)
        return (directory, ["METRO_TIMER_HOME": directory, "NO_COLOR": "1"])
    }

    /// `"behind": Int.max` beside `"ahead": 1`: the sum `behind + ahead` trapped in `journal`.
    /// The record is refused when read (a shift is at most 99 stops, a trip keeps at most 300
    /// corrections: no count can pass 29,700), so `journal` warns and goes on.
    func testAJournalRecordWhoseCountsOverflowIsSkippedNotATrap() throws {
        let (directory, environment) = try state("journal.jsonl", try corpus("journal", "crash-behind-int-max.jsonl"))
        for arguments in [["journal"], ["journal", "--json"], ["journal", "--export", "-"]] {
            let result = CLI.run(arguments, environment: environment)
            XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.contains(
                    "warning: \(directory)/journal.jsonl:1: skipped a malformed line (corrections.behind: 9223372036854775807"
                ), result.stderr)
        }
        XCTAssertTrue(CLI.run(["journal"], environment: environment).stdout.hasPrefix("The journal is empty"))
    }

    /// A subnormal weight (inside 0–1,000,000) made the spread sqrt(m2 / 1e-320) infinite, and
    /// `Int(infinity)` trapped. The file check and `--import` now refuse it alike.
    func testASubnormalCalibrationWeightIsRefusedByTheFileCheckAndTheImport() throws {
        for name in ["crash-weight-1e-320.json", "crash-weight-4.9e-324.json"] {
            let text = try corpus("calibration", name)
            let (directory, environment) = try state("calibration.json", text)
            let shown = CLI.run(["calibration"], environment: environment)
            XCTAssertEqual(shown.code, 65, "\(name): \(shown.stdout)")
            XCTAssertTrue(shown.stderr.contains("\(directory)/calibration.json"), shown.stderr)
            XCTAssertTrue(shown.stderr.contains(".weight"), shown.stderr)
            let base = try TestPaths.temporaryDirectory(self)
            try text.write(toFile: base + "/friend.json", atomically: true, encoding: .utf8)
            let imported = CLI.run(
                ["calibration", "--import", base + "/friend.json"], environment: ["METRO_TIMER_HOME": base + "/state"])
            XCTAssertEqual(imported.code, 65, "\(name): \(imported.stdout)")
            XCTAssertTrue(imported.stderr.contains(".weight"), imported.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: base + "/state/calibration.json"), "nothing merged")
        }
    }

    /// A running key with one side empty passed the file check (it holds a '>') and
    /// `calibration` indexed past the split. Refused on read, as `--import` refuses it.
    func testARunningKeyWithAnEmptySideIsRefusedByTheFileCheckAndTheImport() throws {
        for (name, key) in [("crash-key-trailing.json", "mr01_110>"), ("crash-key-leading.json", ">mr01_111")] {
            let text = try corpus("calibration", name)
            let (directory, environment) = try state("calibration.json", text)
            let shown = CLI.run(["calibration"], environment: environment)
            XCTAssertEqual(shown.code, 65, "\(name): \(shown.stdout)")
            XCTAssertTrue(shown.stderr.contains("\(directory)/calibration.json"), shown.stderr)
            XCTAssertTrue(shown.stderr.contains("running.\(key): not a 'FROM>TO' key"), shown.stderr)
            let base = try TestPaths.temporaryDirectory(self)
            try text.write(toFile: base + "/friend.json", atomically: true, encoding: .utf8)
            let imported = CLI.run(
                ["calibration", "--import", base + "/friend.json"], environment: ["METRO_TIMER_HOME": base + "/state"])
            XCTAssertEqual(imported.code, 65, imported.stdout)
            XCTAssertTrue(imported.stderr.contains("running.\(key): not a 'FROM>TO' key"), imported.stderr)
        }
        // The shapes that still pass: two codes either side of one '>', a station and a direction.
        var good = Calibration()
        good.running["mr01_110>mr02_111"] = Calibration.Statistic()
        good.dwell["mr02_111 forward"] = Calibration.Statistic()
        XCTAssertNil(good.valueProblem())
        for bad in ["a>b>c", ">", "a>a"] {
            var calibration = Calibration()
            calibration.running[bad] = Calibration.Statistic()
            XCTAssertNotNil(calibration.valueProblem(), bad)
        }
        for bad in ["mr02_111 sideways", " forward", "mr02_111 forward extra"] {
            var calibration = Calibration()
            calibration.dwell[bad] = Calibration.Statistic()
            XCTAssertNotNil(calibration.valueProblem(), bad)
        }
    }
}
