import MetroTestSupport
import XCTest

@testable import MetroCore

final class LanguageTests: XCTestCase {
    func testUkrainianPluralsHaveThreeForms() {
        let expected = [
            1: "1 зупинка", 2: "2 зупинки", 4: "4 зупинки", 5: "5 зупинок", 11: "11 зупинок",
            12: "12 зупинок", 14: "14 зупинок", 20: "20 зупинок", 21: "21 зупинка", 22: "22 зупинки",
            25: "25 зупинок", 111: "111 зупинок", 0: "0 зупинок",
        ]
        for (count, text) in expected {
            XCTAssertEqual(Language.uk.stops(count), text)
        }
        XCTAssertEqual(Language.en.stops(1), "1 stop")
        XCTAssertEqual(Language.en.stops(2), "2 stops")
        XCTAssertEqual(Language.en.stops(0), "0 stops")
    }

    func testLanguageResolutionOrder() {
        XCTAssertEqual(Language.resolve(flag: nil, environment: [:]), .en)
        XCTAssertEqual(Language.resolve(flag: nil, environment: ["LANG": "uk_UA.UTF-8"]), .uk)
        XCTAssertEqual(
            Language.resolve(flag: nil, environment: ["LANG": "uk_UA.UTF-8", "LC_MESSAGES": "en_US.UTF-8"]), .en)
        XCTAssertEqual(Language.resolve(flag: nil, environment: ["LC_ALL": "uk_UA", "LC_MESSAGES": "en_US"]), .uk)
        XCTAssertEqual(
            Language.resolve(flag: nil, environment: ["LC_ALL": "", "LANG": "uk"]), .uk, "an empty LC_ALL is unset")
        XCTAssertEqual(Language.resolve(flag: nil, environment: ["LANG": "de_DE.UTF-8"]), .en)
        XCTAssertEqual(Language.resolve(flag: nil, environment: ["METRO_TIMER_LANG": "uk", "LC_ALL": "en_US"]), .uk)
        XCTAssertEqual(Language.resolve(flag: "en", environment: ["METRO_TIMER_LANG": "uk"]), .en)
    }

    func testCLIPicksTheLanguageFromTheEnvironment() {
        let uk = CLI.run(["plan", "Lisova", "Teremky", "--at", "10:00"], environment: ["LANG": "uk_UA.UTF-8"])
        XCTAssertTrue(uk.stdout.contains("Готуйтеся виходити"))
        let en = CLI.run(
            ["plan", "Lisova", "Teremky", "--at", "10:00"],
            environment: ["LANG": "uk_UA.UTF-8", "METRO_TIMER_LANG": "en"])
        XCTAssertTrue(en.stdout.contains("Get ready"))
    }

    /// Everything the product says, said in English, contains no Cyrillic; said in Ukrainian,
    /// carries none of the English labels.
    func testEveryOutputIsCompleteInBothLanguages() {
        let scenarios: [[String]] = [
            ["plan", "Lisova", "Teremky", "--at", "10:00"],
            ["plan", "Zhytomyrska", "Teremky", "--at", "22:27"],
            ["plan", "Lisova", "Teremky", "--at", "05:00"],
            ["plan", "Khreshchatyk", "Teremky", "--at", "10:00"],
            ["plan", "Lisova", "Maidan", "--at", "10:00"],
            ["plan", "Khreshchatyk", "Maidan", "--at", "10:00"],
            ["plan", "Syrets", "Lisova", "--at", "10:00", "--json"],
            ["plan", "Palats", "Lisova"], ["plan", "Lisova", "Xyzzyq"], ["plan", "Lisova"],
            ["plan", "a", "b", "--bogus"],
            ["nonsense"], ["--help"], ["help", "stations"],
            ["plan", "Lisova", "Teremky", "--air-raid"], ["plan", "Syrets", "Slavutych", "--air-raid"],
            ["plan", "Lisova", "Arsenalna", "--closed", "Hidropark", "--headway", "M1=10", "--at", "10:00"],
            ["plan", "Teremky", "Lybidska", "--suspended", "Demiivska-Teremky"],
            ["changes"], ["alerts"], ["journal"], ["calibration"], ["adjust", "+1"],
        ]
        let englishLabels = [
            "Yours is next", "Arrival", "toward", "Walk to", "stops", "Error: Missing", "Trains are not", "last M",
        ]
        for scenario in scenarios {
            let en = CLI.run(scenario + ["--lang", "en"])
            var english = en.stdout + en.stderr
            // Ukrainian station names appear by design in JSON (nameUk) only.
            if scenario.contains("--json") {
                english = english.split(separator: "\n").filter { !$0.contains("nameUk") }.joined()
            }
            XCTAssertFalse(english.containsCyrillic, "\(scenario): \(english)")
            let uk = CLI.run(scenario + ["--lang", "uk"])
            let ukrainian = uk.stdout + uk.stderr
            XCTAssertTrue(ukrainian.containsCyrillic, "\(scenario)")
            for label in englishLabels where !scenario.contains("--json") {
                XCTAssertFalse(ukrainian.contains(label), "\(scenario) in Ukrainian says '\(label)'")
            }
        }
    }
}
