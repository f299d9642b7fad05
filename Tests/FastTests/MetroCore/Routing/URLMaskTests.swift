import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// A feed URL's password was shown in `alerts status`, `about` and errors when the URL
/// was written `//user:pw@host/` or `https:/user:pw@host/`. Every form is masked.
final class URLMaskTests: XCTestCase {
    func testAPasswordIsMaskedInEveryFormOfTheURL() throws {
        for (url, shown) in [
            ("//user:pw@host/", "//***@host/"),
            ("https:/user:pw@host/", "https:/***@host/"),
            ("https:user:pw@host/", "***@host/"),
            ("https:\\\\user:pw@host/", "https:\\\\***@host/"),
            ("https:///user:pw@host/", "https:///***@host/"),
            ("https://user:pw@host@evil/x?k=v#f", "https://***@evil/x?k=***#***"),
            ("https://example.org/feed", "https://example.org/feed"),
        ] {
            XCTAssertEqual(Quote.url(url), shown, url)
            XCTAssertFalse(Quote.url(url).contains("pw"), url)
        }
        // Where it is shown: the refusal, the status and `about`.
        let config = try TestPaths.temporaryDirectory(self) + "/config"
        let environment = ["METRO_TIMER_CONFIG": config, "NO_COLOR": "1"]
        let refused = CLI.run(
            ["alerts", "enable", "--url", "//user:s3cret@example.org/feed"], environment: environment)
        XCTAssertEqual(refused.code, 64, refused.stderr)
        XCTAssertFalse(refused.stderr.contains("s3cret"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("//***@example.org/feed"), refused.stderr)
        try FileManager.default.createDirectory(
            atPath: config, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try #"{"version":1,"enabled":true,"url":"https:/user:s3cret@127.0.0.1/feed","timeoutMilliseconds":1500}"#
            .write(toFile: config + "/alerts.json", atomically: true, encoding: .utf8)
        for arguments in [["alerts", "status"], ["about"], ["about", "--json"]] {
            let result = CLI.run(arguments, environment: environment)
            XCTAssertFalse(
                (result.stdout + result.stderr).contains("s3cret"), "\(arguments): \(result.stdout)\(result.stderr)")
        }
    }
}
