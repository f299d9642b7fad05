import Foundation
import XCTest

@testable import MetroCore

/// The air-raid feed speaks for the city of Kyiv only when a region is the
/// city by name. Kyiv city and Kyiv oblast are different regions in every Ukrainian alert source
/// (alerts.in.ua, ukrainealarm.com and alerts.com.ua all list "м. Київ" apart from
/// "Київська область"), so a region whose name merely contains "Kyiv" is another region.
final class RegionIdentityTests: XCTestCase {
    func line(_ body: String) -> String { AlertFeed.parse(Data(body.utf8)).line }

    let noKyiv = "unknown: the feed lists no entry for the city of Kyiv"

    /// Each of these named another region and read as "no air-raid alert in Kyiv now".
    func testARegionThatOnlyContainsTheNameIsNotTheCity() {
        for name in [
            "Київщина", "Kyiv Province", "Kyivskyi raion, Odesa", "Not Kyiv", "Київська область", "Kyiv Oblast",
            "Kyivska oblast", "Київ-Святошинський район",
        ] {
            XCTAssertEqual(line(#"{"states":[{"name":"\#(name)","alert":false}]}"#), noKyiv, name)
            XCTAssertEqual(line(#"{"states":[{"name":"\#(name)","alert":true}]}"#), noKyiv, name)
            XCTAssertEqual(
                line(#"{"state":{"name":"\#(name)","alert":false}}"#),
                "unknown: the feed's one region ('state') is not the city of Kyiv", name)
        }
    }

    /// A top-level flag beside a region list without the city is not an answer about the city:
    /// the list says which regions it speaks for, and the city is not among them.
    func testATopLevelFlagNeverStandsInForAMissingCity() {
        XCTAssertEqual(line(#"{"alert":false,"states":[{"name":"Lviv","alert":true}]}"#), noKyiv)
        XCTAssertEqual(line(#"{"alert":true,"states":[{"name":"Київська область","alert":true}]}"#), noKyiv)
        XCTAssertEqual(line(#"{"alert":false,"states":[]}"#), noKyiv)
    }

    /// The city's own names, as the sources people use write them, in both alphabets.
    func testTheCityIsFoundByItsExactNames() {
        for name in [
            "м. Київ", "м.Київ", "Київ", "місто Київ", "Kyiv", "Kyiv City", "KYIV", "kyiv city", "City of Kyiv",
            "  м. Київ  ",
        ] {
            XCTAssertEqual(
                line(#"{"states":[{"name":"Київська область","alert":true},{"name":"\#(name)","alert":false}]}"#),
                "quiet", name)
            XCTAssertEqual(line(#"{"state":{"name":"\#(name)","alert":true}}"#), "alert", name)
        }
    }
}
