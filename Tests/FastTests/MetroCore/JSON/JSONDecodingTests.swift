import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore

/// One JSON reader: `JSONObject` parses and decodes every file the products read, held to
/// Foundation's `JSONDecoder` (which the products no longer link, but the tests can).
final class JSONDecodingTests: XCTestCase {
    /// No source outside MetroCore/JSON reads JSON by another way: no `JSONDecoder`, no
    /// `JSONSerialization`, no reader of its own.
    func testTheSourcesHaveOneJSONReader() throws {
        var readers: [String] = []
        for file in try TestPaths.swiftFiles(under: "Sources") where !file.path.hasPrefix("MetroCore/JSON/") {
            let text = file.text
            if text.contains("JSONDecoder") || text.contains("JSONSerialization") || text.contains("fastJSON") {
                readers.append(file.path)
            }
        }
        XCTAssertEqual(readers.sorted(), [], "JSON is read through MetroCore/JSON/JSONObject only")
    }

    /// What each file is decoded as in metro-timer, and how its dates are written.
    func check<T: Codable>(_ type: T.Type, corpus: String, dates: JSONObject.DateReading, lines: Bool = false) throws
        -> (same: Int, refused: Int)
    {
        let directory = TestPaths.packageRoot.appendingPathComponent("fuzz/corpus/" + corpus).path
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        switch dates {
        case .secondsSince1970:
            decoder.dateDecodingStrategy = .secondsSince1970
            encoder.dateEncodingStrategy = .secondsSince1970
        case .iso8601:
            decoder.dateDecodingStrategy = .iso8601
            encoder.dateEncodingStrategy = .iso8601
        case .deferredToDate: break
        }
        var same = 0
        var refused = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() {
            let whole = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
            let inputs = lines ? whole.split(separator: UInt8(ascii: "\n")).map { Data($0) } : [whole]
            for input in inputs {
                let theirs = try? decoder.decode(T.self, from: input)
                let ours = try? JSONObject.decode(T.self, from: Array(input), dates: dates)
                switch (theirs, ours) {
                case (let theirs?, let ours?):
                    XCTAssertEqual(try encoder.encode(ours), try encoder.encode(theirs), "\(corpus)/\(name)")
                    same += 1
                case (nil, nil): refused += 1
                default:
                    XCTFail(
                        "\(corpus)/\(name): JSONDecoder \(theirs == nil ? "refused" : "read") it, JSONObject \(ours == nil ? "refused" : "read") it"
                    )
                }
            }
        }
        return (same, refused)
    }

    /// Every seed and crash input of the fuzz corpora, decoded as metro-timer decodes it: the
    /// same value as JSONDecoder gives, or refused where it refuses.
    func testEveryCorpusFileDecodesAsJSONDecoderDecodesIt() throws {
        var total = (same: 0, refused: 0)
        for result in [
            try check(Trip.self, corpus: "trip", dates: .secondsSince1970),
            try check(JournalRecord.self, corpus: "journal", dates: .iso8601, lines: true),
            try check(Calibration.self, corpus: "calibration", dates: .secondsSince1970),
            try check(ChangesFile.self, corpus: "changes", dates: .deferredToDate),
            try check(AlertSettings.self, corpus: "settings", dates: .deferredToDate),
        ] {
            total.same += result.same
            total.refused += result.refused
        }
        XCTAssertGreaterThan(total.same, 10, "files both read")
        XCTAssertGreaterThan(total.refused, 0, "and files both refuse")
    }

    func testDecodingErrorsNameTheKeyInBothLanguages() throws {
        struct Sample: Codable {
            var name: String
            var count: Int
            var items: [Int]
        }
        func reason(_ text: String) -> Bilingual {
            switch Result(catching: { try JSONObject.decode(Sample.self, from: Array(text.utf8)) }) {
            case .success: return Bilingual("", "")
            case .failure(let error): return JSONObject.reason(error)
            }
        }
        XCTAssertEqual(reason(#"{"count":1,"items":[]}"#).en, "missing 'name'")
        XCTAssertEqual(reason(#"{"count":1,"items":[]}"#).uk, "бракує 'name'")
        XCTAssertEqual(reason(#"{"name":5,"count":1,"items":[]}"#).en, "'name' is not a string")
        XCTAssertEqual(reason(#"{"name":"a","count":1.5,"items":[]}"#).en, "'count' is not an integer")
        XCTAssertEqual(reason(#"{"name":"a","count":1,"items":[1,"x"]}"#).en, "'items[1]' is not an integer")
        XCTAssertEqual(reason(#"{"name":"a","count":1,"items":[1,2.5]}"#).en, "'items[1]' is not an integer")
        // An integer is written as one: no exponent (1e2 is no integer here, 1e-400 not 0), no
        // fraction, not even .0.
        for text in ["1e2", "1E2", "1e-400", "1.0", "-0.0", "100e-2"] {
            XCTAssertEqual(reason(#"{"name":"a","count":\#(text),"items":[]}"#).en, "'count' is not an integer", text)
        }
        XCTAssertEqual(reason(#"{"name":"a","count":-0,"items":[1]}"#).en, "", "-0 is an integer")
        // The value itself, when it is not an object: said so, not "''".
        for text in ["[]", "null", "1", #""s""#, "true"] {
            XCTAssertEqual(reason(text).en, "not a JSON object", text)
            XCTAssertEqual(reason(text).uk, "не об’єкт JSON", text)
        }
        XCTAssertEqual(reason(#"{"name":"a","items":[]}"#).en, "missing 'count'")
        XCTAssertEqual(reason(#"{"name":null,"count":1,"items":[]}"#).uk, "'name' не рядок")
        XCTAssertEqual(reason(#"{"name":"a","#).en, "the JSON ends too early at byte 12")
        XCTAssertEqual(reason(#"{"name":"a","#).uk, "JSON уривається (байт 12)")
    }
}
