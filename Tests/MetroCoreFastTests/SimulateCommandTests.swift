import CLIKit
import Foundation
import MetroCore
import XCTest

@testable import timetable_gen

/// `timetable-gen simulate` and `metro-timer journal report`, in-process.
final class SimulateCommandTests: XCTestCase {
    func simulate(_ arguments: [String], in directory: String = TestPaths.packageRoot.path) -> CLIResult {
        let out = StringSink(), err = StringSink()
        let code = Generator.main(arguments: ["simulate"] + arguments, stdout: out, stderr: err, currentDirectory: directory)
        return CLIResult(stdout: out.text, stderr: err.text, code: code)
    }

    func testTheSameSeedPrintsTheSameReportWithItsAssumptionsAndTheMeasuredFiguresApart() {
        let a = simulate(["--rides", "40", "--seed", "9", "--spread", "50"])
        let b = simulate(["--rides", "40", "--seed", "9", "--spread", "50"])
        XCTAssertEqual(a.code, 0, a.stderr)
        XCTAssertEqual(a.stdout, b.stdout)
        XCTAssertNotEqual(a.stdout, simulate(["--rides", "40", "--seed", "10", "--spread", "50"]).stdout)
        for text in [
            "# Ride simulator (simulated, not measured)", "uniform in [−50%, 100 + 50%]", "±2% and ±2 s on every segment",
            "20–35 s, each train ±5 s", "the walk ±20%", "uniform over the whole interval", "probability 0.3, 0–5 s late",
            "## Measured on the published trains (the backtest)", "median 19 s, p90 45 s, max 74 s", "## Simulated: all rides",
            "## Simulated: the learning curve", "| 10 |", "## Simulated: the worst cells",
        ] {
            XCTAssertTrue(a.stdout.contains(text), text)
        }
    }

    func testJSONHasTheShapeTheIssueGives() throws {
        let run = simulate(["--rides", "40", "--json", "--departed", "1"])
        XCTAssertEqual(run.code, 0, run.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let assumptions = try XCTUnwrap(object["assumptions"] as? [String: Any])
        XCTAssertEqual(assumptions["departedProbability"] as? Double, 1)
        XCTAssertEqual(assumptions["simulated"] as? Bool, true)
        let cells = try XCTUnwrap(object["cells"] as? [[String: Any]])
        XCTAssertFalse(cells.isEmpty)
        for key in ["line", "direction", "dayType", "hour", "rides", "missedShare", "lateShare", "earlinessMedianSeconds", "coverage"] {
            XCTAssertNotNil(cells.first { ($0["rides"] as? Int ?? 0) > 0 }?[key], key)
        }
        XCTAssertEqual(cells.map { $0["rides"] as? Int ?? 0 }.reduce(0, +), 40)
        XCTAssertNotNil(object["worstMissedShare"] as? Double)
        XCTAssertNotNil(object["coverage"] as? Double)
        let learning = try XCTUnwrap(object["learning"] as? [[String: Any]])
        XCTAssertEqual(learning.map { $0["rides"] as? Int }, [0, 1, 3, 10, 30])
        XCTAssertNotNil(learning.first?["oracleMedianAbsErrorSeconds"] as? Double)
        XCTAssertEqual((object["measured"] as? [String: Any])?["inSample"] as? Bool, true)
    }

    func testBadValuesAreUsageErrors() {
        for arguments in [["--rides", "0"], ["--rides", "x"], ["--seed", "-1"], ["--spread", "abc"], ["--departed", "2"], ["--frobnicate"]] {
            let run = simulate(arguments)
            XCTAssertEqual(run.code, 64, arguments.joined(separator: " "))
            XCTAssertTrue(run.stderr.hasPrefix("Error: "), run.stderr)
            XCTAssertEqual(run.stdout, "")
        }
        let help = simulate(["--help"])
        XCTAssertEqual(help.code, 0)
        XCTAssertTrue(help.stdout.contains("uniform over the whole interval"))
    }

    /// A simulated year of commuting, written in the journal's format, read by the real journal
    /// reader and reported: every ride is there, calibration's effect shows, the histogram draws.
    func testTheReportOnASimulatedYearOfCommuting() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/state"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
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
        for plain in [CLI.run(["journal", "report"], environment: dumb), CLI.run(["journal", "report", "--plain"], environment: environment)] {
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
