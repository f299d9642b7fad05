import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroTimerCLI

/// `metro-timer about`: the facts come from the embedded data and the real settings.
final class AboutTests: XCTestCase {
    func testAboutSaysWhatTheDataIsAndThatNothingIsSent() throws {
        let source = Kyiv.network.document.source
        let state = try TestPaths.temporaryDirectory(self)
        let result = CLI.run(["about"], environment: ["METRO_TIMER_HOME": state])
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.stdout.hasPrefix("metro-timer \(MetroTimer.version)\n"))
        for fact in [
            source.dataset, source.licence, source.resourcesDated, source.retrieved,
            "Dwell: 25 s at every intermediate stop.",
            "Walk Khreshchatyk ⇄ Maidan Nezalezhnosti: 2:00 (measured)",
            "Walk Teatralna ⇄ Zoloti Vorota: 2:30 (estimate)",
            "  \(state)/  trip.json, journal.jsonl, calibration.json\n",
            "Nothing is sent: the alert check is off",
        ] {
            XCTAssertTrue(result.stdout.contains(fact), fact)
        }
        let uk = CLI.run(["about", "--lang", "uk"])
        XCTAssertTrue(uk.stdout.contains("Перехід Хрещатик ⇄ Майдан Незалежності: 2:00 (виміряно)"))
        XCTAssertTrue(uk.stdout.contains("Нічого не надсилається"))
        XCTAssertFalse(CLI.run(["about", "--lang", "en"]).stdout.contains("Перехід"))
    }

    func testWithTheAlertCheckOnItNamesTheMaskedAddress() throws {
        let config = try TestPaths.temporaryDirectory(self)
        let url = "https://rider:s3cret@alerts.example/api/v1/status?token=abc123&region=kyiv"
        XCTAssertEqual(
            CLI.run(["alerts", "enable", "--url", url], environment: ["METRO_TIMER_CONFIG": config]).code, 0)
        let result = CLI.run(["about"], environment: ["METRO_TIMER_CONFIG": config])
        XCTAssertTrue(
            result.stdout.contains(
                "a separate metro-timer process asks https://***@alerts.example/api/v1/status?token=***&region=*** (up to 1500 ms)"
            ), result.stdout)
        XCTAssertFalse(result.stdout.contains("s3cret") || result.stdout.contains("abc123"))
        let json = CLI.run(["about", "--json"], environment: ["METRO_TIMER_CONFIG": config])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["version"] as? Int, 1)
        let network = try XCTUnwrap(object["network"] as? [String: Any])
        XCTAssertEqual(network["alertCheck"] as? Bool, true)
        XCTAssertEqual(network["url"] as? String, "https://***@alerts.example/api/v1/status?token=***&region=***")
        let walks = try XCTUnwrap((object["assumptions"] as? [String: Any])?["walks"] as? [[String: Any]])
        XCTAssertEqual(walks.count, 3)
        XCTAssertEqual(walks[0]["fromNameUk"] as? String, "Хрещатик")
        XCTAssertEqual(walks[0]["toNameEn"] as? String, "Maidan Nezalezhnosti")
        XCTAssertEqual(
            CLI.run(["about", "--json"]).stdout.contains("\"url\""), false, "no address when the check is off")
    }

    func testURLMask() {
        XCTAssertEqual(URLMask.mask("https://host/path"), "https://host/path")
        XCTAssertEqual(
            URLMask.mask("https://u:p@host:8443/a?x=1&y=&z#frag"), "https://***@host:8443/a?x=***&y=***&***#***")
        XCTAssertEqual(URLMask.mask("http://127.0.0.1:8080/feed?key=secret"), "http://127.0.0.1:8080/feed?key=***")
        XCTAssertEqual(URLMask.mask("https://host/p@th"), "https://host/p@th", "an @ in the path is not a user")
    }

    /// `about` in English named the dataset only by its Ukrainian title.
    func testAboutNamesTheDatasetInEnglishToo() {
        let en = CLI.run(["about"]).stdout
        XCTAssertTrue(
            en.contains(
                "Dataset: Timetable of urban electric and road transport — Розклад руху міського електричного та автомобільного транспорту (7b958c05-43ba-4ae5-b541-01904d658030)\n"
            ), en)
        let uk = CLI.run(["about", "--lang", "uk"]).stdout
        XCTAssertTrue(
            uk.contains(
                "Набір даних: Розклад руху міського електричного та автомобільного транспорту (7b958c05-43ba-4ae5-b541-01904d658030)\n"
            ), uk)
    }
}
