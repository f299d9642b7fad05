import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// Everything a command may touch from the outside world, passed in so tests can set it.
package struct Context: Sendable {
    var arguments: [String]
    var environment: [String: String]
    var stdout: OutputSink
    var stderr: OutputSink
    /// The clock. Tests inject a fixed or stepped one; nothing else reads the time.
    var now: @Sendable () -> Date
    /// The tap: the moment the process started, taken before any other work. `start` reads
    /// t₀ from it (`Tap`: the train moving then, or the published first or last train).
    var tapped: Date
    /// Whether standard output is a terminal (decided once, at the edge).
    var stdoutIsTerminal: Bool
    var clock: ServiceClock
    /// The terminal width when known.
    var columns: Int?
    /// Where this executable lives: the alert check and the notifier run it again from there.
    var helperDirectory: String = ""

    package init(
        arguments: [String], environment: [String: String], stdout: OutputSink, stderr: OutputSink,
        now: @escaping @Sendable () -> Date, tapped: Date, stdoutIsTerminal: Bool, clock: ServiceClock,
        columns: Int? = nil, helperDirectory: String = "", installedTimetable: InstalledTimetable? = nil
    ) {
        self.arguments = arguments
        self.environment = environment
        self.stdout = stdout
        self.stderr = stderr
        self.now = now
        self.tapped = tapped
        self.stdoutIsTerminal = stdoutIsTerminal
        self.clock = clock
        self.columns = columns
        self.helperDirectory = helperDirectory
        self.installedTimetable = installedTimetable
    }

    /// The real process: its arguments, environment, streams and clock.
    package static func live(tapped: Date) -> Context {
        let environment = Environment.current()
        let arguments = RawArguments.arguments
        let clock: ServiceClock
        let language = Language.resolve(flag: GlobalOptions.languageFlag(in: arguments), environment: environment)
        if let invalid = RawArguments.firstNotUTF8() {
            DescriptorSink.standardError.line(
                CommandRunner.errorPrefix(language) + RawArguments.error(invalid, language: language))
            exit(64)
        }
        switch ZoneInfo.lookup(environment: environment, language: language) {
        case .success(let kyiv):
            clock = kyiv.clock
            if let warning = kyiv.warning, needsZone(arguments) { DescriptorSink.standardError.line(warning) }
        case .failure where !needsZone(arguments):
            clock = ZoneInfo.builtInClock
        case .failure(let error):
            // Said the way every other error is: as JSON when the command line asks for JSON.
            if JSONOutput.requested(arguments), let json = JSONOutput.error(error) {
                DescriptorSink.standardError.write(json)
                exit(error.exitCode)
            }
            exit(
                CommandRunner.report(
                    error, stdout: DescriptorSink.standardOutput, stderr: DescriptorSink.standardError,
                    language: language))
        }
        return Context(
            arguments: arguments,
            environment: environment,
            stdout: DescriptorSink.standardOutput,
            stderr: DescriptorSink.standardError,
            now: { Date() },
            tapped: tapped,
            stdoutIsTerminal: isatty(1) == 1,
            clock: clock,
            columns: TerminalSize.columns(environment: environment),
            helperDirectory: Path.directory(
                of: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                    ?? RawArguments.programName ?? ""))
    }

    /// Whether the command line asks for anything in Kyiv time. `--version`, help, completions,
    /// the manual and `about` do not: they work, and say nothing about the zone, on a system
    /// without the time-zone database (the built-in rule stands in for what they never show).
    static func needsZone(_ arguments: [String]) -> Bool {
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" { break }
            if word == "-h" || word == "--help" { return false }
            if word == "--no-color" || word.hasPrefix("--lang=") { continue }
            if word == "--lang" {
                index += 1
                continue
            }
            words.append(word)
        }
        guard let first = words.first else { return false }
        return !["--version", "help", "completions", "about", "__complete", "__manual"].contains(first)
    }

    /// The language: `--lang`, then `METRO_TIMER_LANG`, then the locale variables.
    func language(flag: String?) -> Language {
        Language.resolve(flag: flag, environment: environment)
    }

    /// The timetable `timetable-gen install` installed, when there is one (loaded before a
    /// command runs; see `MetroTimer.run`).
    var installedTimetable: InstalledTimetable? = nil

    /// The network: the installed one, else the embedded one, decoded on first use (`--version`
    /// and `help` never pay for it).
    var network: Network { installedTimetable?.network ?? .kyiv }

    /// Station search over `network`.
    var search: StationSearch { installedTimetable?.search ?? .kyiv }

    /// Whether standard input is a terminal (keys can be read raw).
    var stdinIsTerminal: Bool { isatty(0) == 1 }

    /// The terminal's width now (it may have been resized since start).
    var currentColumns: Int { TerminalSize.columns(environment: environment) ?? columns ?? 80 }

    /// The trip store in the state directory.
    var tripStore: FileTripStore {
        FileTripStore(directory: FileTripStore.directory(environment: environment), language: chosenLanguage)
    }

    /// The language the command line chose (`--lang` wherever it stands, then the environment),
    /// for what is said before a command knows its options (the state files' messages).
    var chosenLanguage: Language {
        var flag: String?
        for (index, word) in arguments.enumerated() {
            if word == "--" { break }
            if word.hasPrefix("--lang=") { flag = String(word.dropFirst("--lang=".count)) }
            if word == "--lang", index + 1 < arguments.count { flag = arguments[index + 1] }
        }
        return language(flag: flag)
    }

    /// Colour only on a terminal that is not `dumb`, with `NO_COLOR` unset and no `--no-color`.
    func useColor(noColorFlag: Bool) -> Bool {
        !noColorFlag && stdoutIsTerminal && environment["NO_COLOR"].map(\.isEmpty) ?? true
            && environment["TERM"] != "dumb"
    }
}
