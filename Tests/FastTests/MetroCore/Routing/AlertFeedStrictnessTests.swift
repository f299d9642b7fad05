import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The alert feed says "unknown" whenever it does not plainly say true or false.
final class AlertFeedStrictnessTests: XCTestCase {
    func verdict(_ text: String) -> AlertFeed.Verdict { AlertFeed.parse(Data(text.utf8)) }

    func isUnknown(_ verdict: AlertFeed.Verdict) -> Bool {
        if case .unknown = verdict { return true }
        return false
    }

    func testAnAlertThatIsNotABooleanIsUnknown() {
        for text in [
            #"{"alert": false, "states": [{"name": "м. Київ", "alert": "yes"}]}"#,
            #"{"states": [{"name": "м. Київ", "alert": 1}]}"#,
            #"{"states": [{"name": "м. Київ", "alert": 0}]}"#,
            #"{"alert": 1}"#,
            #"{"alert": false, "state": {"name": "м. Київ", "alert": null}}"#,
            #"{"alert": "yes"}"#,
        ] {
            XCTAssertTrue(isUnknown(verdict(text)), "\(text): \(verdict(text))")
        }
        XCTAssertEqual(verdict(#"{"alert": 1}"#).line, "unknown: the feed's alert for Kyiv is not true or false")
        // Another region's odd value: the answer is not the one schema (the strict feed,
        // AlertFeedTests), so it is unknown too, never read around.
        XCTAssertTrue(
            isUnknown(
                verdict(
                    #"{"states": [{"name": "Львівська область", "alert": "yes"}, {"name": "м. Київ", "alert": true}]}"#)
            ))
    }

    func testADuplicatedKeyIsUnknownNotLastWins() {
        for text in [
            #"{"alert": false, "alert": true}"#,
            #"{"alert": true, "alert": true}"#,
            #"{"states": [{"name": "м. Київ", "alert": false, "alert": true}]}"#,
            #"{"alert": false, "al\u0065rt": true}"#,
            #"{"states": [{"name": "м. Київ", "name": "Львів", "alert": false}]}"#,
        ] {
            XCTAssertEqual(verdict(text).line, "unknown: the feed's answer repeats a key", text)
        }
        // The same key in two different objects is no repetition.
        XCTAssertEqual(
            verdict(
                #"{"states": [{"name": "Львівська область", "alert": true}, {"name": "м. Київ", "alert": false}]}"#),
            .quiet)
        XCTAssertEqual(verdict(#"{"alert": false, "x": {"alert": true}, "s": "{\"alert\": 1, \"alert\": 2}"}"#), .quiet)
    }
}
