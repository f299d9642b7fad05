import CLIKit
import Dispatch
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// How an alert reaches the rider when no screen may be open, captured when the ride is
/// (re)scheduled and kept beside the trip: a detached notifier or a systemd timer has none of the
/// rider's environment of its own.
struct DeliveryContext: Codable, Equatable, Sendable {
    /// The variables the channels need: the graphical session (notify-send), tmux, PATH.
    var environment: [String: String]
    /// The terminal the ride was started or corrected from, rung while it is still open.
    var terminal: String?
    /// The user's alert command (`METRO_TIMER_ALERT_COMMAND`, else the setting).
    var command: String?
    var language: String

    static let keptVariables = [
        "PATH", "HOME", "DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR",
        "TMUX", "TMUX_PANE", "PREFIX", "TERMUX_VERSION", "LANG", "LC_ALL", "METRO_TIMER_LANG",
    ]

    init(environment: [String: String], terminal: String?, command: String?, language: Language) {
        self.environment = environment.filter { Self.keptVariables.contains($0.key) }
        self.terminal = terminal
        self.command = command.flatMap { $0.isEmpty ? nil : $0 }
        self.language = language.rawValue
    }

    /// The terminal on standard input, else output, else error, when one is.
    static func currentTerminal() -> String? {
        for fd in [Int32(0), 1, 2] where isatty(fd) == 1 {
            if let name = ttyname(fd) { return String(cString: name) }
        }
        return nil
    }

    /// The means that will be tried, for `alerts pending` and `about`.
    func channels() -> [String] {
        var result: [String] = []
        let display = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        if display, Self.executable("notify-send", environment) != nil { result.append("notify-send") }
        if Self.executable("termux-notification", environment) != nil { result.append("termux-notification") }
        if Self.executable("termux-vibrate", environment) != nil { result.append("termux-vibrate") }
        if !(environment["TMUX"] ?? "").isEmpty, Self.executable("tmux", environment) != nil { result.append("tmux") }
        if let terminal { result.append("bell " + terminal) }
        if command != nil { result.append("command") }
        return result
    }

    static func executable(_ name: String, _ environment: [String: String]) -> String? {
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

/// Delivers one alert through every channel there is. Every call happens in exactly one process
/// per alert: the one that claimed it in the trip file.
struct AlertDelivery: Sendable {
    var context: DeliveryContext

    /// How long a channel may take before it is killed with what it started: a hung hook (or
    /// a stuck D-Bus) must not hold the next alert back, nor outlive the trip.
    static let channelLimit = Duration.seconds(3)

    /// `ringTerminal` is false when the caller draws on that terminal and rings it itself. The
    /// sentence holds an installed timetable's names: each program that reads formats or markup
    /// gets it in its own escaping (never at the call sites), and none gets a control character.
    func deliver(
        _ alert: Trip.Alert, sentence: String, event: Data, ringTerminal: Bool = true, limit: Duration = channelLimit
    ) {
        let environment = context.environment
        let sentence = Quote.value(sentence)
        var runs: [(String, [String], Data)] = []
        if context.channels().contains("notify-send"), let path = DeliveryContext.executable("notify-send", environment)
        {
            runs.append(
                (
                    path,
                    ["--urgency=critical", "--app-name=metro-timer", "metro-timer", Self.markupLiteral(sentence)],
                    Data()
                ))
        }
        if let path = DeliveryContext.executable("termux-notification", environment) {
            runs.append(
                (
                    path,
                    [
                        "--id", "metro-timer-\(alert.rawValue)", "--title", "metro-timer", "--content", sentence,
                        "--priority", "high",
                    ], Data()
                ))
        }
        if let path = DeliveryContext.executable("termux-vibrate", environment) {
            runs.append((path, ["-d", "800", "-f"], Data()))
        }
        if !(environment["TMUX"] ?? "").isEmpty, let path = DeliveryContext.executable("tmux", environment) {
            var arguments = ["display-message"]
            if let pane = environment["TMUX_PANE"], !pane.isEmpty { arguments += ["-t", pane] }
            runs.append((path, arguments + [Self.tmuxLiteral("metro-timer: " + sentence)], Data()))
        }
        if let command = context.command {
            runs.append(("/bin/sh", ["-c", command], event))
        }
        if ringTerminal, let terminal = context.terminal { Self.ring(terminal) }
        // The channels run side by side, each bounded, so none holds up the others.
        let group = DispatchGroup()
        let deadline = ContinuousClock.now + limit
        for (path, arguments, input) in runs {
            group.enter()
            Threads.detach {
                _ = try? Spawn.run(
                    path, arguments, environment: environment, input: input, outputLimit: 65_536, deadline: deadline,
                    ownGroup: true)
                group.leave()
            }
        }
        _ = group.wait(timeout: .now() + .milliseconds(Int(limit.components.seconds * 1000) + 500))
    }

    /// Text that `tmux display-message` shows as it is: its formats (`#{}`, `#()` which runs a
    /// command, `#[]`) all start with `#`, and `##` is a literal `#`. (`-l` says the same from
    /// tmux 3.4; 3.3, still in Debian and Ubuntu, lacks it.)
    static func tmuxLiteral(_ text: String) -> String { Quote.tmuxFormat(text) }

    /// Text for notify-send's body, which servers read as markup: `&`, `<` and `>` as entities
    /// (notify-send has no switch to turn markup off).
    static func markupLiteral(_ text: String) -> String {
        text.map { ["&": "&amp;", "<": "&lt;", ">": "&gt;"][$0] ?? String($0) }.joined()
    }

    /// The bell on the rider's terminal, if it is still open and still theirs.
    static func ring(_ terminal: String) {
        let fd = open(terminal, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var info = stat()
        guard isatty(fd) == 1, fstat(fd, &info) == 0, info.st_uid == geteuid() else { return }
        var bell: UInt8 = 7
        _ = write(fd, &bell, 1)
    }
}
