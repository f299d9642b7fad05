import Foundation
import XCTest

@testable import MetroCore

/// The Foundation-free JSON reader and writer, held to `JSONSerialization` (full Foundation),
/// which the products no longer link but the tests still can.
final class JSONObjectTests: XCTestCase {
    let samples: [String] = [
        #"{"version":1,"trips":[{"id":"a","behind":-3,"late":0.25}],"empty":[],"none":{},"flag":true,"off":false,"nothing":null}"#,
        #"{"text":"Лісова → Теремки «Україна» ’ \"quoted\" back\\slash / tab\t nl\n cr\r \u0001 \u001f","big":123456789012}"#,
        #"[1,-2,3.5,1e3,-0.125,[[]],{"a":{"b":{"c":[1,2,{}]}}}]"#,
        #"{"emoji":"\ud83d\ude87 metro","escaped":"\u0041\u0436"}"#,
    ]

    /// What `JSONSerialization` writes for a value, sorted and without escaped slashes.
    func foundation(_ object: Any, pretty: Bool) throws -> String {
        var options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        if pretty { options.insert(.prettyPrinted) }
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: options), as: UTF8.self)
    }

    func testParsingThenWritingMatchesFoundationCompactAndPretty() throws {
        for sample in samples {
            let bytes = Array(sample.utf8)
            let ours = try JSONObject.parse(bytes)
            let theirs = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            for pretty in [false, true] {
                XCTAssertEqual(
                    JSONObject.serialize(ours, pretty: pretty), try foundation(theirs, pretty: pretty), sample)
            }
        }
    }

    func testWritingWhatTheCommandsBuildMatchesFoundation() throws {
        let object: [String: Any] = [
            "version": 1, "event": "alert", "time": "2026-11-30T08:50:44+02:00", "stationNameUk": "Іподром",
            "alerts": [["alert": "alert", "means": "yours is next"], ["alert": "arrival"]], "notifierPID": 4242,
            "share": 0.5, "count": 0, "negative": -17, "nested": ["a": [Int](), "b": [String: Any]()],
        ]
        XCTAssertEqual(JSONObject.serialize(object), try foundation(object, pretty: false))
        XCTAssertEqual(JSONObject.serialize(object, pretty: true), try foundation(object, pretty: true))
    }

    func testBadJSONIsRefusedWithThePlace() {
        for (text, offset) in [
            ("{\"a\":}", 5), ("[1,2", 4), ("{\"a\" 1}", 5), ("01", 1), ("\"\\x\"", 2), ("[1] x", 4), ("", 0),
            ("{\"a\":tru}", 8),
        ] {
            XCTAssertThrowsError(try JSONObject.parse(Array(text.utf8)), text) { error in
                XCTAssertEqual((error as? JSONObject.ParseError)?.offset, offset, text)
            }
            XCTAssertThrowsError(
                try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]),
                "Foundation agrees: \(text)")
        }
    }

    func testDuplicateKeysAreRefusedWhenAsked() throws {
        let text = Array(#"{"alert": false, "alert": true}"#.utf8)
        XCTAssertEqual((try JSONObject.parse(text) as? [String: Any])?["alert"] as? Bool, true)
        XCTAssertThrowsError(try JSONObject.parse(text, rejectDuplicateKeys: true)) { error in
            XCTAssertEqual((error as? JSONObject.ParseError)?.message, "the key 'alert' is given twice")
        }
    }

    func testNumbersKeepTheirKind() throws {
        let values = try XCTUnwrap(
            try JSONObject.parse(Array("[7, 7.0, 7e0, -0, 9223372036854775807, 9223372036854775808]".utf8)) as? [Any])
        XCTAssertEqual(values[0] as? Int, 7)
        XCTAssertEqual(values[1] as? Double, 7)
        XCTAssertEqual(values[2] as? Double, 7)
        XCTAssertEqual(values[4] as? Int, Int.max)
        XCTAssertEqual(values[5] as? Double, 9_223_372_036_854_775_808)
        XCTAssertEqual(JSONObject.double(values[0]), 7)
    }
}
