import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Every channel an alert goes out on, and what each is given.
extension AlertDeliveryTests {
    func testEveryChannelGetsTheAlert() throws {
        for tool in ["notify-send", "termux-notification", "termux-vibrate", "tmux"] { try fake(tool) }
        // The command's input goes to a file of its own: the channels run side by side, and
        // appends to one shared file could interleave.
        try "#!/bin/sh\necho \"forward $*\" >> \(directory)/calls\n/bin/cat > \(directory)/forwarded\n".write(
            toFile: bin + "/forward", atomically: true, encoding: .utf8)
        chmod(bin + "/forward", 0o755)
        // A terminal of our own: the bell must arrive on its other side.
        // (posix_openpt and friends are not exported by Swift's Glibc module: looked up.)
        typealias Open = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let openpt = unsafeBitCast(try XCTUnwrap(dlsym(nil, "posix_openpt")), to: Open.self)
        let unlock = unsafeBitCast(try XCTUnwrap(dlsym(nil, "unlockpt")), to: Open.self)
        let name = unsafeBitCast(try XCTUnwrap(dlsym(nil, "ptsname")), to: Name.self)
        let master = openpt(O_RDWR | O_NOCTTY)
        XCTAssertGreaterThanOrEqual(master, 0)
        defer { close(master) }
        XCTAssertEqual(unlock(master), 0)
        let terminal = String(cString: try XCTUnwrap(name(master)))
        let context = DeliveryContext(
            environment: [
                "PATH": bin, "DISPLAY": ":0", "TMUX": "/tmp/tmux-0/default,1,0", "TMUX_PANE": "%3",
                "SECRET": "not kept",
            ],
            terminal: terminal, command: bin + "/forward", language: .en)
        XCTAssertNil(context.environment["SECRET"], "only the variables the channels need are kept")
        XCTAssertEqual(
            context.channels(),
            ["notify-send", "termux-notification", "termux-vibrate", "tmux", "bell " + terminal, "command"])
        AlertDelivery(context: context).deliver(
            .alert, sentence: "Yours is next: Teremky.", event: Data(#"{"event":"alert"}"#.utf8))
        let made = calls().sorted()
        XCTAssertEqual(try String(contentsOfFile: directory + "/forwarded", encoding: .utf8), #"{"event":"alert"}"#)
        XCTAssertEqual(
            made,
            [
                "forward ",
                "notify-send --urgency=critical --app-name=metro-timer metro-timer Yours is next: Teremky.",
                "termux-notification --id metro-timer-alert --title metro-timer --content Yours is next: Teremky. --priority high",
                "termux-vibrate -d 800 -f",
                "tmux display-message -t %3 metro-timer: Yours is next: Teremky.",
            ].sorted())
        var byte: UInt8 = 0
        XCTAssertEqual(read(master, &byte, 1), 1)
        XCTAssertEqual(byte, 7, "the bell rang on the rider's terminal")

        // No display, no tmux, no tools: nothing is run, nothing fails.
        try FileManager.default.removeItem(atPath: directory + "/calls")
        AlertDelivery(
            context: DeliveryContext(
                environment: ["PATH": directory + "/none"], terminal: nil, command: nil, language: .en)
        )
        .deliver(.arrival, sentence: "x", event: Data())
        XCTAssertEqual(calls(), [])
    }

    /// A station name from an installed timetable reached `tmux display-message` as a
    /// format, and tmux ran `#(...)` in it. A real tmux server on a private socket: the name is
    /// shown, not run. (tmux runs `#()` jobs in order, so once a later job has run, an earlier
    /// one would have too.)
    func testATmuxFormatInAStationNameIsShownNotRun() throws {
        guard let tmux = DeliveryContext.executable("tmux", ["PATH": "/usr/bin:/bin"]) else { throw XCTSkip("no tmux") }
        let socket = directory + "/tmux.sock"
        func tmuxRun(_ arguments: [String]) throws -> String {
            let result = try Spawn.run(
                tmux, ["-S", socket] + arguments, environment: ["PATH": "/usr/bin:/bin"], captureOutput: true)
            return String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try tmuxRun(["new-session", "-d", "-s", "ride", "sleep 120"])
        defer { _ = try? tmuxRun(["kill-server"]) }
        let pane = try tmuxRun(["display-message", "-p", "-t", "ride", "#{pane_id}"])
        XCTAssertTrue(pane.hasPrefix("%"), pane)
        let context = DeliveryContext(
            environment: ["PATH": "/usr/bin:/bin", "TMUX": socket + ",1,0", "TMUX_PANE": pane], terminal: nil,
            command: nil, language: .en)
        XCTAssertEqual(context.channels(), ["tmux"])
        let sentence = "Yours is next: Teremky #(touch \(directory)/ran) #{pane_id} ##(touch \(directory)/ran2)."
        // tmux starts a `#()` job when a format is expanded again (a status line redraws): twice.
        AlertDelivery(context: context).deliver(.alert, sentence: sentence, event: Data())
        AlertDelivery(context: context).deliver(.alert, sentence: sentence, event: Data())
        let until = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: directory + "/later") && Date() < until {
            _ = try tmuxRun(["display-message", "-t", pane, "#(touch \(directory)/later)"])
            usleep(50_000)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/later"), "tmux runs jobs here")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: directory + "/ran"), "a station name ran a command through tmux")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/ran2"))
        // What tmux is given expands to the sentence itself.
        XCTAssertEqual(
            try tmuxRun(["display-message", "-p", "-t", pane, AlertDelivery.tmuxLiteral("metro-timer: " + sentence)]),
            "metro-timer: " + sentence)
    }

    /// notify-send's body is markup where the server reads it: `<` and `&` in a name are sent as
    /// entities, and control characters (an installed timetable's ESC) are escaped.
    func testNotifySendIsGivenNoMarkupAndNoControlCharacters() throws {
        try fake("notify-send")
        let context = DeliveryContext(
            environment: ["PATH": bin, "DISPLAY": ":0"], terminal: nil, command: nil, language: .en)
        AlertDelivery(context: context).deliver(
            .alert, sentence: "Yours is next: <b>A&B</b> \u{1B}]0;x\u{7}.", event: Data())
        XCTAssertEqual(
            calls(),
            [
                #"notify-send --urgency=critical --app-name=metro-timer metro-timer Yours is next: &lt;b&gt;A&amp;B&lt;/b&gt; \u{1B}]0;x\u{07}."#
            ])
    }

    /// A hung alert hook held the delivery for 10 s (the next alert waited) and outlived the
    /// trip. It is given a bounded time, then it and what it started are killed.
    func testAHungAlertHookIsBoundedAndKilledWithWhatItStarted() throws {
        let hook = bin + "/hang"
        try "#!/bin/sh\nsleep 300 &\necho $! > \(directory)/child\nsleep 300\n".write(
            toFile: hook, atomically: true, encoding: .utf8)
        chmod(hook, 0o755)
        let context = DeliveryContext(
            environment: ["PATH": "/usr/bin:/bin"], terminal: nil, command: hook, language: .en)
        let started = ContinuousClock.now
        AlertDelivery(context: context).deliver(.alert, sentence: "x", event: Data(), limit: .milliseconds(500))
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
        let child = try XCTUnwrap(
            pid_t(
                (try String(contentsOfFile: directory + "/child", encoding: .utf8)).trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        // Killed : gone, or a zombie nobody reaps.
        let until = Date().addingTimeInterval(5)
        func alive() -> Bool {
            let state = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8))?.split(separator: ")")
                .last?.split(separator: " ").first
            return state != nil && state != "Z"
        }
        while alive() && Date() < until { usleep(20_000) }
        XCTAssertFalse(alive(), "the hook's own child outlived the delivery")
    }
}
