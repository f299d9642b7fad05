import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI
@testable import TimetableGenCLI

/// The pages as man-db indexes them: `whatis` and `apropos` read the NAME line through lexgrog,
/// which knows nothing of roff's `\c` (a word cut with it came out as "обчислени й"). And the
/// ENVIRONMENT and FILES sections name everything the programs read and write.
final class ManualWhatisTests: XCTestCase {
    func testLexgrogReadsEachNameLineWhole() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/lexgrog") else {
            throw XCTSkip("lexgrog (man-db) is not installed")
        }
        let pages: [(String, String, String)] = [
            ("man/metro-timer.1", "metro-timer", MetroTimer.spec.abstract(.en)),
            ("man/uk/metro-timer.1", "metro-timer", MetroTimer.spec.abstract(.uk)),
            ("man/timetable-gen.1", "timetable-gen", Generator.spec.abstract(.en)),
        ]
        for (page, name, abstract) in pages {
            let path = TestPaths.packageRoot.appendingPathComponent(page).path
            let result = try ProcessRunner.run(
                executable: "/usr/bin/lexgrog", [path], environment: ["LC_ALL": "C.UTF-8"])
            XCTAssertEqual(result.code, 0, result.stderr)
            XCTAssertEqual(result.stdout, "\(path): \"\(name) - \(abstract)\"\n")
        }
    }

    func testNoWordIsCutAcrossLines() {
        for language in Language.allCases {
            for line in Manual.page(language).split(separator: "\n") {
                XCTAssertFalse(line.hasSuffix(#"\c"#), "\(language): \(line)")
            }
        }
    }

    func testEnvironmentAndFilesNameWhatIsReadAndWritten() {
        for language in Language.allCases {
            let page = Manual.page(language)
            for variable in ["XDG_DATA_HOME", "TZDIR", "PATH"] {
                XCTAssertTrue(page.contains(".B " + ManPage.escape(variable) + "\n"), "\(language) \(variable)")
            }
            for file in [
                "scheduled-alerts.json", "notifier.pid", "/usr/share/zoneinfo/Europe/Kyiv", "journal.jsonl",
                "network.json",
            ] {
                XCTAssertTrue(
                    page.contains(".B " + ManPage.escape("~/.local/state/metro-timer/" + file) + "\n")
                        || page.contains(".B " + ManPage.escape("~/.local/share/metro-timer/" + file) + "\n")
                        || page.contains(".B " + ManPage.escape(file) + "\n"), "\(language) \(file)")
            }
        }
        let generator = GeneratorManual.page(.en)
        for term in ["TZDIR", "share/metro-timer"] {
            XCTAssertTrue(generator.contains(ManPage.escape(term)), term)
        }
    }
}
