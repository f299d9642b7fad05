import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore

/// `--version` names the build: the release number, the commit and its date (stamped by `make`;
/// a development build says it is one), and the timetable built in.
final class ReleaseVersionTests: XCTestCase {
    /// The built-in timetable's date, from the decoded network (not from the code under test,
    /// which finds it in the JSON text without decoding).
    var timetableDate: String { Network.kyiv.document.source.resourcesDated }

    func testBothProgramsNameTheTimetableAndSayADevelopmentBuildIsOne() throws {
        XCTAssertEqual(timetableDate, "2026-03-10", "Data/kyiv-source.csv")
        for program in ["metro-timer", "timetable-gen"] {
            let result = try ProcessRunner.run(program, ["--version"])
            XCTAssertEqual(result.code, 0, result.stderr)
            XCTAssertEqual(
                result.stdout, "\(program) \(Release.version) (development build; timetable \(timetableDate))\n")
        }
    }

    func testAStampedBuildNamesItsCommitAndDate() {
        let stamp = Release.Stamp(commit: "1dd181d0e4a2", date: "2026-12-02")
        XCTAssertEqual(
            Release.versionLine("metro-timer", stamp: stamp),
            "metro-timer \(Release.version) (commit 1dd181d0e4a2, 2026-12-02; timetable \(timetableDate))\n")
        XCTAssertEqual(
            Release.versionLine("timetable-gen", stamp: nil),
            "timetable-gen \(Release.version) (development build; timetable \(timetableDate))\n")
    }
}
