import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// `METRO_TIMER_HOME` and `METRO_TIMER_CONFIG` that cannot be used are said as what they are,
/// with what to type instead: a relative path, a path or a name too long.
final class HomeVariablesTests: XCTestCase {
    /// A relative METRO_TIMER_HOME was taken relative to the current directory, silently: the
    /// trip moved with `cd`. It is refused, and nothing is made in the current directory.
    func testARelativeHomeIsRefusedWithTheAbsoluteOneToType() throws {
        let cwd = FileManager.default.currentDirectoryPath
        let name = "metro-timer-relative-home-\(getpid())"
        for (variable, command) in [
            ("METRO_TIMER_HOME", ["journal"]), ("METRO_TIMER_HOME", ["plan", "Lisova", "Teremky"]),
            ("METRO_TIMER_CONFIG", ["changes", "list"]),
        ] {
            let result = CLI.run(command, environment: [variable: name, "NO_COLOR": "1"])
            XCTAssertEqual(result.code, 1, "\(variable) \(command): \(result.stdout)")
            XCTAssertEqual(
                result.stderr,
                """
                Error: \(variable) is '\(name)', a relative path, which would move with the current directory; give an absolute one (for example \(variable)="$PWD/\(name)").

                """, result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: cwd + "/" + name))
        }
    }

    /// A home of 4,300 bytes was "the installed timetable … cannot be read (File name too long)":
    /// the timetable was blamed for the variable. The variable is named, with the limit.
    func testATooLongHomeIsSaidAsSuchNotBlamedOnTheTimetable() throws {
        let home = "/tmp/" + Array(repeating: String(repeating: "a", count: 250), count: 17).joined(separator: "/")
        let result = CLI.run(["journal"], environment: ["METRO_TIMER_HOME": home, "NO_COLOR": "1"])
        XCTAssertEqual(result.code, 1, result.stdout)
        XCTAssertFalse(result.stderr.contains("installed timetable"), result.stderr)
        XCTAssertTrue(
            result.stderr.hasPrefix("Error: METRO_TIMER_HOME is \(home.utf8.count) bytes long"), result.stderr)
        XCTAssertTrue(result.stderr.contains("at most 4095 bytes"), result.stderr)
        // One name in it longer than the system's 255 is said too.
        let long = "/tmp/" + String(repeating: "b", count: 300)
        let named = CLI.run(["journal"], environment: ["METRO_TIMER_HOME": long, "NO_COLOR": "1"])
        XCTAssertEqual(named.code, 1, named.stdout)
        XCTAssertTrue(named.stderr.contains("a name of 300 bytes"), named.stderr)
    }
}
