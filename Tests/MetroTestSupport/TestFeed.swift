import Foundation
import MetroCore
import MetroData
import XCTest

/// The GTFS feed of the shipped data, made once for every test that reads it: the feed's own
/// tests, its headways against the published intervals, and the trains near the edges of the
/// day that plan's answers are checked against.
package enum TestFeed {
    package static let feed: GTFSFeed = {
        let input = try! TestPaths.compilerInput(TestPaths.data)
        let document = try! TimetableCompiler.compile(input)
        let track = try! TimetableCompiler.track(
            input, lines: document.lines,
            stations: Dictionary(uniqueKeysWithValues: document.stations.map { ($0.code, $0) }))
        return GTFSFeed(
            network: Network(document: document), track: track, clock: Kyiv.clock,
            options: .init(start: .init(year: 2026, month: 3, day: 10), end: .init(year: 2027, month: 3, day: 9)))
    }()

    /// The feed's files, in the order the ZIP holds them.
    package static let files = feed.files()

    /// A feed file as rows of named fields, read with the compiler's CSV reader.
    package static func table(_ name: String) throws -> [[String: String]] {
        let text = try XCTUnwrap(files.first { $0.name == name }?.contents, name)
        let table = try CSVTable(
            file: name, text: text, columns: String(text.prefix { $0 != "\n" }).components(separatedBy: ","))
        return table.rows.map { Dictionary(uniqueKeysWithValues: zip(table.header, $0.fields)) }
    }
}
