import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import metro_timer_alerts

/// The helper fetches through the system's curl: no redirect is followed, the URL never
/// reaches an argv, a missing curl is "unknown" with the reason, the 1 MB cap and the deadline
/// hold whatever curl does. Every server here is one the test starts on 127.0.0.1.
final class CurlFetchTests: XCTestCase {
    static func helper(
        _ url: String, timeout: Int = 1500, environment: [String: String] = [:], in directory: String? = nil
    ) throws -> ProcessRunner.Result {
        try ProcessRunner.run(
            "metro-timer", ["__alerts", String(timeout)], environment: environment, currentDirectory: directory,
            input: url + "\n")
    }

    /// The verdict line (a second line gives an unknown's reason in Ukrainian).
    static func line(_ result: ProcessRunner.Result) -> String {
        String(result.stdout.split(separator: "\n").first ?? "")
    }

    /// A directory holding a stand-in `curl`: a real process that writes its arguments (one a
    /// line) to `argv`, its standard input to `stdin` and its pid to `pid` beside itself, then
    /// runs `then` (a shell fragment: what this curl answers, or how it hangs).
    func standInCurl(then: String, name: String = "bin") throws -> String {
        let directory = try TestPaths.temporaryDirectory(self) + "/" + name
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            PATH=/usr/bin:/bin
            here=$(dirname "$0")
            printf '%s' "$$" > "$here/pid"
            for argument in "$@"; do printf '%s\\n' "$argument"; done > "$here/argv"
            cat > "$here/stdin"
            \(then)

            """
        try script.write(toFile: directory + "/curl", atomically: true, encoding: .utf8)
        chmod(directory + "/curl", 0o755)
        return directory
    }

    // MARK: Redirects

    /// Today a feed answering 302 sends the helper wherever Location says, and it believes that
    /// host's answer. A redirect is not followed at all: the answer is "unknown".
    func testARedirectIsNeverFollowed() throws {
        let elsewhere = try LoopbackServer(.init(body: #"{"alert": true}"#))
        defer { elsewhere.stop() }
        for status in [301, 302, 303, 307, 308] {
            for location in ["http://127.0.0.1:\(elsewhere.port)/feed", "http://localhost:\(elsewhere.port)/feed"] {
                let redirecting = try LoopbackServer(
                    .init(status: status, body: "", headers: ["Location: \(location)"]))
                defer { redirecting.stop() }
                let result = try Self.helper(redirecting.url)
                XCTAssertEqual(result.code, 0)
                let line = Self.line(result)
                XCTAssertTrue(
                    line.hasPrefix("unknown: ") && line.contains("HTTP \(status)"), "\(status) → \(location): \(line)")
                XCTAssertEqual(redirecting.connections, 1)
            }
        }
        XCTAssertEqual(elsewhere.connections, 0, "a redirect was followed")
    }

    // MARK: The URL on standard input

    func testTheURLReachesCurlOnStandardInputNeverInItsArguments() throws {
        let bin = try standInCurl(then: #"printf '{"alert": true}'; printf '200' >&2"#)
        let url = "http://user:secret@127.0.0.1:9/kyiv.json?token=abc"
        let result = try Self.helper(url, timeout: 2000, environment: ["PATH": bin])
        XCTAssertEqual(Self.line(result), "alert", "the stand-in's answer: \(result.stdout)\(result.stderr)")
        let argv = try String(contentsOfFile: bin + "/argv", encoding: .utf8).split(separator: "\n").map(String.init)
        for argument in argv {
            XCTAssertFalse(
                argument.contains("secret") || argument.contains("token") || argument.contains("127.0.0.1")
                    || argument.contains("kyiv"), argument)
        }
        XCTAssertEqual(try String(contentsOfFile: bin + "/stdin", encoding: .utf8), #"url = "\#(url)""# + "\n")
        // curl's manual: -q must come first to keep ~/.curlrc out; -K - reads the config from
        // standard input. The limits, each with its value.
        XCTAssertEqual(argv.first, "-q")
        func value(_ option: String) -> String? {
            argv.firstIndex(of: option).map { argv.index(after: $0) }.flatMap { $0 < argv.count ? argv[$0] : nil }
        }
        XCTAssertEqual(value("-K"), "-")
        XCTAssertEqual(value("--max-redirs"), "0")
        XCTAssertEqual(value("--proto"), "=http", "plain http only because the host is loopback")
        XCTAssertEqual(value("--max-filesize"), "1048576")
        let seconds = try XCTUnwrap(value("--max-time").flatMap(Double.init))
        XCTAssertTrue(seconds > 0 && seconds <= 2, "--max-time \(seconds) within the helper's 2 s")
        XCTAssertFalse(argv.contains("-L") || argv.contains("--location"))

        // An HTTPS feed: curl may speak nothing else.
        let secure = try Self.helper("https://localhost:9/kyiv.json", environment: ["PATH": bin])
        XCTAssertEqual(Self.line(secure), "alert")
        let secureArgv = try String(contentsOfFile: bin + "/argv", encoding: .utf8).split(separator: "\n").map(
            String.init)
        XCTAssertEqual(secureArgv.firstIndex(of: "--proto").map { secureArgv[$0 + 1] }, "=https")
        XCTAssertFalse(secureArgv.contains { $0.contains("localhost") })
    }

    /// curl is handed the URL that was checked, so the two cannot disagree about where it goes.
    /// The check is RFC 3986's grammar, strictly, so a URL holding characters a URL
    /// may not hold (a backslash before the `@`, a quote, a space) is refused before curl
    /// starts, rather than encoded into some other URL.
    func testCurlReadsTheURLThatWasChecked() throws {
        let bin = try standInCurl(then: #"printf '{"alert": false}'; printf '200' >&2"#)
        let refused = try Self.helper(#"http://127.0.0.2\@127.0.0.1:9/a"b c"#, environment: ["PATH": bin])
        XCTAssertEqual(Self.line(refused), "unknown: the feed URL is not a valid http(s) URL")
        XCTAssertFalse(FileManager.default.fileExists(atPath: bin + "/stdin"), "curl was started")
        let result = try Self.helper("http://127.0.0.1:9/a%22b%20c", environment: ["PATH": bin])
        XCTAssertEqual(Self.line(result), "quiet")
        XCTAssertEqual(
            try String(contentsOfFile: bin + "/stdin", encoding: .utf8), #"url = "http://127.0.0.1:9/a%22b%20c""# + "\n"
        )
    }

    /// Only an absolute PATH entry is searched: a relative one would find whatever `curl` sits
    /// in the directory metro-timer happens to be started from.
    func testARelativePathEntryIsNotSearched() throws {
        let planted = try standInCurl(then: #"printf '{"alert": true}'; printf '200' >&2"#, name: "planted")
        let real = try standInCurl(then: #"printf '{"alert": false}'; printf '200' >&2"#, name: "real")
        let parent = (planted as NSString).deletingLastPathComponent
        let result = try Self.helper(
            "https://localhost:9/kyiv.json", environment: ["PATH": "planted:\(real)"], in: parent)
        XCTAssertEqual(Self.line(result), "quiet")
        XCTAssertFalse(FileManager.default.fileExists(atPath: planted + "/argv"), "the relative entry's curl ran")
    }

    /// HTTPS to a server that speaks only plain HTTP: the real curl's handshake fails.
    func testAFailedTLSHandshakeIsUnknown() throws {
        let plain = try LoopbackServer(.init(body: #"{"alert": false}"#, waitForRequest: false))
        defer { plain.stop() }
        let result = try Self.helper("https://127.0.0.1:\(plain.port)/kyiv.json")
        XCTAssertEqual(Self.line(result), "unknown: the feed's TLS connection failed")
    }

    // MARK: Without curl

    func testWithoutCurlTheAnswerIsUnknownAndSaysToInstallIt() throws {
        let empty = try TestPaths.temporaryDirectory(self) + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let server = try LoopbackServer(.init(body: #"{"alert": true}"#))
        defer { server.stop() }
        let result = try Self.helper(server.url, environment: ["PATH": empty])
        XCTAssertEqual(result.code, 0)
        let line = Self.line(result)
        XCTAssertTrue(line.hasPrefix("unknown: ") && line.contains("curl") && line.contains("install"), line)
        XCTAssertEqual(server.connections, 0)
    }

    // MARK: Limits

    /// A body of exactly 1 MB is read; one byte more is refused, whether or not the server says
    /// the length first (curl's --max-filesize sees only a declared length).
    func testTheOneMegabyteCapWithAndWithoutALength() throws {
        let prefix = #"{"alert": false, "pad": ""#
        let suffix = #""}"#
        let exact =
            prefix + String(repeating: "x", count: AlertFeed.maximumBytes - prefix.utf8.count - suffix.utf8.count)
            + suffix
        XCTAssertEqual(exact.utf8.count, 1_048_576)
        let over =
            prefix + String(repeating: "x", count: AlertFeed.maximumBytes + 1 - prefix.utf8.count - suffix.utf8.count)
            + suffix
        for declared in [true, false] {
            let fits = try LoopbackServer(.init(body: exact, contentLength: declared))
            defer { fits.stop() }
            XCTAssertEqual(
                Self.line(try Self.helper(fits.url, timeout: 5000)), "quiet", "1 MB, length declared: \(declared)")
            let big = try LoopbackServer(.init(body: over, contentLength: declared))
            defer { big.stop() }
            XCTAssertEqual(
                Self.line(try Self.helper(big.url, timeout: 5000)), "unknown: the answer is over 1 MB",
                "1 MB + 1, length declared: \(declared)")
        }
        // A curl that ignores --max-filesize is cut off by the helper itself.
        let bin = try standInCurl(then: "head -c 3000000 /dev/zero; printf '200' >&2")
        XCTAssertEqual(
            Self.line(try Self.helper("https://localhost:9/kyiv.json", timeout: 5000, environment: ["PATH": bin])),
            "unknown: the answer is over 1 MB")
    }

    /// A feed that accepts the connection and never answers: "did not answer in time" at the
    /// helper's deadline.
    func testASilentFeedIsUnknownAtTheDeadline() throws {
        let silent = try LoopbackServer(.init(silent: true))
        defer { silent.stop() }
        let result = try Self.helper(silent.url, timeout: 300)
        XCTAssertEqual(Self.line(result), "unknown: the feed did not answer in time")
        XCTAssertEqual(silent.connections, 1)
    }

    /// The deadline is the helper's own: a curl that ignores --max-time is killed at it, and
    /// nothing is left running.
    func testAHangingCurlIsKilledAtTheDeadline() throws {
        let bin = try standInCurl(then: "exec sleep 30")
        let result = try Self.helper("https://localhost:9/kyiv.json", timeout: 300, environment: ["PATH": bin])
        XCTAssertEqual(Self.line(result), "unknown: the feed did not answer in time")
        let pid = try XCTUnwrap(Int32(try String(contentsOfFile: bin + "/pid", encoding: .utf8)))
        XCTAssertEqual(kill(pid, 0), -1, "the stand-in curl (pid \(pid)) still runs")
        XCTAssertEqual(errno, ESRCH)
    }

    // MARK: The binary

    /// metro-timer, whose mode the fetch is, links no FoundationNetworking (nor, through it,
    /// libcurl): a static build need not carry them.
    func testTheHelperLinksNoNetworkingLibrary() throws {
        guard let readelf = which("readelf") else { throw XCTSkip("readelf is not installed") }
        let helper = TestPaths.products.appendingPathComponent("metro-timer").path
        let dynamic = try ProcessRunner.run(executable: readelf, ["-d", helper])
        XCTAssertEqual(dynamic.code, 0, dynamic.stderr)
        XCTAssertTrue(dynamic.stdout.contains("(NEEDED)"), dynamic.stdout)
        XCTAssertFalse(dynamic.stdout.contains("FoundationNetworking"), dynamic.stdout)
        XCTAssertFalse(dynamic.stdout.contains("libcurl"), dynamic.stdout)
    }
}

/// curl's config syntax (curl(1), -K): inside double quotes a backslash escapes the next
/// character. A URL Foundation accepted holds neither (it percent-encodes both); the quoting is
/// the second line of defence, checked here on its own.
final class CurlConfigTests: XCTestCase {
    func testQuotesAndBackslashesAreEscapedAndControlCharactersRefused() {
        XCTAssertEqual(CurlFeed.config(for: "https://a.example/x"), "url = \"https://a.example/x\"\n")
        XCTAssertEqual(CurlFeed.config(for: #"https://a.example/"q"\"#), #"url = "https://a.example/\"q\"\\""# + "\n")
        XCTAssertNil(CurlFeed.config(for: "https://a.example/\nurl = \"http://10.255.255.1/\""))
        XCTAssertNil(CurlFeed.config(for: "https://a.example/\u{7F}"))
        XCTAssertEqual(CurlFeed.seconds(1500), "1.500")
        XCTAssertEqual(CurlFeed.seconds(7), "0.007")
        XCTAssertEqual(CurlFeed.seconds(60_000), "60.000")
    }

    /// curl(1), EXIT CODES: 6 host not resolved, 7 no connection, 28 timeout, 60 certificate
    /// not verified, 63 maximum file size exceeded.
    func testCurlsExitStatusesAndHTTPStatuses() {
        func verdict(_ end: Spawn.End, _ status: String = "", _ body: String = "") -> String {
            CurlFeed.verdict(Spawn.Outcome(end: end, output: Data(body.utf8), errorOutput: Data(status.utf8))).line
        }
        XCTAssertEqual(verdict(.exited(6), "000"), "unknown: the feed's host name cannot be resolved")
        XCTAssertEqual(verdict(.exited(7), "000"), "unknown: the feed cannot be reached")
        XCTAssertEqual(verdict(.exited(28), "000"), "unknown: the feed did not answer in time")
        XCTAssertEqual(verdict(.exited(60), "000"), "unknown: the feed's TLS connection failed")
        XCTAssertEqual(verdict(.exited(63), "200"), "unknown: the answer is over 1 MB")
        XCTAssertEqual(verdict(.deadline), "unknown: the feed did not answer in time")
        XCTAssertEqual(verdict(.outputLimit, "", "{"), "unknown: the answer is over 1 MB")
        XCTAssertEqual(verdict(.exited(0), "200", #"{"alert": true}"#), "alert")
        XCTAssertEqual(verdict(.exited(0), "204"), "unknown: the feed did not answer with a JSON object")
        XCTAssertEqual(
            verdict(.exited(0), "302", #"{"alert": false}"#),
            "unknown: the feed answered HTTP 302, a redirect, which is not followed")
        XCTAssertEqual(verdict(.exited(0), "503", #"{"alert": false}"#), "unknown: the feed answered HTTP 503")
        XCTAssertEqual(
            verdict(.exited(0), "", #"{"alert": false}"#), "unknown: the feed cannot be reached", "no status: no answer"
        )
        XCTAssertEqual(verdict(.exited(137)), "unknown: the feed cannot be reached")
    }

    /// Each of those verdicts, and the ones before curl runs (no curl, a URL curl cannot take),
    /// carries its reason in Ukrainian on the helper's second line.
    func testEveryUnknownHasItsUkrainianLine() {
        let outcomes: [(Spawn.End, String)] = [
            (.exited(6), "000"), (.exited(7), "000"), (.exited(28), "000"), (.exited(60), "000"), (.exited(63), "200"),
            (.deadline, ""),
            (.outputLimit, ""), (.exited(0), "204"), (.exited(0), "302"), (.exited(0), "503"), (.exited(0), ""),
            (.exited(137), ""),
        ]
        var verdicts = outcomes.map {
            CurlFeed.verdict(Spawn.Outcome(end: $0.0, output: Data(), errorOutput: Data($0.1.utf8)))
        }
        verdicts.append(
            CurlFeed.check(
                "https://localhost/x", environment: ["PATH": "/nonexistent-directory"], deadline: .now + .seconds(5)))
        verdicts.append(CurlFeed.check("ftp://example.org/x", environment: [:], deadline: .now + .seconds(5)))
        verdicts.append(CurlFeed.check("http://example.org/x", environment: [:], deadline: .now + .seconds(5)))
        var seen: Set<String> = []
        for verdict in verdicts {
            let lines = verdict.output.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 2, verdict.output)
            guard lines.count == 2 else { continue }
            XCTAssertTrue(lines[0].hasPrefix("unknown: "), lines[0])
            XCTAssertTrue(lines[1].hasPrefix("uk: "), lines[1])
            XCTAssertEqual(UkrainianText.englishWords(lines[1]), [], lines[1])
            seen.insert(lines[1])
        }
        XCTAssertEqual(seen.count, 11, "one Ukrainian reason for each English one: \(seen.sorted())")
    }
}
