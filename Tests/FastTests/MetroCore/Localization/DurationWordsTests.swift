import MetroTestSupport
import XCTest

@testable import MetroCore

/// The one duration formatter (`Language.duration`) and its spoken form (`aboutDuration`), by the
/// rules people say durations with, in both languages.
final class DurationWordsTests: XCTestCase {
    /// Written by hand from the rule: seconds under a minute; minutes and seconds under ten
    /// minutes; whole minutes under an hour; hours and minutes under a day; days and hours.
    func testDurationsAreSaidTheWayPeopleSayThem() {
        let cases: [(Int, String, String)] = [
            (45, "45 s", "45 с"), (60, "1 min", "1 хв"), (125, "2 min 5 s", "2 хв 5 с"), (1196, "20 min", "20 хв"),
            (3600, "1 h", "1 год"), (3900, "1 h 5 min", "1 год 5 хв"),
            (565 * 3600 + 13 * 60, "23 days 13 h", "23 дні 13 год"),
            (24 * 3600, "1 day", "1 день"), (5 * 24 * 3600 + 7200, "5 days 2 h", "5 днів 2 год"),
        ]
        for (seconds, en, uk) in cases {
            XCTAssertEqual(Language.en.duration(seconds), en)
            XCTAssertEqual(Language.uk.duration(seconds), uk)
        }
    }

    /// The spoken form of the one duration formatter, by the rules people say durations with.
    func testTheSpokenDurationInBothLanguages() {
        // The formatter itself, in both languages, by the rules people say them with.
        XCTAssertEqual(Language.en.aboutDuration(60), "about 1 minute")
        XCTAssertEqual(Language.en.aboutDuration(20), "about 1 minute")
        XCTAssertEqual(Language.en.aboutDuration(5 * 60 + 20), "about 5 minutes")
        XCTAssertEqual(Language.en.aboutDuration(3600), "about 1 hour")
        XCTAssertEqual(Language.en.aboutDuration(2 * 3600 + 60), "about 2 hours 1 minute")
        XCTAssertEqual(Language.uk.aboutDuration(60), "близько 1 хвилини")
        XCTAssertEqual(Language.uk.aboutDuration(2 * 60), "близько 2 хвилин")
        XCTAssertEqual(Language.uk.aboutDuration(11 * 60), "близько 11 хвилин")
        XCTAssertEqual(Language.uk.aboutDuration(21 * 60), "близько 21 хвилини")
        XCTAssertEqual(Language.uk.aboutDuration(3600 + 5 * 60), "близько 1 години 5 хвилин")
        XCTAssertEqual(Language.uk.aboutDuration(2 * 3600), "близько 2 годин")
        XCTAssertEqual(Language.uk.aboutDuration(25 * 3600), "близько 1 дня 1 години")
        XCTAssertEqual(Language.en.aboutDuration(49 * 3600), "about 2 days 1 hour")
    }
}
