import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore
@testable import MetroTimerCLI

/// The optional alert check: feed states against a real socket, and nothing at all when it is off.
final class AlertFeedTests: XCTestCase {
    func testFeedShapes() {
        XCTAssertEqual(AlertFeed.parse(Data(#"{"alert": true}"#.utf8)), .alert)
        XCTAssertEqual(AlertFeed.parse(Data(#"{"alert": false}"#.utf8)), .quiet)
        XCTAssertEqual(AlertFeed.parse(Data(#"{"state": {"id": 31, "name": "м. Київ", "alert": true}}"#.utf8)), .alert)
        let states = #"{"states": [{"name": "Київська область", "alert": true}, {"name": "м. Київ", "alert": false}]}"#
        XCTAssertEqual(AlertFeed.parse(Data(states.utf8)), .quiet, "the region around the city is not the city")
        XCTAssertEqual(AlertFeed.parse(Data("<html>".utf8)).line, "unknown: the feed did not answer with a JSON object")
        XCTAssertEqual(
            AlertFeed.parse(Data(#"{"states": [{"name": "Львівська область", "alert": true}]}"#.utf8)).line,
            "unknown: the feed lists no entry for the city of Kyiv")
        XCTAssertEqual(AlertFeed.parse(Data(#"{"ok": 1}"#.utf8)).line, "unknown: the feed's answer has no alert field")
        XCTAssertEqual(AlertFeed.Verdict(line: "unknown: slow\n").line, "unknown: slow")
        XCTAssertEqual(AlertFeed.Verdict(line: "").line, "unknown: the check gave no answer")
    }

    func configDirectory() throws -> String { try TestPaths.temporaryDirectory(self) + "/config" }

    func enable(_ url: String, timeout: Int = 1500, config: String) {
        let result = CLI.run(
            ["alerts", "enable", "--url", url, "--timeout", String(timeout)],
            environment: ["METRO_TIMER_CONFIG": config])
        XCTAssertEqual(result.code, 0, result.stderr)
    }

    func plan(_ arguments: [String], config: String) -> CLIResult {
        CLI.run(
            ["plan"] + arguments + ["--at", "10:00"], environment: ["METRO_TIMER_CONFIG": config, "NO_COLOR": "1"],
            columns: nil)
    }

    func testAnAlertSwitchesToAirRaidMode() throws {
        let server = try LoopbackServer(.init(body: #"{"alert": true}"#))
        defer { server.stop() }
        let config = try configDirectory()
        enable(server.url, config: config)
        let refused = plan(["Lisova", "Teremky"], config: config)
        XCTAssertEqual(refused.code, 1)
        XCTAssertEqual(
            refused.stderr,
            """
            Error: Alert feed: an air-raid alert is on in Kyiv now; planning as trains run during an alert.
            No route from Lisova to Teremky runs with these service changes. During an air-raid alert M1 runs only Akademmistechko–Arsenalna, so trains do not stop at Lisova. The nearest station they serve: Arsenalna.

            """)
        let served = plan(["Akademmistechko", "Teremky"], config: config)
        XCTAssertEqual(served.code, 0)
        XCTAssertTrue(
            served.stdout.contains(
                "ℹ Alert feed: an air-raid alert is on in Kyiv now; planning as trains run during an alert.\n"))
        XCTAssertTrue(served.stdout.contains("ℹ Service changes: air-raid alert\n"))
        XCTAssertEqual(server.connections, 2)
    }

    func testQuietUnreachableSlowAndMalformedFeeds() throws {
        let config = try configDirectory()
        let quiet = try LoopbackServer(.init(body: #"{"states": [{"name": "м. Київ", "alert": false}]}"#))
        enable(quiet.url, config: config)
        XCTAssertTrue(
            plan(["Lisova", "Teremky"], config: config).stdout.contains(
                "ℹ Alert feed: no air-raid alert in Kyiv now.\n"))
        quiet.stop()

        // The port is closed now: unreachable is "unknown", never "no alert".
        let unreachable = plan(["Lisova", "Teremky"], config: config)
        XCTAssertEqual(unreachable.code, 0)
        XCTAssertTrue(
            unreachable.stdout.contains("ℹ Alert status unknown (the feed cannot be reached"), unreachable.stdout)
        XCTAssertFalse(unreachable.stdout.contains("no air-raid alert"))

        let slow = try LoopbackServer(.init(delay: 2))
        defer { slow.stop() }
        enable(slow.url, timeout: 300, config: config)
        let timedOut = plan(["Lisova", "Teremky"], config: config)
        XCTAssertTrue(
            timedOut.stdout.contains(
                "ℹ Alert status unknown (the feed did not answer in time); planning with the normal service. Listen for announcements.\n"
            ), timedOut.stdout)

        let malformed = try LoopbackServer(.init(body: "<html>maintenance</html>"))
        defer { malformed.stop() }
        enable(malformed.url, config: config)
        XCTAssertTrue(
            plan(["Lisova", "Teremky"], config: config).stdout.contains(
                "ℹ Alert status unknown (the feed did not answer with a JSON object)"))

        let failing = try LoopbackServer(.init(status: 500, body: "{}"))
        defer { failing.stop() }
        enable(failing.url, config: config)
        XCTAssertTrue(
            plan(["Lisova", "Teremky"], config: config).stdout.contains(
                "ℹ Alert status unknown (the feed answered HTTP 500)"))
    }

    func testDisabledMeansNoConnectionAtAll() throws {
        let server = try LoopbackServer(.init(body: #"{"alert": true}"#))
        defer { server.stop() }
        let config = try configDirectory()
        enable(server.url, config: config)
        let disabled = CLI.run(["alerts", "disable"], environment: ["METRO_TIMER_CONFIG": config])
        XCTAssertEqual(disabled.stdout, "Alert check disabled: no network access at all.\n")
        let before = server.connections
        let result = plan(["Lisova", "Teremky"], config: config)
        XCTAssertEqual(result.code, 0)
        XCTAssertFalse(result.stdout.contains("Alert"))
        XCTAssertEqual(server.connections, before, "the disabled check opened a connection")
        // And by default (no settings at all) it is off.
        XCTAssertEqual(CLI.run(["alerts"]).stdout, "The alert check is disabled (the default).\n")
    }

    func testEnableNeedsAURLAndWritesAPrivateFile() throws {
        let config = try configDirectory()
        let missing = CLI.run(["alerts", "enable"], environment: ["METRO_TIMER_CONFIG": config])
        XCTAssertEqual(missing.code, 64)
        XCTAssertTrue(
            missing.stderr.hasPrefix("Error: No feed URL is set: 'metro-timer alerts enable --url https://…'\n"))
        XCTAssertEqual(
            CLI.run(["alerts", "enable", "--url", "ftp://x"], environment: ["METRO_TIMER_CONFIG": config]).code, 64)
        enable("https://example.invalid/kyiv.json", config: config)
        let attributes = try FileManager.default.attributesOfItem(atPath: config + "/alerts.json")
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }

    // MARK: The feed, right every time

    func testContradictoryOrDuplicatedKyivEntriesAreUnknownNeverQuiet() {
        let contradictory = #"{"alert": false, "states": [{"name": "м. Київ", "alert": true}]}"#
        XCTAssertEqual(
            AlertFeed.parse(Data(contradictory.utf8)).line, "unknown: the feed contradicts itself about Kyiv")
        let twice = #"{"states": [{"name": "м. Київ", "alert": false}, {"name": "Kyiv City", "alert": true}]}"#
        XCTAssertEqual(
            AlertFeed.parse(Data(twice.utf8)).line, "unknown: the feed lists the city of Kyiv more than once")
        let same = #"{"states": [{"name": "м. Київ", "alert": false}, {"name": "м. Київ", "alert": false}]}"#
        XCTAssertEqual(AlertFeed.parse(Data(same.utf8)).line, "unknown: the feed lists the city of Kyiv more than once")
        let agreeing = #"{"alert": true, "state": {"name": "м. Київ", "alert": true}}"#
        XCTAssertEqual(AlertFeed.parse(Data(agreeing.utf8)), .alert, "two fields that agree are one answer")
        XCTAssertEqual(
            AlertFeed.parse(Data(#"{"alert": "yes"}"#.utf8)).line,
            "unknown: the feed's alert for Kyiv is not true or false")
    }

    /// One strict schema. A list with a stray element, a `states` object, a `state`
    /// list, a single `state` naming another region: each was read as an answer about Kyiv
    /// ("quiet" beside a stray element; Lviv's `true` a false alarm). Each is "unknown", with
    /// the reason, never "no alert".
    func testOneStrictSchemaAndAnythingElseIsUnknownWithTheReason() {
        let notAList = "unknown: the feed's 'states' is not a list of regions"
        let notARegion = "unknown: an entry in the feed's regions is not {\"name\": text, \"alert\": true or false}"
        let notKyiv = "unknown: the feed's one region ('state') is not the city of Kyiv"
        for (body, line) in [
            (#"{"alert":false,"states":[{"name":"м. Київ","alert":true},5]}"#, notARegion),
            (#"{"alert":false,"states":[{"name":"м. Київ","alert":false},5]}"#, notARegion),
            (#"{"states":[{"name":"м. Київ","alert":false},{"name":"Львівська область"}]}"#, notARegion),
            (#"{"states":[{"name":"м. Київ","alert":false},{"name":5,"alert":true}]}"#, notARegion),
            (#"{"states":[{"name":"м. Київ","alert":false},{"name":"Львівська область","alert":"так"}]}"#, notARegion),
            (#"{"alert":false,"states":{"name":"м. Київ","alert":true}}"#, notAList),
            (#"{"alert":false,"states":null}"#, notAList),
            (#"{"alert":false,"state":[{"name":"м. Київ","alert":true}]}"#, notARegion),
            (#"{"state":{"alert":true}}"#, notARegion),
            (#"{"state":{"name":"Львівська область","alert":false}}"#, notKyiv),
            (#"{"state":{"name":"Львівська область","alert":true}}"#, notKyiv),
        ] {
            XCTAssertEqual(AlertFeed.parse(Data(body.utf8)).line, line, body)
        }
        // Every reason has its Ukrainian.
        guard case .unknown(let reason) = AlertFeed.parse(Data(#"{"states":{}}"#.utf8)) else {
            return XCTFail("not unknown")
        }
        XCTAssertEqual(UkrainianText.englishWords(reason.uk), [], reason.uk)
        // What the schema allows still reads: other fields beside the known ones, other regions.
        XCTAssertEqual(
            AlertFeed.parse(
                Data(
                    #"{"updated":"2026-12-02","states":[{"id":1,"name":"Львівська область","alert":true},{"name":"м. Київ","alert":false}]}"#
                        .utf8)), .quiet)
    }

    /// Why the status is unknown, in Ukrainian under `--lang uk`, whichever side found it: the
    /// helper (the feed cannot be reached, too slow, HTTP 500, a redirect, over 1 MB), the answer's
    /// reader (not JSON, no entry for Kyiv, not true or false), or metro-timer itself (no helper).
    func testUnknownReasonsAreSaidInUkrainian() throws {
        let config = try configDirectory()
        let responses: [LoopbackServer.Response] = [
            .init(body: "<html>maintenance</html>"), .init(status: 500, body: "{}"),
            .init(status: 302, body: "", headers: ["Location: https://example.org/"]),
            .init(body: #"{"states": [{"name": "Львівська область", "alert": true}]}"#),
            .init(body: #"{"alert": "yes"}"#), .init(body: #"{"ok": 1}"#),
            .init(body: #"{"alert": true, "alert": false}"#),
            .init(body: #"{"alert": false, "pad": ""# + String(repeating: "x", count: 1_100_000) + #""}"#),
            .init(delay: 2),
        ]
        var seen: Set<String> = []
        for response in responses + [nil] {
            let server = try response.map { try LoopbackServer($0) }
            defer { server?.stop() }
            enable(server?.url ?? "http://127.0.0.1:9/closed", timeout: 600, config: config)
            for arguments in [["plan", "Lisova", "Teremky", "--at", "10:00"], ["alerts", "status"]] {
                let uk = CLI.run(
                    arguments + ["--lang", "uk"], environment: ["METRO_TIMER_CONFIG": config, "NO_COLOR": "1"],
                    columns: nil)
                let line = try XCTUnwrap(
                    uk.stdout.split(separator: "\n").first { $0.contains("невідомий") }, "\(arguments): \(uk.stdout)")
                XCTAssertEqual(UkrainianText.englishWords(String(line)), [], "\(arguments): \(line)")
                seen.insert(String(line))
            }
        }
        XCTAssertEqual(seen.count, 2 * (responses.count + 1), "each reason its own: \(seen.sorted())")
        // metro-timer's own: no helper beside it.
        let alone = try TestPaths.temporaryDirectory(self)
        try FileManager.default.copyItem(
            atPath: TestPaths.products.appendingPathComponent("metro-timer").path, toPath: alone + "/metro-timer")
        let lonely = try ProcessRunner.run(
            executable: alone + "/metro-timer", ["alerts", "status", "--lang", "uk"],
            environment: ["METRO_TIMER_CONFIG": config, "NO_COLOR": "1"])
        let said = try XCTUnwrap(
            lonely.stdout.split(separator: "\n").first { $0.contains("невідомий") }, lonely.stdout + lonely.stderr)
        XCTAssertEqual(UkrainianText.englishWords(String(said)), [], String(said))
    }

    /// The helper's answer: the verdict line (English, as `--events` and scripts read it), and
    /// for "unknown" a second line with the reason in Ukrainian.
    func testTheHelpersAnswerCarriesBothLanguages() throws {
        XCTAssertEqual(
            AlertFeed.Verdict(line: "unknown: slow\nuk: повільно\n"), .unknown(Bilingual("повільно", "slow")))
        XCTAssertEqual(
            AlertFeed.Verdict(line: "unknown: slow\n"), .unknown(Bilingual("«slow»", "slow")),
            "an older helper: the English, quoted")
        XCTAssertEqual(AlertFeed.Verdict.unknown(Bilingual("повільно", "slow")).output, "unknown: slow\nuk: повільно")
        XCTAssertEqual(AlertFeed.Verdict.unknown(Bilingual("повільно", "slow")).line, "unknown: slow")
        let server = try LoopbackServer(.init(body: "<html>"))
        defer { server.stop() }
        let answer = try ProcessRunner.run("metro-timer", ["__alerts", "1500"], input: server.url + "\n").stdout
        XCTAssertEqual(
            answer, "unknown: the feed did not answer with a JSON object\nuk: стрічка відповіла не об’єктом JSON\n")
    }

    static func helper(_ url: String, timeout: Int = 1500) throws -> String {
        // The verdict line (a second line gives an unknown's reason in Ukrainian).
        String(
            try ProcessRunner.run("metro-timer", ["__alerts", String(timeout)], input: url + "\n").stdout.split(
                separator: "\n"
            ).first ?? "")
    }

    func testAnAnswerOverOneMegabyteIsUnknown() throws {
        let big = try LoopbackServer(
            .init(body: #"{"alert": false, "pad": ""# + String(repeating: "x", count: 2_000_000) + #""}"#))
        defer { big.stop() }
        XCTAssertEqual(try Self.helper(big.url), "unknown: the answer is over 1 MB")
    }

    /// corelibs-foundation truncates `timeoutIntervalForRequest` to whole seconds (1.5 s became
    /// 1 s, and anything under a second a 1 ms timer): the helper keeps its own deadline.
    func testASubSecondTimeoutIsKeptExactly() throws {
        let slowish = try LoopbackServer(.init(body: #"{"alert": true}"#, delay: 0.3))
        defer { slowish.stop() }
        XCTAssertEqual(try Self.helper(slowish.url, timeout: 900), "alert", "0.3 s is within 0.9 s")
        let tooSlow = try LoopbackServer(.init(body: #"{"alert": true}"#, delay: 3))
        defer { tooSlow.stop() }
        XCTAssertEqual(try Self.helper(tooSlow.url, timeout: 500), "unknown: the feed did not answer in time")
    }

    func testStressEveryVerdictRight() throws {
        let bodies: [(String, String)] = [
            (#"{"alert": true}"#, "alert"), (#"{"alert": false}"#, "quiet"),
            (#"{"states": [{"name": "м. Київ", "alert": true}]}"#, "alert"),
            (
                #"{"states": [{"name": "Київська область", "alert": true}, {"name": "м. Київ", "alert": false}]}"#,
                "quiet"
            ),
            ("<html>", "unknown: the feed did not answer with a JSON object"),
        ]
        let servers = try bodies.map { try LoopbackServer(.init(body: $0.0)) }
        let slow = try bodies.prefix(2).map { try LoopbackServer(.init(body: $0.0, delay: 0.4)) }
        defer { for server in servers + slow { server.stop() } }
        var wrong: [String] = []
        for index in 0..<200 {
            let expected = bodies[index % bodies.count].1
            let got = try Self.helper(servers[index % servers.count].url)
            if got != expected { wrong.append("#\(index): \(got) for \(expected)") }
        }
        XCTAssertEqual(wrong, [], "200 sequential checks")
        let results = LockedStrings()
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            let server = index % 2 == 0 ? servers[index % servers.count] : slow[index % slow.count]
            let expected = index % 2 == 0 ? bodies[index % servers.count].1 : bodies[index % slow.count].1
            let got = (try? AlertFeedTests.helper(server.url)) ?? "no answer"
            if got != expected { results.append("#\(index): \(got) for \(expected)") }
        }
        XCTAssertEqual(results.all, [], "20 parallel checks, fast and slow servers")
    }

    func testTheURLNeverReachesArgvAndPlainHTTPIsRefusedButOnLoopback() throws {
        let config = try configDirectory()
        let refused = CLI.run(
            ["alerts", "enable", "--url", "http://user:secret@alerts.example/kyiv?token=abc"],
            environment: ["METRO_TIMER_CONFIG": config])
        XCTAssertEqual(refused.code, 64)
        XCTAssertTrue(refused.stderr.contains("HTTPS"), refused.stderr)
        XCTAssertFalse(refused.stderr.contains("secret") || refused.stderr.contains("abc"), "masked: \(refused.stderr)")
        for loopback in ["http://127.0.0.1:9/x", "http://localhost:9/x", "http://[::1]:9/x"] {
            XCTAssertEqual(
                CLI.run(["alerts", "enable", "--url", loopback], environment: ["METRO_TIMER_CONFIG": config]).code, 0,
                loopback)
        }
        // The helper reads the URL from its standard input, and hands it to curl the same way:
        // watch both argvs while they wait.
        let slow = try LoopbackServer(.init(body: #"{"alert": false}"#, delay: 1.5))
        defer { slow.stop() }
        let url = "http://user:secret@127.0.0.1:\(slow.port)/kyiv.json?token=abc"
        enable(url, timeout: 3000, config: config)
        let seen = LockedStrings()
        let curls = LockedStrings()
        let watcher = Thread {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline && (seen.all.isEmpty || curls.all.isEmpty) {
                for pid in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int(pid) != nil {
                    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { continue }
                    let cmdline = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
                    // The fetch: metro-timer in its own mode, a process apart from the plan's.
                    if cmdline.contains("metro-timer __alerts ") { seen.append(cmdline) }
                    // curl started by the fetch: its parent is that process.
                    if cmdline.hasPrefix("/") && cmdline.contains("curl "),
                        let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                        let parent = status.split(separator: "\n").first(where: { $0.hasPrefix("PPid:") })?.split(
                            separator: "\t"
                        ).last,
                        let parentCommand = FileManager.default.contents(atPath: "/proc/\(parent)/cmdline"),
                        String(decoding: parentCommand, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
                            .contains("metro-timer __alerts ")
                    {
                        curls.append(cmdline)
                    }
                }
                usleep(10_000)
            }
        }
        watcher.start()
        let result = try ProcessRunner.run(
            "metro-timer", ["plan", "Akademmistechko", "Teremky"], environment: ["METRO_TIMER_CONFIG": config])
        XCTAssertTrue(result.stdout.contains("no air-raid alert"), result.stdout + result.stderr)
        XCTAssertFalse(seen.all.isEmpty, "the helper was seen running")
        XCTAssertTrue(
            curls.all.contains { $0.contains(" -K - ") || $0.hasSuffix(" -K -") },
            "the helper's curl was seen running: \(curls.all)")
        for cmdline in seen.all + curls.all {
            XCTAssertFalse(
                cmdline.contains("secret") || cmdline.contains("token") || cmdline.contains("127.0.0.1"), cmdline)
        }
        let status = CLI.run(["alerts", "status"], environment: ["METRO_TIMER_CONFIG": config])
        XCTAssertTrue(status.stdout.contains("http://***@127.0.0.1:\(slow.port)/kyiv.json?token=***"), status.stdout)
    }
}
