import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore

/// The rules of docs/ARCHITECTURE.md that a reading of the sources can hold: which module may
/// import which, what MetroCore never does, where JSON is written, how long a file may grow,
/// and that the map's entry points exist.
/// Each failure names the file and the rule.
final class SourceRulesTests: XCTestCase {
    static let root = TestPaths.packageRoot

    /// The modules a file imports (`import X`, `@testable import X`, `import struct X.Y`,
    /// `public import X`, …), with whether the import is `@testable`.
    static func imports(_ text: String) -> [(module: String, testable: Bool)] {
        var found: [(module: String, testable: Bool)] = []
        for line in text.split(separator: "\n") {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            let testable = words.contains("@testable")
            words.removeAll {
                $0.hasPrefix("@") || ["public", "package", "internal", "fileprivate", "private"].contains($0)
            }
            guard words.first == "import", words.count >= 2 else { continue }
            let kinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
            let name = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            found.append((String(name.split(separator: ".").first ?? ""), testable))
        }
        return found
    }

    /// The C library, whichever the platform calls it.
    static let cLibrary: Set<String> = ["Glibc", "Musl", "Darwin"]

    /// What each module under Sources/ may import besides the C library: the code map's "May
    /// import" (docs/ARCHITECTURE.md), which is the target graph of Package.swift. MetroCore
    /// imports no module of ours; MetroData no lab and no command; only the commands and the
    /// entry points import CLIKit's users.
    static let mayImport: [String: Set<String>] = [
        "MetroCore": ["FoundationEssentials", "Synchronization"],
        "MetroData": ["MetroCore", "FoundationEssentials", "Synchronization"],
        "MetroLab": ["MetroCore", "MetroData", "FoundationEssentials"],
        "CLIKit": ["MetroCore", "FoundationEssentials"],
        "metro-timer-alerts": ["MetroCore", "CLIKit", "FoundationEssentials"],
        "MetroTimerCLI": ["MetroCore", "CLIKit", "metro_timer_alerts", "FoundationEssentials", "Dispatch"],
        "TimetableGenCLI": ["MetroCore", "MetroData", "MetroLab", "CLIKit", "FoundationEssentials"],
        "metro-timer": ["MetroTimerCLI", "CLIKit", "metro_timer_alerts", "FoundationEssentials"],
        "timetable-gen": ["TimetableGenCLI", "MetroCore", "CLIKit", "FoundationEssentials"],
    ]

    func testEachModuleImportsOnlyWhatTheCodeMapAllows() throws {
        let modules = try DocumentationTests.folders("Sources")
        XCTAssertEqual(
            Set(modules), Set(Self.mayImport.keys), "every module under Sources/ has its rule here, and only those")
        for module in modules {
            let allowed = (Self.mayImport[module] ?? []).union(Self.cLibrary)
            for file in try TestPaths.swiftFiles(under: "Sources/" + module) {
                for (imported, _) in Self.imports(file.text) where !allowed.contains(imported) {
                    XCTFail(
                        "Sources/\(module)/\(file.path) imports \(imported), which \(module) may not (docs/ARCHITECTURE.md, Code map)"
                    )
                }
            }
        }
    }

    /// MetroTestSupport is a library target, so `swift build -c release` builds it, and a release
    /// build compiles no module for testing: a `@testable import` there breaks the release build
    /// of the whole package (what a newcomer types first). It imports the package's modules
    /// plainly, and what it needs of them is `package`.
    func testTheTestSupportLibraryBuildsInRelease() throws {
        for file in try TestPaths.swiftFiles(under: "Tests/MetroTestSupport") {
            for (imported, testable) in Self.imports(file.text) where testable {
                XCTFail(
                    "Tests/MetroTestSupport/\(file.path) has `@testable import \(imported)`: `swift build -c release` fails on it (import it plainly; make what it needs `package`)"
                )
            }
        }
    }

    /// The executables are entry points only: one `main.swift` each, and no test imports them
    /// (the tests import the command libraries, MetroTimerCLI and TimetableGenCLI).
    func testTheExecutablesAreEntryPointsOnly() throws {
        for executable in ["metro-timer", "timetable-gen"] {
            let files = try FileManager.default.contentsOfDirectory(
                atPath: Self.root.appendingPathComponent("Sources/" + executable).path)
            XCTAssertEqual(files.sorted(), ["main.swift"], "Sources/\(executable) holds main.swift only")
        }
        for file in try TestPaths.swiftFiles(under: "Tests") {
            for (imported, _) in Self.imports(file.text) where ["metro_timer", "timetable_gen"].contains(imported) {
                XCTFail(
                    "Tests/\(file.path) imports the executable module \(imported): import its command library instead")
            }
        }
    }

    /// MetroCore never prints, exits, reads the environment, the clock or a file: what it needs
    /// is passed in (docs/ARCHITECTURE.md, Code map).
    func testMetroCoreHasNoSideDoor() throws {
        let forbidden = ["print(", "exit(", "getenv(", "environ", "FileManager", "Date()", "fopen(", "readLine("]
        /// `word` in `text` as a whole (`environ`, not `environment`).
        func has(_ word: String, in text: String) -> Bool {
            func identifier(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            var from = text.startIndex
            while let found = text.range(of: word, range: from..<text.endIndex) {
                let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
                let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
                if !(identifier(word.first) && identifier(before)) && !(identifier(word.last) && identifier(after)) {
                    return true
                }
                from = found.upperBound
            }
            return false
        }
        for file in try TestPaths.swiftFiles(under: "Sources/MetroCore") {
            for word in forbidden where has(word, in: file.text) {
                XCTFail(
                    "Sources/MetroCore/\(file.path) has \(word): MetroCore takes what it needs as values and returns what it has to say"
                )
            }
        }
    }

    /// One truth: the surfaces outside MetroCore render what the rider is told (`RideTold`) and
    /// derive none of it themselves: where the ride stands (`RideState`), which banner stands
    /// (`RideTold.banner`).
    func testTheSurfacesRenderWhatTheRiderIsTold() throws {
        let deciding = ["RideState(", "RideTold.banner("]
        for folder in ["Sources/MetroTimerCLI", "Sources/CLIKit", "Sources/metro-timer-alerts"] {
            for file in try TestPaths.swiftFiles(under: folder) {
                for word in deciding where file.text.contains(word) {
                    XCTFail(
                        "\(folder)/\(file.path) calls \(word): a surface renders RideTold(schedule:fired:at:), it does not decide"
                    )
                }
            }
        }
    }

    /// Files that may still make a `JSONEncoder` of their own, each with why.
    static let ownEncoderAllowed: [String] = []

    /// JSON is written through one factory, `JSONObject.encoder` (MetroCore/JSON/
    /// JSONObject+Encoder.swift; decision 0008): no source makes a `JSONEncoder` of its own.
    func testEveryJSONEncoderComesFromTheFactory() throws {
        var own: [String] = []
        for file in try TestPaths.swiftFiles(under: "Sources") where file.text.contains("JSONEncoder(") {
            own.append(file.path)
        }
        XCTAssertEqual(
            own.sorted(), (["MetroCore/JSON/JSONObject+Encoder.swift"] + Self.ownEncoderAllowed).sorted(),
            "a JSONEncoder is made in MetroCore/JSON/JSONObject+Encoder.swift only (JSONObject.encoder)")
    }

    /// The longest a file under Sources/ may be.
    static let maximumLines = 400

    /// Files allowed over the limit for now; each must still be over it (then it is taken out).
    static let longFilesAllowed: [String] = []

    /// No Swift file under Sources/, Tests/ or fuzz/ is longer than 400 lines: past that, a
    /// type's concerns go into `Type+Topic.swift` extensions, a test class's into its own file.
    func testNoSourceFileIsOver400Lines() throws {
        var long: [String] = []
        for folder in ["Sources", "Tests", "fuzz"] {
            for file in try TestPaths.swiftFiles(under: folder) {
                let lines =
                    file.text.split(separator: "\n", omittingEmptySubsequences: false).count
                    - (file.text.hasSuffix("\n") ? 1 : 0)
                if lines > Self.maximumLines { long.append(folder + "/" + file.path) }
            }
        }
        XCTAssertEqual(
            long.sorted(), Self.longFilesAllowed.sorted(),
            "files over \(Self.maximumLines) lines: split the new ones by concern; take a split one out of longFilesAllowed"
        )
    }

    /// Every path the architecture's "Entry points" section names exists, so that a newcomer
    /// following it lands on a file.
    func testEveryEntryPointInTheArchitectureExists() throws {
        let architecture = try DocumentationTests.text("docs/ARCHITECTURE.md")
        guard let start = architecture.range(of: "\n## Entry points\n")?.upperBound else {
            return XCTFail("docs/ARCHITECTURE.md has no section ## Entry points")
        }
        let end =
            architecture.range(of: "\n## ", range: start..<architecture.endIndex)?.lowerBound ?? architecture.endIndex
        let pieces = architecture[start..<end].split(separator: "`", omittingEmptySubsequences: false)
        // Inside backticks: every other piece.
        let paths = stride(from: 1, to: pieces.count, by: 2).map { String(pieces[$0]) }.filter {
            $0.hasPrefix("Sources/")
        }
        XCTAssertGreaterThanOrEqual(paths.count, 9, "the entry points name their files")
        for path in paths {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path),
                "docs/ARCHITECTURE.md, Entry points: \(path) does not exist")
        }
    }

    /// Route choice in one place: only `RouteChoice` asks the `Router` for a route (the lookup
    /// or the way round the triangle); the commands, the trip's fold, the journal, the backtest
    /// and the lab ask `RouteChoice` (docs/ARCHITECTURE.md, Invariants).
    func testOnlyRouteChoiceAsksTheRouter() throws {
        for file in try TestPaths.swiftFiles(under: "Sources") where file.path != "MetroCore/Routing/RouteChoice.swift"
        {
            for call in ["Router(", ".route(from:", ".detour(from:"] where file.text.contains(call) {
                XCTFail("Sources/\(file.path) calls \(call): ask RouteChoice (MetroCore/Routing/RouteChoice.swift)")
            }
        }
    }
}
