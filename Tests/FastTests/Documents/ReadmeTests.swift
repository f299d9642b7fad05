import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The README's examples (and the guide's) are the program's real output.
final class ReadmeTests: XCTestCase {
    func block(after marker: String, in readme: String) throws -> String {
        let start = try XCTUnwrap(readme.range(of: marker + "\n\n```\n")).upperBound
        let end = try XCTUnwrap(readme.range(of: "\n```", range: start..<readme.endIndex)).lowerBound
        return String(readme[start..<end]) + "\n"
    }

    func testPlanExamplesAreCurrent() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(
            readme.hasPrefix("# metro-timer\n\n```sh\nswift run metro-timer plan Lisova Teremky"),
            "the README opens with the main job")
        XCTAssertTrue(readme.contains("swift test --disable-swift-testing"), "and the test command")
        let english = try block(
            after: "`swift run metro-timer plan Lisova Teremky --at 08:15 --date 2026-11-30`:", in: readme)
        XCTAssertEqual(
            english,
            CLI.run(["plan", "Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30"], environment: [:]).stdout)
        let planning = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/guide/planning.md"), encoding: .utf8)
        let ukrainian = try block(after: "The same with `--lang uk` (or `LANG=uk_UA.UTF-8`):", in: planning)
        XCTAssertEqual(
            ukrainian,
            CLI.run(
                ["plan", "Лісова", "Теремки", "--at", "08:15", "--date", "2026-11-30", "--lang", "uk"], environment: [:]
            ).stdout)
    }

    /// The guide's plan that goes round the triangle, and says why.
    func testTheRoundTheTriangleExampleIsCurrent() throws {
        let planning = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/guide/planning.md"), encoding: .utf8)
        let shown = try block(
            after: "`metro-timer plan 'Zoloti Vorota' 'Maidan Nezalezhnosti' --at 12:00 --date 2026-11-30`:",
            in: planning)
        XCTAssertEqual(
            shown,
            CLI.run(
                ["plan", "Zoloti Vorota", "Maidan Nezalezhnosti", "--at", "12:00", "--date", "2026-11-30"],
                environment: [:]
            ).stdout)
    }

    /// The screen in the README: a rehearsal of Lisova → Teremky (t₀ 19:30 on 2026-11-30) 22 s
    /// before the change's alert, 80 columns.
    static func screenExample() throws -> String {
        let trip = TestRide.trip(t0: Kyiv.date("2026-11-30 19:30"), id: "readme")
        let schedule = try TestRide.schedule(trip)
        let view = RideView(
            network: Kyiv.network, clock: Kyiv.clock, language: .en, style: Style(enabled: false), trip: trip,
            schedule: schedule,
            now: try XCTUnwrap(schedule.transferAlert).addingTimeInterval(-22), rehearsalSpeed: 40, notice: nil)
        return ScreenRenderer().frame(view, width: 80, height: 24).map {
            $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
        }
        .joined(separator: "\n") + "\n"
    }

    func testTheScreenExampleIsCurrent() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = try block(
            after: "The screen, 22 s before the change's alert (a rehearsal, 80 columns):", in: readme)
        let expected = try Self.screenExample()
        if shown != expected { print("README SCREEN\n" + expected + "END") }
        XCTAssertEqual(shown, expected)
    }

    /// The status line's tmux snippets, run as written, give what the README says they show.
    func testTheStatusSnippetsShowWhatTheReadmeSays() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let tmux = try block(after: "active). For tmux:", in: readme.replacingOccurrences(of: "```tmux", with: "```"))
        let snippet = try XCTUnwrap(tmux.split(separator: "\n").first { $0.contains("status-right") })
        XCTAssertTrue(snippet.hasSuffix("'#(metro-timer status)'"), String(snippet))
        // The trip and moment of the README's screen.
        let trip = TestRide.trip(t0: Kyiv.date("2026-11-30 19:30"), id: "readme")
        let directory = try TestRide.saved(trip, for: self)
        let schedule = try TestRide.schedule(trip)
        let now = try XCTUnwrap(schedule.transferAlert).addingTimeInterval(-22)
        let environment = ["METRO_TIMER_HOME": directory]
        func shown(after text: String, from: String.Index? = nil) throws -> String {
            let start = try XCTUnwrap(readme.range(of: text, range: (from ?? readme.startIndex)..<readme.endIndex))
                .upperBound
            let open = try XCTUnwrap(readme.range(of: "`", range: start..<readme.endIndex)).upperBound
            let close = try XCTUnwrap(readme.range(of: "`", range: open..<readme.endIndex)).lowerBound
            return String(readme[open..<close])
        }
        XCTAssertEqual(
            CLI.run(["status"], now: now, environment: environment).stdout,
            try shown(after: "At the moment of the screen above it shows") + "\n")
        let custom = try shown(after: "Your own layout:")
        let format = try XCTUnwrap(custom.range(of: #"--format "(.*)"\)"#, options: .regularExpression)).lowerBound
        let template = String(custom[format...].dropFirst("--format \"".count).dropLast(2))
        XCTAssertEqual(
            CLI.run(["status", "--format", template], now: now, environment: environment).stdout,
            try shown(after: "shows", from: readme.range(of: "Your own layout:")?.upperBound) + "\n")
    }
}
