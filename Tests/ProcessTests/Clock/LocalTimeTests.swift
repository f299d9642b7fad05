import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore

/// Local times on Kyiv's two clock-change days of 2026. The rule (EU, kept by Ukraine since
/// 1996): forward at 01:00 UTC on the last Sunday of March (2026-03-29: 03:00 EET becomes 04:00
/// EEST), back at 01:00 UTC on the last Sunday of October (2026-10-25: 04:00 EEST becomes 03:00
/// EET). The expected instants below are those UTC times, read by Foundation's ISO 8601 parser.
final class LocalTimeTests: XCTestCase {
    func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
    let march29 = ServiceClock.ServiceDay(year: 2026, month: 3, day: 29)
    let october25 = ServiceClock.ServiceDay(year: 2026, month: 10, day: 25)

    func testTheClockChangeDaysInTheCore() {
        let clock = Kyiv.clock
        // 03:30 in March never happens: the last second before is 00:59:59Z (02:59:59 EET),
        // the first after 01:00:00Z (04:00:00 EEST).
        XCTAssertEqual(
            clock.localTime(march29, seconds: 3 * 3600 + 1800),
            .skipped(before: utc("2026-03-29T00:59:59Z"), after: utc("2026-03-29T01:00:00Z")))
        XCTAssertEqual(
            clock.localTime(march29, seconds: 3 * 3600),
            .skipped(before: utc("2026-03-29T00:59:59Z"), after: utc("2026-03-29T01:00:00Z")))
        XCTAssertEqual(clock.localTime(march29, seconds: 4 * 3600), .unique(utc("2026-03-29T01:00:00Z")))
        // 02:59 on the calendar day 29 March belongs to the service day before.
        let march28 = ServiceClock.ServiceDay(year: 2026, month: 3, day: 28)
        XCTAssertEqual(
            clock.localTime(march28, seconds: 86_400 + 2 * 3600 + 59 * 60), .unique(utc("2026-03-29T00:59:00Z")))
        // 03:30 in October happens at 00:30Z (EEST, +03:00) and again at 01:30Z (EET, +02:00).
        XCTAssertEqual(
            clock.localTime(october25, seconds: 3 * 3600 + 1800),
            .repeated(first: utc("2026-10-25T00:30:00Z"), second: utc("2026-10-25T01:30:00Z")))
        XCTAssertEqual(clock.localTime(october25, seconds: 4 * 3600), .unique(utc("2026-10-25T02:00:00Z")))
        XCTAssertEqual(
            clock.localTime(october25, seconds: 86_400 + 2 * 3600), .unique(utc("2026-10-26T00:00:00Z")),
            "02:00 the night after: 26 October, EET")
        // Any other day: one moment.
        XCTAssertEqual(
            clock.localTime(.init(year: 2026, month: 11, day: 30), seconds: 10 * 3600),
            .unique(utc("2026-11-30T08:00:00Z")))
        XCTAssertEqual(
            clock.localTime(.init(year: 2026, month: 7, day: 1), seconds: 3 * 3600 + 1800),
            .unique(utc("2026-07-01T00:30:00Z")))
    }

    /// The text with its line wrapping undone (the plan wraps notes to the terminal's width).
    static func words(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    func testATimeTheClocksSkipIsRefusedWithTheNearestThatExist() throws {
        for at in ["03:00", "03:30", "03:59"] {
            let result = CLI.run(["plan", "Lisova", "Darnytsia", "--date", "2026-03-29", "--at", at])
            XCTAssertEqual(result.code, 64, at)
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(
                result.stderr.split(separator: "\n").first.map(String.init),
                "Error: There is no \(at) on 2026-03-29 in Kyiv: the clocks go forward from 03:00 to 04:00. The nearest times that exist are 04:00 and --date 2026-03-28 --at 02:59"
            )
        }
        let uk = CLI.run(["plan", "Lisova", "Darnytsia", "--date", "2026-03-29", "--at", "03:30", "--lang", "uk"])
        XCTAssertEqual(uk.code, 64)
        XCTAssertTrue(
            uk.stderr.hasPrefix("Помилка: 03:30 2026-03-29 у Києві не буває: годинники переводять з 03:00 на 04:00."),
            uk.stderr)
        // The times either side are planned as asked.
        // 04:00+03:00 is 01:00 UTC, before the first train (05:34:45+03:00, 02:34:45 UTC).
        XCTAssertTrue(
            Self.words(CLI.run(["plan", "Lisova", "Darnytsia", "--date", "2026-03-29", "--at", "04:00"]).stdout)
                .contains("the 05:34:45 from Lisova, 1 h 34 min 45 s later"))
        XCTAssertTrue(
            CLI.run(["plan", "Lisova", "Darnytsia", "--date", "2026-03-28", "--at", "02:59", "--json"]).stdout.contains(
                #""departure" : "2026-03-29T02:59:00+02:00""#))
        // A rehearsal's start is read the same way. (A real process: were the time taken, the
        // rehearsal would run to its end, a few seconds at this speed, not hang the suite.)
        let rehearsal = try ProcessRunner.run(
            "metro-timer",
            ["start", "Lisova", "Darnytsia", "--date", "2026-03-29", "--at", "03:30", "--speed", "600", "--plain"],
            environment: ["METRO_TIMER_ALERT_BACKEND": "off", "LANG": "C.UTF-8"])
        XCTAssertEqual(rehearsal.code, 64, rehearsal.stdout)
        XCTAssertTrue(rehearsal.stderr.hasPrefix("Error: There is no 03:30 on 2026-03-29 in Kyiv"), rehearsal.stderr)
    }

    func testATimeTheClocksPassTwiceIsTheFirstSaysSoAndTakesAnOffset() {
        // 03:30 comes before the first train (05:34:45+02:00 from Lisova, 03:34:45 UTC): the plan
        // is the first train's, and how long until it tells which 03:30 was read (00:30 UTC for
        // +03:00, 01:30 UTC for +02:00).
        let plain = CLI.run(["plan", "Lisova", "Darnytsia", "--date", "2026-10-25", "--at", "03:30"])
        XCTAssertEqual(plain.code, 0, plain.stderr)
        XCTAssertTrue(Self.words(plain.stdout).contains("the 05:34:45 from Lisova, 3 h 4 min 45 s later"), plain.stdout)
        XCTAssertEqual(
            plain.stderr,
            "note: 03:30 on 2026-10-25 happens twice in Kyiv (the clocks go back); this is the first, 03:30+03:00. For the second: --at 03:30+02:00.\n"
        )
        let second = CLI.run(["plan", "Lisova", "Darnytsia", "--date", "2026-10-25", "--at", "03:30+02:00"])
        XCTAssertEqual(second.code, 0, second.stderr)
        XCTAssertEqual(second.stderr, "", "chosen: nothing to say")
        XCTAssertTrue(
            Self.words(second.stdout).contains("the 05:34:45 from Lisova, 2 h 4 min 45 s later"), second.stdout)
        let first = CLI.run(["plan", "Lisova", "Darnytsia", "--date", "2026-10-25", "--at", "03:30+03:00"])
        XCTAssertEqual(first.stderr, "")
        XCTAssertTrue(Self.words(first.stdout).contains("the 05:34:45 from Lisova, 3 h 4 min 45 s later"), first.stdout)
        let wrong = CLI.run(["plan", "Lisova", "Darnytsia", "--date", "2026-10-25", "--at", "03:30+04:00"])
        XCTAssertEqual(wrong.code, 64)
        XCTAssertTrue(
            wrong.stderr.hasPrefix(
                "Error: 03:30 on 2026-10-25 happens twice in Kyiv: 03:30+03:00 and 03:30+02:00, not +04:00\n"),
            wrong.stderr)
        // An offset on an ordinary day must be that day's.
        XCTAssertEqual(CLI.run(["plan", "Lisova", "Darnytsia", "--date", "2026-11-30", "--at", "10:00+02:00"]).code, 0)
        let winter = CLI.run(["plan", "Lisova", "Darnytsia", "--date", "2026-11-30", "--at", "10:00+03:00"])
        XCTAssertEqual(winter.code, 64)
        XCTAssertTrue(
            winter.stderr.hasPrefix("Error: 10:00 on 2026-11-30 in Kyiv is 10:00+02:00, not +03:00\n"), winter.stderr)
        let uk = CLI.run(["plan", "Lisova", "Darnytsia", "--date", "2026-10-25", "--at", "03:30", "--lang", "uk"])
        XCTAssertTrue(uk.stderr.hasPrefix("примітка: 03:30 2026-10-25 у Києві буває двічі"), uk.stderr)
    }
}
