import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroData
@testable import MetroLab
@testable import MetroTimerCLI

/// What is wrong inside a file, said in Ukrainian under `--lang uk`: every file metro-timer reads
/// (trip, journal, calibration, changes, routes, alert settings), broken every way a value can be
/// (each key dropped, each value of the wrong kind or out of range, the text cut short or run on),
/// is refused or skipped with a reason that has no English word in it; under `--lang en` the
/// reason stays the English one.
final class UkrainianFileReasonsTests: XCTestCase {
    struct Case {
        var file: String
        var inState: Bool
        var seed: String
        var command: [String]
    }

    static let changes =
        #"{"version":1,"entries":[{"from":"2026-11-01","id":1,"kind":"closed","note":"repairs","station":"mr13_122","until":"2026-12-31"},{"id":2,"kind":"suspended","section":{"line":"M1","from":"mr01_110","to":"mr02_111"}},{"headwaySeconds":600,"id":3,"kind":"headway","line":"M1"}]}"#

    func cases() throws -> [Case] {
        func corpus(_ target: String, _ name: String) throws -> String {
            try String(
                contentsOfFile: TestPaths.packageRoot.appendingPathComponent("fuzz/corpus/\(target)/\(name)").path,
                encoding: .utf8)
        }
        return [
            Case(file: "trip.json", inState: true, seed: try corpus("trip", "corrected.json"), command: ["status"]),
            Case(file: "journal.jsonl", inState: true, seed: try corpus("journal", "one.jsonl"), command: ["journal"]),
            Case(
                file: "calibration.json", inState: true, seed: try corpus("calibration", "small.json"),
                command: ["calibration"]),
            Case(file: "changes.json", inState: false, seed: Self.changes, command: ["changes", "list"]),
            Case(
                file: "routes.json", inState: false, seed: try corpus("routes-command", "two.json"),
                command: ["routes", "list"]),
            Case(
                file: "alerts.json", inState: false, seed: try corpus("settings", "on.json"),
                command: ["alerts", "status"]),
        ]
    }

    /// Every way to break `seed`: each key dropped, each value replaced by one of another kind or
    /// out of range, the text cut at three places, run on, or not JSON at all.
    static func variants(of seed: String) throws -> [String] {
        let root = try JSONSerialization.jsonObject(with: Data(seed.utf8))
        let replacements: [Any] = [
            "x", 5, -1, 1e300, 0.5, true, NSNull(), [Any](), [String: Any](), "2026-02-30", "mr99_999", "M9",
        ]
        var variants: [Any] = []
        func walk(_ value: Any, _ rebuild: @escaping (Any?) -> Any) {
            if let object = value as? [String: Any] {
                for (key, member) in object {
                    walk(member) { replaced in
                        var copy = object
                        copy[key] = replaced
                        return rebuild(copy)
                    }
                }
            } else if let array = value as? [Any] {
                for (index, element) in array.enumerated() {
                    walk(element) { replaced in
                        var copy = array
                        if let replaced { copy[index] = replaced } else { copy.remove(at: index) }
                        return rebuild(copy)
                    }
                }
            }
            variants.append(rebuild(nil))
            for replacement in replacements { variants.append(rebuild(replacement)) }
        }
        walk(root) { $0 ?? [String: Any]() }
        var texts = try variants.map {
            String(
                decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .fragmentsAllowed]),
                as: UTF8.self)
        }
        let bytes = Array(seed.utf8)
        for cut in [1, bytes.count / 3, bytes.count * 2 / 3, bytes.count - 2] {
            texts.append(String(decoding: bytes.prefix(cut), as: UTF8.self))
        }
        texts += [
            seed + " x", "{not json", "[1, 2]", "\"text\"",
            seed.replacingOccurrences(of: "\"version\":1", with: "\"version\":1.5"),
        ]
        return texts
    }

    func run(_ item: Case, _ text: String, _ language: String) throws -> CLIResult {
        let base = try TestPaths.temporaryDirectory(self)
        let directory = base + (item.inState ? "/state" : "/config")
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try text.write(toFile: directory + "/" + item.file, atomically: true, encoding: .utf8)
        chmod(directory + "/" + item.file, 0o600)
        let environment = [
            "NO_COLOR": "1", "METRO_TIMER_HOME": base + "/state", "METRO_TIMER_CONFIG": base + "/config",
        ]
        return CLI.run(item.command + ["--lang", language], environment: environment)
    }

    func testEveryBrokenFileIsExplainedInUkrainian() throws {
        var refused = 0
        for item in try cases() {
            let variants = try Self.variants(of: item.seed)
            XCTAssertGreaterThan(variants.count, 20, item.file)
            for text in variants {
                let uk = try run(item, text, "uk")
                XCTAssertTrue([0, 65].contains(uk.code), "\(item.file) \(text): \(uk.code) \(uk.stderr)")
                guard !uk.stderr.isEmpty else { continue }
                refused += 1
                XCTAssertEqual(UkrainianText.englishWords(uk.stderr), [], "\(item.file) \(text):\n\(uk.stderr)")
                let en = try run(item, text, "en")
                XCTAssertEqual(en.code, uk.code, "\(item.file) \(text)")
                XCTAssertTrue(
                    en.stderr.hasPrefix("Error: ") || en.stderr.hasPrefix("warning: ") || en.stderr.hasPrefix("note: "),
                    en.stderr)
                XCTAssertTrue(
                    en.stderr.unicodeScalars.allSatisfy { $0.value < 0x400 || $0.value > 0x4FF },
                    "\(item.file) \(text): no Ukrainian in English:\n\(en.stderr)")
            }
        }
        XCTAssertGreaterThan(refused, 200, "most broken files are refused or have a line skipped")
    }

    /// An installed timetable that cannot be used says why in Ukrainian too: a network that
    /// does not hold together (each kind of broken promise), and a file that is not one at all.
    func testAnUnusableInstalledTimetableSaysWhyInUkrainian() throws {
        var broken: [String] = []
        func add(_ edit: (inout NetworkDocument) -> Void) {
            var document = Network.kyiv.document
            edit(&document)
            broken.append(NetworkEncoding.compactJSON(document))
        }
        add { $0.stations.append($0.stations[0]) }
        add { $0.lines[0].stations[1] = "mx99_999" }
        add { $0.lines.append($0.lines[0]) }
        add { $0.lines[0].stations = [$0.lines[0].stations[0]] }
        add { $0.stations[0].line = "M9" }
        add { $0.stations[0].nameUk = "" }
        add { $0.stations[0].order = 7 }
        add { $0.stations.removeLast() }
        add { $0.stations[0].transfer = "mr02_111" }
        add { $0.segments.append($0.segments[0]) }
        add { $0.segments[0].gapSeconds = 0 }
        add { $0.segments[0].runSeconds = 0 }
        add { $0.segments.removeFirst() }
        add { $0.transfers[0].stationB = "mr12_121" }
        add { $0.transfers.append($0.transfers[0]) }
        add { $0.transfers[0].walkSeconds = 9999 }
        add { $0.headways.append($0.headways[0]) }
        add { $0.headways[0].line = "M9" }
        add { $0.headways[0].hour = 30 }
        add { $0.serviceWindows[0].station = "mx99_999" }
        add { $0.serviceWindows[0].firstDeparture = 999_999 }
        add { $0.serviceWindows.append($0.serviceWindows[0]) }
        add { $0.airRaidSections[0].line = "M3" }
        add { $0.entrances = ($0.entrances ?? []) + ($0.entrances?.prefix(1) ?? []) }
        add { $0.entrances?[0].halls = 0 }
        let good = NetworkEncoding.compactJSON(Network.kyiv.document)
        broken += [
            String(good.prefix(good.count / 2)), good + "x", "[]",
            good.replacingOccurrences(of: "\"stations\":", with: "\"stationz\":"),
        ]
        var reasons: Set<String> = []
        for text in broken {
            let home = try TestPaths.temporaryDirectory(self) + "/home"
            try FileManager.default.createDirectory(
                atPath: home + "/data", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try text.write(toFile: home + "/data/network.json", atomically: true, encoding: .utf8)
            chmod(home + "/data/network.json", 0o600)
            let uk = CLI.run(
                ["plan", "Lisova", "Teremky", "--lang", "uk"], environment: ["METRO_TIMER_HOME": home, "NO_COLOR": "1"])
            XCTAssertEqual(uk.code, 65, "\(text.prefix(80)): \(uk.stdout)")
            XCTAssertEqual(UkrainianText.englishWords(uk.stderr), [], uk.stderr)
            let en = CLI.run(
                ["plan", "Lisova", "Teremky", "--lang", "en"], environment: ["METRO_TIMER_HOME": home, "NO_COLOR": "1"])
            XCTAssertTrue(
                en.stderr.hasPrefix("Error: the installed timetable \(home)/data/network.json cannot be used: "),
                en.stderr)
            reasons.insert(en.stderr)
        }
        XCTAssertEqual(reasons.count, broken.count, "each broken promise its own reason")
    }

    /// An installed network whose lines do not meet: the router's refusal is a sentence in each
    /// language, not a Swift value (`noInterchange("M1", "M2")`).
    func testARouteAnInstalledNetworkCannotGiveIsSaidInWords() throws {
        var document = Network.kyiv.document
        document.transfers = []
        for index in document.stations.indices { document.stations[index].transfer = nil }
        XCTAssertNil(document.integrityProblem())
        let home = try TestPaths.temporaryDirectory(self) + "/home"
        try FileManager.default.createDirectory(
            atPath: home + "/data", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try NetworkEncoding.compactJSON(document).write(
            toFile: home + "/data/network.json", atomically: true, encoding: .utf8)
        chmod(home + "/data/network.json", 0o600)
        for arguments in [["plan", "Lisova", "Teremky", "--at", "10:00"], ["calibrate", "Lisova", "Teremky"]] {
            let en = CLI.run(arguments + ["--lang", "en"], environment: ["METRO_TIMER_HOME": home, "NO_COLOR": "1"])
            XCTAssertEqual(en.code, 1, "\(arguments): \(en.stdout)")
            XCTAssertEqual(
                en.stderr, "Error: Lines M1 and M2 do not meet in the installed timetable: no route joins them.\n",
                "\(arguments)")
            let uk = CLI.run(arguments + ["--lang", "uk"], environment: ["METRO_TIMER_HOME": home, "NO_COLOR": "1"])
            XCTAssertEqual(
                uk.stderr,
                "Помилка: Лінії M1 і M2 у встановленому розкладі не перетинаються: маршруту між ними немає.\n",
                "\(arguments)")
        }
    }

    /// The reasons themselves, exactly, in both languages: one of each kind.
    func testTheReasonsReadTheSameInBothLanguages() throws {
        let trip = try cases()[0]
        let expectations: [(String, String, String)] = [
            ("{not json", "not valid JSON here at byte 1)", "тут не чинний JSON (байт 1))"),
            (
                trip.seed + " x", "unexpected text after the JSON value at byte ",
                "зайвий текст після значення JSON (байт "
            ),
            (
                trip.seed.replacingOccurrences(of: "\"origin\" : \"mr18_127\",", with: ""), "missing 'origin'",
                "бракує 'origin'"
            ),
            (
                trip.seed.replacingOccurrences(of: "\"origin\" : \"mr18_127\"", with: "\"origin\" : 5"),
                "'origin' is not a string", "'origin' не рядок"
            ),
            (
                trip.seed.replacingOccurrences(of: "\"t0\" : 1795986703.1241932", with: "\"t0\" : 1e300"),
                "t0: 1e+300 is not a time between 2000 and 2100", "'t0': 1e+300 не є часом між 2000 і 2100 роками"
            ),
        ]
        for (text, english, ukrainian) in expectations {
            let en = try run(trip, text, "en")
            let uk = try run(trip, text, "uk")
            XCTAssertTrue(en.stderr.contains("(" + english), "\(english) in \(en.stderr)")
            XCTAssertTrue(uk.stderr.contains("(" + ukrainian), "\(ukrainian) in \(uk.stderr)")
        }
    }
}
