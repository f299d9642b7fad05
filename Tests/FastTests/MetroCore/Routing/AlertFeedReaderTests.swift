import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import metro_timer_alerts

/// The feed's JSON is read without JSONSerialization now (it brings ICU into a static build):
/// every answer gets the verdict a JSONSerialization reading gives under the rules
/// (an alert that is not true or false is unknown) and the strict schema (a region
/// that is not {"name": text, "alert": true or false} is unknown), kept here as the reference.
final class AlertFeedReaderTests: XCTestCase {
    /// JSONSerialization's reading, with the booleans JSON spelt as booleans only (the reasons
    /// in English: the verdicts are compared by their lines).
    static func reference(_ data: Data) -> AlertFeed.Verdict {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return .unknown(Bilingual("", "the feed did not answer with a JSON object"))
        }
        // The city by its whole name, case and spacing aside (a name that only
        // contains "Kyiv" is another region).
        func isKyivCity(_ name: String) -> Bool {
            let whole = name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return [
                "м. київ", "м.київ", "місто київ", "київ", "київ (місто)", "kyiv", "kyiv city", "city of kyiv",
                "kyiv (city)",
                "m. kyiv", "misto kyiv", "kiev", "kiev city", "city of kiev",
            ].contains(whole)
        }
        func boolean(_ value: Any) -> Bool? {
            guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else { return nil }
            return number.boolValue
        }
        // The schema: a region is an object with a text "name" and a boolean
        // "alert"; "state" is one region, the city's; "states" is a list of regions.
        func region(_ value: Any) -> (name: String, alert: Any)? {
            guard let region = value as? [String: Any], let name = region["name"] as? String,
                let alert = region["alert"], boolean(alert) != nil
            else { return nil }
            return (name, alert)
        }
        let notARegion = Bilingual(
            "", "an entry in the feed's regions is not {\"name\": text, \"alert\": true or false}")
        var places: [Any] = []
        var listedWithoutKyiv = false
        if let value = object["alert"] { places.append(value) }
        if let value = object["state"] {
            guard let state = region(value) else { return .unknown(notARegion) }
            guard isKyivCity(state.name) else {
                return .unknown(Bilingual("", "the feed's one region ('state') is not the city of Kyiv"))
            }
            places.append(state.alert)
        }
        if let value = object["states"] {
            guard let list = value as? [Any] else {
                return .unknown(Bilingual("", "the feed's 'states' is not a list of regions"))
            }
            let regions = list.map(region)
            if regions.contains(where: { $0 == nil }) { return .unknown(notARegion) }
            let kyiv = regions.compactMap { $0 }.filter { isKyivCity($0.name) }
            if kyiv.count > 1 { return .unknown(Bilingual("", "the feed lists the city of Kyiv more than once")) }
            if let value = kyiv.first?.alert { places.append(value) } else { listedWithoutKyiv = true }
        }
        var said: [Bool] = []
        for place in places {
            guard let alert = boolean(place) else {
                return .unknown(Bilingual("", "the feed's alert for Kyiv is not true or false"))
            }
            said.append(alert)
        }
        // A region list without the city is no answer, whatever flag stands beside it.
        if listedWithoutKyiv { return .unknown(Bilingual("", "the feed lists no entry for the city of Kyiv")) }
        guard let first = said.first else { return .unknown(Bilingual("", "the feed's answer has no alert field")) }
        guard said.allSatisfy({ $0 == first }) else {
            return .unknown(Bilingual("", "the feed contradicts itself about Kyiv"))
        }
        return first ? .alert : .quiet
    }

    /// Where the reading is stricter or kinder than JSONSerialization's, on purpose: a trailing
    /// comma is not JSON (RFC 8259), and a lone surrogate escape reads as U+FFFD.
    func testWhereTheReadingDiffersOnPurpose() {
        XCTAssertEqual(
            AlertFeed.parse(Data(#"{"alert": true,}"#.utf8)).line, "unknown: the feed did not answer with a JSON object"
        )
        XCTAssertEqual(AlertFeed.parse(Data("{\"name\": \"\\ud800\", \"alert\": true}".utf8)), .alert)
    }

    func testEveryAnswerReadsAsBefore() {
        let bodies = [
            #"{"alert": true}"#, #"{"alert": false}"#, #"{"alert": 1}"#, #"{"alert": 0}"#, #"{"alert": 1.0}"#,
            #"{"alert": 2}"#,
            #"{"alert": "true"}"#, #"{"alert": null}"#, #"{"alert": [true]}"#, "[true]", "true", "\"alert\"", "", " ",
            "{", "{}",
            #" {"alert": true} "#, #"{"alert": true} x"#, "{\"alert\": true}\n",
            #"{"state": {"name": "м. Київ", "alert": true}}"#, #"{"state": {"alert": false}}"#, #"{"state": true}"#,
            #"{"state": {"alert": 1}, "alert": false}"#,
            #"{"states": [{"name": "м. Київ", "alert": true}]}"#, #"{"states": [{"name": "Kyiv City", "alert": 0}]}"#,
            #"{"states": [{"name": "Київська область", "alert": true}, {"name": "м. Київ", "alert": false}]}"#,
            #"{"states": [{"name": "KYIV", "alert": true}, {"name": "kyiv region", "alert": false}]}"#,
            #"{"states": [1, {"name": "м. Київ", "alert": true}]}"#, #"{"states": [{"name": 5, "alert": true}]}"#,
            #"{"states": [{"name": "м. Київ"}], "alert": true}"#, #"{"states": [{"name": "м. Київ"}]}"#,
            #"{"states": []}"#,
            #"{"states": {"name": "м. Київ", "alert": true}}"#,
            #"{"states": [{"name": "Львівська область", "alert": true}]}"#,
            #"{"alert": false, "states": [{"name": "м. Київ", "alert": true}]}"#,
            #"{"states": [{"name": "м. Київ", "alert": false}, {"name": "Kyiv City", "alert": true}]}"#,
            #"{"alert": 1e400}"#, #"{"alert": -0}"#, #"{"alert": 0.0, "state": {"alert": false}}"#,
            #"{"a": {"b": {"c": [[[[{"alert": true}]]]]}}, "alert": false}"#, #"{"м. Київ": true}"#,
            "\u{FEFF}{\"alert\": true}",
            String(repeating: "[", count: 100_000),
            String(repeating: "{\"a\":", count: 5000) + "1" + String(repeating: "}", count: 5000),
        ]
        for body in bodies {
            let data = Data(body.utf8)
            XCTAssertEqual(
                AlertFeed.parse(data).line, Self.reference(data).line,
                body.count > 200 ? "\(body.prefix(40))… (\(body.count))" : body)
        }
    }
}
