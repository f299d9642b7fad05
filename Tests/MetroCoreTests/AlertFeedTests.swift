import Foundation
import MetroCore
import XCTest

@testable import metro_timer

/// A real HTTP server on the loopback address, answering with recorded responses.
final class LoopbackServer: @unchecked Sendable {
    struct Response {
        var status = 200
        var body = "{\"alert\": false}"
        /// Seconds to wait before answering (a feed too slow for the client's timeout).
        var delay: Double = 0
    }

    let port: UInt16
    private let socketDescriptor: Int32
    private let lock = NSLock()
    private var count = 0
    private let response: Response

    var connections: Int { lock.lock(); defer { lock.unlock() }; return count }
    var url: String { "http://127.0.0.1:\(port)/kyiv.json" }

    init(_ response: Response) throws {
        self.response = response
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        socketDescriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in serve() }
    }

    private func serve() {
        while true {
            let client = accept(socketDescriptor, nil, nil)
            guard client >= 0 else { return }  // closed by stop()
            lock.lock(); count += 1; lock.unlock()
            var request = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !request.suffix(4).elementsEqual([13, 10, 13, 10]) {
                let n = read(client, &buffer, buffer.count)
                if n <= 0 { break }
                request += buffer[0..<n]
            }
            if response.delay > 0 { usleep(useconds_t(response.delay * 1_000_000)) }
            let body = Array(response.body.utf8)
            let head = "HTTP/1.1 \(response.status) Recorded\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            let bytes = Array(head.utf8) + body
            _ = bytes.withUnsafeBytes { write(client, $0.baseAddress!, $0.count) }
            close(client)
        }
    }

    func stop() {
        shutdown(socketDescriptor, Int32(SHUT_RDWR))
        close(socketDescriptor)
    }
}

/// The optional alert check: feed states against a real socket, and nothing at all when it is off.
final class AlertFeedTests: XCTestCase {
    func testFeedShapes() {
        XCTAssertEqual(AlertFeed.parse(Data(#"{"alert": true}"#.utf8)), .alert)
        XCTAssertEqual(AlertFeed.parse(Data(#"{"alert": false}"#.utf8)), .quiet)
        XCTAssertEqual(AlertFeed.parse(Data(#"{"state": {"id": 31, "name": "м. Київ", "alert": true}}"#.utf8)), .alert)
        let states = #"{"states": [{"name": "Київська область", "alert": true}, {"name": "м. Київ", "alert": false}]}"#
        XCTAssertEqual(AlertFeed.parse(Data(states.utf8)), .quiet, "the region around the city is not the city")
        XCTAssertEqual(AlertFeed.parse(Data("<html>".utf8)), .unknown("the feed did not answer with a JSON object"))
        XCTAssertEqual(AlertFeed.parse(Data(#"{"states": [{"name": "Львівська область", "alert": true}]}"#.utf8)), .unknown("the feed lists no entry for the city of Kyiv"))
        XCTAssertEqual(AlertFeed.parse(Data(#"{"ok": 1}"#.utf8)), .unknown("the feed's answer has no alert field"))
        XCTAssertEqual(AlertFeed.Verdict(line: "unknown: slow\n"), .unknown("slow"))
        XCTAssertEqual(AlertFeed.Verdict(line: ""), .unknown("the check gave no answer"))
    }

    func configDirectory() throws -> String { try TestPaths.temporaryDirectory(self) + "/config" }

    func enable(_ url: String, timeout: Int = 1500, config: String) {
        let result = CLI.run(["alerts", "enable", "--url", url, "--timeout", String(timeout)], environment: ["METRO_TIMER_CONFIG": config])
        XCTAssertEqual(result.code, 0, result.stderr)
    }

    func plan(_ arguments: [String], config: String) -> CLIResult {
        CLI.run(["plan"] + arguments + ["--at", "10:00"], environment: ["METRO_TIMER_CONFIG": config, "NO_COLOR": "1"], columns: nil)
    }

    func testAnAlertSwitchesToAirRaidMode() throws {
        let server = try LoopbackServer(.init(body: #"{"alert": true}"#))
        defer { server.stop() }
        let config = try configDirectory()
        enable(server.url, config: config)
        let refused = plan(["Lisova", "Teremky"], config: config)
        XCTAssertEqual(refused.code, 1)
        XCTAssertEqual(refused.stderr, """
            Error: Alert feed: an air-raid alert is on in Kyiv now; planning as trains run during an alert.
            During an air-raid alert M1 runs only Akademmistechko–Arsenalna, so trains do not stop at Lisova. The nearest station they serve: Arsenalna.

            """)
        let served = plan(["Akademmistechko", "Teremky"], config: config)
        XCTAssertEqual(served.code, 0)
        XCTAssertTrue(served.stdout.contains("ℹ Alert feed: an air-raid alert is on in Kyiv now; planning as trains run during an alert.\n"))
        XCTAssertTrue(served.stdout.contains("ℹ Service changes: air-raid alert\n"))
        XCTAssertEqual(server.connections, 2)
    }

    func testQuietUnreachableSlowAndMalformedFeeds() throws {
        let config = try configDirectory()
        let quiet = try LoopbackServer(.init(body: #"{"states": [{"name": "м. Київ", "alert": false}]}"#))
        enable(quiet.url, config: config)
        XCTAssertTrue(plan(["Lisova", "Teremky"], config: config).stdout.contains("ℹ Alert feed: no air-raid alert in Kyiv now.\n"))
        quiet.stop()

        // The port is closed now: unreachable is "unknown", never "no alert".
        let unreachable = plan(["Lisova", "Teremky"], config: config)
        XCTAssertEqual(unreachable.code, 0)
        XCTAssertTrue(unreachable.stdout.contains("ℹ Alert status unknown (the feed cannot be reached"), unreachable.stdout)
        XCTAssertFalse(unreachable.stdout.contains("no air-raid alert"))

        let slow = try LoopbackServer(.init(delay: 2))
        defer { slow.stop() }
        enable(slow.url, timeout: 300, config: config)
        let timedOut = plan(["Lisova", "Teremky"], config: config)
        XCTAssertTrue(timedOut.stdout.contains("ℹ Alert status unknown (the feed did not answer in time); planning with the normal service. Listen for announcements.\n"), timedOut.stdout)

        let malformed = try LoopbackServer(.init(body: "<html>maintenance</html>"))
        defer { malformed.stop() }
        enable(malformed.url, config: config)
        XCTAssertTrue(plan(["Lisova", "Teremky"], config: config).stdout.contains("ℹ Alert status unknown (the feed did not answer with a JSON object)"))

        let failing = try LoopbackServer(.init(status: 500, body: "{}"))
        defer { failing.stop() }
        enable(failing.url, config: config)
        XCTAssertTrue(plan(["Lisova", "Teremky"], config: config).stdout.contains("ℹ Alert status unknown (the feed answered HTTP 500)"))
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
        XCTAssertTrue(missing.stderr.hasPrefix("Error: No feed URL is set: 'metro-timer alerts enable --url https://…'\n"))
        XCTAssertEqual(CLI.run(["alerts", "enable", "--url", "ftp://x"], environment: ["METRO_TIMER_CONFIG": config]).code, 64)
        enable("https://example.invalid/kyiv.json", config: config)
        let attributes = try FileManager.default.attributesOfItem(atPath: config + "/alerts.json")
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }
}
