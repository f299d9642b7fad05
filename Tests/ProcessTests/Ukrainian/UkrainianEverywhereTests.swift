import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroTimerCLI

/// `--lang uk` all the way down: every command's help, its ordinary output and its error paths
/// in Ukrainian, with no English word left over (what may stay Latin, and why:
/// `UkrainianText`).
final class UkrainianEverywhereTests: XCTestCase {
    var state = ""
    var config = ""

    override func setUpWithError() throws {
        let base = try TestPaths.temporaryDirectory(self)
        state = base + "/state"
        config = base + "/config"
    }

    var environment: [String: String] {
        ["NO_COLOR": "1", "METRO_TIMER_HOME": state, "METRO_TIMER_CONFIG": config, "LANG": "uk_UA.UTF-8"]
    }

    /// Runs `metro-timer ARGS --lang uk` in-process and checks what it printed, both streams.
    @discardableResult
    func check(_ arguments: [String], expect code: Int32? = nil, file: StaticString = #filePath, line: UInt = #line)
        -> CLIResult
    {
        let result = CLI.run(
            arguments + ["--lang", "uk"], now: Kyiv.date("2026-11-30 12:00:00"), environment: environment)
        if let code { XCTAssertEqual(result.code, code, "\(arguments): \(result.stderr)", file: file, line: line) }
        for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            let found = UkrainianText.englishWords(text)
            XCTAssertEqual(found, [], "\(arguments) \(stream):\n\(text)", file: file, line: line)
        }
        return result
    }

    func testTheCheckFindsEnglishAndLetsCodeThrough() {
        XCTAssertEqual(UkrainianText.englishWords("Помилка: Unknown option 'Nowhere'"), ["Unknown", "option"])
        XCTAssertEqual(
            UkrainianText.englishWords("Видавець: Kyiv City State Administration"),
            ["Kyiv", "City", "State", "Administration"])
        XCTAssertEqual(
            UkrainianText.englishWords("−18 s"), ["s"].filter { $0.count > 1 },
            "single letters are keys and units; see the units test")
        XCTAssertEqual(
            UkrainianText.englishWords(
                "Див. 'metro-timer plan --help', --at <HH:MM>, $XDG_STATE_HOME/metro-timer, trip.json, M1, mr18_127, JSON"
            ), [])
        // What a file's reader says is no longer let through: it is said in Ukrainian.
        XCTAssertEqual(
            UkrainianText.englishWords("не читається (expected ',' at 12)"), ["expected"], "at is a command word")
        XCTAssertEqual(UkrainianText.englishWords("це не розклад metro-timer (unexpected end)"), ["unexpected"])
    }

    func testEveryHelpPageIsUkrainian() {
        check(["--help"], expect: 0)
        for command in MetroTimer.spec.subcommands {
            check([command.path.last!, "--help"], expect: 0)
        }
    }

    func testOrdinaryOutputIsUkrainian() throws {
        check(["plan", "Lisova", "Teremky", "--at", "10:00"], expect: 0)
        check(["plan", "Lisova", "Teremky", "--at", "10:00", "--closed", "Khreshchatyk"], expect: 0)
        check(["plan", "Darnytsia", "Teremky", "--at", "10:00", "--suspended", "Hidropark-Dnipro"])
        check(["plan", "Lisova", "Teremky", "--at", "10:00", "--air-raid"])
        check(["plan", "Lisova", "Teremky", "--last"])
        check(["plan", "Lisova", "Teremky", "--arrive-by", "18:00"], expect: 0)
        check(["plan", "Lisova", "Teremky", "--at", "01:30"])
        check(["station", "Lisova"], expect: 0)
        check(["station", "Ipodrom"], expect: 0)
        check(["stations"], expect: 0)
        check(["stations", "Petrivka"], expect: 0)
        check(["stations", "--line", "M3"], expect: 0)
        check(["about"], expect: 0)
        check(["routes", "list"], expect: 0)
        check(["routes", "add", "робота", "Lisova", "Teremky"], expect: 0)
        check(["routes", "list"], expect: 0)
        check(["routes", "remove", "робота"], expect: 0)
        check(["changes", "list"], expect: 0)
        check(
            [
                "changes", "add", "--closed", "Lybidska", "--from", "2026-11-30", "--until", "2026-12-24", "--note",
                "ремонт",
            ], expect: 0)
        check(["changes", "list"], expect: 0)
        check(["changes", "remove", "1"], expect: 0)
        check(["alerts", "status"], expect: 0)
        check(["alerts", "pending"], expect: 0)
        check(["journal"], expect: 0)
        check(["calibration"], expect: 0)
        check(["status"], expect: 0)
    }

    func testARideAndItsJournalAreUkrainian() throws {
        // A ride through the real binary, rehearsed (the plain lines), then a real trip with
        // corrections, confirmed, and the journal that records it.
        let rehearsal = try ProcessRunner.run(
            "metro-timer",
            [
                "start", "Lisova", "Syrets", "--speed", "3000", "--at", "12:00", "--date", "2026-11-30", "--plain",
                "--lang", "uk",
            ], environment: environment)
        XCTAssertEqual(rehearsal.code, 0, rehearsal.stderr)
        XCTAssertEqual(UkrainianText.englishWords(rehearsal.stdout + rehearsal.stderr), [], rehearsal.stdout)
        // The verb agrees with the form of the noun it counts.
        for sentence in ["Лишилася 1 зупинка", "Лишилися 2 зупинки", "Лишилося 5 зупинок"] {
            XCTAssertTrue(rehearsal.stdout.contains(sentence), sentence + "\n" + rehearsal.stdout)
        }
        for wrong in ["Лишилося 1 ", "Лишилося 2 ", "Лишилося 3 ", "Лишилося 4 "] {
            XCTAssertFalse(rehearsal.stdout.contains(wrong), wrong)
        }
        XCTAssertTrue(rehearsal.stdout.contains("поїзд у напрямку станції Сирець"), rehearsal.stdout)
        let started = Kyiv.date("2026-11-30 12:00:00")
        try FileTripStore(directory: state).update { trip in
            trip = Trip(
                id: "u", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: started)
        }
        for (arguments, minutes) in [
            (["adjust", "+1"], 3.0), (["at", "Arsenalna"], 12), (["departed"], 20), (["undo"], 21), (["departed"], 22),
        ] {
            let result = CLI.run(
                arguments + ["--lang", "uk"], now: started.addingTimeInterval(minutes * 60), environment: environment)
            XCTAssertEqual(
                UkrainianText.englishWords(result.stdout + result.stderr), [],
                "\(arguments): \(result.stdout + result.stderr)")
        }
        check(["status"], expect: 0)
        let arrived = CLI.run(
            ["arrived", "--lang", "uk"], now: started.addingTimeInterval(40 * 60), environment: environment)
        XCTAssertEqual(arrived.code, 0, arrived.stderr)
        XCTAssertEqual(UkrainianText.englishWords(arrived.stdout + arrived.stderr), [], arrived.stdout)
        // One rounding rule: arrived and the journal give the same error, in seconds (с).
        let figure = { (text: String) -> String? in
            text.range(of: #"[+−±]\d+ (хв \d\d )?с\b"#, options: .regularExpression).map { String(text[$0]) }
        }
        let journal = check(["journal"], expect: 0).stdout
        XCTAssertNotNil(figure(arrived.stdout), arrived.stdout)
        XCTAssertEqual(figure(journal), figure(arrived.stdout), journal)
        XCTAssertTrue(journal.contains("(+1 −0, на станції ×1, рушив ×1)"), journal)
    }

    func testTheKeyLineAndChannelsSayWhatTheHelpSays() {
        XCTAssertEqual(AlertsCommand.channelName("bell /dev/pts/0", .uk), "дзвінок термінала /dev/pts/0")
        XCTAssertEqual(AlertsCommand.channelName("bell /dev/pts/0", .en), "bell /dev/pts/0")
        XCTAssertEqual(AlertsCommand.channelName("command", .uk), "ваша команда")
        XCTAssertEqual(AlertsCommand.channelName("tmux", .uk), "tmux")
        // The help says «a a прибули»; the key line says the same word.
        XCTAssertTrue(StartCommand.spec.discussion!.uk.contains("a a прибули"))
        let keys = ScreenRenderer().keyLines(.uk, 200).joined(separator: " ")
        XCTAssertTrue(keys.contains("a прибули"), keys)
    }

    func testErrorPathsAreUkrainian() throws {
        let errors: [[String]] = [
            ["plan", "Nowhere", "Teremky"], ["plan", "Lisova"], ["plan", "Ploshcha", "Teremky"],
            ["plan", "Lisova", "Lisova"],
            ["plan", "Lisova", "Teremky", "--at", "25:00"], ["plan", "Lisova", "Teremky", "--date", "2026-13-01"],
            ["plan", "Lisova", "Teremky", "--att", "10:00"], ["plan", "Lisova", "Teremky", "Syrets"],
            ["plan", "Lisova", "Teremky", "--closed", "Lisova"],
            ["plan", "Lisova", "Teremky", "--suspended", "Lisova"], ["plan", "Lisova", "Teremky", "--headway", "0"],
            ["nonsense"], ["pla"], ["--bogus"], ["stations", "--line", "M7"], ["stations", "Nowhere"], ["station"],
            ["adjust", "+1"], ["adjust", "x"], ["at", "Lisova"], ["departed"], ["arrived"], ["stop"], ["undo"],
            ["routes", "add", "x"], ["routes", "remove", "nothing"], ["routes", "frobnicate"],
            ["changes", "add"], ["changes", "remove", "9"],
            ["changes", "add", "--closed", "Dnipro", "--closed", "Dnipro"],
            ["alerts", "frobnicate"], ["journal", "--last", "0"], ["calibration", "--reset"], ["completions", "tcsh"],
            ["calibrate", "Lisova"], ["help", "nonsense"], ["plan", "Lisova", "Teremky", "--lang"],
        ]
        for arguments in errors {
            let result = check(arguments)
            XCTAssertNotEqual(result.code, 0, "\(arguments)")
            if !result.stderr.isEmpty {
                XCTAssertTrue(result.stderr.hasPrefix("Помилка: "), "\(arguments): \(result.stderr)")
                if result.code == 64 {
                    XCTAssertTrue(
                        result.stderr.contains("\nВикористання: metro-timer"), "\(arguments): \(result.stderr)")
                }
            }
        }
        // A corrupt file is named, in Ukrainian.
        try FileManager.default.createDirectory(
            atPath: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try "{not json".write(toFile: state + "/trip.json", atomically: true, encoding: .utf8)
        chmod(state + "/trip.json", 0o600)
        let corrupt = check(["status"], expect: 65)
        XCTAssertTrue(
            corrupt.stderr.hasPrefix("Помилка: файл поїздки " + state + "/trip.json не читається"), corrupt.stderr)
        XCTAssertTrue(corrupt.stderr.contains("його не змінено"), corrupt.stderr)
    }

    func testGrammar() {
        // The verb agrees with the noun's form; «у напрямку станції …»; «й» between vowels.
        XCTAssertEqual(Language.uk.and("Дарниця", "Арсенальна"), "Дарниця й Арсенальна")
        XCTAssertEqual(Language.uk.and("Лісова", "Арсенальна"), "Лісова й Арсенальна")
        XCTAssertEqual(Language.uk.and("Теремки", "Лісова"), "Теремки і Лісова")
        XCTAssertEqual(Language.uk.and("Почайна", "Ярославів Вал"), "Почайна і Ярославів Вал", "before я it stays і")
        XCTAssertEqual(Language.uk.and("Сирець", "Арсенальна"), "Сирець і Арсенальна")
        XCTAssertEqual(Language.en.and("Darnytsia", "Arsenalna"), "Darnytsia and Arsenalna")
        let plan = check(["plan", "Darnytsia", "Teremky", "--at", "10:00"], expect: 0).stdout
        XCTAssertTrue(plan.contains("Між станціями Дарниця й Арсенальна"), plan)
        let ambiguous = check(["plan", "Ploshcha", "Teremky"], expect: 64).stderr
        XCTAssertTrue(ambiguous.contains("'Ploshcha' відповідає кільком станціям:"), ambiguous)
    }
}
