import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The command line in-process: exact help, every error with its exit code, both languages.
final class CLITests: XCTestCase {
    let planUsage =
        "Usage: metro-timer plan <from> [<to>] [--at <HH:MM>] [--date <YYYY-MM-DD>] [--arrive-by <HH:MM>] [--last] [--json] [--ics <file>] [--no-calibration] [--route <fastest|lookup>] [--air-raid] [--closed <station>] [--suspended <A-B>] [--headway <minutes>] [--day-type <weekday|weekend>]\n  See 'metro-timer plan --help' for more information.\n"

    func testPlanHelpIsExact() {
        let expected = """
            OVERVIEW: Plan a ride: every station with its time, the transfer, the alerts and
            the arrival.

            Times count from t₀, the moment the train starts moving at the origin. A service
            day runs from 03:00 to 03:00: --at before 03:00 is the night after --date.
            Before the first train the plan is the first train's. A ride that cannot be made
            then (after the last train) is still printed, warning first, and exits 1; --ics
            then writes nothing. Only the published first and last departures are known to
            the second: on the first train the ride boards it, and every wait ends by the
            last train; nobody publishes when the trains between them run, so there the wait
            is booked at a quarter of the interval and given as a range.

            USAGE: metro-timer plan <from> [<to>] [--at <HH:MM>] [--date <YYYY-MM-DD>]
              [--arrive-by <HH:MM>] [--last] [--json] [--ics <file>] [--no-calibration]
              [--route <fastest|lookup>] [--air-raid] [--closed <station>]
              [--suspended <A-B>] [--headway <minutes>] [--day-type <weekday|weekend>]

            ARGUMENTS:
              <from>                  The station you board at (Ukrainian or English), or a
                                      saved route's name.
              <to>                    The station you are going to.

            OPTIONS:
              --at <HH:MM>            When the train starts moving, Kyiv time. (default:
                                      now)
              --date <YYYY-MM-DD>     The service day (times after midnight belong to the
                                      day before). (default: today)
              --arrive-by <HH:MM>     Arrive by then: the latest start with the booked wait,
                                      and the safe start that makes it even with a whole
                                      interval's wait; never before the first train, never
                                      after the last connection.
              --last                  The last train home: the last real train that still
                                      makes the last trains at every change, on the slow
                                      pattern with the whole walk; the margin at each
                                      change, and how long that is from now.
              --json                  Print JSON (schema: docs/guide/planning.md).
              --ics <file>            Write the ride as a calendar event with alarms (- for
                                      standard output); the file is for you alone (0600).
              --no-calibration        Official figures only, without your own measurements.
              --route <fastest|lookup>
                                      Which route: fastest, the one that arrives first by
                                      the booked waits (round through the third line too)
                                      unless it may arrive later at the latest; lookup,
                                      always the one change. (default: fastest)
              --air-raid              Plan as trains run during an air-raid alert (also
                                      METRO_TIMER_AIR_RAID=1).
              --closed <station>      A closed station: trains pass without stopping; a
                                      change there goes the long way, through the third line
                                      (repeatable).
              --suspended <A-B>       No trains between A and B (repeatable).
              --headway <minutes>     Today's interval instead of the published one: 10 for
                                      every line, or M1=10.
              --day-type <weekday|weekend>
                                      The timetable to use whatever the weekday (the city
                                      announces holidays as weekend days).
              --lang <uk|en>          The output language. (default: METRO_TIMER_LANG,
                                      LANGUAGE, LC_ALL, LC_MESSAGES, LANG; else en)
              --no-color              No colour (also NO_COLOR).
              -h, --help              Show help information.

            EXAMPLES:
              metro-timer plan Lisova Teremky --at 08:15
                  A ride whose train starts moving at 08:15.
              metro-timer plan Lukyanivska Teremki --lang uk
                  Names as people spell them (in Cyrillic too); the output in Ukrainian.
              metro-timer plan Lisova Teremky --arrive-by 09:00
                  When to leave to be there by 09:00.
              metro-timer plan Lisova Teremky --json
                  The same for scripts.

            """
        for arguments in [["plan", "--help"], ["plan", "-h"], ["help", "plan"], ["plan", "Lisova", "--help"]] {
            let result = CLI.run(arguments)
            XCTAssertEqual(result.code, 0)
            XCTAssertEqual(result.stdout, expected, "\(arguments)")
            XCTAssertEqual(result.stderr, "")
        }
    }

    func testRootHelpListsEverySubcommandAndVersion() {
        let help = CLI.run(["--help"])
        XCTAssertEqual(help.code, 0)
        XCTAssertTrue(
            help.stdout.hasPrefix(
                "OVERVIEW: A ride countdown for the Kyiv metro, computed from the published\ntimetable.\n"))
        for command in MetroTimer.commands {
            XCTAssertTrue(help.stdout.contains("\n  \(command.spec.path.last!) "), command.spec.commandName)
            // Every command has help of its own, in both languages.
            for language in ["en", "uk"] {
                let own = CLI.run([command.spec.path.last!, "--help", "--lang", language])
                XCTAssertEqual(own.code, 0)
                XCTAssertTrue(
                    own.stdout.contains((language == "uk" ? "ВИКОРИСТАННЯ: " : "USAGE: ") + command.spec.commandName),
                    own.stdout)
                XCTAssertEqual(
                    own.stdout.containsCyrillic, language == "uk", "\(command.spec.commandName) --lang \(language)")
            }
        }
        XCTAssertEqual(CLI.run([]).stdout, help.stdout)
        let version = CLI.run(["--version"])
        XCTAssertEqual(version.stdout, Release.versionLine("metro-timer"))
        XCTAssertEqual(version.code, 0)
    }

    func testUsageErrorsExitSixtyFourWithTheUsageLine() {
        let cases: [([String], String)] = [
            (["plan", "Lisova"], "Error: Missing expected argument '<to>'\n" + planUsage),
            (
                ["plan", "Lisova", "Teremky", "--att", "10:00"],
                "Error: Unknown option '--att'. Did you mean '--at'?\n" + planUsage
            ),
            (["plan", "Lisova", "Teremky", "Syrets"], "Error: Unexpected argument 'Syrets'\n" + planUsage),
            (["plan", "Lisova", "Teremky", "--at"], "Error: Missing value for '--at <HH:MM>'\n" + planUsage),
            (["plan", "Lisova", "Teremky", "--at", ""], "Error: The value of '--at <HH:MM>' is empty\n" + planUsage),
            (
                ["plan", "Lisova", "Teremky", "--at", "25:00"],
                "Error: The time '25:00' is not valid; write HH:MM from 00:00 to 23:59\n" + planUsage
            ),
            (
                ["plan", "Lisova", "Teremky", "--date", "2026-02-30"],
                "Error: The date '2026-02-30' must be a real date written YYYY-MM-DD\n" + planUsage
            ),
            (
                ["plan", "Lisova", "Лісова"],
                "Error: The origin and the destination are the same station (Lisova)\n" + planUsage
            ),
            (
                ["plan", "Palats", "Lisova"],
                "Error: 'Palats' matches several stations: Palats «Ukraina» (M2), Palats sportu (M3). Type more of the name.\n"
                    + planUsage
            ),
            (
                ["plan", "Lisova", "Obolonn Heights"],
                "Error: Unknown station 'Obolonn Heights'. Did you mean Obolon (M2)? See 'metro-timer stations' for the list.\n"
                    + planUsage
            ),
            (
                ["plan", "Lisova", "Teremky", "--json=yes"],
                "Error: The flag '--json' does not take a value\n" + planUsage
            ),
            (
                ["pln"],
                "Error: Unknown subcommand 'pln'. Did you mean 'plan'?\nUsage: metro-timer <subcommand> [--version]\n  See 'metro-timer --help' for more information.\n"
            ),
            (["--lang", "de", "plan"], "Error: '--lang' takes uk or en, not 'de'\n" + planUsage),
            (
                ["stations", "--line", "M7"],
                "Error: Unknown line 'M7'; the lines are M1, M2 and M3\nUsage: metro-timer stations [<query>] [--line <M1|M2|M3>] [--json]\n  See 'metro-timer stations --help' for more information.\n"
            ),
        ]
        for (arguments, expected) in cases {
            let result = CLI.run(arguments)
            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertEqual(result.stderr, expected, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
    }

    func testErrorsInUkrainian() {
        let result = CLI.run(["plan", "Лісова", "--lang", "uk"])
        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(
            result.stderr,
            """
            Помилка: Бракує обовʼязкового аргументу '<to>'
            Використання: metro-timer plan <from> [<to>] [--at <HH:MM>] [--date <YYYY-MM-DD>] [--arrive-by <HH:MM>] [--last] [--json] [--ics <file>] [--no-calibration] [--route <fastest|lookup>] [--air-raid] [--closed <station>] [--suspended <A-B>] [--headway <minutes>] [--day-type <weekday|weekend>]
              Докладніше: 'metro-timer plan --help'.

            """)
    }

    func testPlanLisovaTeremkyRidesM1ThenWalksThenM2() throws {
        let result = CLI.run(["plan", "Lisova", "Teremky", "--at", "17:05", "--date", "2026-11-30"])
        XCTAssertEqual(result.code, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "Lisova → Teremky")
        XCTAssertEqual(lines[1], "Monday 2026-11-30 · weekday timetable")
        XCTAssertTrue(lines.contains { $0.hasPrefix(" M1  Sviatoshynsko-Brovarska · toward Akademmistechko · every ") })
        XCTAssertTrue(lines.contains { $0.hasPrefix(" M2  Obolonsko-Teremkivska · toward Teremky · every ") })
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("  ⇄ Walk to Maidan Nezalezhnosti: 2:00 (measured); booked wait ") })
        XCTAssertTrue(lines.contains("  17:05  ● Lisova"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("Get ready  ") && $0.hasSuffix("Teremky in about 3 stops") })
        // 17 stops (7 on M1 to Khreshchatyk, 10 on M2 from Maidan Nezalezhnosti); the ride's
        // minutes are the plan's own departure (17:05:00) to its arrival line's time, rounded.
        let arrival = try XCTUnwrap(lines.first { $0.hasPrefix("Arrival ") }).split(
            separator: " ", omittingEmptySubsequences: true)[1]
        let parts = arrival.split(separator: ":").map { Int($0)! }
        let minutes = Int((Double(parts[0] * 3600 + parts[1] * 60 + parts[2] - (17 * 3600 + 5 * 60)) / 60).rounded())
        XCTAssertEqual(lines.last, "17 stops · ride \(minutes) min")
        XCTAssertGreaterThan(minutes, 30)
        XCTAssertLessThan(minutes, 50)
        XCTAssertFalse(result.stdout.contains("\u{1B}["), "no colour when not a terminal")
    }

    func testColourOnlyOnATerminalWithoutNoColor() {
        let arguments = ["plan", "Lisova", "Teremky", "--at", "10:00"]
        XCTAssertTrue(
            CLI.run(arguments, environment: ["TERM": "xterm"], terminal: true).stdout.contains(
                "\u{1B}[1;31m M1 \u{1B}[0m"))
        XCTAssertTrue(
            CLI.run(arguments, environment: ["TERM": "xterm"], terminal: true).stdout.contains(
                "\u{1B}[1;34m M2 \u{1B}[0m"))
        XCTAssertFalse(
            CLI.run(arguments, environment: ["TERM": "xterm", "NO_COLOR": "1"], terminal: true).stdout.contains(
                "\u{1B}["))
        XCTAssertFalse(
            CLI.run(arguments + ["--no-color"], environment: ["TERM": "xterm"], terminal: true).stdout.contains(
                "\u{1B}["))
        XCTAssertFalse(CLI.run(arguments, environment: ["TERM": "dumb"], terminal: true).stdout.contains("\u{1B}["))
        XCTAssertTrue(
            CLI.run(["plan", "Syrets", "Lisova", "--at", "10:00"], environment: ["TERM": "xterm"], terminal: true)
                .stdout.contains("\u{1B}[1;32m M3 \u{1B}[0m"))
    }

    func testOutsideServiceHoursThePlanStillPrintsWithTheWarningFirst() {
        let late = CLI.run(["plan", "Zhytomyrska", "Teremky", "--at", "22:27", "--date", "2026-11-30"], columns: nil)
        XCTAssertEqual(late.code, 1, "printed, warning first, and exit 1: the ride cannot be made")
        let lines = late.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "⚠ The last M1 train toward Lisova leaves Zhytomyrska at 22:32:25.")
        XCTAssertEqual(
            lines[1],
            "⚠ The route cannot be completed: the last M2 train toward Teremky leaves Maidan Nezalezhnosti at 22:45:50, before you can be there."
        )
        XCTAssertTrue(late.stdout.contains("Zhytomyrska → Teremky"))
        // Before the first train: the first train's plan.
        let early = CLI.run(["plan", "Lisova", "Teremky", "--at", "05:00", "--date", "2026-11-30"], columns: nil)
        XCTAssertTrue(
            early.stdout.contains(
                "ℹ Trains are not running yet at 05:00: this is the plan of the first train, the 05:34:45 from Lisova, 34 min 45 s later.\n"
            ), early.stdout)
    }

    func testWalkOnlyAndWalkFirstRoutes() {
        let walk = CLI.run(["plan", "Khreshchatyk", "Maidan", "--at", "10:00"], columns: nil)
        XCTAssertEqual(walk.code, 0)
        XCTAssertTrue(
            walk.stdout.contains(
                "Khreshchatyk and Maidan Nezalezhnosti are one transfer node: walk 2:00, no train needed."))
        let first = CLI.run(["plan", "Khreshchatyk", "Teremky", "--at", "10:00"], columns: nil)
        XCTAssertTrue(
            first.stdout.contains(
                "⇄ First walk to Maidan Nezalezhnosti (2:00); the countdown starts when the train moves."))
        let after = CLI.run(["plan", "Lisova", "Maidan", "--at", "10:00"], columns: nil)
        XCTAssertTrue(after.stdout.contains("  ⇄ Then walk to Maidan Nezalezhnosti: 2:00, by "))
    }

    func testPlanJSONSchema() throws {
        let result = CLI.run(["plan", "Lisova", "Teremky", "--at", "22:20", "--date", "2026-11-30", "--json"])
        XCTAssertEqual(result.code, 0)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["version"] as? Int, 5)
        XCTAssertEqual(object["departure"] as? String, "2026-11-30T22:20:00+02:00")
        XCTAssertEqual(object["dayType"] as? String, "weekday")
        XCTAssertEqual(object["stops"] as? Int, 17)
        let legs = try XCTUnwrap(object["legs"] as? [[String: Any]])
        XCTAssertEqual(legs.map { $0["line"] as? String }, ["M1", "M2"])
        let transfer = try XCTUnwrap(object["transfer"] as? [String: Any])
        XCTAssertNotNil(transfer["headwaySeconds"] as? Int)
        // At 22:20 the change is in the last trains' stretch, where the trains are known:
        // the booked wait ends on the train the plan boards, and the longest on the latest.
        func moment(_ key: String) throws -> Date {
            try XCTUnwrap(ISO8601DateFormatter().date(from: try XCTUnwrap(transfer[key] as? String)))
        }
        let booked = try XCTUnwrap(transfer["bookedWaitSeconds"] as? Int)
        XCTAssertEqual(Double(booked), try moment("plannedDeparture").timeIntervalSince(try moment("platformArrival")))
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(transfer["longestWaitSeconds"] as? Int), booked)
        XCTAssertLessThanOrEqual(
            try XCTUnwrap(transfer["alertWaitSeconds"] as? Int), try XCTUnwrap(transfer["bookedWaitSeconds"] as? Int))
        let arrival = try XCTUnwrap(object["arrival"] as? [String: Any])
        for key in ["time", "earliest", "latest"] {
            let value = try XCTUnwrap(arrival[key] as? String)
            XCTAssertTrue(
                value.range(of: #"^2026-11-30T\d\d:\d\d:\d\d\+02:00$"#, options: .regularExpression) != nil, value)
        }
        // Version 2: a one-line ride has a range too (the running patterns).
        let single = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(CLI.run(["plan", "Lisova", "Arsenalna", "--json"]).stdout.utf8))
                as? [String: Any])
        XCTAssertNotNil((single["arrival"] as? [String: Any])?["earliest"])
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.map { $0["kind"] as? String }, ["lastTrainSoon", "lastTrainSoon"])
        // English by default, Ukrainian messages with --lang uk.
        XCTAssertFalse((findings[0]["message"] as! String).containsCyrillic)
        let uk = CLI.run([
            "plan", "Lisova", "Teremky", "--at", "22:20", "--date", "2026-11-30", "--json", "--lang", "uk",
        ])
        XCTAssertTrue(uk.stdout.contains("Останній поїзд M1"))
    }

    func testStationsListAndSearch() {
        let all = CLI.run(["stations"])
        XCTAssertEqual(all.code, 0)
        XCTAssertEqual(all.stdout.split(separator: "\n").count, 52)
        XCTAssertTrue(all.stdout.contains("M1  Лісова"))
        let line = CLI.run(["stations", "--line", "m3"])
        XCTAssertEqual(line.stdout.split(separator: "\n").count, 16)
        let one = CLI.run(["stations", "Petrivka"])
        XCTAssertEqual(one.stdout, "M2  Почайна  Pochaina  formerly Petrivka\n")
        let transfer = CLI.run(["stations", "Teatralna", "--lang", "uk"])
        XCTAssertEqual(transfer.stdout, "M1  Театральна  Teatralna  ⇄ Золоті Ворота (M3)\n")
        let surface = CLI.run(["stations", "Hidropark"])
        XCTAssertEqual(surface.stdout, "M1  Гідропарк  Hidropark  ☀ above ground\n")
    }
}
