import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore

/// The documents say what the product does and the data hold.
final class DocumentsAgreeTests: XCTestCase {
    /// `timetable-gen gtfs --help` (and so its man page) said the agency URL defaults to the
    /// dataset's page; the feed it writes says otherwise. Both read from the real binary.
    func testTheGTFSHelpGivesTheAgencyURLTheFeedWrites() throws {
        let directory = try TestPaths.temporaryDirectory(self) + "/feed"
        let written = try ProcessRunner.run(
            "timetable-gen", ["gtfs", "--output", directory], currentDirectory: TestPaths.packageRoot.path)
        XCTAssertEqual(written.code, 0, written.stderr)
        let agency = try String(contentsOfFile: directory + "/agency.txt", encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let url = try XCTUnwrap(agency.first.flatMap { $0.firstIndex(of: "agency_url") }.map { agency[1][$0] })
        let help = try ProcessRunner.run("timetable-gen", ["gtfs", "--help"])
        // The option's entry, with the lines the help wraps it onto (indented, no option of their own).
        let lines = help.stdout.split(separator: "\n").map(String.init)
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  --agency-url") }, help.stdout)
        let entry =
            ([lines[start]]
            + lines[(start + 1)...].prefix {
                $0.hasPrefix("   ") && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("-")
            })
            .joined(separator: " ").split(separator: " ").joined(separator: " ")
        XCTAssertTrue(entry.contains("(default: \(url))"), "\(url) in: \(entry)")
        let manual = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("man/timetable-gen.1"), encoding: .utf8)
        XCTAssertTrue(manual.replacingOccurrences(of: "\\-", with: "-").contains(url), "the man page names \(url)")
    }

    /// Data/README.md said "some" entrances close before the last trains; in the data every
    /// station's do, before every last train from it (counted here from the two CSV files).
    func testTheDataReadmeCountsTheEntrancesThatCloseBeforeTheLastTrains() throws {
        func seconds(_ text: String) -> Int {
            let parts = text.split(separator: ":").map { Int($0)! }
            let value = parts[0] * 3600 + parts[1] * 60 + (parts.count > 2 ? parts[2] : 0)
            return value < 3 * 3600 ? value + 86400 : value
        }
        var last: [String: Int] = [:]
        for row in try RawCSV.rows("kyiv-timetable.csv") where !(row["last_departure"] ?? "").isEmpty {
            last[row["station"]!] = min(last[row["station"]!] ?? .max, seconds(row["last_departure"]!))
        }
        let entrances = try RawCSV.rows("kyiv-entrances.csv")
        let before = entrances.filter { seconds($0["closes"]!) < last[$0["station"]!]! }.count
        let readme = try String(contentsOfFile: TestPaths.data + "/README.md", encoding: .utf8).replacingOccurrences(
            of: "\n", with: " ")
        XCTAssertFalse(readme.contains("Some entrances close"), "not \"some\"")
        XCTAssertTrue(
            readme.contains("all \(before) of \(entrances.count) stations"),
            "the count, \(before) of \(entrances.count)")
    }

    /// Every spelling's source is named: the city's station layer, letter for letter (Золоті
    /// Ворота, with the capital the layer gives it).
    func testTheDataReadmeSaysWhereEachSpellingComesFrom() throws {
        let readme = try String(contentsOfFile: TestPaths.data + "/README.md", encoding: .utf8).replacingOccurrences(
            of: "\n", with: " ")
        XCTAssertTrue(readme.contains("### Where the spellings come from"), readme)
        let stations = try RawCSV.rows("kyiv-stations.csv")
        XCTAssertTrue(readme.contains("all \(stations.count) Ukrainian and English names"))
        XCTAssertTrue(stations.contains { $0["name_uk"] == "Золоті Ворота" })
        XCTAssertTrue(readme.contains("«Золоті Ворота»"))
    }
}
