import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The one JSON reader gives the trip file exactly what Foundation's JSONDecoder gives, and
/// refuses what it refuses.
final class TripDecodingTests: XCTestCase {
    func testTheReaderAgreesWithJSONDecoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        var trip = Trip(
            id: "fast", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code,
            t0: Date(timeIntervalSince1970: 1_795_987_476.4714031),
            changes: ServiceChanges(
                airRaid: true, closed: ["mr15_124"], suspended: [.init(line: "M2", from: "mb13_222", to: "mb18_227")],
                headways: ["M1": 600], dayType: .weekend))
        let trips: [Trip] = [
            Trip(
                id: "plain", origin: "mr18_127", destination: "mr12_121", t0: Date(timeIntervalSince1970: 1_800_000_000)
            ),
            {
                trip.corrections = [
                    Trip.Correction(.shift(1), at: trip.t0.addingTimeInterval(60.25)),
                    Trip.Correction(.shift(-3), at: trip.t0.addingTimeInterval(61)),
                    Trip.Correction(.at("mr13_122"), at: trip.t0.addingTimeInterval(400.5)),
                    Trip.Correction(.departed, at: trip.t0.addingTimeInterval(1000)),
                ]
                trip.alertsFired = [
                    "alert": trip.t0.addingTimeInterval(2000.125), "transfer-alert": trip.t0.addingTimeInterval(900),
                ]
                trip.ended = Trip.Ending(outcome: .stopped, time: trip.t0.addingTimeInterval(2100.5))
                return trip
            }(),
        ]
        for trip in trips {
            let data = try encoder.encode(trip)
            let fast = try Trip(json: Array(data))
            XCTAssertEqual(fast, try decoder.decode(Trip.self, from: data))
            XCTAssertEqual(fast, trip)
        }
        // Integers for times, exponents, and numbers too large for Int read as JSONDecoder reads them.
        let edges =
            #"{"alertsFired":{},"corrections":[{"kind":"shift","stops":1,"time":1.8e9}],"destination":"b","id":"x","origin":"a","t0":1800000000,"version":1}"#
        XCTAssertEqual(try Trip(json: Array(edges.utf8)), try decoder.decode(Trip.self, from: Data(edges.utf8)))
        let huge =
            #"{"alertsFired":{},"corrections":[],"destination":"b","id":"x","origin":"a","t0":99999999999999999999999,"version":1}"#
        XCTAssertEqual(try Trip(json: Array(huge.utf8)).t0, try decoder.decode(Trip.self, from: Data(huge.utf8)).t0)
        // Integers are read from the bytes up to 18 digits, through the text beyond: both agree
        // with JSONDecoder either side of the limit, and with a sign.
        for number in [
            "0", "-0", "7", "-123456789012345678", "999999999999999999", "1234567890123456789", "-9223372036854775808",
            "9223372036854775807",
        ] {
            let text =
                #"{"alertsFired":{},"corrections":[],"destination":"b","id":"x","origin":"a","t0":\#(number),"version":1}"#
            XCTAssertEqual(
                try Trip(json: Array(text.utf8)).t0, try decoder.decode(Trip.self, from: Data(text.utf8)).t0, number)
        }
        // What JSONDecoder refuses, this refuses too.
        for bad in [
            #"{"alertsFired":{},"corrections":[{"kind":"jump","time":1}],"destination":"b","id":"x","origin":"a","t0":1,"version":1}"#,
            #"{"alertsFired":{},"corrections":[],"destination":"b","id":"x","origin":"a","version":1}"#,
            #"{"alertsFired":{},"corrections":[],"destination":"b","id":"x","origin":"a","t0":"soon","version":1}"#,
            #"{"alertsFired":{},"corrections":[],"destination":"b","id":"x","origin":"a","t0":1,"version":1,"ended":{"outcome":"teleported","time":1}}"#,
            "{", "", "[", "{\"a\":", #"{"t0": 1e999}"#, String(repeating: "[", count: 100_000),
        ] {
            XCTAssertThrowsError(try decoder.decode(Trip.self, from: Data(bad.utf8)), bad)
            XCTAssertThrowsError(try Trip(json: Array(bad.utf8)), bad)
        }
    }
}
