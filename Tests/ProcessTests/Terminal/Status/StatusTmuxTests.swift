import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI
@testable import TimetableGenCLI

/// `status` printed an installed timetable's names raw, so under the README's
/// `#(metro-timer status)` tmux 3.3a expanded `#{socket_path}`, applied `#[bg=blue]` and could
/// run `#(…)` from a station name. A real tmux server runs the README's snippet as written with
/// a hostile installed timetable, and a second tmux reads the status bar a client draws.
final class StatusTmuxTests: XCTestCase {
    func testTheReadmeSnippetShowsAHostileStationNameAsText() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                XCTFail("tmux is required in CI (.ci/run installs it)")
            }
            throw XCTSkip("tmux is not installed (apt-get install tmux)")
        }
        let directory = try TestPaths.temporaryDirectory(self)
        let home = directory + "/home"
        // The hostile name: a format, a style and a job, in Teremky's English name.
        let hostile = "Teremky #{socket_path} #[bg=blue]X #(touch \(directory)/ran)"
        let data = directory + "/Data"
        try FileManager.default.copyItem(atPath: TestPaths.data, toPath: data)
        let stations = data + "/kyiv-stations.csv"
        let text = try String(contentsOfFile: stations, encoding: .utf8)
        XCTAssertTrue(text.contains("mb18_227,M2,18,Теремки,Teremky,"))
        try text.replacingOccurrences(of: "mb18_227,M2,18,Теремки,Teremky,", with: "mb18_227,M2,18,Теремки,\(hostile),")
            .write(toFile: stations, atomically: true, encoding: .utf8)
        let out = StringSink()
        let err = StringSink()
        XCTAssertEqual(
            Generator.main(
                arguments: ["install", "--data", data], environment: ["METRO_TIMER_HOME": home], stdout: out,
                stderr: err, currentDirectory: "/"), 0, err.text)

        // A ride one stop long that left a few seconds ago: the next station is Teremky.
        let network = try Network(json: try Data(contentsOf: URL(fileURLWithPath: home + "/data/network.json")))
        let teremky = try XCTUnwrap(network.stations.first { $0.code == "mb18_227" })
        XCTAssertEqual(teremky.nameEn, hostile)
        let ipodrom = try XCTUnwrap(network.stations.first { $0.line == "M2" && $0.order == 17 })
        let trip = Trip(id: "tmux", origin: ipodrom.code, destination: teremky.code, t0: Date().addingTimeInterval(-5))
        try FileTripStore(directory: home).update { (current: inout Trip?) throws(CLIError) in current = trip }

        // The README's lines, as written, in a tmux server whose jobs find this metro-timer.
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "active). For tmux:\n\n```tmux\n")).upperBound
        let block = String(
            readme[start..<(try XCTUnwrap(readme.range(of: "```", range: start..<readme.endIndex))).lowerBound])
        XCTAssertTrue(block.contains("set -g status-right '#(metro-timer status)'"), block)
        try block.write(toFile: directory + "/tmux.conf", atomically: true, encoding: .utf8)
        let inner = "metro-timer-inner-\(UUID().uuidString.prefix(8))"
        let outer = "metro-timer-outer-\(UUID().uuidString.prefix(8))"
        addTeardownBlock {
            _ = try? TerminalTests.run(["-L", inner, "kill-server"])
            _ = try? TerminalTests.run(["-L", outer, "kill-server"])
        }
        try TerminalTests.run([
            "-L", inner, "-f", "/dev/null", "new-session", "-d", "-s", "ride", "-x", "200", "-y", "10", "sleep 120",
        ])
        try TerminalTests.run([
            "-L", inner, "set-environment", "-g", "PATH", TestPaths.products.path + ":/usr/bin:/bin",
        ])
        try TerminalTests.run(["-L", inner, "set-environment", "-g", "METRO_TIMER_HOME", home])
        try TerminalTests.run(["-L", inner, "set-environment", "-g", "LANG", "C.UTF-8"])
        try TerminalTests.run(["-L", inner, "set-environment", "-g", "METRO_TIMER_ALERT_BACKEND", "off"])
        try TerminalTests.run(["-L", inner, "source-file", directory + "/tmux.conf"])
        try TerminalTests.run(["-L", inner, "set", "-g", "status-interval", "1"])
        let socket = try TerminalTests.run(["-L", inner, "display-message", "-p", "#{socket_path}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        XCTAssertFalse(socket.isEmpty)
        // A client of the inner server, drawn in a pane of the outer one: its last row is the bar.
        try TerminalTests.run([
            "-L", outer, "-f", "/dev/null", "new-session", "-d", "-s", "view", "-x", "200", "-y", "10",
            "env -u TMUX TERM=xterm-256color LANG=C.UTF-8 /usr/bin/tmux -L \(inner) attach -t ride",
        ])
        var bar = ""
        var styled = ""
        let until = Date().addingTimeInterval(20)
        while Date() < until {
            let rows = try TerminalTests.run(["-L", outer, "capture-pane", "-p", "-t", "view"]).split(
                separator: "\n", omittingEmptySubsequences: false)
            bar = rows.last { !$0.isEmpty }.map(String.init) ?? ""
            if bar.contains("M2 Teremky") { break }
            usleep(100_000)
        }
        styled = try TerminalTests.run(["-L", outer, "capture-pane", "-p", "-e", "-t", "view"])
        XCTAssertTrue(
            bar.contains("M2 Teremky #{socket_path} #[bg=blue]X #(touch \(directory)/ran)"), "the bar: \(bar)")
        XCTAssertFalse(bar.contains(socket), "tmux expanded a format from a station name: \(bar)")
        XCTAssertFalse(styled.contains("[44m") || styled.contains(";44m"), "tmux applied a style from a station name")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: directory + "/ran"), "tmux ran a command from a station name")
    }
}
