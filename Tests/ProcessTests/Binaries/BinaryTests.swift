import MetroTestSupport
import XCTest

/// The real executables, as a user runs them.
final class BinaryTests: XCTestCase {
    func testPlanBinaryPrintsTheRideAndExitsZero() throws {
        let result = try ProcessRunner.run(
            "metro-timer", ["plan", "Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30"])
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(
            result.stdout.hasPrefix("Lisova → Teremky\nMonday 2026-11-30 · weekday timetable\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  08:15  ● Lisova\n"))
        XCTAssertFalse(result.stdout.contains("\u{1B}["), "a pipe gets no colour")
        // The same plan in-process: the binary adds nothing and loses nothing.
        XCTAssertEqual(
            result.stdout,
            CLI.run(
                ["plan", "Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30"], environment: [:], columns: nil
            ).stdout)
    }

    func testBinaryUsageErrorAndLanguageFromLANG() throws {
        let result = try ProcessRunner.run("metro-timer", ["plan", "Лісова"], environment: ["LANG": "uk_UA.UTF-8"])
        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("Помилка: Бракує обовʼязкового аргументу '<to>'\n"), result.stderr)
    }

    func testTimetableGenCheckPassesFromThePackageRoot() throws {
        let result = try ProcessRunner.run("timetable-gen", ["--check"], currentDirectory: TestPaths.packageRoot.path)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "Sources/MetroCore/Network/Network+EmbeddedJSON.swift is up to date.\n")
    }

    func testCopiedBinaryStillWorks() throws {
        // The network is embedded, so the executable needs no resource bundle beside it.
        let directory = try TestPaths.temporaryDirectory(self)
        let copy = directory + "/metro-timer"
        try FileManager.default.copyItem(
            atPath: TestPaths.products.appendingPathComponent("metro-timer").path, toPath: copy)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: copy)
        process.arguments = ["stations", "Teremky"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(output, "M2  Теремки  Teremky\n")
    }
}
