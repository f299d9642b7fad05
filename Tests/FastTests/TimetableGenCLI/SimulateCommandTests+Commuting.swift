import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import TimetableGenCLI

/// The commuting report: a simulated year of one rider's rides, and an empty journal.
extension SimulateCommandTests {
    /// A simulated year of commuting, written in the journal's format, read by the real journal
    /// reader and reported: every ride is there, calibration's effect shows, the histogram draws.
    func testTheReportOnASimulatedYearOfCommuting() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        try FileManager.default.createDirectory(
            atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let written = simulate(["--rides", "1", "--seed", "4", "--spread", "100", "--journal", home + "/journal.jsonl"])
        XCTAssertEqual(written.code, 0, written.stderr)
        XCTAssertTrue(written.stdout.hasPrefix("Wrote 500 simulated rides to "), written.stdout)
        let environment = ["NO_COLOR": "1", "METRO_TIMER_HOME": home]

        let json = CLI.run(["journal", "report", "--json"], environment: environment)
        XCTAssertEqual(json.code, 0, json.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let overall = try XCTUnwrap(object["overall"] as? [String: Any])
        XCTAssertEqual(overall["rides"] as? Int, 500)
        XCTAssertEqual(overall["confirmed"] as? Int, 500)
        let routes = try XCTUnwrap(object["routes"] as? [[String: Any]])
        XCTAssertEqual(routes.count, 2)
        XCTAssertEqual(routes.map { $0["rides"] as? Int }, [250, 250])
        // The commuter changes lines: two lines ridden each way.
        XCTAssertEqual((object["legs"] as? [Any])?.count, 4)
        XCTAssertGreaterThan(((overall["corrections"] as? [String: Any])?["departed"] as? Int) ?? 0, 100)
        // Calibration's effect: rides planned with it against the first, planned without.
        let before = try XCTUnwrap(routes[0]["medianAbsoluteErrorUncalibratedSeconds"] as? Double)
        XCTAssertNotNil(routes[0]["medianAbsoluteErrorCalibratedSeconds"] as? Double)
        XCTAssertGreaterThanOrEqual(before, 0)
        let counts = try XCTUnwrap((object["histogram"] as? [String: Any])?["counts"] as? [Int])
        XCTAssertEqual(counts.reduce(0, +), 500)

        let text = CLI.run(["journal", "report"], environment: environment)
        XCTAssertEqual(text.code, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("Journal report (measured on your rides)"))
        XCTAssertTrue(text.stdout.contains("| all | 500 | 500 |"), text.stdout)
        XCTAssertTrue(text.stdout.contains("█"))
        XCTAssertTrue(text.stdout.contains("→"))

        var dumb = environment
        dumb["TERM"] = "dumb"
        for plain in [
            CLI.run(["journal", "report"], environment: dumb),
            CLI.run(["journal", "report", "--plain"], environment: environment),
        ] {
            XCTAssertEqual(plain.code, 0)
            XCTAssertTrue(plain.stdout.contains("#"))
            for glyph in ["█", "▏", "▌", "→", "−", "…", "≥"] { XCTAssertFalse(plain.stdout.contains(glyph), glyph) }
        }

        let ukrainian = CLI.run(["journal", "report", "--lang", "uk"], environment: environment)
        XCTAssertEqual(ukrainian.code, 0)
        XCTAssertTrue(ukrainian.stdout.contains("Звіт журналу (виміряно на ваших поїздках)"))
        XCTAssertTrue(ukrainian.stdout.contains("| усі | 500 | 500 |"))
    }

    func testTheReportOnAnEmptyJournalSaysSo() {
        let run = CLI.run(["journal", "report"])
        XCTAssertEqual(run.code, 0)
        XCTAssertEqual(run.stdout, "The journal is empty: trips are recorded when they end.\n")
        XCTAssertEqual(CLI.run(["help", "journal", "report"]).code, 0)
        XCTAssertTrue(CLI.run(["journal", "report", "--help"]).stdout.contains("ASCII"))
    }
}
