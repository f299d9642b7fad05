import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore

/// Kyiv time on a system without the time-zone database (a minimal container, a phone): the
/// built-in rule with one warning line for what shows Kyiv time, and nothing at all about the zone
/// from what never shows it (`--version`, help, completions, `about`).
final class ZoneInfoFallbackTests: XCTestCase {
    static let warning =
        "warning: there is no time-zone file %@/Europe/Kyiv, so Kyiv time follows the built-in rule (UTC+2, and UTC+3 from the last Sunday of March to the last Sunday of October); install the system time-zone database to follow its changes (for example 'apt-get install tzdata')\n"

    /// A directory with a `Europe/Kyiv` that is not a zone.
    func corruptDatabase() throws -> String {
        let directory = try TestPaths.temporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: directory + "/Europe", withIntermediateDirectories: true)
        try Data("TZif2 but nothing else".utf8).write(to: URL(fileURLWithPath: directory + "/Europe/Kyiv"))
        return directory
    }

    func testTheBuiltInRuleAgreesWithTheSystemDatabaseEveryHourFrom2000To2040() throws {
        // Held to ICU's reading of the database (Foundation), not to our TZif reader.
        let foundation = try XCTUnwrap(TimeZone(identifier: "Europe/Kyiv"))
        let zone = ZoneInfo.builtInClock.zone
        var moment: Int64 = 946_684_800  // 2000-01-01T00:00:00Z
        var mismatches: [String] = []
        while moment < 2_240_524_800 {  // 2041-01-01T00:00:00Z
            let expected = foundation.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(moment)))
            if zone.offset(atUTC: moment) != expected, mismatches.count < 5 {
                mismatches.append("\(moment): \(zone.offset(atUTC: moment)) ≠ \(expected)")
            }
            moment += 3600
        }
        XCTAssertEqual(mismatches, [])
    }

    func testWithoutTheZoneFileAPlanIsInKyivTimeWithOneWarningLine() throws {
        let empty = try TestPaths.temporaryDirectory(self)
        // Winter (+02:00) and summer (+03:00), hand-checked: Kyiv is EET/EEST.
        for (date, iso) in [("2026-11-30", "2026-11-30T08:15:00+02:00"), ("2026-07-01", "2026-07-01T08:15:00+03:00")] {
            let result = try ProcessRunner.run(
                "metro-timer", ["plan", "Lisova", "Teremky", "--at", "08:15", "--date", date, "--json"],
                environment: ["TZDIR": empty])
            XCTAssertEqual(result.code, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains(iso), result.stdout)
            XCTAssertEqual(result.stderr, String(format: Self.warning, empty))
        }
        let uk = try ProcessRunner.run(
            "metro-timer", ["plan", "Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30", "--lang", "uk"],
            environment: ["TZDIR": empty])
        XCTAssertEqual(uk.code, 0, uk.stderr)
        XCTAssertTrue(uk.stderr.hasPrefix("попередження: немає файлу часового поясу \(empty)/Europe/Kyiv"), uk.stderr)
        XCTAssertEqual(uk.stderr.filter { $0 == "\n" }.count, 1, uk.stderr)
        XCTAssertEqual(UkrainianText.englishWords(uk.stderr), [], uk.stderr)
    }

    func testVersionHelpCompletionsAndAboutNeedNoZone() throws {
        let empty = try TestPaths.temporaryDirectory(self)
        let corrupt = try corruptDatabase()
        let lines: [[String]] = [
            ["--version"], ["--help"], ["-h"], ["plan", "--help"], ["help", "plan"], ["--lang", "uk", "--help"], [],
            ["completions", "bash"], ["about"], ["__complete", "plan", "Luk"],
        ]
        for directory in [empty, corrupt] {
            for arguments in lines {
                let result = try ProcessRunner.run("metro-timer", arguments, environment: ["TZDIR": directory])
                XCTAssertEqual(result.code, 0, "\(arguments) \(directory): \(result.stderr)")
                XCTAssertEqual(result.stderr, "", "\(arguments) \(directory)")
                XCTAssertFalse(result.stdout.isEmpty, "\(arguments)")
            }
        }
        // Tab completion still completes.
        let completed = try ProcessRunner.run(
            "metro-timer", ["__complete", "plan", "Luk"], environment: ["TZDIR": empty])
        XCTAssertTrue(completed.stdout.contains("Lukianivska"), completed.stdout)
    }

    func testTimetableGenWritesTheFeedWithoutTheZoneFile() throws {
        let empty = try TestPaths.temporaryDirectory(self)
        let feed = try TestPaths.temporaryDirectory(self) + "/feed.zip"
        let result = try ProcessRunner.run(
            "timetable-gen", ["gtfs", "--output", feed], environment: ["TZDIR": empty],
            currentDirectory: TestPaths.packageRoot.path)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stderr, String(format: Self.warning, empty))
        XCTAssertTrue(FileManager.default.fileExists(atPath: feed))
    }

    /// The system's own directory hidden, as on a machine without tzdata: an empty directory
    /// mounted over /usr/share/zoneinfo in a mount namespace of the child's own (root only).
    func testWithZoneinfoHiddenTheBinaryStillKnowsKyivTime() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            throw XCTSkip("hiding /usr/share/zoneinfo needs root and unshare")
        }
        let empty = try TestPaths.temporaryDirectory(self)
        let binary = TestPaths.products.appendingPathComponent("metro-timer").path
        func hidden(_ arguments: [String]) throws -> ProcessRunner.Result {
            try ProcessRunner.run(
                executable: "/usr/bin/unshare",
                ["-m", "sh", "-c", "mount --bind \"$0\" /usr/share/zoneinfo && exec \"$@\"", empty, binary] + arguments,
                environment: ["TZDIR": ""])
        }
        let check = try ProcessRunner.run(
            executable: "/usr/bin/unshare",
            ["-m", "sh", "-c", "mount --bind \"$0\" /usr/share/zoneinfo && ls -A /usr/share/zoneinfo", empty])
        XCTAssertEqual(check.code, 0, check.stderr)
        XCTAssertEqual(check.stdout, "", "the database is hidden")
        let version = try hidden(["--version"])
        XCTAssertEqual(version.code, 0, version.stderr)
        XCTAssertEqual(version.stderr, "")
        let plan = try hidden(["plan", "Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30", "--json"])
        XCTAssertEqual(plan.code, 0, plan.stderr)
        XCTAssertTrue(plan.stdout.contains("2026-11-30T08:15:00+02:00"), plan.stdout)
        XCTAssertEqual(plan.stderr, String(format: Self.warning, "/usr/share/zoneinfo"))
    }
}
