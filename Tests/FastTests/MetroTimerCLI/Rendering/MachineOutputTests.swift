import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroTimerCLI

/// What scripts read: with `--json` every answer is JSON, errors included (on standard error),
/// all of it written one way; and the language follows the locale variables as gettext's do.
final class MachineOutputTests: XCTestCase {
    func object(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String: Any]? {
        let value = try? JSONSerialization.jsonObject(with: Data(text.utf8))
        XCTAssertNotNil(value as? [String: Any], "not a JSON object: \(text)", file: file, line: line)
        return value as? [String: Any]
    }

    func testErrorsAreJSONOnStandardErrorWhenJSONIsAsked() throws {
        let cases: [([String], Int32, String, String)] = [
            (
                ["plan", "Nowhere", "Teremky", "--json"], 64, "usage",
                "Unknown station 'Nowhere'. See 'metro-timer stations' for the list."
            ),
            (
                ["plan", "Lisova", "Teremky", "--json", "--at", "99:00"], 64, "usage",
                "The time '99:00' is not valid; write HH:MM from 00:00 to 23:59"
            ),
            (
                ["station", "Nowhere", "--json"], 64, "usage",
                "Unknown station 'Nowhere'. See 'metro-timer stations' for the list."
            ),
            (
                ["plan", "Лісова", "Nowhere", "--json", "--lang", "uk"], 64, "usage",
                "Невідома станція 'Nowhere'. Список станцій: 'metro-timer stations'."
            ),
        ]
        for (arguments, code, kind, message) in cases {
            let result = CLI.run(arguments)
            XCTAssertEqual(result.code, code, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            let error = try XCTUnwrap(object(result.stderr)?["error"] as? [String: Any], result.stderr)
            XCTAssertEqual(error["exitCode"] as? Int, Int(code))
            XCTAssertEqual(error["kind"] as? String, kind)
            XCTAssertEqual(error["message"] as? String, message, "\(arguments)")
            XCTAssertTrue((error["usage"] as? String)?.hasPrefix("metro-timer " + arguments[0]) ?? false)
            XCTAssertEqual(object(result.stderr)?["version"] as? Int, 1)
        }
        // A bad data file (65) names the file, in JSON too.
        let directory = try TestPaths.temporaryDirectory(self)
        try "{not json".write(toFile: directory + "/changes.json", atomically: true, encoding: .utf8)
        chmod(directory + "/changes.json", 0o600)
        chmod(directory, 0o700)
        let corrupt = CLI.run(
            ["plan", "Lisova", "Teremky", "--json"], environment: ["NO_COLOR": "1", "METRO_TIMER_CONFIG": directory])
        XCTAssertEqual(corrupt.code, 65, corrupt.stderr)
        let error = try XCTUnwrap(object(corrupt.stderr)?["error"] as? [String: Any])
        XCTAssertEqual(error["kind"] as? String, "data")
        XCTAssertTrue((error["message"] as? String)?.contains("changes.json") ?? false)
        // Without --json, the usual text; after `--`, --json is an operand, not the flag.
        XCTAssertTrue(CLI.run(["plan", "Nowhere", "Teremky"]).stderr.hasPrefix("Error: Unknown station 'Nowhere'"))
    }

    func testStationsJSONListsWhatTheTextLists() throws {
        let all = try XCTUnwrap(object(CLI.run(["stations", "--json"]).stdout))
        let stations = try XCTUnwrap(all["stations"] as? [[String: Any]])
        XCTAssertEqual(stations.count, Network.kyiv.stations.count)
        XCTAssertEqual(all["version"] as? Int, 1)
        let line = try XCTUnwrap(
            object(CLI.run(["stations", "--line", "M2", "--json"]).stdout)?["stations"] as? [[String: Any]])
        XCTAssertEqual(line.count, Network.kyiv.stations.filter { $0.line == "M2" }.count)
        let one = try XCTUnwrap(
            object(CLI.run(["stations", "Petrivka", "--json"]).stdout)?["stations"] as? [[String: Any]])
        XCTAssertEqual(one.count, 1)
        XCTAssertEqual(one[0]["nameEn"] as? String, "Pochaina")
        XCTAssertEqual(one[0]["line"] as? String, "M2")
        XCTAssertEqual((one[0]["formerNames"] as? [[String: String]])?.first?["en"], "Petrivka")
    }

    func testAStationCodeListsThatStation() {
        let code = Network.kyiv.stations.first { $0.nameEn == "Lisova" }!.code
        let result = CLI.run(["stations", code])
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 1, result.stdout)
        XCTAssertTrue(result.stdout.contains("Lisova"))
    }

    func testEveryJSONOutputIsPrettyWithSortedKeys() throws {
        // One way for all: two-space indentation, keys sorted, a newline at the end. Re-encoding
        // what was printed with those options gives back the same text.
        let outputs = [
            ["plan", "Lisova", "Teremky", "--at", "10:00", "--json"], ["station", "Lisova", "--json"],
            ["stations", "Lisova", "--json"],
            ["about", "--json"], ["calibration", "--json"], ["routes", "list", "--json"],
            ["alerts", "pending", "--json"], ["journal", "--json"],
        ]
        for arguments in outputs {
            let result = CLI.run(arguments)
            XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
            let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            let again = try JSONSerialization.data(
                withJSONObject: parsed, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            XCTAssertEqual(result.stdout, String(decoding: again, as: UTF8.self) + "\n", "\(arguments)")
        }
    }

    func testLanguageFollowsGettextOrder() {
        func language(_ environment: [String: String]) -> Language {
            Language.resolve(flag: nil, environment: environment)
        }
        // LANGUAGE comes before LC_ALL, LC_MESSAGES and LANG; it is a list, first match wins.
        XCTAssertEqual(language(["LANGUAGE": "uk"]), .uk, "LANGUAGE alone")
        XCTAssertEqual(language(["LANGUAGE": "uk", "LANG": "en_US.UTF-8"]), .uk)
        XCTAssertEqual(language(["LANGUAGE": "uk", "LC_ALL": "en_US.UTF-8"]), .uk)
        XCTAssertEqual(language(["LANGUAGE": "de:uk:en", "LANG": "en_US.UTF-8"]), .uk)
        XCTAssertEqual(language(["LANGUAGE": "en", "LANG": "uk_UA.UTF-8"]), .en)
        XCTAssertEqual(
            language(["LANGUAGE": "de", "LANG": "uk_UA.UTF-8"]), .uk, "nothing of ours in the list: the locale decides")
        XCTAssertEqual(language(["LANGUAGE": "", "LANG": "uk_UA.UTF-8"]), .uk)
        // As in gettext, an explicit C or POSIX locale turns LANGUAGE off.
        XCTAssertEqual(language(["LANGUAGE": "uk", "LC_ALL": "C"]), .en)
        XCTAssertEqual(language(["LANGUAGE": "uk", "LANG": "POSIX"]), .en)
        XCTAssertEqual(language(["LANGUAGE": "uk", "LANG": "C.UTF-8"]), .en)
        // METRO_TIMER_LANG and the flag still come first.
        XCTAssertEqual(language(["LANGUAGE": "uk", "METRO_TIMER_LANG": "en"]), .en)
        XCTAssertEqual(Language.resolve(flag: "en", environment: ["LANGUAGE": "uk"]), .en)
        XCTAssertTrue(
            CLI.run(["plan", "Lisova", "Teremky", "--at", "10:00"], environment: ["NO_COLOR": "1", "LANGUAGE": "uk"])
                .stdout.contains("Лісова"))
    }
}
