import CLIKit
import Foundation
import MetroCore
import MetroTestSupport
import XCTest

@testable import MetroTimerCLI

/// Values the files accepted and the commands then trapped on. Each input is also a
/// corpus file under fuzz/corpus/, replayed by fuzz/run.sh.
final class HostileInputTests: XCTestCase {
    func corpus(_ target: String, _ name: String) throws -> String {
        try String(contentsOfFile: TestPaths.packageRoot.appendingPathComponent("fuzz/corpus/\(target)/\(name)").path, encoding: .utf8)
    }

    func state(_ file: String, _ text: String) throws -> (directory: String, environment: [String: String]) {
        let directory = try TestPaths.temporaryDirectory(self) + "/state"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try text.write(toFile: directory + "/" + file, atomically: true, encoding: .utf8)
        chmod(directory + "/" + file, 0o600)
        return (directory, ["METRO_TIMER_HOME": directory, "NO_COLOR": "1"])
    }

    /// `"behind": Int.max` beside `"ahead": 1`: the sum `behind + ahead` trapped in `journal`.
    /// The record is refused when read (a shift is at most 99 stops, a trip keeps at most 300
    /// corrections: no count can pass 29,700), so `journal` warns and goes on.
    func testAJournalRecordWhoseCountsOverflowIsSkippedNotATrap() throws {
        let (directory, environment) = try state("journal.jsonl", try corpus("journal", "crash-behind-int-max.jsonl"))
        for arguments in [["journal"], ["journal", "--json"], ["journal", "--export", "-"]] {
            let result = CLI.run(arguments, environment: environment)
            XCTAssertEqual(result.code, 0, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("warning: \(directory)/journal.jsonl:1: skipped a malformed line (corrections.behind: 9223372036854775807"), result.stderr)
        }
        XCTAssertTrue(CLI.run(["journal"], environment: environment).stdout.hasPrefix("The journal is empty"))
    }

    /// A subnormal weight (inside 0–1,000,000) made the spread sqrt(m2 / 1e-320) infinite, and
    /// `Int(infinity)` trapped. The file check and `--import` now refuse it alike.
    func testASubnormalCalibrationWeightIsRefusedByTheFileCheckAndTheImport() throws {
        for name in ["crash-weight-1e-320.json", "crash-weight-4.9e-324.json"] {
            let text = try corpus("calibration", name)
            let (directory, environment) = try state("calibration.json", text)
            let shown = CLI.run(["calibration"], environment: environment)
            XCTAssertEqual(shown.code, 65, "\(name): \(shown.stdout)")
            XCTAssertTrue(shown.stderr.contains("\(directory)/calibration.json"), shown.stderr)
            XCTAssertTrue(shown.stderr.contains(".weight"), shown.stderr)
            let base = try TestPaths.temporaryDirectory(self)
            try text.write(toFile: base + "/friend.json", atomically: true, encoding: .utf8)
            let imported = CLI.run(["calibration", "--import", base + "/friend.json"], environment: ["METRO_TIMER_HOME": base + "/state"])
            XCTAssertEqual(imported.code, 65, "\(name): \(imported.stdout)")
            XCTAssertTrue(imported.stderr.contains(".weight"), imported.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: base + "/state/calibration.json"), "nothing merged")
        }
    }

    /// A running key with one side empty passed the file check (it holds a '>') and
    /// `calibration` indexed past the split. Refused on read, as `--import` refuses it.
    func testARunningKeyWithAnEmptySideIsRefusedByTheFileCheckAndTheImport() throws {
        for (name, key) in [("crash-key-trailing.json", "mr01_110>"), ("crash-key-leading.json", ">mr01_111")] {
            let text = try corpus("calibration", name)
            let (directory, environment) = try state("calibration.json", text)
            let shown = CLI.run(["calibration"], environment: environment)
            XCTAssertEqual(shown.code, 65, "\(name): \(shown.stdout)")
            XCTAssertTrue(shown.stderr.contains("\(directory)/calibration.json"), shown.stderr)
            XCTAssertTrue(shown.stderr.contains("running.\(key): not a 'FROM>TO' key"), shown.stderr)
            let base = try TestPaths.temporaryDirectory(self)
            try text.write(toFile: base + "/friend.json", atomically: true, encoding: .utf8)
            let imported = CLI.run(["calibration", "--import", base + "/friend.json"], environment: ["METRO_TIMER_HOME": base + "/state"])
            XCTAssertEqual(imported.code, 65, imported.stdout)
            XCTAssertTrue(imported.stderr.contains("running.\(key): not a 'FROM>TO' key"), imported.stderr)
        }
        // The shapes that still pass: two codes either side of one '>', a station and a direction.
        var good = Calibration()
        good.running["mr01_110>mr02_111"] = Calibration.Statistic()
        good.dwell["mr02_111 forward"] = Calibration.Statistic()
        XCTAssertNil(good.valueProblem())
        for bad in ["a>b>c", ">", "a>a"] {
            var calibration = Calibration()
            calibration.running[bad] = Calibration.Statistic()
            XCTAssertNotNil(calibration.valueProblem(), bad)
        }
        for bad in ["mr02_111 sideways", " forward", "mr02_111 forward extra"] {
            var calibration = Calibration()
            calibration.dwell[bad] = Calibration.Statistic()
            XCTAssertNotNil(calibration.valueProblem(), bad)
        }
    }
}

/// One rule for displayed text. Every command over files seeded with ESC, OSC, C1 and
/// bidi controls, one file at a time (a file refused whole is exit 65, and the others must still
/// be walked): no raw control character reaches standard output or standard error.
final class DisplayedTextTests: XCTestCase {
    /// An OSC that retitles the window, a screen clear, the 8-bit CSI, a right-to-left override,
    /// an isolate, DEL.
    static let hostile = "\u{1B}]0;pwned\u{7}\u{1B}[2J\u{9B}31m\u{202E}evil\u{2066}x\u{7F}"
    /// The same, short enough for a station code field.
    static let code = "\u{1B}]0;p\u{7}\u{9B}1m\u{202E}x\u{2067}"

    /// C0 but the line break, DEL, C1, and the bidi controls that reorder what is shown.
    static func forbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(value) || [0x061C, 0x200E, 0x200F].contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    static func json(_ object: Any) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// One hostile file each: where it goes and what it holds.
    static var files: [(name: String, directory: String, text: String)] {
        let h = hostile, c = code
        var record = try! JSONSerialization.jsonObject(with: Data(try! String(
            contentsOfFile: TestPaths.packageRoot.appendingPathComponent("fuzz/corpus/journal/one.jsonl").path, encoding: .utf8).utf8)) as! [String: Any]
        record["from"] = c
        record["fromNameEn"] = h
        record["fromNameUk"] = h
        record["toNameEn"] = h
        record["version"] = 4
        var unknownTo = record
        unknownTo["to"] = c
        unknownTo["id"] = "second"
        return [
            ("journal.jsonl", "state", json(record) + "\n" + json(unknownTo) + "\n"),
            ("calibration.json", "state", json([
                "version": 1, "running": ["\(c)>mr01_110": ["count": 1, "m2": 0, "mean": 100, "weight": 1]],
                "dwell": ["\(c) forward": ["count": 1, "m2": 0, "mean": 20, "weight": 1]],
            ])),
            ("trip.json", "state", json(["version": 1, "id": h, "origin": c, "destination": "mr01_110", "t0": 1_796_032_800, "corrections": [], "alertsFired": [:]])),
            ("changes.json", "config", json(["version": 1, "entries": [
                ["id": 1, "kind": "closed", "station": c],
                ["id": 2, "kind": "suspended", "section": ["from": c, "to": h]],
                ["id": 3, "kind": "headway", "line": c, "headwaySeconds": 300],
            ]])),
            ("changes.json", "config", json(["version": 1, "entries": [["id": 1, "kind": "closed", "station": "mr01_110", "note": h]]])),
            ("alerts.json", "config", json([
                "version": 1, "enabled": true, "url": "http://user\(h):s3cretpw@127.0.0.1:9/\(h)", "timeoutMilliseconds": 100, "command": h,
            ])),
            ("alerts.json", "config", json(["version": 1, "enabled": false, "url": "user:s3cretpw@127.0.0.1/\(h)", "timeoutMilliseconds": 100])),
            ("routes.json", "config", json(["version": 1, "routes": [["name": "home", "from": c, "to": "mr01_110"], ["name": "work", "from": "mr01_110", "to": c]]])),
            ("routes.json", "config", json(["version": 1, "routes": [["name": h, "from": "mr01_110", "to": "mr02_111"]]])),
        ]
    }

    static var commands: [[String]] {
        let h = hostile
        return [
            ["plan", "Lisova", "Teremky"], ["plan", "Lisova", "Teremky", "--json"], ["plan", h, "Teremky"], ["plan", "home"],
            ["status"], ["status", "--format", h + "{next} {to}"], ["status", "--json"], ["adjust", "+1"], ["undo"], ["at", "Teremky"],
            ["stations", h], ["station", h], ["station", "Lisova"], ["routes"], ["routes", "list"], ["routes", "list", "--json"],
            ["routes", "add", h, "Lisova", "Teremky"], ["changes"], ["changes", "list"], ["changes", "list", "--json"],
            ["changes", "close", h], ["alerts", "status"], ["alerts", "pending"], ["alerts", "enable"],
            ["alerts", "enable", "--url", "https://u:" + h + "@example.org/" + String(repeating: "a", count: 5000)],
            ["alerts", "enable", "--url", "user:s3cretpw@127.0.0.1/" + h],
            ["journal"], ["journal", "--json"], ["journal", "--export", "-"], ["calibration"], ["calibration", "--json"],
            ["calibration", "--export", "-"], ["about"], ["about", "--json"], ["stop"], ["arrived"], ["--lang", h], [h],
        ]
    }

    func testNoCommandShowsARawControlCharacterFromAFileOrTheUser() throws {
        var failures: [String] = []
        var runs = 0
        for (index, file) in Self.files.enumerated() {
            for arguments in Self.commands {
                let base = try TestPaths.temporaryDirectory(self) + "/\(index)"
                for directory in ["state", "config"] {
                    try FileManager.default.createDirectory(atPath: base + "/" + directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                }
                let path = base + "/" + file.directory + "/" + file.name
                try file.text.write(toFile: path, atomically: true, encoding: .utf8)
                chmod(path, 0o600)
                let result = CLI.run(arguments, environment: [
                    "NO_COLOR": "1", "METRO_TIMER_HOME": base + "/state", "METRO_TIMER_CONFIG": base + "/config", "PATH": "/usr/bin:/bin",
                ])
                runs += 1
                for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
                    if let bad = text.unicodeScalars.first(where: Self.forbidden) {
                        failures.append("\(file.name) #\(index) \(arguments.map { Quote.value($0) }) \(stream): U+\(String(bad.value, radix: 16, uppercase: true)) in \(Quote.value(String(text.prefix(300))))")
                    }
                    if text.contains("s3cretpw") { failures.append("\(file.name) #\(index) \(arguments.map { Quote.value($0) }) \(stream): the password shown") }
                    if text.count > 20_000 { failures.append("\(file.name) #\(index) \(arguments.map { Quote.value($0) }) \(stream): \(text.count) characters") }
                }
            }
        }
        XCTAssertGreaterThan(runs, 300)
        XCTAssertEqual(failures, [], "\n" + failures.joined(separator: "\n"))
    }

    func testNotesAndNamesRefuseBidiControls() {
        for note in ["a\u{202E}b", "a\u{2066}b", "a\u{200F}b", "a\u{061C}b"] {
            let result = CLI.run(["changes", "close", "Lisova", "--note", note])
            XCTAssertEqual(result.code, 64, Quote.value(note))
            let file = ChangesFile(entries: [ChangesFile.Entry(id: 1, kind: .closed, station: "mr01_110", note: note)])
            XCTAssertNotNil(file.valueProblem(), "a file's note is held to the same rule")
        }
    }

    func testTheOneFunctionEscapesEachKind() {
        XCTAssertEqual(Quote.value("a\u{1B}]0;x\u{7}b"), "a\\u{1B}]0;x\\u{07}b")
        XCTAssertEqual(Quote.value("\u{9B}1m"), "\\u{9B}1m")
        XCTAssertEqual(Quote.value("abc\u{202E}def"), "abc\\u{202E}def")
        XCTAssertEqual(Quote.value("\u{2066}\u{2069}\u{200E}\u{061C}"), "\\u{2066}\\u{2069}\\u{200E}\\u{61C}")
        XCTAssertEqual(Quote.value("Київ"), "Київ")
        // A URL as shown: no user name or password, with or without a scheme, and cut when long.
        XCTAssertEqual(Quote.url("https://u:pw@example.org/a?key=1"), "https://***@example.org/a?key=***")
        XCTAssertEqual(Quote.url("user:s3cretpw@127.0.0.1/path"), "***@127.0.0.1/path")
        XCTAssertEqual(Quote.url("s3cretpw@127.0.0.1"), "***@127.0.0.1")
        let long = Quote.url("https://example.org/" + String(repeating: "a", count: 120_000))
        XCTAssertLessThanOrEqual(long.count, 200, long)
        XCTAssertTrue(long.hasPrefix("https://example.org/aaa"))
    }
}

/// A feed URL's password was shown in `alerts status`, `about` and errors when the URL
/// was written `//user:pw@host/` or `https:/user:pw@host/`. Every form is masked.
final class URLMaskTests: XCTestCase {
    func testAPasswordIsMaskedInEveryFormOfTheURL() throws {
        for (url, shown) in [
            ("//user:pw@host/", "//***@host/"),
            ("https:/user:pw@host/", "https:/***@host/"),
            ("https:user:pw@host/", "***@host/"),
            ("https:\\\\user:pw@host/", "https:\\\\***@host/"),
            ("https:///user:pw@host/", "https:///***@host/"),
            ("https://user:pw@host@evil/x?k=v#f", "https://***@evil/x?k=***#***"),
            ("https://example.org/feed", "https://example.org/feed"),
        ] {
            XCTAssertEqual(Quote.url(url), shown, url)
            XCTAssertFalse(Quote.url(url).contains("pw"), url)
        }
        // Where it is shown: the refusal, the status and `about`.
        let config = try TestPaths.temporaryDirectory(self) + "/config"
        let environment = ["METRO_TIMER_CONFIG": config, "NO_COLOR": "1"]
        let refused = CLI.run(["alerts", "enable", "--url", "//user:s3cret@example.org/feed"], environment: environment)
        XCTAssertEqual(refused.code, 64, refused.stderr)
        XCTAssertFalse(refused.stderr.contains("s3cret"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("//***@example.org/feed"), refused.stderr)
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try #"{"version":1,"enabled":true,"url":"https:/user:s3cret@127.0.0.1/feed","timeoutMilliseconds":1500}"#
            .write(toFile: config + "/alerts.json", atomically: true, encoding: .utf8)
        for arguments in [["alerts", "status"], ["about"], ["about", "--json"]] {
            let result = CLI.run(arguments, environment: environment)
            XCTAssertFalse((result.stdout + result.stderr).contains("s3cret"), "\(arguments): \(result.stdout)\(result.stderr)")
        }
    }
}

/// Files checked when read as when written; every writer's temp files cleaned; a held
/// lock says what it waits for.
final class FilesOnReadTests: XCTestCase {
    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    func loose(_ base: String, files: [String: String]) throws {
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        chmod(base, 0o777)
        for (name, text) in files {
            try text.write(toFile: base + "/" + name, atomically: true, encoding: .utf8)
            chmod(base + "/" + name, 0o666)
        }
    }

    /// `METRO_TIMER_HOME=/ metro-timer journal` as root made `/` 0700. A directory
    /// that exists is never chmodded, whoever made it: one open to others (a shared 1777 like
    /// /tmp, a group's 0770, a 0755) is refused with the reason, by readers and writers alike,
    /// and keeps its mode. Scratch directories only.
    func testANamedStateDirectoryOpenToOthersIsRefusedAndKeepsItsMode() throws {
        let base = try TestPaths.temporaryDirectory(self)
        for (index, loose) in [mode_t(0o1777), 0o770, 0o755, 0o711].enumerated() {
            let state = base + "/state\(index)"
            try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
            XCTAssertEqual(chmod(state, loose), 0)
            let environment = ["METRO_TIMER_HOME": state, "METRO_TIMER_CONFIG": base + "/config", "NO_COLOR": "1"]
            for arguments in [["journal"], ["calibration"], ["status"], ["start", "Teremky", "Lisova"]] {
                let result = CLI.run(arguments, environment: environment)
                XCTAssertEqual(result.code, 1, "\(arguments): \(result.stdout)")
                // The whole mode, sticky bit included (1777 shown as 777 would hide the sticky bit).
                let shown = String(loose, radix: 8)
                XCTAssertTrue(result.stderr.hasPrefix("""
                    Error: cannot use the state directory \(state): others can use it (mode \(shown)), and metro-timer keeps its files only in a private directory \
                    and never changes the modes of one it did not make; make it private ('chmod 700 \(state)') or name a directory of your own

                    """), "\(arguments): \(result.stderr)")
                var info = stat()
                XCTAssertEqual(stat(state, &info), 0)
                XCTAssertEqual(info.st_mode & 0o7777, loose, "\(arguments) changed the mode")
                XCTAssertFalse(FileManager.default.fileExists(atPath: state + "/trip.json"))
            }
        }
    }

    /// The same for the settings directory; and the files inside a private directory are not
    /// chmodded either (nobody else can reach them there), nor noted.
    func testANamedSettingsDirectoryOpenToOthersIsRefusedAndFilesKeepTheirModes() throws {
        let base = try TestPaths.temporaryDirectory(self)
        let config = base + "/config"
        try loose(config, files: [
            "routes.json": #"{"version":1,"routes":[{"name":"home","from":"mr01_110","to":"mr02_111"}]}"#,
            "changes.json": try String(contentsOfFile: TestPaths.packageRoot.appendingPathComponent("fuzz/corpus/changes/two.json").path, encoding: .utf8),
        ])
        let environment = ["METRO_TIMER_HOME": base + "/state", "METRO_TIMER_CONFIG": config]
        for arguments in [["routes", "list"], ["changes", "list"], ["routes", "add", "work", "Teremky", "Lisova"]] {
            let result = CLI.run(arguments, environment: environment)
            XCTAssertEqual(result.code, 1, "\(arguments): \(result.stdout)")
            XCTAssertTrue(result.stderr.hasPrefix("Error: cannot use the settings directory \(config): others can use it (mode 777)"), result.stderr)
            XCTAssertEqual(mode(config), 0o777)
        }
        XCTAssertEqual(chmod(config, 0o700), 0)
        let listed = CLI.run(["routes", "list"], environment: environment)
        XCTAssertEqual(listed.code, 0, listed.stderr)
        XCTAssertEqual(listed.stderr, "")
        XCTAssertEqual(mode(config + "/routes.json"), 0o666, "a file that exists is not chmodded")
        // A directory metro-timer makes is private from the start.
        XCTAssertEqual(CLI.run(["routes", "add", "work", "Teremky", "Lisova"], environment: ["METRO_TIMER_HOME": base + "/state", "METRO_TIMER_CONFIG": base + "/new/config"]).code, 0)
        XCTAssertEqual(mode(base + "/new/config"), 0o700)
        XCTAssertEqual(mode(base + "/new/config/routes.json"), 0o600)
    }

    func testAnotherUsersDirectoryIsRefusedByReadersToo() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root to give a directory to another user") }
        let base = try TestPaths.temporaryDirectory(self)
        let state = base + "/state", config = base + "/config"
        try loose(state, files: [:])
        try loose(config, files: [:])
        chmod(state, 0o700)
        chmod(config, 0o700)
        XCTAssertEqual(chown(state, 65534, 65534), 0)
        XCTAssertEqual(chown(config, 65534, 65534), 0)
        let environment = ["METRO_TIMER_HOME": state, "METRO_TIMER_CONFIG": config]
        for arguments in [["journal"], ["calibration"]] {
            let result = CLI.run(arguments, environment: environment)
            XCTAssertEqual(result.code, 1, "\(arguments): \(result.stdout)")
            XCTAssertTrue(result.stderr.contains("state directory \(state): it belongs to user 65534"), result.stderr)
        }
        for arguments in [["routes", "list"], ["changes", "list"], ["alerts", "status"]] {
            let result = CLI.run(arguments, environment: ["METRO_TIMER_HOME": base + "/mine", "METRO_TIMER_CONFIG": config])
            XCTAssertEqual(result.code, 1, "\(arguments): \(result.stdout)")
            XCTAssertTrue(result.stderr.contains("settings directory \(config): it belongs to user 65534"), result.stderr)
        }
    }

    func changes(_ entries: String) throws -> (path: String, environment: [String: String]) {
        let config = try TestPaths.temporaryDirectory(self) + "/config"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try #"{"version":1,"entries":[\#(entries)]}"#.write(toFile: config + "/changes.json", atomically: true, encoding: .utf8)
        chmod(config + "/changes.json", 0o600)
        return (config + "/changes.json", ["METRO_TIMER_CONFIG": config])
    }

    func testChangesRefuseUnknownStationsLinesAndDuplicateIds() throws {
        for (entries, key) in [
            (#"{"id":1,"kind":"closed","station":"mr99_999"}"#, "entries[0].station: no station 'mr99_999'"),
            (#"{"id":1,"kind":"suspended","section":{"line":"M1","from":"mr01_110","to":"mr99_999"}}"#, "entries[0].section.to: no station 'mr99_999'"),
            (#"{"id":1,"kind":"suspended","section":{"line":"M9","from":"mr01_110","to":"mr02_111"}}"#, "entries[0].section.line: no line 'M9'"),
            (#"{"id":1,"kind":"suspended","section":{"line":"M2","from":"mr01_110","to":"mr02_111"}}"#, "entries[0].section: mr01_110 is not on M2"),
            (#"{"id":1,"kind":"headway","line":"M9","headwaySeconds":300}"#, "entries[0].line: no line 'M9'"),
            (#"{"id":1,"kind":"closed","station":"mr01_110"},{"id":1,"kind":"closed","station":"mr02_111"}"#, "entries[1].id: 1 is used twice"),
        ] {
            let (path, environment) = try changes(entries)
            for arguments in [["changes", "list"], ["plan", "Lisova", "Teremky"]] {
                let result = CLI.run(arguments, environment: environment)
                XCTAssertEqual(result.code, 65, "\(entries) \(arguments): \(result.stdout)")
                XCTAssertTrue(result.stderr.contains(path), result.stderr)
                XCTAssertTrue(result.stderr.contains(key), "\(key) in \(result.stderr)")
            }
        }
        let (_, good) = try changes(#"{"id":1,"kind":"suspended","section":{"line":"M1","from":"mr01_110","to":"mr02_111"}},{"id":2,"kind":"headway","line":"M1","headwaySeconds":300}"#)
        XCTAssertEqual(CLI.run(["changes", "list"], environment: good).code, 0)
    }

    func testTheAlertRecordsTempFilesAreCleanedLikeTheOthers() throws {
        let directory = try TestPaths.temporaryDirectory(self) + "/state"
        let store = FileTripStore(directory: directory)
        let trip = Trip(id: "t", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: Date())
        try store.update { (current: inout Trip?) throws(CLIError) in current = trip }
        let leftovers = [".scheduled-alerts.json.Ab12Cd", ".scheduled-alerts.json.xY9z8W"]
        for name in leftovers { XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data("{".utf8))) }
        let model = try TripModel(engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), trip: trip)
        let scheduler = AlertScheduler(store: store, environment: ["METRO_TIMER_ALERT_BACKEND": "off"], executable: "", language: .en, commandSetting: nil, note: { _ in })
        scheduler.sync(trip, model: model, schedule: model.current(trip), at: Date(), starting: true)
        for name in leftovers { XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/" + name), name) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/scheduled-alerts.json"), "the record itself is kept")
    }

    func testAHeldAlertsLockSaysWhatItIsWaitingFor() throws {
        let (directory, environment): (String, [String: String]) = try {
            let directory = try TestPaths.temporaryDirectory(self) + "/state"
            let store = FileTripStore(directory: directory)
            try store.update { (current: inout Trip?) throws(CLIError) in
                current = Trip(id: "t", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code, t0: Kyiv.date("2026-11-30 11:50"))
            }
            return (directory, ["METRO_TIMER_HOME": directory])
        }()
        // Another process's hold on the lock, released after a second and a half.
        let fd = open(directory + "/.alerts.lock", O_RDWR | O_CREAT, 0o600)
        XCTAssertEqual(flock(fd, LOCK_EX), 0)
        _ = pwrite(fd, Array("4242\n".utf8), 5, 0)
        Thread.detachNewThread {
            usleep(1_500_000)
            flock(fd, LOCK_UN)
            close(fd)
        }
        let result = CLI.run(["arrived"], environment: environment)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("note: waiting for \(directory)/.alerts.lock (held by process 4242) to cancel this trip's alerts"), result.stderr)
    }

    func testTheTimeoutHasOneRange() throws {
        let config = try TestPaths.temporaryDirectory(self) + "/config"
        let environment = ["METRO_TIMER_CONFIG": config]
        let range = AlertSettings.timeoutRange
        for (value, code) in [(range.lowerBound, Int32(0)), (range.upperBound, 0), (range.lowerBound - 1, 64), (range.upperBound + 1, 64)] {
            let result = CLI.run(["alerts", "enable", "--url", "https://example.org/feed", "--timeout", String(value)], environment: environment)
            XCTAssertEqual(result.code, code, "\(value): \(result.stderr)")
            // The file keeps the same range.
            let file = AlertSettings(enabled: false, url: nil, timeoutMilliseconds: value)
            XCTAssertEqual(file.valueProblem() == nil, code == 0, "\(value)")
        }
        XCTAssertEqual(range, 100...60_000, "as the README says")
    }
}

/// The alert feed says "unknown" whenever it does not plainly say true or false.
final class AlertFeedStrictnessTests: XCTestCase {
    func verdict(_ text: String) -> AlertFeed.Verdict { AlertFeed.parse(Data(text.utf8)) }

    func isUnknown(_ verdict: AlertFeed.Verdict) -> Bool {
        if case .unknown = verdict { return true }
        return false
    }

    func testAnAlertThatIsNotABooleanIsUnknown() {
        for text in [
            #"{"alert": false, "states": [{"name": "м. Київ", "alert": "yes"}]}"#,
            #"{"states": [{"name": "м. Київ", "alert": 1}]}"#,
            #"{"states": [{"name": "м. Київ", "alert": 0}]}"#,
            #"{"alert": 1}"#,
            #"{"alert": false, "state": {"name": "м. Київ", "alert": null}}"#,
            #"{"alert": "yes"}"#,
        ] {
            XCTAssertTrue(isUnknown(verdict(text)), "\(text): \(verdict(text))")
        }
        XCTAssertEqual(verdict(#"{"alert": 1}"#).line, "unknown: the feed's alert for Kyiv is not true or false")
        // Another region's odd value: the answer is not the one schema (the strict feed,
        // AlertFeedTests), so it is unknown too, never read around.
        XCTAssertTrue(isUnknown(verdict(#"{"states": [{"name": "Львівська область", "alert": "yes"}, {"name": "м. Київ", "alert": true}]}"#)))
    }

    func testADuplicatedKeyIsUnknownNotLastWins() {
        for text in [
            #"{"alert": false, "alert": true}"#,
            #"{"alert": true, "alert": true}"#,
            #"{"states": [{"name": "м. Київ", "alert": false, "alert": true}]}"#,
            #"{"alert": false, "al\u0065rt": true}"#,
            #"{"states": [{"name": "м. Київ", "name": "Львів", "alert": false}]}"#,
        ] {
            XCTAssertEqual(verdict(text).line, "unknown: the feed's answer repeats a key", text)
        }
        // The same key in two different objects is no repetition.
        XCTAssertEqual(verdict(#"{"states": [{"name": "Львівська область", "alert": true}, {"name": "м. Київ", "alert": false}]}"#), .quiet)
        XCTAssertEqual(verdict(#"{"alert": false, "x": {"alert": true}, "s": "{\"alert\": 1, \"alert\": 2}"}"#), .quiet)
    }
}
