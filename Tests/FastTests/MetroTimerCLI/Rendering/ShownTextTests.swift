import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroData
@testable import MetroLab
@testable import MetroTimerCLI

/// Every byte shown that came from outside is quoted. An installed timetable's
/// station, line and source names reached the terminal raw (ESC, OSC, C1, bidi); six success
/// messages printed their path raw; `journal report --json` passed C1 and U+202E; `about`
/// printed the state paths raw.
final class ShownTextTests: XCTestCase {
    /// An OSC that retitles the window, the 8-bit CSI, and the right-to-left override.
    static let evil = "\u{1B}]0;pwn\u{7}X\u{9B}31m\u{202E}Y"

    func unsafe(_ text: String) -> [String] {
        text.unicodeScalars.filter { $0 != "\n" && UnsafeText.isUnsafe($0) }.map { "U+" + String($0.value, radix: 16) }
    }

    func directory(_ name: String) throws -> String {
        let directory = try TestPaths.temporaryDirectory(self) + "/" + name
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return directory
    }

    /// The timetable is held to the rule every file's text is: no control, C1 or bidi
    /// character in a name or the source's words. `timetable-gen install` and metro-timer's
    /// reader check the same (`integrityProblem`), so every command refuses it (exit 65, the
    /// file and the field named, nothing raw on the terminal), as for any other broken timetable.
    func testAnInstalledTimetableWithControlCharactersInItsTextIsRefusedByEveryCommand() throws {
        let teremky = Kyiv.station("Teremky").code
        var edits: [(String, (inout NetworkDocument) -> Void)] = [
            (
                "station \(teremky): nameEn",
                { document in
                    document.stations[document.stations.firstIndex { $0.code == teremky }!].nameEn += Self.evil
                }
            ),
            (
                "line M2: nameUk",
                { document in document.lines[document.lines.firstIndex { $0.id == "M2" }!].nameUk += Self.evil }
            ),
            ("source: publisher", { document in document.source.publisher += Self.evil }),
        ]
        let former = try JSONObject.decode(
            NetworkDocument.FormerName.self, from: Array(#"{"uk":"Стара\u001b]0;pwn\u0007","en":"Old"}"#.utf8))
        edits.append(
            (
                "station \(teremky): formerNames",
                { document in
                    document.stations[document.stations.firstIndex { $0.code == teremky }!].formerNames.append(former)
                }
            ))
        for (field, edit) in edits {
            var document = Kyiv.network.document
            edit(&document)
            XCTAssertNotNil(document.integrityProblem(), field)
            let home = try directory("home-\(field.count)")
            try FileManager.default.createDirectory(
                atPath: home + "/data", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try NetworkEncoding.json(document).write(
                toFile: home + "/data/network.json", atomically: true, encoding: .utf8)
            chmod(home + "/data/network.json", 0o600)
            for arguments in [
                ["plan", "Lisova", "Teremky"], ["plan", "Lisova", "Teremky", "--json"], ["stations"],
                ["station", "Teremky"], ["about"],
            ] {
                let result = CLI.run(arguments, environment: ["METRO_TIMER_HOME": home, "NO_COLOR": "1"])
                XCTAssertEqual(result.code, 65, "\(field) \(arguments): \(result.stdout)")
                XCTAssertEqual(unsafe(result.stdout + result.stderr), [], "\(field) \(arguments)")
                XCTAssertTrue(
                    result.stderr.contains("the installed timetable \(home)/data/network.json cannot be used"),
                    result.stderr)
                XCTAssertTrue(
                    result.stderr.contains(field + " holds a control character"), "\(field) in \(result.stderr)")
            }
        }
    }

    /// Where a name is shown, it is shown quoted, whatever the network held (the check above
    /// keeps such a network out; this is the one place of display).
    func testNamesAreQuotedWhereTheyAreShown() throws {
        var station = Kyiv.station("Teremky")
        station.nameEn += Self.evil
        XCTAssertEqual(unsafe(Names.station(station, .en)), [])
        XCTAssertTrue(
            Names.station(station, .en).hasPrefix("Teremky\\u{1B}]0;pwn\\u{07}X\\u{9B}31m\\u{202E}Y"),
            Names.station(station, .en))
        var line = try XCTUnwrap(Kyiv.network.line("M2"))
        line.nameUk += Self.evil
        XCTAssertEqual(unsafe(Names.line(line, .uk)), [])
    }

    /// The paths the success messages print: `journal --export`, `calibration --export`,
    /// `plan --ics` and `calibration --import`, each with an escape sequence in its name.
    func testSuccessMessagesQuoteTheirPaths() throws {
        let base = try directory("out" + Self.evil)
        let state = try directory("state")
        let zhytomyrska = Kyiv.station("Zhytomyrska").code
        let sviatoshyn = Kyiv.station("Sviatoshyn").code
        let friend = base + "/friend.json"
        try
            #"{"version":1,"origin":"f1","running":{"\#(zhytomyrska)>\#(sviatoshyn)":{"weight":1,"mean":130,"m2":0,"count":1}},"dwell":{}}"#
            .write(toFile: friend, atomically: true, encoding: .utf8)
        for arguments in [
            ["journal", "--export", base + "/journal.jsonl"], ["calibration", "--export", base + "/calibration.json"],
            ["plan", "Lisova", "Teremky", "--ics", base + "/ride.ics"], ["calibration", "--import", friend],
        ] {
            let result = CLI.run(arguments, environment: ["METRO_TIMER_HOME": state, "NO_COLOR": "1"])
            XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(unsafe(result.stdout + result.stderr), [], "\(arguments): \(result.stdout + result.stderr)")
            XCTAssertTrue(
                (result.stdout + result.stderr).contains("out\\u{1B}]0;pwn\\u{07}X"),
                "\(arguments): \(result.stdout + result.stderr)")
        }
    }

    /// `about` lists the state, settings and data directories: quoted like any path.
    func testAboutQuotesItsPaths() throws {
        let home = try directory("home" + Self.evil)
        let config = try directory("config" + Self.evil)
        for arguments in [["about"], ["about", "--json"]] {
            let result = CLI.run(
                arguments, environment: ["METRO_TIMER_HOME": home, "METRO_TIMER_CONFIG": config, "NO_COLOR": "1"])
            XCTAssertEqual(result.code, 0, result.stderr)
            XCTAssertEqual(unsafe(result.stdout), [], "\(arguments): \(result.stdout)")
        }
    }

    /// A journal record's route codes with C1 and U+202E: `journal report --json` passed them raw.
    func testJournalReportJSONKeepsNoRawControlCharacter() throws {
        let state = try directory("state")
        let t0 = Kyiv.date("2026-11-30 10:00")
        let service = TripService(
            store: FileTripStore(directory: state), engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock),
            language: .en)
        let lisova = Kyiv.station("Lisova").code
        let teremky = Kyiv.station("Teremky").code
        _ = try service.start(origin: lisova, destination: teremky, t0: t0, replace: false)
        _ = try service.end(.arrived, at: t0.addingTimeInterval(2400))
        let written = try String(contentsOfFile: state + "/journal.jsonl", encoding: .utf8)
        XCTAssertTrue(written.contains(#""from":"\#(lisova)""#), written)
        let edited = written.replacingOccurrences(of: #""from":"\#(lisova)""#, with: #""from":"\#(lisova)\u009b31m""#)
            .replacingOccurrences(of: #""to":"\#(teremky)""#, with: #""to":"\#(teremky)\u202e""#)
        try edited.write(toFile: state + "/journal.jsonl", atomically: true, encoding: .utf8)
        chmod(state + "/journal.jsonl", 0o600)
        for arguments in [
            ["journal", "report", "--json"], ["journal", "report"], ["journal"], ["journal", "--json"],
        ] {
            let result = CLI.run(arguments, environment: ["METRO_TIMER_HOME": state, "NO_COLOR": "1"])
            XCTAssertEqual(unsafe(result.stdout + result.stderr), [], "\(arguments): \(result.stdout + result.stderr)")
        }
    }
}
