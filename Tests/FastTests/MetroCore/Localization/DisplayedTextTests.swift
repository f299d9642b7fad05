import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

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
        return (value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(value)
            || [0x061C, 0x200E, 0x200F].contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    static func json(_ object: Any) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// One hostile file each: where it goes and what it holds.
    static var files: [(name: String, directory: String, text: String)] {
        let h = hostile
        let c = code
        var record =
            try! JSONSerialization.jsonObject(
                with: Data(
                    try! String(
                        contentsOfFile: TestPaths.packageRoot.appendingPathComponent("fuzz/corpus/journal/one.jsonl")
                            .path, encoding: .utf8
                    ).utf8)) as! [String: Any]
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
            (
                "calibration.json", "state",
                json([
                    "version": 1, "running": ["\(c)>mr01_110": ["count": 1, "m2": 0, "mean": 100, "weight": 1]],
                    "dwell": ["\(c) forward": ["count": 1, "m2": 0, "mean": 20, "weight": 1]],
                ])
            ),
            (
                "trip.json", "state",
                json([
                    "version": 1, "id": h, "origin": c, "destination": "mr01_110", "t0": 1_796_032_800,
                    "corrections": [], "alertsFired": [:],
                ])
            ),
            (
                "changes.json", "config",
                json([
                    "version": 1,
                    "entries": [
                        ["id": 1, "kind": "closed", "station": c],
                        ["id": 2, "kind": "suspended", "section": ["from": c, "to": h]],
                        ["id": 3, "kind": "headway", "line": c, "headwaySeconds": 300],
                    ],
                ])
            ),
            (
                "changes.json", "config",
                json(["version": 1, "entries": [["id": 1, "kind": "closed", "station": "mr01_110", "note": h]]])
            ),
            (
                "alerts.json", "config",
                json([
                    "version": 1, "enabled": true, "url": "http://user\(h):s3cretpw@127.0.0.1:9/\(h)",
                    "timeoutMilliseconds": 100, "command": h,
                ])
            ),
            (
                "alerts.json", "config",
                json([
                    "version": 1, "enabled": false, "url": "user:s3cretpw@127.0.0.1/\(h)", "timeoutMilliseconds": 100,
                ])
            ),
            (
                "routes.json", "config",
                json([
                    "version": 1,
                    "routes": [
                        ["name": "home", "from": c, "to": "mr01_110"], ["name": "work", "from": "mr01_110", "to": c],
                    ],
                ])
            ),
            (
                "routes.json", "config",
                json(["version": 1, "routes": [["name": h, "from": "mr01_110", "to": "mr02_111"]]])
            ),
        ]
    }

    static var commands: [[String]] {
        let h = hostile
        return [
            ["plan", "Lisova", "Teremky"], ["plan", "Lisova", "Teremky", "--json"], ["plan", h, "Teremky"],
            ["plan", "home"],
            ["status"], ["status", "--format", h + "{next} {to}"], ["status", "--json"], ["adjust", "+1"], ["undo"],
            ["at", "Teremky"],
            ["stations", h], ["station", h], ["station", "Lisova"], ["routes"], ["routes", "list"],
            ["routes", "list", "--json"],
            ["routes", "add", h, "Lisova", "Teremky"], ["changes"], ["changes", "list"], ["changes", "list", "--json"],
            ["changes", "close", h], ["alerts", "status"], ["alerts", "pending"], ["alerts", "enable"],
            ["alerts", "enable", "--url", "https://u:" + h + "@example.org/" + String(repeating: "a", count: 5000)],
            ["alerts", "enable", "--url", "user:s3cretpw@127.0.0.1/" + h],
            ["journal"], ["journal", "--json"], ["journal", "--export", "-"], ["calibration"],
            ["calibration", "--json"],
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
                    try FileManager.default.createDirectory(
                        atPath: base + "/" + directory, withIntermediateDirectories: true,
                        attributes: [.posixPermissions: 0o700])
                }
                let path = base + "/" + file.directory + "/" + file.name
                try file.text.write(toFile: path, atomically: true, encoding: .utf8)
                chmod(path, 0o600)
                let result = CLI.run(
                    arguments,
                    environment: [
                        "NO_COLOR": "1", "METRO_TIMER_HOME": base + "/state", "METRO_TIMER_CONFIG": base + "/config",
                        "PATH": "/usr/bin:/bin",
                    ])
                runs += 1
                for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
                    if let bad = text.unicodeScalars.first(where: Self.forbidden) {
                        failures.append(
                            "\(file.name) #\(index) \(arguments.map { Quote.value($0) }) \(stream): U+\(String(bad.value, radix: 16, uppercase: true)) in \(Quote.value(String(text.prefix(300))))"
                        )
                    }
                    if text.contains("s3cretpw") {
                        failures.append(
                            "\(file.name) #\(index) \(arguments.map { Quote.value($0) }) \(stream): the password shown")
                    }
                    if text.count > 20_000 {
                        failures.append(
                            "\(file.name) #\(index) \(arguments.map { Quote.value($0) }) \(stream): \(text.count) characters"
                        )
                    }
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
