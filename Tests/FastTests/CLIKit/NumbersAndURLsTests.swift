import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// One number parser and strict URLs. `--headway 0x10` and `--speed 0x10`
/// were taken as 16 (Swift's `Double` reads hexadecimal, exponents, "inf" and "nan") while
/// `--timeout` and `--last` refused hex; `--last +5` was taken; an alert URL with a space in
/// its host was stored.
final class NumbersAndURLsTests: XCTestCase {
    let plan = ["plan", "Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30"]

    /// What is not plain decimal, refused by every option that takes a number, with exit 64.
    static let notDecimal = [
        "0x10", "0X10", "1e1", "1E1", "inf", "nan", "+5", "-5", " 5", "5 ", "1_0", "٥", "１０", "0x1p4", "5.", ".5.5", "",
    ]

    func testEveryNumberOptionTakesPlainDecimalOnly() {
        let config = TestPaths.isolated()
        for text in Self.notDecimal {
            // (`start --again` with no trip before: a speed taken goes on to "no previous trip",
            // never to a live ride that would hold the test.)
            for (what, arguments, said) in [
                ("--headway", plan + ["--headway", text], "headway"),
                ("--headway M1=", plan + ["--headway", "M1=" + text], "headway"),
                ("--speed", ["start", "--again", "--speed", text], "speed"),
                ("--timeout", ["alerts", "enable", "--url", "https://example.org/feed", "--timeout", text], "timeout"),
                ("--last", ["journal", "--last", text], "--last"),
            ] {
                let result = CLI.run(arguments, environment: ["METRO_TIMER_CONFIG": config])
                XCTAssertEqual(result.code, 64, "\(what) '\(text)': \(result.stdout)\(result.stderr)")
                XCTAssertTrue(result.stderr.hasPrefix("Error: "), "\(what) '\(text)': \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(said), "\(what) '\(text)': \(result.stderr)")
            }
        }
        // Plain decimal still reads, fractions where the option takes them.
        XCTAssertEqual(CLI.run(plan + ["--headway", "10"]).code, 0)
        XCTAssertEqual(CLI.run(plan + ["--headway", "M1=2.5"]).code, 0)
        XCTAssertEqual(CLI.run(["journal", "--last", "3"]).code, 0)
        // The limits are the ones the help states, at both ends.
        XCTAssertEqual(CLI.run(plan + ["--headway", "60"]).code, 0)
        XCTAssertEqual(CLI.run(plan + ["--headway", "60.1"]).code, 64)
        XCTAssertEqual(CLI.run(plan + ["--headway", "0.9"]).code, 64)
    }

    func testAnAdjustmentIsASignAndADecimalNumber() {
        for text in ["+-1", "-+1", "+0x1", "+1e0", "++1", "+ 1"] {
            let result = CLI.run(["adjust", text])
            XCTAssertEqual(result.code, 64, "'\(text)': \(result.stderr)")
        }
    }

    /// The value echoed in the refusal is quoted like any text from the command line.
    func testARefusedNumberIsEchoedQuoted() {
        let result = CLI.run(plan + ["--headway", "1\u{1B}[2J"])
        XCTAssertEqual(result.code, 64)
        XCTAssertFalse(result.stderr.contains("\u{1B}"), result.stderr)
    }

    /// RFC 3986's grammar, strictly: a host is letters, digits, hyphens and dots (or an IP
    /// literal), a port is a number to 65535, and nothing outside the URL alphabet anywhere.
    func testAlertURLsAreParsedStrictly() {
        for url in [
            "https://exa mple.org/feed", "https://example.org /feed", "https://example.org/a b",
            "https://example.org/\u{7F}",
            "https://exa\u{0}mple.org/", "https://example.org:99999/", "https://example.org:/x",
            "https://example.org:8a/",
            "https://-example.org/", "https://example..org/", "https://exa_mple.org/", "https://[::1/",
            "https://[zz::1]/",
            "https:///feed", "https://user@/feed", "https://прикл.укр/", "https://example.org/%zz",
            "https://example.org/\"x\"",
            "https:/example.org/", "https:example.org", "//example.org/", "https://example.org\\@evil.org/",
        ] {
            XCTAssertNotNil(AlertFeed.urlProblem(url), url)
            let config = TestPaths.isolated()
            let result = CLI.run(["alerts", "enable", "--url", url], environment: ["METRO_TIMER_CONFIG": config])
            XCTAssertEqual(result.code, 64, "\(url): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: config + "/alerts.json"), url)
        }
        for url in [
            "https://example.org/feed", "https://api.alerts.example:8443/v1/states?token=a%20b&x=1",
            "http://127.0.0.1:8080/kyiv.json",
            "http://localhost/x", "http://[::1]:9/x", "https://user:pa%24s@example.org/",
            "https://xn--80aafi6cf.xn--j1amh/", "https://EXAMPLE.org",
        ] {
            XCTAssertNil(AlertFeed.urlProblem(url), url)
        }
    }
}
