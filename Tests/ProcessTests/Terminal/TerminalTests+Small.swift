import Foundation
import MetroTestSupport
import XCTest

/// A real terminal too small for the ride, then grown.
extension TerminalTests {
    func testASmallRealTerminalShowsTheNoticeThenTheRideWhenItGrows() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            throw XCTSkip("tmux is not installed")
        }
        let socket = "metro-timer-small-\(UUID().uuidString.prefix(8))"
        let directory = try TestPaths.temporaryDirectory(self)
        addTeardownBlock { _ = try? TerminalTests.run(["-L", socket, "kill-server"]) }
        let binary = TestPaths.products.appendingPathComponent("metro-timer").path
        let script =
            "METRO_TIMER_HOME=\(directory)/state TERM=xterm-256color LANG=C.UTF-8 \(binary) start Lisova Teremky --speed 2 --at 12:00 --date 2026-12-09; sleep 600"
        try TerminalTests.run([
            "-L", socket, "new-session", "-d", "-s", "ride", "-x", "30", "-y", "10", "bash", "-c", script,
        ])
        func screen() throws -> String { try TerminalTests.run(["-L", socket, "capture-pane", "-p", "-t", "ride"]) }
        func eventually(_ what: String, _ condition: (String) -> Bool) throws -> String {
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline {
                let shown = try screen()
                if condition(shown) { return shown }
                usleep(50_000)
            }
            XCTFail("timed out waiting for \(what): \(try screen())")
            return try screen()
        }
        let small = try eventually("the notice") { $0.contains("Terminal too small") }
        let lines = small.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(lines.first?.hasPrefix("Terminal too small") ?? false, small)
        XCTAssertFalse(small.contains("Lisova → Teremky"), "no ride drawn into a screen it does not fit")
        try TerminalTests.run(["-L", socket, "resize-window", "-t", "ride", "-x", "80", "-y", "24"])
        _ = try eventually("the ride after growing") { $0.contains("Lisova → Teremky") && !$0.contains("too small") }
        try TerminalTests.run(["-L", socket, "send-keys", "-t", "ride", "q"])
    }
}
