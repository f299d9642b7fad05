import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroData
@testable import MetroLab
@testable import TimetableGenCLI

/// `timetable-gen`: determinism, freshness of the committed JSON, every malformed-input error,
/// and the portal importer.
final class GeneratorTests: XCTestCase {
    struct Run {
        var stdout: String
        var stderr: String
        var code: Int32
    }

    func generate(_ arguments: [String], in directory: String = TestPaths.packageRoot.path) -> Run {
        let out = StringSink()
        let err = StringSink()
        let code = Generator.main(arguments: arguments, stdout: out, stderr: err, currentDirectory: directory)
        return Run(stdout: out.text, stderr: err.text, code: code)
    }

    /// A copy of `Data/` in a temporary directory, with `edit` applied to one file.
    func dataCopy(_ file: String? = nil, _ edit: (String) -> String = { $0 }) throws -> String {
        let directory = try TestPaths.temporaryDirectory(self) + "/Data"
        try FileManager.default.copyItem(atPath: TestPaths.data, toPath: directory)
        if let file {
            let path = directory + "/" + file
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let edited = edit(text)
            XCTAssertNotEqual(edited, text, "the edit changed nothing")
            try edited.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return directory
    }

    func testCommittedNetworkIsUpToDateWithData() throws {
        let compiled = try TimetableCompiler.compile(TestPaths.compilerInput(TestPaths.data))
        let committed = try String(contentsOfFile: TestPaths.embeddedSwift, encoding: .utf8)
        // Booleans, not the values: a failure should say what to do, not print 90 KB twice.
        XCTAssertTrue(
            committed == NetworkEncoding.swiftSource(json: NetworkEncoding.compactJSON(compiled)),
            "the committed network is stale: run 'swift run timetable-gen' after changing Data/")
        XCTAssertTrue(Network.kyiv.document == compiled, "the embedded network differs from Data/")
        let run = generate(["--check"])
        XCTAssertEqual(run.code, 0, run.stderr)
        XCTAssertEqual(run.stdout, "Sources/MetroCore/Network/Network+EmbeddedJSON.swift is up to date.\n")
    }

    func testOutputIsByteIdenticalAcrossRuns() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        let first = generate(["--output", directory + "/a.json"])
        let second = generate(["--output", directory + "/b.json"])
        XCTAssertEqual(first.code, 0, first.stderr)
        XCTAssertEqual(second.code, 0, second.stderr)
        let a = try Data(contentsOf: URL(fileURLWithPath: directory + "/a.json"))
        let b = try Data(contentsOf: URL(fileURLWithPath: directory + "/b.json"))
        XCTAssertEqual(a, b)
        // The JSON decodes to the same network as the embedded one and carries its provenance.
        let network = try Network(json: a)
        XCTAssertEqual(network.document, Network.kyiv.document)
        XCTAssertEqual(network.document.source.resourcesDated, "2026-03-10")
        XCTAssertEqual(network.document.version, NetworkDocument.currentVersion)
    }

    func testDwellFlagChangesTheSplitButNotTheGaps() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        let run = generate(["--dwell", "30", "--output", directory + "/n.json"])
        XCTAssertEqual(run.code, 0, run.stderr)
        let network = try Network(json: Data(contentsOf: URL(fileURLWithPath: directory + "/n.json")))
        XCTAssertEqual(network.document.assumptions.dwellSeconds, 30)
        for (segment, original) in zip(network.document.segments, Network.kyiv.document.segments) {
            XCTAssertEqual(segment.gapSeconds, original.gapSeconds)
            XCTAssertEqual(segment.runSeconds, original.gapSeconds - 30)
        }
    }

    func testChangingOneTimeMakesCheckFailClearly() throws {
        // Khreshchatyk's first forward departure 05:58:15 → 05:58:45.
        let data = try dataCopy("kyiv-timetable.csv") {
            $0.replacingOccurrences(
                of: "mr11_120,Хрещатик,forward,05:58:15", with: "mr11_120,Хрещатик,forward,05:58:45")
        }
        let before = try String(contentsOfFile: TestPaths.embeddedSwift, encoding: .utf8)
        let run = generate(["--check", "--data", data])
        XCTAssertEqual(run.code, 1)
        // Teatralna → Khreshchatyk had samples 125 s and 115 s (median 120); now 155 s and 115 s.
        XCTAssertTrue(
            run.stderr.hasPrefix(
                "Error: Sources/MetroCore/Network/Network+EmbeddedJSON.swift is out of date with \(data)/:\n"),
            run.stderr)
        XCTAssertTrue(
            run.stderr.contains("  segment Teatralna → Khreshchatyk (M1 forward): gap 120 s → 135 s\n"), run.stderr)
        XCTAssertTrue(
            run.stderr.contains("  service window Khreshchatyk forward: 05:58:15–22:52:05 → 05:58:45–22:52:05\n"),
            run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("Run 'swift run timetable-gen' to regenerate it.\n"))
        XCTAssertEqual(
            try String(contentsOfFile: TestPaths.embeddedSwift, encoding: .utf8), before, "--check writes nothing")
    }

    /// Every malformed input: exact message, exit 65, and the previous output left untouched.
    func testMalformedInputsAreRefusedWithTheirLocationAndLeaveOutputAlone() throws {
        let firstRow = "mr01_110,Академмістечко,forward,05:51:00,22:30:00"
        let cases: [(file: String, edit: (String) -> String, message: String)] = [
            (
                "kyiv-timetable.csv",
                { $0.replacingOccurrences(of: firstRow, with: "mr01_110,Академмістечко,forward,05:51:00") },
                "kyiv-timetable.csv:2:5: expected 5 columns, found 4 (no 'last_departure')"
            ),
            (
                "kyiv-timetable.csv", { $0.replacingOccurrences(of: firstRow, with: firstRow + ",22:31:00") },
                "kyiv-timetable.csv:2:6: expected 5 columns, found 6 (one too many after 'last_departure')"
            ),
            (
                "kyiv-timetable.csv",
                { $0.replacingOccurrences(of: firstRow, with: "mr01_110,Академмістечко,forward,05:5x:00,22:30:00") },
                "kyiv-timetable.csv:2:4: unparsable time '05:5x:00' (expected HH:MM:SS)"
            ),
            (
                "kyiv-timetable.csv",
                { $0.replacingOccurrences(of: firstRow, with: "mr01_110,Академмістечко,forward,05:51:00,24:61:00") },
                "kyiv-timetable.csv:2:5: impossible time '24:61:00' (hours must be 00–23, minutes and seconds 00–59)"
            ),
            (
                "kyiv-timetable.csv",
                { $0.replacingOccurrences(of: firstRow, with: "mr99_999,Академмістечко,forward,05:51:00,22:30:00") },
                "kyiv-timetable.csv:2:1: unknown station code 'mr99_999'"
            ),
            (
                "kyiv-timetable.csv", { $0 + firstRow + "\n" },
                "kyiv-timetable.csv:106:1: duplicate row for mr01_110 forward (first seen on line 2)"
            ),
            (
                "kyiv-timetable.csv",
                { $0.replacingOccurrences(of: "mr05_114,Берестейська,reverse,06:06:15,22:59:45\n", with: "") },
                "kyiv-timetable.csv: no row for station mr05_114 (Beresteiska) reverse; every station of line M1 needs one per direction (leave the times empty where none are published)"
            ),
            (
                "kyiv-stations.csv",
                { $0.replacingOccurrences(of: "50.459273,30.418706", with: "30.418706,50.459273") },
                "kyiv-stations.csv:6:9: lat '30.418706' is not a decimal coordinate within Kyiv (50.2–50.7)"
            ),
            (
                "kyiv-entrances.csv",
                {
                    $0.replacingOccurrences(
                        of: "mr01_110,Академмістечко,05:46,22:25,2,2", with: "mr01_110,Академмістечко,05:46,22:25,2,3")
                },
                "kyiv-entrances.csv:2:6: halls_open must be from 0 to 2, found '3'"
            ),
            (
                "kyiv-entrances.csv",
                { $0.replacingOccurrences(of: "mr01_110,Академмістечко,05:46,22:25,2,2\n", with: "") },
                "kyiv-entrances.csv: no row for station mr01_110"
            ),
            (
                "kyiv-names-ru.csv",
                { $0.replacingOccurrences(of: "mr18_127,Лісова,Лесная,", with: "mr18_127,Лісова,Lesnaya,") },
                "kyiv-names-ru.csv:19:3: a Russian name must be Cyrillic letters, spaces, hyphens or «», found 'Lesnaya'"
            ),
            (
                "kyiv-names-ru.csv",
                { $0.replacingOccurrences(of: "mb04_213,Почайна,Почайна,Петровка", with: "mb04_213,Почайна,Почайна,") },
                "kyiv-names-ru.csv:23:4: mb04_213 has 1 former names in the stations file but 0 here: give one Russian form for each, in the same order"
            ),
            (
                "kyiv-names-ru.csv", { $0.replacingOccurrences(of: "mr18_127,Лісова,", with: "mr18_127,Лісна,") },
                "kyiv-names-ru.csv:19:2: mr18_127 is Лісова in the stations file, not 'Лісна'"
            ),
            (
                "kyiv-track.csv",
                {
                    $0.split(separator: "\n").filter { !$0.hasPrefix("mr01_110,mr02_111,") }.joined(separator: "\n")
                        + "\n"
                },
                "kyiv-track.csv: no track for the segment Akademmistechko → Zhytomyrska (mr01_110 → mr02_111); every directed segment needs two points or more"
            ),
            (
                "kyiv-track.csv", { $0.replacingOccurrences(of: "mr01_110,mr02_111,2,", with: "mr01_110,mr02_111,5,") },
                "kyiv-track.csv:3:3: point 5 where 2 was expected; number each segment's points 1, 2, 3, …"
            ),
            (
                "kyiv-stations.csv",
                {
                    $0.replacingOccurrences(
                        of: "mr05_114,M1,5,Берестейська,Beresteiska,Жовтнева|Zhovtneva,no,,50.459273,30.418706\n",
                        with: "")
                },
                "kyiv-stations.csv: line M1 has no station at position 5; orders must run from 1 without gaps"
            ),
            (
                "kyiv-timetable.csv",
                {
                    $0.replacingOccurrences(
                        of: "mr04_113,Нивки,forward,05:42:05,22:36:45", with: "mr04_113,Нивки,forward,,"
                    )
                    .replacingOccurrences(
                        of: "mr04_113,Нивки,reverse,06:08:10,23:01:35", with: "mr04_113,Нивки,reverse,,")
                },
                "kyiv-timetable.csv: segment Sviatoshyn – Nyvky (M1) has no plausible sample in either direction (plausible gaps: 60–420 s)"
            ),
            (
                "kyiv-headways.csv",
                {
                    $0.replacingOccurrences(
                        of: "M1,06:00-07:00,weekday,forward,9:00,4:00", with: "M1,06:00-07:00,weekday,forward,9:75,4:00"
                    )
                },
                "kyiv-headways.csv:2:5: impossible interval '9:75' (seconds must be 00–59)"
            ),
        ]
        for testCase in cases {
            let data = try dataCopy(testCase.file, testCase.edit)
            let output = data + "/../network.swift"
            try "previous output\n".write(toFile: output, atomically: true, encoding: .utf8)
            let run = generate(["--data", data, "--output", output])
            XCTAssertEqual(run.code, 65, testCase.message)
            XCTAssertEqual(run.stderr, "Error: \(data)/\(testCase.message)\n")
            XCTAssertEqual(run.stdout, "")
            XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "previous output\n")
        }
    }

    func testBadArgumentsExitSixtyFour() {
        let bogus = generate(["--chek"])
        XCTAssertEqual(bogus.code, 64)
        XCTAssertEqual(
            bogus.stderr,
            """
            Error: Unknown option '--chek'. Did you mean '--check'?
            Usage: timetable-gen [--data <dir>] [--output <path>] [--dwell <seconds>] [--check] [--version]
              See 'timetable-gen --help' for more information.

            """)
        let dwell = generate(["--dwell", "lots"])
        XCTAssertEqual(dwell.code, 64)
        XCTAssertTrue(
            dwell.stderr.hasPrefix("Error: The dwell 'lots' must be a whole number of seconds from 0 to 120\n"))
        let missing = generate(["--data", "/nonexistent"])
        XCTAssertEqual(missing.code, 65)
        XCTAssertEqual(
            missing.stderr, "Error: /nonexistent/kyiv-stations.csv: cannot read the file (missing or unreadable)\n")
    }

    func testImporterConvertsThePortalFormatAndTheResultCompiles() throws {
        let directory = try TestPaths.temporaryDirectory(self) + "/Data"
        try FileManager.default.copyItem(atPath: TestPaths.fixtures + "/mini", toPath: directory)
        let portal = TestPaths.fixtures + "/portal"
        // --stations replaces the stations' coordinates with the layer's, --tracks writes the track.
        let run = generate([
            "import", portal + "/stopTimesUnderground.json", portal + "/timePeriodUnderground.json", "--data",
            directory,
            "--stations", portal + "/metro_stations.geojson", "--tracks", portal + "/underground.geojson",
            "--entrances", portal + "/calendarUnderground.json",
        ])
        XCTAssertEqual(run.code, 0, run.stderr)
        // The entrances in the lines' order, whatever the layer's order.
        XCTAssertEqual(
            try String(contentsOfFile: directory + "/kyiv-entrances.csv", encoding: .utf8),
            """
            station,name_uk,opens,closes,halls,halls_open
            tt01_901,Перша,05:40,00:10,2,1
            tt02_902,Друга,05:45,23:50,1,1
            tt03_903,Третя,05:50,23:55,1,1

            """)
        XCTAssertEqual(
            try String(contentsOfFile: directory + "/kyiv-stations.csv", encoding: .utf8),
            """
            code,line,order,name_uk,name_en,former_names,above_ground,transfer,lat,lon
            tt01_901,M9,1,Перша,Persha,,no,,50.450000,30.400000
            tt02_902,M9,2,Друга,Druha,Стара|Stara,no,,50.451000,30.410000
            tt03_903,M9,3,Третя,Tretia,,yes,,50.452000,30.420000

            """)
        // Each LineString runs from its `from` station: the one drawn backwards is turned round.
        XCTAssertEqual(
            try String(contentsOfFile: directory + "/kyiv-track.csv", encoding: .utf8),
            """
            from,to,point,lat,lon
            tt01_901,tt02_902,1,50.450000,30.400000
            tt01_901,tt02_902,2,50.450500,30.405000
            tt01_901,tt02_902,3,50.451000,30.410000
            tt02_902,tt03_903,1,50.451000,30.410000
            tt02_902,tt03_903,2,50.452000,30.420000
            tt03_903,tt02_902,1,50.452000,30.420000
            tt03_903,tt02_902,2,50.451000,30.410000
            tt02_902,tt01_901,1,50.451000,30.410000
            tt02_902,tt01_901,2,50.450500,30.405000
            tt02_902,tt01_901,3,50.450000,30.400000

            """)
        XCTAssertEqual(
            try String(contentsOfFile: directory + "/kyiv-timetable.csv", encoding: .utf8),
            """
            station,name_uk,direction,first_departure,last_departure
            tt01_901,Перша,forward,06:00:00,22:00:00
            tt01_901,Перша,reverse,,
            tt02_902,Друга,forward,06:02:10,22:02:00
            tt02_902,Друга,reverse,06:12:05,22:12:15
            tt03_903,Третя,forward,,
            tt03_903,Третя,reverse,06:10:00,22:10:00

            """)
        XCTAssertEqual(
            try String(contentsOfFile: directory + "/kyiv-headways.csv", encoding: .utf8),
            """
            line,period,day_type,direction,first_interval,second_interval
            M9,06:00-07:00,weekday,forward,4:00,3:30
            M9,06:00-07:00,weekday,reverse,5:00,
            M9,06:00-07:00,weekend,forward,7:00,6:30
            M9,06:00-07:00,weekend,reverse,7:30,7:00
            M9,07:00-08:00,weekday,forward,4:00,3:30
            M9,07:00-08:00,weekday,reverse,4:30,4:00
            M9,07:00-08:00,weekend,forward,7:00,6:30
            M9,07:00-08:00,weekend,reverse,7:30,7:00

            """)
        // Round trip: the imported CSVs compile, and the network carries the portal's figures.
        let compiled = generate(["--data", directory, "--output", directory + "/network.json"])
        XCTAssertEqual(compiled.code, 0, compiled.stderr)
        let network = try Network(json: Data(contentsOf: URL(fileURLWithPath: directory + "/network.json")))
        XCTAssertEqual(
            network.serviceWindow(station: "tt02_902", direction: .reverse)?.firstDeparture,
            try TimeOfDay.parseClock("06:12:05"))
        XCTAssertEqual(network.segment(from: "tt01_901", to: "tt02_902")?.sampleGaps, [130, 120])
        XCTAssertEqual(network.segment(from: "tt02_902", to: "tt03_903")?.basis, .mirror)
        XCTAssertEqual(
            network.headwayRecord(line: "M9", direction: .reverse, dayType: .weekday, hour: 6)?.singleValue, true)
        // Entrances: a closing time after midnight belongs to the night after the service day.
        XCTAssertEqual(network.entrance(station: "tt01_901")?.closes, 24 * 3600 + 600)
        XCTAssertEqual(network.entrance(station: "tt01_901")?.hallsOpen, 1)
    }

    func testInvalidUTF8AndBrokenJSONAreLocatedToTheByte() throws {
        // A byte that is not UTF-8 in the middle of line 3 of the timetable.
        let data = try dataCopy()
        let path = data + "/kyiv-timetable.csv"
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let thirdLine = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }[1] + 1
        bytes[thirdLine + 9] = 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let run = generate(["--data", data, "--output", data + "/../network.swift"])
        XCTAssertEqual(run.code, 65)
        XCTAssertEqual(run.stderr, "Error: \(path):3:10: invalid UTF-8 (byte 0xFF); save the file as UTF-8\n")
        // A portal layer that is not JSON: where the parser stopped, and a file that ends early.
        let directory = try TestPaths.temporaryDirectory(self) + "/Data"
        try FileManager.default.copyItem(atPath: TestPaths.fixtures + "/mini", toPath: directory)
        let broken = directory + "/../broken.json"
        try "{\"features\": [\n  {\"attributes\": {\"code1\": tt01}}]}".write(
            toFile: broken, atomically: true, encoding: .utf8)
        let portal = TestPaths.fixtures + "/portal"
        let syntax = generate(["import", broken, portal + "/timePeriodUnderground.json", "--data", directory])
        XCTAssertEqual(syntax.code, 65)
        // `tt01`: the parser takes the `t` for `true` and stops at the byte that cannot follow.
        XCTAssertEqual(syntax.stderr, "Error: \(broken):2:29: not valid JSON here\n")
        try "{\"features\": [".write(toFile: broken, atomically: true, encoding: .utf8)
        let early = generate(["import", broken, portal + "/timePeriodUnderground.json", "--data", directory])
        XCTAssertEqual(early.stderr, "Error: \(broken):1:15: the JSON ends too early\n")
    }

    func testImporterRefusesABadLayerAndWritesNothing() throws {
        let directory = try TestPaths.temporaryDirectory(self) + "/Data"
        try FileManager.default.copyItem(atPath: TestPaths.fixtures + "/mini", toPath: directory)
        let broken = directory + "/../stopTimes.json"
        let original = try String(
            contentsOfFile: TestPaths.fixtures + "/portal/stopTimesUnderground.json", encoding: .utf8)
        try original.replacingOccurrences(of: "\"06:12:05\"", with: "\"06:72:05\"").write(
            toFile: broken, atomically: true, encoding: .utf8)
        let run = generate([
            "import", broken, TestPaths.fixtures + "/portal/timePeriodUnderground.json", "--data", directory,
        ])
        XCTAssertEqual(run.code, 65)
        XCTAssertEqual(
            run.stderr, "Error: \(broken): features[4].first_trn2: unparsable or impossible time '06:72:05'\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/kyiv-timetable.csv"))
    }
}
