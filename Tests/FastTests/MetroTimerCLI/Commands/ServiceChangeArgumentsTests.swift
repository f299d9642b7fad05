import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Today's changes as arguments (`--closed`, `--suspended`, to `plan` and to `changes add`): a
/// station given twice is a slip said once, and a section takes station codes as names.
final class ServiceChangeArgumentsTests: XCTestCase {
    func testAStationGivenTwiceIsSaidSo() throws {
        let env = try TestPaths.riderEnvironment(self)
        for arguments in [["--closed", "Dnipro", "--closed", "Dnipro"], ["--closed", "Dnipro", "--closed", "Дніпро"]] {
            let result = CLI.run(["changes", "add"] + arguments, environment: env)
            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertTrue(
                result.stderr.hasPrefix("Error: Dnipro is given twice\nUsage: metro-timer changes"), result.stderr)
        }
        let suspended = CLI.run(
            ["changes", "add", "--suspended", "Hidropark-Dnipro", "--suspended", "Hidropark-Dnipro"], environment: env)
        XCTAssertEqual(suspended.code, 64)
        XCTAssertTrue(suspended.stderr.hasPrefix("Error: 'Hidropark-Dnipro' is given twice\n"), suspended.stderr)
        let uk = CLI.run(
            ["changes", "add", "--closed", "Dnipro", "--closed", "Dnipro", "--lang", "uk"], environment: env)
        XCTAssertTrue(uk.stderr.hasPrefix("Помилка: Дніпро вказано двічі\n"), uk.stderr)
        // Nothing was written.
        XCTAssertTrue(CLI.run(["changes", "list"], environment: env).stdout.hasPrefix("No service changes."))
    }

    /// 10,000 × `--closed Dnipro` printed a 161 KB line naming Dnipro 10,000 times. A station
    /// given twice is a slip, said as `changes add` says it.
    func testAStationClosedTwiceIsAUsageError() throws {
        let arguments =
            ["plan", "Lisova", "Teremky"] + Array(repeating: ["--closed", "Dnipro"], count: 10_000).flatMap { $0 }
        let result = CLI.run(arguments, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(result.code, 64, result.stdout)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("Error: Dnipro is given twice\n"), result.stderr)
        XCTAssertLessThan(result.stderr.utf8.count, 1000)
        let suspended = CLI.run(
            ["plan", "Lisova", "Teremky", "--suspended", "Teremky-Lybidska", "--suspended", "Lybidska-Teremky"],
            environment: ["NO_COLOR": "1"])
        XCTAssertEqual(suspended.code, 64, suspended.stdout)
        XCTAssertTrue(suspended.stderr.hasPrefix("Error: 'Lybidska-Teremky' is given twice\n"), suspended.stderr)
    }

    /// `--suspended mb13_222-mb18_227` was refused, though `--closed mr11_120` and every station
    /// argument take the codes events and the journal write.
    func testSuspendedTakesStationCodes() {
        let byName = CLI.run(["plan", "Lisova", "Teremky", "--suspended", "Demiivska-Teremky", "--json"])
        let byCode = CLI.run(["plan", "Lisova", "Teremky", "--suspended", "mb13_222-mb18_227", "--json"])
        XCTAssertEqual(byCode.code, byName.code, byCode.stderr)
        XCTAssertEqual(byCode.stdout, byName.stdout)
        XCTAssertEqual(byCode.stderr, byName.stderr)
        // A code and a name mixed, too; a code of another line still is no section.
        XCTAssertEqual(
            CLI.run(["plan", "Lisova", "Teremky", "--suspended", "mb13_222-Teremky", "--json"]).stdout, byName.stdout)
        let mixed = CLI.run(["plan", "Lisova", "Teremky", "--suspended", "mr11_120-mb18_227"])
        XCTAssertEqual(mixed.code, 64)
        XCTAssertTrue(
            mixed.stderr.contains("The section 'mr11_120-mb18_227' must be two stations of one line"), mixed.stderr)
    }
}
