import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Every file read applies the same plausibility rules as its import or its `add`.
final class PlausibleFilesTests: XCTestCase {
    func directory(_ name: String) throws -> String {
        let directory = try TestPaths.temporaryDirectory(self) + "/" + name
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return directory
    }

    func write(_ text: String, _ path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
    }

    func calibration(running: [String: Double] = [:], dwell: [String: Double] = [:], imports: String? = nil) -> String {
        func table(_ entries: [String: Double]) -> String {
            "{"
                + entries.map { #""\#($0.key)":{"weight":1,"mean":\#($0.value),"m2":0,"count":1}"# }.joined(
                    separator: ",") + "}"
        }
        return #"{"version":1,"running":\#(table(running)),"dwell":\#(table(dwell))"#
            + (imports.map { #","imports":\#($0)"# } ?? "") + "}"
    }

    /// A 0.2 s run from Zhytomyrska to Sviatoshyn in calibration.json made the train "arrive"
    /// as it left, while `calibrate` and `calibration --import` refuse the figure; a key like
    /// `zz>yy` (no such segment) passed the file check too. The file is now checked as the
    /// import is: exit 65 naming the file and the key, for `calibration` and for `plan`, and
    /// the file is left as it was.
    func testACalibrationFileIsCheckedLikeAnImport() throws {
        let zhytomyrska = Kyiv.station("Zhytomyrska").code
        let sviatoshyn = Kyiv.station("Sviatoshyn").code
        let segment = zhytomyrska + ">" + sviatoshyn
        XCTAssertNotNil(Kyiv.network.segment(from: zhytomyrska, to: sviatoshyn))
        let friend = try directory("friend") + "/friend.json"
        for (text, key) in [
            (calibration(running: [segment: 0.2]), "running.\(segment)"),
            (calibration(running: ["zz>yy": 100]), "running.zz>yy"),
            (calibration(dwell: ["zz forward": 20]), "dwell.zz forward"),
            (calibration(dwell: [sviatoshyn + " forward": 0.5]), "dwell.\(sviatoshyn) forward"),
            (calibration(imports: #"{"a1":\#(calibration(running: ["zz>yy": 100]))}"#), "imports.a1.running.zz>yy"),
        ] {
            let state = try directory("state-\(key.count)-\(text.count)")
            try write(text, state + "/calibration.json")
            for arguments in [["calibration"], ["plan", "Zhytomyrska", "Sviatoshyn", "--at", "10:00"]] {
                let result = CLI.run(arguments, environment: ["METRO_TIMER_HOME": state, "NO_COLOR": "1"])
                XCTAssertEqual(result.code, 65, "\(arguments) \(text): \(result.stdout)")
                XCTAssertTrue(result.stderr.contains(state + "/calibration.json"), result.stderr)
                XCTAssertTrue(result.stderr.contains(key), "\(key) in \(result.stderr)")
            }
            XCTAssertEqual(
                try String(contentsOfFile: state + "/calibration.json", encoding: .utf8), text, "left as it was")
            // The import refuses the same figures (an export carries no imports of its own).
            guard !key.hasPrefix("imports.") else { continue }
            try write(text, friend)
            XCTAssertEqual(
                CLI.run(
                    ["calibration", "--import", friend],
                    environment: ["METRO_TIMER_HOME": try directory("empty-\(key.count)-\(text.count)")]
                ).code, 65)
        }
        // A plausible figure for a real segment still reads.
        let state = try directory("good")
        try write(
            calibration(running: [segment: 100], dwell: [sviatoshyn + " forward": 25]), state + "/calibration.json")
        XCTAssertEqual(CLI.run(["calibration"], environment: ["METRO_TIMER_HOME": state]).code, 0)
    }

    func changes(_ entries: String) throws -> (path: String, environment: [String: String]) {
        let config = try directory("config-\(entries.hashValue)")
        try write(#"{"version":1,"entries":[\#(entries)]}"#, config + "/changes.json")
        return (config + "/changes.json", ["METRO_TIMER_CONFIG": config, "NO_COLOR": "1"])
    }

    /// changes.json took entries with no subject (a closure of no station), a section from
    /// Teremky to Teremky, and two entries for the same thing on the same days, none of which
    /// `changes add` can write. Each is the file's problem now, named by entry.
    func testChangesEntriesThatAddCouldNotWriteAreRefused() throws {
        let teremky = Kyiv.station("Teremky").code
        let dnipro = Kyiv.station("Dnipro").code
        let lybidska = Kyiv.station("Lybidska").code
        for (entries, key) in [
            (#"{"id":1,"kind":"closed"}"#, "entries[0].station"),
            (#"{"id":1,"kind":"suspended"}"#, "entries[0].section"),
            (#"{"id":1,"kind":"headway","line":"M1"}"#, "entries[0].headwaySeconds"),
            (#"{"id":1,"kind":"dayType"}"#, "entries[0].dayType"),
            (
                #"{"id":1,"kind":"suspended","section":{"line":"M2","from":"\#(teremky)","to":"\#(teremky)"}}"#,
                "entries[0].section"
            ),
            (
                #"{"id":1,"kind":"closed","station":"\#(dnipro)"},{"id":2,"kind":"closed","station":"\#(dnipro)","from":"2026-11-01"}"#,
                "entries[1]: overlaps #1"
            ),
            (
                #"{"id":1,"kind":"suspended","section":{"line":"M2","from":"\#(teremky)","to":"\#(lybidska)"}},{"id":2,"kind":"suspended","section":{"line":"M2","from":"\#(lybidska)","to":"\#(teremky)"}}"#,
                "entries[1]: overlaps #1"
            ),
        ] {
            let (path, environment) = try changes(entries)
            for arguments in [["changes", "list"], ["plan", "Lisova", "Teremky"]] {
                let result = CLI.run(arguments, environment: environment)
                XCTAssertEqual(result.code, 65, "\(entries) \(arguments): \(result.stdout)")
                XCTAssertTrue(result.stderr.contains(path), result.stderr)
                XCTAssertTrue(result.stderr.contains(key), "\(key) in \(result.stderr)")
            }
        }
        // The same station on days that do not meet is two entries, as `add` allows.
        let (_, good) = try changes(
            #"{"id":1,"kind":"closed","station":"\#(dnipro)","until":"2026-11-10"},{"id":2,"kind":"closed","station":"\#(dnipro)","from":"2026-11-11"}"#
        )
        let listed = CLI.run(["changes", "list"], environment: good)
        XCTAssertEqual(listed.code, 0, listed.stderr)
    }

    /// `{"version":1,…,"version":999}`: the first key won, so a file could say two things and be
    /// read as the milder. A key given twice in a state or settings file is the file's problem.
    func testAKeyGivenTwiceInAStateFileIsRefused() throws {
        let config = try directory("config")
        try write(#"{"version":1,"entries":[],"version":999}"#, config + "/changes.json")
        let listed = CLI.run(["changes", "list"], environment: ["METRO_TIMER_CONFIG": config])
        XCTAssertEqual(listed.code, 65, listed.stdout)
        XCTAssertTrue(listed.stderr.contains(config + "/changes.json"), listed.stderr)
        XCTAssertTrue(listed.stderr.contains("'version' is given twice"), listed.stderr)

        let state = try directory("state")
        try write(
            #"{"version":1,"running":{},"dwell":{},"dwell":{"zz forward":{"weight":1,"mean":20,"m2":0,"count":1}}}"#,
            state + "/calibration.json")
        let shown = CLI.run(["calibration"], environment: ["METRO_TIMER_HOME": state])
        XCTAssertEqual(shown.code, 65, shown.stdout)
        XCTAssertTrue(shown.stderr.contains("'dwell' is given twice"), shown.stderr)

        // The trip file, read by its own walk on every status.
        let trips = try directory("trip")
        let service = TripService(
            store: FileTripStore(directory: trips), engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock),
            language: .en)
        let now = Kyiv.date("2026-11-30 12:00:00")
        _ = try service.start(
            origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: now, replace: false)
        let trip = try String(contentsOfFile: trips + "/trip.json", encoding: .utf8)
        let end = try XCTUnwrap(trip.range(of: "}", options: .backwards))
        try write(trip.replacingCharacters(in: end, with: #","t0":1e9}"#), trips + "/trip.json")
        let status = CLI.run(["status"], now: now, environment: ["METRO_TIMER_HOME": trips])
        XCTAssertEqual(status.code, 65, status.stdout)
        XCTAssertTrue(status.stderr.contains("'t0' is given twice"), status.stderr)

        // A journal line: skipped with a warning, like any malformed line.
        let journal = try directory("journal")
        try write(#"{"version":1,"id":"x","version":999}"# + "\n", journal + "/journal.jsonl")
        let read = CLI.run(["journal"], environment: ["METRO_TIMER_HOME": journal])
        XCTAssertTrue(read.stderr.contains("'version' is given twice"), read.stderr)
    }

    /// `routes list` read a journal that is a directory, a link or another user's as empty
    /// (exit 0) where `journal` says 65: the same file, the same answer.
    func testRoutesListRefusesAJournalThatJournalRefuses() throws {
        let asDirectory = try directory("dir")
        try FileManager.default.createDirectory(
            atPath: asDirectory + "/journal.jsonl", withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700])
        let asLink = try directory("link")
        try write("", asLink + "/elsewhere")
        symlink(asLink + "/elsewhere", asLink + "/journal.jsonl")
        for state in [asDirectory, asLink] {
            let environment = ["METRO_TIMER_HOME": state, "NO_COLOR": "1"]
            let journal = CLI.run(["journal"], environment: environment)
            XCTAssertEqual(journal.code, 65, journal.stderr)
            for arguments in [["routes", "list"], ["routes", "list", "--json"]] {
                let routes = CLI.run(arguments, environment: environment)
                XCTAssertEqual(routes.code, 65, "\(arguments): \(routes.stdout)")
                XCTAssertTrue(routes.stderr.contains(state + "/journal.jsonl"), routes.stderr)
            }
        }
    }

    /// `alerts pending` said "Channels: none (the screen only)" when scheduled-alerts.json was a
    /// symbolic link, while the notifier went on delivering: the record cannot be read, and the
    /// command says so (exit 65, the file named) rather than "none".
    func testAlertsPendingSaysWhenTheAlertRecordCannotBeRead() throws {
        let state = try directory("state")
        let now = Kyiv.date("2026-11-30 12:00:00")
        let service = TripService(
            store: FileTripStore(directory: state), engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock),
            language: .en)
        _ = try service.start(
            origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: now, replace: false)
        try write(#"{"backend":"notifier"}"#, state + "/elsewhere.json")
        symlink(state + "/elsewhere.json", state + "/scheduled-alerts.json")
        let pending = CLI.run(
            ["alerts", "pending"], now: now, environment: ["METRO_TIMER_HOME": state, "NO_COLOR": "1"])
        XCTAssertEqual(pending.code, 65, pending.stdout)
        XCTAssertFalse(pending.stdout.contains("Channels: none"), pending.stdout)
        XCTAssertTrue(pending.stderr.contains(state + "/scheduled-alerts.json"), pending.stderr)
        XCTAssertTrue(pending.stderr.contains("symbolic link"), pending.stderr)
    }

    /// Every refusal of calibration.json says "Move it away or run 'metro-timer calibration
    /// --reset'", but `--reset` read the file first and refused it the same way: the way out the
    /// message gives must work on the file it refuses.
    func testCalibrationResetIsTheWayOutOfARefusedFile() throws {
        let zhytomyrska = Kyiv.station("Zhytomyrska").code
        let sviatoshyn = Kyiv.station("Sviatoshyn").code
        for text in [
            "{not json", #"{"version":1,"running":{},"dwell":{},"dwell":{}}"#,
            calibration(running: [zhytomyrska + ">" + sviatoshyn: 0.2]),
        ] {
            let state = try directory("state-\(text.count)")
            try write(text, state + "/calibration.json")
            let environment = ["METRO_TIMER_HOME": state, "NO_COLOR": "1"]
            let refused = CLI.run(["calibration"], environment: environment)
            XCTAssertEqual(refused.code, 65, text)
            XCTAssertTrue(refused.stderr.contains("run 'metro-timer calibration --reset'"), refused.stderr)
            let reset = CLI.run(["calibration", "--reset", "--yes"], environment: environment)
            XCTAssertEqual(reset.code, 0, "\(text): \(reset.stderr)")
            XCTAssertEqual(reset.stdout, "Measurements forgotten: plans use the official figures again.\n")
            XCTAssertEqual(CLI.run(["calibration"], environment: environment).code, 0, text)
        }
    }
}
