import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// `metro-timer card`: the ride as one web page for a phone. What `plan` refuses, `card`
/// refuses with the same sentence and code; the file is private and never written through a
/// link; the page allows nothing but its own script and style. (.ci/check-card.py drives the
/// page in a real browser against `plan --json`.)
final class PocketCardTests: XCTestCase {
    let ride = ["Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30"]
    /// One line: the quickest card to make, where only the writing is tested.
    let short = ["Lisova", "Arsenalna", "--at", "08:15", "--date", "2026-11-30"]

    /// The first line of an error: the sentence, without the usage that names the command.
    func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    func testCardRefusesWhatPlanRefusesWithTheSameSentenceAndCode() {
        let refused: [[String]] = [
            ["Nowhere", "Teremky"],
            ["Lisova", "Lisova"],
            ["Lisova", "Teremky", "--at", "25:00"],
            ["Lisova", "Teremky", "--date", "2026-02-30"],
            ["Lisova", "Teremky", "--headway", "0"],
            ["Lisova", "Teremky", "--closed", "Lisova"],
            ["Lisova", "Teremky", "--suspended", "Demiivska-Teremky"],
        ]
        for arguments in refused {
            let plan = CLI.run(["plan"] + arguments)
            let card = CLI.run(["card"] + arguments + ["--output", "-"])
            XCTAssertNotEqual(plan.code, 0, arguments.joined(separator: " "))
            XCTAssertEqual(card.code, plan.code, arguments.joined(separator: " "))
            XCTAssertEqual(firstLine(card.stderr), firstLine(plan.stderr), arguments.joined(separator: " "))
            XCTAssertEqual(card.stdout, "", "nothing written for \(arguments)")
        }
        // In Ukrainian too.
        let plan = CLI.run(["plan", "Лісова", "Лісова", "--lang", "uk"])
        let card = CLI.run(["card", "Лісова", "Лісова", "--lang", "uk", "--output", "-"])
        XCTAssertEqual(card.code, 64)
        XCTAssertEqual(firstLine(card.stderr), firstLine(plan.stderr))
    }

    /// After the last train `plan` prints the ride, warning first, and exits 1; a card would
    /// count down a ride nobody can take, so none is written, and the warning says why.
    func testARideThatCannotBeMadeWritesNoCard() throws {
        let night = ["Lisova", "Teremky", "--at", "01:30", "--date", "2026-11-30"]
        let plan = CLI.run(["plan"] + night + ["--json"])
        XCTAssertEqual(plan.code, 1)
        let directory = try TestPaths.temporaryDirectory(self)
        let card = CLI.run(["card"] + night + ["--output", directory + "/night.html"])
        XCTAssertEqual(card.code, 1)
        let lines = card.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "No ride card written: the ride cannot be made then.")
        XCTAssertEqual(lines.count, 2, card.stderr)
        XCTAssertTrue(
            plan.stdout.contains("\"message\" : \"" + lines[1] + "\""),
            "the same sentence as plan's warning: \(lines[1])")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/night.html"))
        let uk = CLI.run(["card"] + night + ["--output", "-", "--lang", "uk"])
        XCTAssertEqual(uk.code, 1)
        XCTAssertTrue(uk.stderr.hasPrefix("Картку поїздки не записано: цю поїздку тоді не здійснити.\n"), uk.stderr)
        XCTAssertEqual(uk.stdout, "")
    }

    /// The tap is a start: the departure `plan --last` recommends (the last train, after its
    /// station's entrances close: the rider is aboard) gets a card, as `start` rides it, with
    /// plan's warnings in it; one past the last connection does not.
    func testTheDeparturePlanLastRecommendsGetsACard() throws {
        let last = CLI.run(["plan", "Lisova", "Darnytsia", "--date", "2026-11-30", "--last", "--json"])
        let departure = try XCTUnwrap(
            last.stdout.firstMatch(of: /"departure" : "2026-11-30T(\d\d:\d\d:\d\d)\+02:00"/)?.1)
        XCTAssertEqual(departure, "22:30:00", "the last M1 from Lisova (Data/, published)")
        let card = CLI.run([
            "card", "Lisova", "Darnytsia", "--at", String(departure), "--date", "2026-11-30", "--output", "-",
        ])
        XCTAssertEqual(card.code, 0, card.stderr)
        XCTAssertTrue(
            card.stdout.contains("The last M1 train toward Akademmistechko leaves Lisova at 22:30:00."),
            "plan's warning on the card")
        let gone = CLI.run(["card", "Lisova", "Teremky", "--at", "22:31", "--date", "2026-11-30", "--output", "-"])
        XCTAssertEqual(gone.code, 1)
        XCTAssertEqual(gone.stdout, "")
    }

    func testTheOutputIsRequired() {
        let card = CLI.run(["card"] + ride)
        XCTAssertEqual(card.code, 64)
        XCTAssertEqual(
            firstLine(card.stderr),
            "Error: Missing expected option '--output <file>': where to write the page (- for standard output)")
        // The usage line, in the error and in help, shows it as required: no brackets.
        let usage = card.stderr.split(separator: "\n").map(String.init).first { $0.hasPrefix("Usage: ") } ?? ""
        XCTAssertTrue(usage.contains(" --output <file> "), usage)
        XCTAssertFalse(usage.contains("[--output <file>]"), usage)
        for language in ["en", "uk"] {
            let help = CLI.run(["card", "--help", "--lang", language]).stdout.replacing("\n  ", with: " ")
            XCTAssertTrue(help.contains(" --output <file> "), help)
            XCTAssertFalse(help.contains("[--output <file>]"), help)
        }
    }

    func testTheCardIsPrivateAndNeverWrittenThroughALink() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        let file = directory + "/ride.html"
        let now = Kyiv.date("2026-11-29 20:00:00")
        let written = CLI.run(["card"] + short + ["--output", file], now: now)
        XCTAssertEqual(written.code, 0, written.stderr)
        XCTAssertEqual(written.stdout, "")
        XCTAssertTrue(written.stderr.hasPrefix("Ride card written to \(file) ("), written.stderr)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual(
            (attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600, "where and when the rider rides is theirs")
        let stdout = CLI.run(["card"] + short + ["--output", "-"], now: now)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), stdout.stdout, "the same page either way")

        let target = directory + "/target"
        try "keep".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.html", withDestinationPath: target)
        XCTAssertEqual(mkfifo(directory + "/fifo.html", 0o600), 0)
        for (path, kind) in [
            (directory + "/link.html", "a symbolic link"), (directory + "/fifo.html", "a FIFO"),
            ("/dev/null", "a device"), (directory, "a directory"),
        ] {
            let refused = CLI.run(["card"] + short + ["--output", path], now: now)
            XCTAssertEqual(refused.code, 1, path)
            XCTAssertEqual(
                refused.stderr,
                "Error: \(path) is \(kind); metro-timer writes only to a regular file. Name another path (or - for standard output).\n"
            )
        }
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "keep")
    }

    func testASavedRouteMakesTheSameCard() throws {
        let config = try TestPaths.temporaryDirectory(self)
        let env = ["NO_COLOR": "1", "METRO_TIMER_CONFIG": config]
        XCTAssertEqual(CLI.run(["routes", "add", "home", "Lisova", "Teremky"], environment: env).code, 0)
        let saved = CLI.run(
            ["card", "home", "--at", "08:15", "--date", "2026-11-30", "--output", "-"], environment: env)
        let typed = CLI.run(["card"] + ride + ["--output", "-"], environment: env)
        XCTAssertEqual(saved.code, 0, saved.stderr)
        XCTAssertEqual(saved.stdout, typed.stdout)
    }

    /// The page makes no request: nothing in it names a place to load from, and its policy
    /// allows only its own inline script and style, by their SHA-256.
    func testThePageAllowsOnlyItsOwnScriptAndStyle() throws {
        let page = CLI.run(["card"] + ride + ["--output", "-"]).stdout
        XCTAssertTrue(page.hasPrefix("<!doctype html>\n"))
        let policy = try XCTUnwrap(page.firstMatch(of: /http-equiv="Content-Security-Policy" content="([^"]*)"/)?.1)
        XCTAssertTrue(policy.hasPrefix("default-src 'none'; "), String(policy))
        let script = try XCTUnwrap(page.firstMatch(of: /<script>(.*)<\/script>/.dotMatchesNewlines())?.1)
        let style = try XCTUnwrap(page.firstMatch(of: /<style>(.*)<\/style>/.dotMatchesNewlines())?.1)
        XCTAssertTrue(policy.contains("script-src 'sha256-\(try Self.opensslBase64(String(script)))'"), String(policy))
        XCTAssertTrue(policy.contains("style-src 'sha256-\(try Self.opensslBase64(String(style)))'"), String(policy))
        for loader in ["src=", "href=", "url(", "@import", "http:", "https:", "fetch(", "XMLHttpRequest", "innerHTML"] {
            XCTAssertFalse(page.contains(loader), loader)
        }
        XCTAssertEqual(page.components(separatedBy: "<script").count - 1, 2, "the data block and the script")
    }

    /// A station name cannot end the data block: `<` inside the data is escaped.
    func testTheDataCannotCloseItsBlock() throws {
        let page = CLI.run(["card"] + ride + ["--output", "-"]).stdout
        let data = try XCTUnwrap(
            page.firstMatch(of: /<script type="application\/json" id="ride-data">(.*?)<\/script>/.dotMatchesNewlines())?
                .1)
        XCTAssertFalse(data.contains("<"))
        XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(data.utf8)))
    }

    /// At most 100 KB for any route: the long way round with two changes is the largest.
    func testEveryCardIsAtMost100KB() {
        let routes: [[String]] = [
            ["Lisova", "Teremky", "--closed", "Khreshchatyk"],
            ["Akademmistechko", "Chervonyi Khutir"],
            ["Heroiv Dnipra", "Lisova", "--closed", "Maidan Nezalezhnosti"],
            ["Syrets", "Teremky"],
        ]
        for route in routes {
            let card = CLI.run(["card"] + route + ["--at", "17:30", "--date", "2026-11-30", "--output", "-"])
            XCTAssertEqual(card.code, 0, route.joined(separator: " ") + ": " + card.stderr)
            XCTAssertLessThanOrEqual(card.stdout.utf8.count, 100 * 1024, route.joined(separator: " "))
        }
    }

    /// The card that lasts: a route and its way back, both day types, at most 1 MB, on the
    /// longest route tried (the long way round a closure); the saved routes in one card, each
    /// named on the page; `--routes` with a station, or with no saved route, is a usage error.
    func testACardThatLastsIsAtMost1MBAndHoldsTheSavedRoutes() throws {
        let longest = ["Heroiv Dnipra", "Lisova", "--closed", "Khreshchatyk", "--date", "2026-11-30"]
        let card = CLI.run(["card"] + longest + ["--and-back", "--output", "-"])
        XCTAssertEqual(card.code, 0, card.stderr)
        XCTAssertLessThanOrEqual(card.stdout.utf8.count, 1024 * 1024)
        let data = try XCTUnwrap(
            card.stdout.firstMatch(of: /id="ride-data">(.*?)<\/script>/.dotMatchesNewlines())?.1)
        let book = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        let routes = try XCTUnwrap(book["routes"] as? [[String: Any]])
        XCTAssertEqual(
            routes.compactMap { ($0["name"] as? [String])?.last }, ["Heroiv Dnipra → Lisova", "Lisova → Heroiv Dnipra"])
        XCTAssertEqual(
            routes.map { ($0["days"] as? [[String: Any]] ?? []).compactMap { $0["dayType"] as? String } },
            [["weekday", "weekend"], ["weekday", "weekend"]])
        XCTAssertEqual(book["changes"] as? [[String]], [["станцію Хрещатик закрито", "Khreshchatyk closed"]])

        let config = try TestPaths.temporaryDirectory(self)
        let env = ["NO_COLOR": "1", "METRO_TIMER_CONFIG": config]
        let none = CLI.run(["card", "--routes", "--output", "-"], environment: env)
        XCTAssertEqual(none.code, 64)
        XCTAssertTrue(none.stderr.hasPrefix("Error: No saved routes"), none.stderr)
        XCTAssertEqual(CLI.run(["card", "Lisova", "--routes", "--output", "-"], environment: env).code, 64)
        XCTAssertEqual(CLI.run(["routes", "add", "home", "Lisova", "Arsenalna"], environment: env).code, 0)
        XCTAssertEqual(CLI.run(["routes", "add", "work", "Arsenalna", "Lisova"], environment: env).code, 0)
        let saved = CLI.run(["card", "--routes", "--date", "2026-11-30", "--output", "-"], environment: env)
        XCTAssertEqual(saved.code, 0, saved.stderr)
        XCTAssertTrue(saved.stdout.contains(#""name":["home","home"]"#), saved.stderr)
        XCTAssertTrue(saved.stdout.contains(#""name":["work","work"]"#), saved.stderr)
    }

    /// Help, the manual and completion come from the one spec.
    func testHelpManualAndCompletionKnowTheCommand() throws {
        XCTAssertTrue(CLI.run(["__complete", "--shell=bash", "ca"]).stdout.split(separator: "\n").contains("card"))
        XCTAssertEqual(
            CLI.run(["__complete", "--shell=bash", "card", "Lisova", "Teremky", "--o"]).stdout, "--output\n")
        XCTAssertTrue(CLI.run(["card", "--help", "--lang", "uk"]).stdout.contains("--output <file>"))
        let manual = try String(
            contentsOfFile: TestPaths.packageRoot.appendingPathComponent("man/metro-timer.1").path, encoding: .utf8)
        XCTAssertTrue(manual.contains("card"), "make man")
    }

    /// FIPS 180-4's examples, and a real program for a page's script.
    func testSHA256() throws {
        XCTAssertEqual(SHA256.hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(
            SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(SHA256.base64(Array("abc".utf8)), "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
    }

    static func opensslBase64(_ text: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["dgst", "-sha256", "-binary"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let digest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return digest.base64EncodedString()
    }
}
