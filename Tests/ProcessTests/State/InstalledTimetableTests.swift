import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroData
@testable import MetroLab
@testable import MetroTimerCLI
@testable import TimetableGenCLI

/// `timetable-gen install`: a newer timetable without a rebuild. Compiled with every check,
/// installed privately and atomically, used by metro-timer instead of the embedded network,
/// named by `about`, and an unusable one is an error naming the file, never a silent fallback.
final class InstalledTimetableTests: XCTestCase {
    struct Run {
        var stdout: String
        var stderr: String
        var code: Int32
    }

    /// `timetable-gen` in-process, from a directory that is not a checkout (unless told).
    func generate(_ arguments: [String], home: String, in directory: String = "/") -> Run {
        let out = StringSink()
        let err = StringSink()
        let code = Generator.main(
            arguments: arguments, environment: ["METRO_TIMER_HOME": home], stdout: out, stderr: err,
            currentDirectory: directory)
        return Run(stdout: out.text, stderr: err.text, code: code)
    }

    /// A copy of `Data/` with each (file, old, new) replacement applied.
    func dataCopy(_ edits: [(String, String, String)] = []) throws -> String {
        let directory = try TestPaths.temporaryDirectory(self) + "/Data"
        try FileManager.default.copyItem(atPath: TestPaths.data, toPath: directory)
        for (file, old, new) in edits {
            let path = directory + "/" + file
            let text = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(text.contains(old), old)
            try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
        }
        return directory
    }

    /// A newer dataset than the embedded one: dated 2026-11-20, and the Khreshchatyk ⇄ Maidan
    /// walk measured again at 3:00 (it is 2:00 in the embedded network).
    func newerData() throws -> String {
        try dataCopy([
            ("kyiv-source.csv", "resources_dated,2026-03-10", "resources_dated,2026-11-20"),
            ("kyiv-source.csv", "retrieved,2026-07-03", "retrieved,2026-11-25"),
            ("kyiv-transfers.csv", "mr11_120,mb08_217,120,measured", "mr11_120,mb08_217,180,measured"),
            ("kyiv-stations.csv", "mb18_227,M2,18,Теремки,Teremky,", "mb18_227,M2,18,Теремки,Teremky Depot,"),
        ])
    }

    func mode(_ path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    func testInstallCompilesPrivatelyAndMetroTimerUsesIt() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/home"
        let data = try newerData()
        let plan = ["plan", "Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30"]
        let environment = ["NO_COLOR": "1", "METRO_TIMER_HOME": home]
        XCTAssertTrue(
            CLI.run(plan, environment: environment).stdout.contains("Walk to Maidan Nezalezhnosti: 2:00 (measured)"),
            "embedded first")

        let install = generate(["install", "--data", data], home: home)
        XCTAssertEqual(install.code, 0, install.stderr)
        let path = home + "/data/network.json"
        XCTAssertEqual(
            install.stdout,
            """
            Installed \(path): the timetable dated 2026-11-20 (retrieved 2026-11-25), 52 stations.
            metro-timer now uses it instead of its built-in one; 'timetable-gen install --remove' goes back to the built-in one.

            """)
        XCTAssertEqual(install.stderr, "")
        XCTAssertEqual(try mode(home + "/data"), 0o700)
        XCTAssertEqual(try mode(path), 0o600)
        // What is installed is what the compiler makes of the directory, no more, no less.
        let installed = try Network(json: Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertTrue(installed.document == (try TimetableCompiler.compile(TestPaths.compilerInput(data))))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: home + "/data"), ["network.json"], "no temp file left")

        // Completions offer the installed network's names.
        XCTAssertEqual(
            CLI.run(["__complete", "plan", "Teremky D"], environment: environment).stdout, "Teremky Depot\n")
        let ride = CLI.run(plan, environment: environment)
        XCTAssertEqual(ride.code, 0, ride.stderr)
        XCTAssertTrue(ride.stdout.contains("Walk to Maidan Nezalezhnosti: 3:00 (measured)"), ride.stdout)
        // Station search runs over the installed network too.
        XCTAssertEqual(
            CLI.run(["stations", "Teremky Depot"], environment: environment).stdout, "M2  Теремки  Teremky Depot\n")
        XCTAssertTrue(
            CLI.run(["plan", "Lisova", "Teremky Depot", "--at", "08:15"], environment: environment).stdout.hasPrefix(
                "Lisova → Teremky Depot\n"))

        let remove = generate(["install", "--remove"], home: home)
        XCTAssertEqual(remove.code, 0, remove.stderr)
        XCTAssertEqual(remove.stdout, "Removed \(path); metro-timer uses its built-in timetable again.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertTrue(
            CLI.run(plan, environment: environment).stdout.contains("Walk to Maidan Nezalezhnosti: 2:00 (measured)"))
        let again = generate(["install", "--remove"], home: home)
        XCTAssertEqual(again.code, 0)
        XCTAssertEqual(again.stdout, "No timetable is installed (no \(path)); metro-timer uses its built-in one.\n")
    }

    func testAboutSaysWhichTimetableIsInUseItsDateAndSource() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/home"
        let environment = ["NO_COLOR": "1", "METRO_TIMER_HOME": home]
        let embedded = CLI.run(["about"], environment: environment)
        XCTAssertTrue(embedded.stdout.contains("\nData\n  Timetable: built into the program.\n"), embedded.stdout)
        XCTAssertTrue(embedded.stdout.contains("Timetable dated 2026-03-10, retrieved 2026-07-03."))
        XCTAssertTrue(
            embedded.stdout.contains("  \(home)/data/  network.json (a timetable from 'timetable-gen install')\n"),
            embedded.stdout)
        let embeddedJSON = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(CLI.run(["about", "--json"], environment: environment).stdout.utf8)) as? [String: Any])
        let embeddedData = try XCTUnwrap(embeddedJSON["data"] as? [String: Any])
        XCTAssertEqual(embeddedData["timetable"] as? String, "embedded")
        XCTAssertNil(embeddedData["path"])

        XCTAssertEqual(generate(["install", "--data", try newerData()], home: home).code, 0)
        let path = home + "/data/network.json"
        let about = CLI.run(["about"], environment: environment)
        XCTAssertEqual(about.code, 0, about.stderr)
        XCTAssertTrue(
            about.stdout.contains(
                "\nData\n  Timetable: installed, \(path) ('timetable-gen install --remove' goes back to the built-in one).\n"
            ), about.stdout)
        XCTAssertTrue(about.stdout.contains("Timetable dated 2026-11-20, retrieved 2026-11-25."), about.stdout)
        XCTAssertTrue(about.stdout.contains("Walk Khreshchatyk ⇄ Maidan Nezalezhnosti: 3:00 (measured)"))
        let uk = CLI.run(["about", "--lang", "uk"], environment: environment)
        XCTAssertTrue(uk.stdout.contains("  Розклад: встановлений, \(path) ("), uk.stdout)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(CLI.run(["about", "--json"], environment: environment).stdout.utf8)) as? [String: Any])
        let facts = try XCTUnwrap(json["data"] as? [String: Any])
        XCTAssertEqual(facts["timetable"] as? String, "installed")
        XCTAssertEqual(facts["path"] as? String, path)
        XCTAssertEqual(facts["resourcesDated"] as? String, "2026-11-20")
        XCTAssertEqual(facts["retrieved"] as? String, "2026-11-25")
        XCTAssertEqual(
            facts["publisher"] as? String,
            "Kyiv City State Administration (transport infrastructure department); data owner KP Kyivskyi Metropoliten")
        XCTAssertEqual((json["installed"] as? [String: Any])?["directory"] as? String, home + "/data")
    }

    /// Each way an installed file can be unusable: exit 65, the file named, the way out given,
    /// nothing on standard output, and the file left as it was.
    func testAnUnusableInstalledTimetableIsAnErrorNeverAFallback() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/home"
        XCTAssertEqual(generate(["install", "--data", TestPaths.data], home: home).code, 0)
        let path = home + "/data/network.json"
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        var newer = try XCTUnwrap(JSONSerialization.jsonObject(with: good) as? [String: Any])
        newer["version"] = NetworkDocument.currentVersion + 1
        var broken = Network.kyiv.document
        broken.segments.removeAll { $0.from == "mr11_120" && $0.to == "mr12_121" }
        let cases: [(bytes: Data, reason: String)] = [
            (good.prefix(good.count / 2), "it is not a metro-timer timetable ("),
            (Data("{}".utf8), "it is not a metro-timer timetable ("),
            (
                try JSONSerialization.data(withJSONObject: newer),
                "it was written by a newer timetable-gen (format version \(NetworkDocument.currentVersion + 1); this metro-timer reads up to \(NetworkDocument.currentVersion))"
            ),
            (
                Data(NetworkEncoding.compactJSON(broken).utf8),
                "its network does not hold together: no segment between mr11_120 and mr12_121 in both directions"
            ),
        ]
        for testCase in cases {
            try testCase.bytes.write(to: URL(fileURLWithPath: path))
            for arguments in [["plan", "Lisova", "Teremky"], ["status"], ["about"], ["stations"]] {
                let result = CLI.run(arguments, environment: ["METRO_TIMER_HOME": home])
                XCTAssertEqual(result.code, 65, "\(arguments) \(testCase.reason)")
                XCTAssertEqual(result.stdout, "")
                XCTAssertTrue(
                    result.stderr.hasPrefix(
                        "Error: the installed timetable \(path) cannot be used: " + testCase.reason), result.stderr)
                XCTAssertTrue(
                    result.stderr.hasSuffix(
                        ". Remove it with 'timetable-gen install --remove' (metro-timer then uses its built-in timetable), or install it again with 'timetable-gen install --data DIR'.\n"
                    ),
                    result.stderr)
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), testCase.bytes, "left as it was")
            // Help and the version never need the network, so they still answer.
            XCTAssertEqual(CLI.run(["--version"], environment: ["METRO_TIMER_HOME": home]).code, 0)
            XCTAssertEqual(
                CLI.run(["__complete", "plan", "Lis"], environment: ["METRO_TIMER_HOME": home]).stdout, "",
                "a shell gets no candidates")
        }
        // Unreadable: a link in its place (never followed), a directory in its place.
        try FileManager.default.removeItem(atPath: path)
        let elsewhere = home + "/elsewhere.json"
        try good.write(to: URL(fileURLWithPath: elsewhere))
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere)
        let link = CLI.run(["plan", "Lisova", "Teremky"], environment: ["METRO_TIMER_HOME": home])
        XCTAssertEqual(link.code, 65)
        XCTAssertEqual(
            link.stderr,
            "Error: the installed timetable \(path) cannot be read (it is a symbolic link, and metro-timer never follows links in its own directories). Remove it with 'timetable-gen install --remove' (metro-timer then uses its built-in timetable).\n"
        )
        // The way out works on the link, and leaves what it pointed to.
        XCTAssertEqual(generate(["install", "--remove"], home: home).code, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: elsewhere))
        XCTAssertEqual(
            CLI.run(["plan", "Lisova", "Teremky", "--at", "08:15"], environment: ["METRO_TIMER_HOME": home]).code, 0)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let directory = CLI.run(["status"], environment: ["METRO_TIMER_HOME": home])
        XCTAssertEqual(directory.code, 65)
        XCTAssertTrue(
            directory.stderr.hasPrefix(
                "Error: the installed timetable \(path) cannot be read (it is a directory, not a file)."),
            directory.stderr)
        let removeDirectory = generate(["install", "--remove"], home: home)
        XCTAssertEqual(removeDirectory.code, 1)
        XCTAssertEqual(
            removeDirectory.stderr, "Error: cannot remove \(path): it is a directory, not a file; remove it yourself\n")
    }

    func testInstallRefusesBadDataAndUnsafePlacesAndKeepsWhatWasThere() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/home"
        XCTAssertEqual(generate(["install", "--data", TestPaths.data], home: home).code, 0)
        let path = home + "/data/network.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        // Every check of the embedded build: a timetable row without its last column.
        let bad = try dataCopy([
            (
                "kyiv-timetable.csv", "mr01_110,Академмістечко,forward,05:51:00,22:30:00",
                "mr01_110,Академмістечко,forward,05:51:00"
            )
        ])
        let refused = generate(["install", "--data", bad], home: home)
        XCTAssertEqual(refused.code, 65)
        XCTAssertEqual(
            refused.stderr, "Error: \(bad)/kyiv-timetable.csv:2:5: expected 5 columns, found 4 (no 'last_departure')\n")
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "the installed timetable is kept")
        // A link in the target's place is refused, and what it points to is not written.
        let target = home + "/target"
        try "mine\n".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        let link = generate(["install", "--data", TestPaths.data], home: home)
        XCTAssertEqual(link.code, 1)
        XCTAssertEqual(
            link.stderr,
            "Error: cannot install the timetable at \(path): it is a symbolic link, and metro-timer never follows links in its own directories\n"
        )
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "mine\n")
        // --remove takes nothing else.
        let both = generate(["install", "--remove", "--data", TestPaths.data], home: home)
        XCTAssertEqual(both.code, 64)
        XCTAssertTrue(
            both.stderr.hasPrefix(
                "Error: '--remove' does not go with '--data'\nUsage: timetable-gen install [--data <dir>] [--remove]\n"),
            both.stderr)
    }

    func testADirectoryReadableByOthersIsRefusedNotChmoddedAndAnotherUsersIsRefused() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/home"
        try FileManager.default.createDirectory(
            atPath: home + "/data", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let run = generate(["install", "--data", TestPaths.data], home: home)
        XCTAssertEqual(run.code, 1, run.stderr)
        XCTAssertTrue(
            run.stderr.hasPrefix("Error: cannot install the timetable at \(home)/data: others can use it (mode 755)"),
            run.stderr)
        XCTAssertEqual(try mode(home + "/data"), 0o755)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/data/network.json"))
        // One it makes itself is private.
        let fresh = try TestPaths.temporaryDirectory(self) + "/fresh"
        XCTAssertEqual(generate(["install", "--data", TestPaths.data], home: fresh).code, 0)
        XCTAssertEqual(try mode(fresh + "/data"), 0o700)
        guard geteuid() == 0 else { throw XCTSkip("giving a directory to another user needs root") }
        let other = try TestPaths.temporaryDirectory(self) + "/other"
        try FileManager.default.createDirectory(atPath: other + "/data", withIntermediateDirectories: true)
        XCTAssertEqual(chown(other + "/data", 65534, 65534), 0)
        let refused = generate(["install", "--data", TestPaths.data], home: other)
        XCTAssertEqual(refused.code, 1)
        XCTAssertTrue(
            refused.stderr.hasPrefix("Error: cannot install the timetable at \(other)/data: it belongs to user 65534"),
            refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: other + "/data/network.json"))
        // And a file of another user's is not used.
        XCTAssertEqual(chown(fresh + "/data/network.json", 65534, 65534), 0)
        let foreign = CLI.run(["status"], environment: ["METRO_TIMER_HOME": fresh])
        XCTAssertEqual(foreign.code, 65)
        XCTAssertTrue(foreign.stderr.contains("cannot be read (it belongs to user 65534"), foreign.stderr)
    }

    func testWhereItIsInstalled() {
        XCTAssertEqual(
            InstalledNetwork.path(environment: ["METRO_TIMER_HOME": "/h", "XDG_DATA_HOME": "/x", "HOME": "/u"]),
            "/h/data/network.json")
        XCTAssertEqual(
            InstalledNetwork.path(environment: ["XDG_DATA_HOME": "/x", "HOME": "/u"]), "/x/metro-timer/network.json")
        // A relative XDG_DATA_HOME is ignored, as the XDG spec says.
        XCTAssertEqual(
            InstalledNetwork.path(environment: ["XDG_DATA_HOME": "x", "HOME": "/u"]),
            "/u/.local/share/metro-timer/network.json")
        XCTAssertEqual(
            InstalledNetwork.path(environment: ["METRO_TIMER_HOME": "", "HOME": "/u"]),
            "/u/.local/share/metro-timer/network.json")
    }

    func testIntegrityOfTheEmbeddedNetworkAndOfBrokenOnes() {
        XCTAssertNil(Network.kyiv.document.integrityProblem())
        var duplicate = Network.kyiv.document
        duplicate.stations.append(duplicate.stations[0])
        XCTAssertEqual(duplicate.integrityProblem()?.en, "station mr01_110 appears twice")
        var stray = Network.kyiv.document
        stray.lines[0].stations[1] = "mx99_999"
        XCTAssertEqual(stray.integrityProblem()?.en, "line M1 lists mx99_999, which is not a station of the document")
        var walk = Network.kyiv.document
        walk.transfers[0].stationB = "mr12_121"
        XCTAssertEqual(walk.integrityProblem()?.en, "transfer mr11_120 ⇄ mr12_121 does not join stations of two lines")
        var headway = Network.kyiv.document
        headway.headways.append(headway.headways[0])
        XCTAssertEqual(
            headway.integrityProblem()?.en, "the interval of line M1 forward weekday at hour 6 appears twice")
        XCTAssertThrowsError(try Network(json: Data(NetworkEncoding.compactJSON(duplicate).utf8))) { error in
            XCTAssertEqual(
                error as? Network.LoadError,
                .inconsistent(Bilingual("станція mr01_110 трапляється двічі", "station mr01_110 appears twice")))
        }
    }

    /// A sound but sparse network (one short line: no transfers, no intervals, no windows, no
    /// entrances) is used as it is: every command answers, none traps on what is missing.
    func testASparseButSoundInstalledNetworkIsUsedWithoutTrapping() throws {
        let home = try TestPaths.temporaryDirectory(self) + "/home"
        var document = Network.kyiv.document
        let codes = Array(document.lines[0].stations.prefix(3))
        document.lines = [document.lines[0]]
        document.lines[0].stations = codes
        document.stations = document.stations.filter { codes.contains($0.code) }
        document.segments = document.segments.filter { codes.contains($0.from) && codes.contains($0.to) }
        document.transfers = []
        document.headways = []
        document.serviceWindows = []
        document.airRaidSections = []
        document.entrances = nil
        XCTAssertNil(document.integrityProblem())
        try FileManager.default.createDirectory(
            atPath: home + "/data", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try NetworkEncoding.compactJSON(document).write(
            toFile: home + "/data/network.json", atomically: true, encoding: .utf8)
        let environment = ["METRO_TIMER_HOME": home]
        let plan = CLI.run(["plan", "Akademmistechko", "Sviatoshyn", "--at", "08:15"], environment: environment)
        XCTAssertTrue([0, 1].contains(plan.code), plan.stderr)
        XCTAssertTrue(plan.stdout.hasPrefix("Akademmistechko → Sviatoshyn\n"), plan.stdout)
        XCTAssertEqual(CLI.run(["stations"], environment: environment).stdout.split(separator: "\n").count, 3)
        XCTAssertEqual(
            CLI.run(["plan", "Akademmistechko", "Lisova"], environment: environment).code, 64,
            "Lisova is not in this network")
        for arguments in [
            ["station", "Zhytomyrska"], ["about", "--json"], ["plan", "Sviatoshyn", "Akademmistechko", "--last"],
            ["status"],
        ] {
            let result = CLI.run(arguments, environment: environment)
            XCTAssertTrue([0, 1].contains(result.code), "\(arguments): \(result.stderr)")
        }
    }

    /// The real binaries, from a directory that is not a checkout: install, use, remove.
    func testTheBinariesInstallUseAndRemoveFromAnyDirectory() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        let environment = ["METRO_TIMER_HOME": directory + "/home"]
        let install = try ProcessRunner.run(
            "timetable-gen", ["install", "--data", try newerData()], environment: environment,
            currentDirectory: directory)
        XCTAssertEqual(install.code, 0, install.stderr)
        let about = try ProcessRunner.run(
            "metro-timer", ["about", "--json"], environment: environment, currentDirectory: directory)
        XCTAssertEqual(about.code, 0, about.stderr)
        let data = try XCTUnwrap(
            (JSONSerialization.jsonObject(with: Data(about.stdout.utf8)) as? [String: Any])?["data"] as? [String: Any])
        XCTAssertEqual(data["timetable"] as? String, "installed")
        XCTAssertEqual(data["resourcesDated"] as? String, "2026-11-20")
        let remove = try ProcessRunner.run(
            "timetable-gen", ["install", "--remove"], environment: environment, currentDirectory: directory)
        XCTAssertEqual(remove.code, 0, remove.stderr)
        let after = try ProcessRunner.run(
            "metro-timer", ["about"], environment: environment, currentDirectory: directory)
        XCTAssertTrue(after.stdout.contains("  Timetable: built into the program.\n"), after.stdout)
    }
}
