import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroData
@testable import MetroLab

/// The embedded network, checked against what the city publishes.
final class NetworkDataTests: XCTestCase {
    let network = Network.kyiv

    func testFiftyTwoStationsOnThreeLinesInOfficialOrder() {
        XCTAssertEqual(network.stations.count, 52)
        XCTAssertEqual(network.lines.map(\.id), ["M1", "M2", "M3"])
        XCTAssertEqual(network.lines.map(\.stations.count), [18, 18, 16])
        // Official order: M1 Akademmistechko → Lisova, M2 Heroiv Dnipra → Teremky,
        // M3 Syrets → Chervonyi khutir; codes number the stations in that order.
        let ends = network.lines.map {
            (network.station($0.stations.first!)!.nameEn, network.station($0.stations.last!)!.nameEn)
        }
        XCTAssertEqual(ends.map(\.0), ["Akademmistechko", "Heroiv Dnipra", "Syrets"])
        XCTAssertEqual(ends.map(\.1), ["Lisova", "Teremky", "Chervonyi khutir"])
        for line in network.lines {
            let orders = line.stations.map { network.station($0)!.order }
            XCTAssertEqual(orders, Array(1...line.stations.count), line.id)
            XCTAssertEqual(line.stations, line.stations.sorted(), "codes follow official order on \(line.id)")
        }
    }

    func testAllFortyNineAdjacentPairsAreTimedInBothDirections() {
        var pairs = 0
        for line in network.lines {
            for (a, b) in zip(line.stations, line.stations.dropFirst()) {
                pairs += 1
                for (from, to) in [(a, b), (b, a)] {
                    guard let segment = network.segment(from: from, to: to) else {
                        return XCTFail("no segment \(from) → \(to)")
                    }
                    XCTAssertGreaterThan(segment.runSeconds, 0)
                    XCTAssertEqual(segment.runSeconds + segment.dwellSeconds, segment.gapSeconds)
                    XCTAssert((60...420).contains(segment.gapSeconds), "\(from) → \(to): \(segment.gapSeconds) s")
                }
            }
        }
        XCTAssertEqual(pairs, 49)
        XCTAssertEqual(network.document.segments.count, 98)
    }

    func testSegmentsAreMediansOfThePublishedDepartureGaps() throws {
        // Recompute one segment from the CSV by hand: Teatralna → Khreshchatyk forward uses the
        // first and last trains' departures at both stations.
        let rows = try RawCSV.rows("kyiv-timetable.csv")
        func seconds(_ code: String, _ direction: String, _ column: String) throws -> Int {
            let row = try XCTUnwrap(rows.first { $0["station"] == code && $0["direction"] == direction })
            return try TimeOfDay.parseClock(row[column]!)
        }
        let first =
            try seconds("mr11_120", "forward", "first_departure") - seconds("mr10_119", "forward", "first_departure")
        let last =
            try seconds("mr11_120", "forward", "last_departure") - seconds("mr10_119", "forward", "last_departure")
        let segment = try XCTUnwrap(network.segment(from: "mr10_119", to: "mr11_120"))
        XCTAssertEqual(segment.sampleGaps.sorted(), [first, last].sorted())
        XCTAssertEqual(segment.gapSeconds, (first + last + 1) / 2)
        XCTAssertEqual(segment.basis, .measured)
        XCTAssertTrue(network.document.assumptions.dwellAssumed)
        XCTAssertEqual(segment.dwellSeconds, network.document.assumptions.dwellSeconds)
    }

    func testDepotEntriesAreDiscardedAndTerminalArrivalsBorrowTheirMirror() throws {
        // Sviatoshyn's first forward train (05:40:15) enters from the depot before
        // Zhytomyrska's (05:53:25): a negative gap that must not become a sample.
        let segment = try XCTUnwrap(network.segment(from: "mr02_111", to: "mr03_112"))
        XCTAssertEqual(segment.sampleGaps, [155])
        // Nothing departs Lisova forward, so Chernihivska → Lisova borrows the reverse figure.
        let toLisova = try XCTUnwrap(network.segment(from: "mr17_126", to: "mr18_127"))
        let fromLisova = try XCTUnwrap(network.segment(from: "mr18_127", to: "mr17_126"))
        XCTAssertEqual(toLisova.basis, .mirror)
        XCTAssertEqual(toLisova.sampleGaps, [])
        XCTAssertEqual(toLisova.gapSeconds, fromLisova.gapSeconds)
    }

    func testEachPairOfLinesSharesExactlyOneTransferNode() {
        let ids = network.lines.map(\.id)
        for (i, a) in ids.enumerated() {
            for b in ids[(i + 1)...] {
                let nodes = network.document.transfers.filter { transfer in
                    let lines = Set([transfer.stationA, transfer.stationB].compactMap { network.station($0)?.line })
                    return lines == [a, b]
                }
                XCTAssertEqual(nodes.count, 1, "\(a)–\(b)")
                XCTAssertNotNil(network.interchange(from: a, to: b))
                XCTAssertNotNil(network.interchange(from: b, to: a))
            }
        }
        XCTAssertEqual(network.document.transfers.count, 3)
        XCTAssertEqual(network.document.transfers.filter { $0.basis == "measured" }.count, 1)
    }

    func testServiceWindowsInBothDirectionsForEveryNonTerminalStation() {
        for line in network.lines {
            for (index, code) in line.stations.enumerated() {
                let forward = network.serviceWindow(station: code, direction: .forward)
                let reverse = network.serviceWindow(station: code, direction: .reverse)
                // A terminal has no departure in the direction that ends there.
                XCTAssertEqual(forward == nil, index == line.stations.count - 1, "\(code) forward")
                XCTAssertEqual(reverse == nil, index == 0, "\(code) reverse")
                for window in [forward, reverse].compactMap({ $0 }) {
                    XCTAssertLessThan(window.firstDeparture, window.lastDeparture)
                }
            }
        }
    }

    func testHeadwaysForEveryHourFromSixToTwentyThree() {
        for line in network.lines {
            for dayType in DayType.allCases {
                for direction in Direction.allCases {
                    let hours = network.document.headways
                        .filter { $0.line == line.id && $0.dayType == dayType && $0.direction == direction }
                        .map(\.hour)
                    XCTAssertEqual(hours, Array(6...22), "\(line.id) \(dayType) \(direction)")
                }
            }
        }
        // Some hours publish a single value: it is kept as such.
        let single = network.document.headways.filter(\.singleValue)
        XCTAssertFalse(single.isEmpty)
        XCTAssertTrue(single.allSatisfy { $0.firstSeconds == $0.secondSeconds })
    }

    func testNamesInBothLanguagesAndNoCyrillicInEnglish() {
        for station in network.stations {
            XCTAssertFalse(station.nameUk.isEmpty)
            XCTAssertFalse(station.nameEn.isEmpty)
            XCTAssertTrue(station.nameUk.containsCyrillic, station.nameUk)
            XCTAssertFalse(station.nameEn.containsCyrillic, station.nameEn)
            for former in station.formerNames {
                XCTAssertFalse(former.en.containsCyrillic, former.en)
                XCTAssertTrue(former.uk.containsCyrillic, former.uk)
            }
        }
        for line in network.lines {
            XCTAssertFalse(line.nameEn.containsCyrillic)
            XCTAssertTrue(line.nameUk.containsCyrillic)
        }
        XCTAssertEqual(
            network.stations.filter(\.aboveGround).map(\.nameEn),
            ["Dnipro", "Hidropark", "Livoberezhna", "Darnytsia", "Chernihivska", "Lisova"])
    }

    func testNewerSchemaVersionIsRejectedClearly() throws {
        var document = network.document
        document.version = NetworkDocument.currentVersion + 1
        let json = Data(NetworkEncoding.json(document).utf8)
        XCTAssertThrowsError(try Network(json: json)) { error in
            XCTAssertEqual(error as? Network.LoadError, .newerVersion(NetworkDocument.currentVersion + 1))
        }
    }
}

/// The one JSON reader must read the embedded network exactly as Foundation's `JSONDecoder` does.
final class NetworkDecodingTests: XCTestCase {
    func testTheReaderAgreesWithJSONDecoder() throws {
        let json = NetworkEncoding.json(Network.kyiv.document)
        let reference = try JSONDecoder().decode(NetworkDocument.self, from: Data(json.utf8))
        XCTAssertTrue(Network.kyiv.document == reference, "the reader differs from JSONDecoder")
        XCTAssertEqual(Network.kyiv.document.stations.count, 52)
        // Escapes and nulls, which the generator could write.
        var document = reference
        document.transfers[0].note = "quote \" backslash \\ tab \t slash / «Україна» \u{1}"
        let tricky = NetworkEncoding.json(document)
        XCTAssertTrue(
            try Network(json: Data(tricky.utf8)).document
                == (try JSONDecoder().decode(NetworkDocument.self, from: Data(tricky.utf8))))
        XCTAssertTrue(try Network(json: Data(tricky.utf8)).document.transfers[0].note == document.transfers[0].note)
        // The embedded form is compact: the same document, without whitespace.
        let compact = NetworkEncoding.compactJSON(document)
        XCTAssertFalse(compact.contains("\n  "))
        XCTAssertTrue(try Network(json: Data(compact.utf8)).document == document)
    }
}

/// The hour-indexed interval series the transfer wait uses gives exactly `Network.headway`.
final class HeadwaySeriesTests: XCTestCase {
    func testTheSeriesAgreesWithTheLookupAtEveryMinute() throws {
        let network = Kyiv.network
        var compared = 0
        for line in ["M1", "M2", "M3"] {
            for direction in [Direction.forward, .reverse] {
                for dayType in [DayType.weekday, .weekend] {
                    let series = try XCTUnwrap(
                        network.headwaySeries(line: line, direction: direction, dayType: dayType))
                    for seconds in stride(from: 0, to: 30 * 3600, by: 60) {
                        XCTAssertEqual(
                            series.seconds(at: seconds),
                            network.headway(line: line, direction: direction, dayType: dayType, secondsOfDay: seconds))
                        compared += 1
                    }
                }
            }
        }
        XCTAssertEqual(compared, 12 * 1800)
    }
}
