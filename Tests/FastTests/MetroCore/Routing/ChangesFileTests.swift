import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// `metro-timer changes`: entries with dates, validation, and plan/start/status honouring them.
final class ChangesFileTests: XCTestCase {
    func environment() throws -> [String: String] { try TestPaths.riderEnvironment(self) }

    let today = Kyiv.date("2026-11-30 10:00")

    func run(_ arguments: [String], _ environment: [String: String], at now: Date? = nil) -> CLIResult {
        CLI.run(arguments, now: now ?? today, environment: environment)
    }

    func testAddListRemoveAndExpiry() throws {
        let env = try environment()
        XCTAssertEqual(
            run(["changes", "list"], env).stdout,
            "No service changes. Add one with 'metro-timer changes add --closed STATION'.\n")
        XCTAssertEqual(
            run(
                [
                    "changes", "add", "--closed", "Dnipro", "--from", "2026-11-01", "--until", "2026-12-31", "--note",
                    "repairs",
                ], env
            ).stdout,
            "Added: #1  Dnipro closed  2026-11-01 → 2026-12-31  active  (repairs)\n")
        XCTAssertEqual(
            run(
                ["changes", "add", "--suspended", "Demiivska-Teremky", "--until", "2026-11-29"], env,
                at: Kyiv.date("2026-11-20 10:00")
            ).code, 0)
        XCTAssertEqual(run(["changes", "add", "--headway", "M3=12", "--from", "2026-12-05"], env).code, 0)
        XCTAssertEqual(
            run(["changes", "list"], env).stdout,
            """
            #1  Dnipro closed  2026-11-01 → 2026-12-31  active  (repairs)
            #2  no M2 trains Demiivska–Teremky  2026-11-20 → 2026-11-29  expired
            #3  M3 every 12:00  2026-12-05 → …  upcoming

            """)
        // Today only #1 applies: Dnipro is passed, the expired suspension no longer refuses.
        let plan = run(["plan", "Lisova", "Arsenalna", "--at", "10:00"], env)
        XCTAssertTrue(plan.stdout.contains("ℹ Service changes: Dnipro closed\n"), plan.stdout)
        XCTAssertTrue(
            plan.stdout.split(separator: "\n").contains {
                $0.contains("│ Dnipro") && $0.contains("passes without stopping")
            })
        XCTAssertEqual(run(["plan", "Teremky", "Lybidska", "--at", "10:00"], env).code, 0)
        // On 5 December the M3 interval applies.
        let december = run(["plan", "Syrets", "Pozniaky", "--at", "10:00", "--date", "2026-12-05"], env)
        XCTAssertTrue(december.stdout.contains("M3 every 12:00"), december.stdout)
        XCTAssertEqual(run(["changes", "remove", "1"], env).stdout, "Removed #1.\n")
        XCTAssertFalse(run(["plan", "Lisova", "Arsenalna", "--at", "10:00"], env).stdout.contains("Dnipro closed"))
        XCTAssertEqual(
            run(["changes", "remove", "9"], env).stderr,
            "Error: There is no entry #9; see 'metro-timer changes list'.\n")
    }

    func testValidation() throws {
        let env = try environment()
        let badDate = run(["changes", "add", "--closed", "Dnipro", "--from", "2026-13-01"], env)
        XCTAssertEqual(badDate.code, 64)
        XCTAssertTrue(badDate.stderr.hasPrefix("Error: The date '2026-13-01' must be a real date written YYYY-MM-DD\n"))
        let backwards = run(
            ["changes", "add", "--closed", "Dnipro", "--from", "2026-12-10", "--until", "2026-12-01"], env)
        XCTAssertEqual(backwards.code, 64)
        XCTAssertTrue(backwards.stderr.hasPrefix("Error: --until is earlier than --from\n"))
        let unknown = run(["changes", "add", "--closed", "Nowhere-at-all"], env)
        XCTAssertEqual(unknown.code, 64)
        XCTAssertTrue(unknown.stderr.hasPrefix("Error: Unknown station 'Nowhere-at-all'."))
        let none = run(["changes", "add", "--from", "2026-12-01"], env)
        XCTAssertEqual(none.code, 64)
        XCTAssertTrue(
            none.stderr.hasPrefix(
                "Error: 'add' needs --closed, --suspended, --headway or --day-type (the first three may be repeated)\n"),
            none.stderr)
        // Overlapping entries for the same thing are refused; other dates or other stations are fine.
        XCTAssertEqual(
            run(
                [
                    "changes", "add", "--suspended", "Demiivska-Teremky", "--from", "2026-12-01", "--until",
                    "2026-12-31",
                ], env
            ).code, 0)
        let overlap = run(["changes", "add", "--suspended", "Holosiivska-Ipodrom", "--from", "2026-12-20"], env)
        XCTAssertEqual(overlap.code, 1)
        XCTAssertEqual(
            overlap.stderr,
            "Error: This overlaps #1 (no M2 trains Demiivska–Teremky) on the same days; change the dates or remove #1 first.\n"
        )
        XCTAssertEqual(
            run(["changes", "add", "--suspended", "Holosiivska-Ipodrom", "--from", "2027-01-01"], env).code, 0)
        XCTAssertEqual(
            run(["changes", "add", "--suspended", "Lybidska-Demiivska", "--from", "2026-12-01"], env).code, 0,
            "sections touching at a station do not overlap")
        XCTAssertEqual(run(["changes", "add", "--headway", "10"], env).code, 0)
        XCTAssertEqual(
            run(["changes", "add", "--headway", "M1=12"], env).code, 1, "every line already has an open-ended interval")
    }

    /// `changes add`: repeated options, the `--from` default and past dates.
    func testRepeatedOptionsTheFromDefaultAndPastDates() throws {
        let env = try environment()
        // Two closed stations in one command: both kept, each from today (the help's "now").
        let both = run(["changes", "add", "--closed", "Hidropark", "--closed", "Lisova", "--until", "2026-12-31"], env)
        XCTAssertEqual(both.code, 0, both.stderr)
        XCTAssertEqual(
            run(["changes", "list"], env).stdout,
            """
            #1  Hidropark closed  2026-11-30 → 2026-12-31  active
            #2  Lisova closed  2026-11-30 → 2026-12-31  active

            """)
        // A range already over is refused as such, not as an overlap with #1.
        let past = run(
            ["changes", "add", "--closed", "Hidropark", "--from", "2026-11-01", "--until", "2026-11-10"], env)
        XCTAssertEqual(past.code, 64)
        XCTAssertTrue(
            past.stderr.hasPrefix(
                "Error: --until 2026-11-10 is already past (today is 2026-11-30): such an entry would never apply\n"),
            past.stderr)
        let pastUntil = run(["changes", "add", "--closed", "Dnipro", "--until", "2026-11-29"], env)
        XCTAssertEqual(pastUntil.code, 64)
        XCTAssertFalse(run(["changes", "list"], env).stdout.contains("Dnipro"), "nothing was written")
        // All or nothing: the second station overlaps #2, so neither is added.
        let partly = run(["changes", "add", "--closed", "Dnipro", "--closed", "Lisova"], env)
        XCTAssertEqual(partly.code, 1)
        XCTAssertFalse(run(["changes", "list"], env).stdout.contains("Dnipro"))
        let uk = run(["changes", "add", "--closed", "Dnipro", "--until", "2026-11-29", "--lang", "uk"], env)
        XCTAssertTrue(uk.stderr.contains("уже минув"), uk.stderr)
    }

    func testACorruptChangesFileIsNamedAndLeftAlone() throws {
        let env = try environment()
        let directory = env["METRO_TIMER_CONFIG"]!
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = directory + "/changes.json"
        try "{\"version\": 1, \"entries\": [{\"id\": ".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)  // private, as metro-timer writes it (a loose one is tightened, with a note)
        for arguments in [
            ["changes", "list"], ["changes", "add", "--closed", "Dnipro"], ["plan", "Lisova", "Teremky"],
        ] {
            let result = run(arguments, env)
            XCTAssertEqual(result.code, 65, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: \(path) is unreadable ("), result.stderr)
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "{\"version\": 1, \"entries\": [{\"id\": ")
    }

    /// Found by the changes-command fuzz target: an entry's dates were never checked, so
    /// `"until": "20\u007f2!-12-31"` reached the terminal raw in `changes list`, and dates that
    /// are no dates ("2026-1*-01", "2026-+1-01", "2026-02-30") were compared as text. Each is
    /// now the file's error (exit 65, naming the entry and key), for every command that reads it.
    func testAnEntrysDatesAreRealDates() throws {
        let env = try environment()
        let directory = env["METRO_TIMER_CONFIG"]!
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = directory + "/changes.json"
        let cases: [(key: String, from: String, until: String)] = [
            ("until", "2026-12-01", "20\u{7f}2!-12-31"),
            ("from", "2026-1*-01", "2026-12-31"),
            ("from", "2026-+1-01", "2026-12-31"),
            ("until", "2026-12-01", "2026-02-30"),
            ("until", "2026-12-01", "2026-12-01 "),
            ("until", "2026-12-05", "2026-12-01"),
        ]
        for (key, from, until) in cases {
            let text = """
                {"version": 1, "entries": [{"id": 1, "kind": "closed", "station": "mr13_122", "from": "\(Quote.json(from))", "until": "\(Quote.json(until))"}]}
                """
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o600)
            for arguments in [["changes", "list"], ["plan", "Lisova", "Teremky"]] {
                let result = run(arguments, env)
                XCTAssertEqual(result.code, 65, "\(from) \(until) \(arguments): \(result.stdout)\(result.stderr)")
                XCTAssertTrue(result.stderr.contains("entries[0].\(key)"), "\(from) \(until): \(result.stderr)")
                XCTAssertFalse(
                    (result.stdout + result.stderr).unicodeScalars.contains { $0 != "\n" && Quote.isControl($0) },
                    result.stderr)
            }
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), text, "left as it was")
        }
        // The command line takes dates through the same parser: a sign is no digit.
        for word in ["2026-+1-01", "2026-1*-01", "+026-12-01"] {
            XCTAssertEqual(run(["plan", "Lisova", "Teremky", "--date", word], env).code, 64, word)
            XCTAssertEqual(run(["changes", "add", "--closed", "Dnipro", "--from", word], env).code, 64, word)
        }
        // Real dates still read.
        try
            #"{"version": 1, "entries": [{"id": 1, "kind": "closed", "station": "mr13_122", "from": "2026-11-01", "until": "2026-12-31"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        XCTAssertEqual(run(["changes", "list"], env).code, 0)
    }

    func testStartAndStatusHonourTheFile() throws {
        let env = try environment()
        XCTAssertEqual(run(["changes", "add", "--closed", "Darnytsia"], env).code, 0)
        let refused = run(["start", "Darnytsia", "Teremky"], env)
        XCTAssertEqual(refused.code, 1)
        XCTAssertTrue(
            refused.stderr.hasPrefix(
                "Error: No route from Darnytsia to Teremky runs with these service changes. Darnytsia is closed"),
            refused.stderr)
        // A trip started today keeps the change; status says so.
        let service = TripService(
            store: FileTripStore(directory: env["METRO_TIMER_HOME"]!),
            engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), language: .en)
        let changes = ServiceChanges(closed: [Kyiv.station("Darnytsia").code])
        _ = try service.start(
            origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: today, replace: false,
            changes: changes)
        XCTAssertTrue(run(["status"], env, at: today.addingTimeInterval(30)).stdout.hasSuffix(" · service changes\n"))
    }
}
