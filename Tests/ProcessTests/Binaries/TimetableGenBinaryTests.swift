import Foundation
import MetroTestSupport
import XCTest

/// The real `timetable-gen`, run as a user of a release runs it: from any directory, never
/// picking up the working directory's files unless told to.
final class TimetableGenBinaryTests: XCTestCase {
    func testVersionPrintsTheReleaseLikeMetroTimer() throws {
        let result = try ProcessRunner.run("timetable-gen", ["--version"])
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        // One version scheme: the same number after each program's own name.
        let metroTimer = try ProcessRunner.run("metro-timer", ["--version"])
        XCTAssertEqual(metroTimer.code, 0)
        XCTAssertTrue(metroTimer.stdout.hasPrefix("metro-timer "))
        XCTAssertEqual(result.stdout, "timetable-gen " + metroTimer.stdout.dropFirst("metro-timer ".count))
        XCTAssertNotNil(
            result.stdout.range(
                of:
                    #"^timetable-gen [0-9]+\.[0-9]+\.[0-9]+ \((commit [0-9a-f]+(-dirty)?, [0-9-]{10}|development build); timetable [0-9-]{10}\)\n$"#,
                options: .regularExpression), result.stdout)
    }

    func testAStrayDataDirectoryInTheWorkingDirectoryIsNeverUsed() throws {
        // A directory that happens to hold a copy of the data (a download folder, say), but is
        // not a checkout of metro-timer: without --data nothing is read from it.
        let directory = try TestPaths.temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: TestPaths.data, toPath: directory + "/Data")
        for arguments in [
            ["backtest"], ["--output", directory + "/n.json"], ["gtfs", "--output", directory + "/feed.zip"],
            ["install"],
        ] {
            let result = try ProcessRunner.run(
                "timetable-gen", arguments, environment: ["METRO_TIMER_HOME": directory + "/home"],
                currentDirectory: directory)
            XCTAssertEqual(result.code, 64, "\(arguments): \(result.stdout)\(result.stderr)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertTrue(
                result.stderr.hasPrefix(
                    "Error: No data directory given: pass '--data <dir>' (the directory holding kyiv-stations.csv and the other files; Data in a checkout of metro-timer, share/metro-timer in an installed release)\n"
                ),
                result.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["Data"], "nothing was written")
    }

    func testWithDataAndOutputItWorksFromAnyDirectory() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        let check = try ProcessRunner.run("timetable-gen", ["--check"], currentDirectory: directory)
        XCTAssertEqual(check.code, 64, check.stderr)
        XCTAssertTrue(check.stderr.hasPrefix("Error: No data directory given: pass '--data <dir>'"), check.stderr)
        // --data alone: the default output is the checkout's embedded source, so it is asked for.
        let noOutput = try ProcessRunner.run("timetable-gen", ["--data", TestPaths.data], currentDirectory: directory)
        XCTAssertEqual(noOutput.code, 64, noOutput.stderr)
        XCTAssertTrue(
            noOutput.stderr.hasPrefix("Error: No output given: pass '--output <path>' (a .json or .swift file)\n"),
            noOutput.stderr)
        let run = try ProcessRunner.run(
            "timetable-gen", ["--data", TestPaths.data, "--output", "n.json"], currentDirectory: directory)
        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertEqual(run.stdout, "Wrote n.json: 52 stations, 98 directed segments.\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["n.json"])
    }

    func testInTheCheckoutRootTheDeveloperWorkflowIsUnchanged() throws {
        let result = try ProcessRunner.run("timetable-gen", ["--check"], currentDirectory: TestPaths.packageRoot.path)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "Sources/MetroCore/Network/Network+EmbeddedJSON.swift is up to date.\n")
        // A Package.swift of another package does not make a directory a checkout.
        let other = try TestPaths.temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: TestPaths.data, toPath: other + "/Data")
        try #"let package = Package(name: "something-else")"#.write(
            toFile: other + "/Package.swift", atomically: true, encoding: .utf8)
        let stray = try ProcessRunner.run("timetable-gen", ["backtest"], currentDirectory: other)
        XCTAssertEqual(stray.code, 64, stray.stdout)
    }
}
