import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroTimerCLI

/// Shell completion: the logic in-process over the real command specs, then each real shell
/// driving the real binary through its own completion machinery.
final class CompletionTests: XCTestCase {
    func complete(_ words: String..., environment: [String: String] = ["NO_COLOR": "1"]) -> [String] {
        let result = CLI.run(["__complete"] + words, environment: environment)
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stderr, "")
        return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    func testSubcommandsOptionsAndTheirValuesComeFromTheSpecs() {
        let names = MetroTimer.commands.map { $0.spec.path.last! } + ["help"]
        XCTAssertEqual(complete(""), names)
        XCTAssertEqual(complete("cal"), ["calibrate", "calibration"])
        XCTAssertEqual(complete("-"), ["--version", "--lang", "--no-color", "--help"])
        // Every declared option of every command is offered after it, and --help last.
        for command in MetroTimer.commands {
            let offered = complete(command.spec.path.last!, "--")
            for argument in command.spec.arguments
            where argument.kind != .positional(optional: true) && argument.kind != .positional(optional: false) {
                XCTAssertTrue(offered.contains("--" + argument.name), "\(command.spec.commandName) --\(argument.name)")
            }
            XCTAssertEqual(offered.last, "--help")
        }
        XCTAssertEqual(complete("plan", "Lisova", "--no-c"), ["--no-calibration", "--no-color"])
        XCTAssertEqual(complete("stations", "--line", ""), ["M1", "M2", "M3"])
        XCTAssertEqual(complete("plan", "--lang", ""), ["uk", "en"])
        XCTAssertEqual(complete("plan", "--lang=u"), ["--lang=uk"])
        XCTAssertEqual(complete("--lang", "uk", "pl"), ["plan"], "a global option before the subcommand")
        XCTAssertEqual(complete("completions", ""), ["bash", "zsh", "fish"])
        XCTAssertEqual(complete("changes", ""), ["list", "add", "remove"])
        XCTAssertEqual(complete("adjust", ""), ["+1", "-1"])
        XCTAssertEqual(complete("help", "he"), ["help"])
        XCTAssertEqual(complete("journal", "--export", "/tm"), [":files"])
        XCTAssertEqual(complete("calibration", "--import=x"), [":files"])
        // Nothing to offer is nothing, never an error: a free-text value, too many operands, an
        // unknown command.
        XCTAssertEqual(complete("plan", "--at", ""), [])
        XCTAssertEqual(complete("plan", "Lisova", "Teremky", ""), [])
        XCTAssertEqual(complete("nonsense", ""), [])
    }

    func testStationNamesInTheAlphabetBeingTyped() {
        XCTAssertEqual(complete("plan", "Luk"), ["Lukianivska"])
        XCTAssertEqual(complete("plan", "Лук"), ["Лук'янівська"])
        XCTAssertEqual(
            complete("plan", "лукʼя"), ["лукʼянівська"], "the apostrophe in any form, any case, kept as typed")
        XCTAssertEqual(complete("plan", "Lukya"), ["Lukyanivska"], "a common transliteration, finished as typed")
        // Maidan Nezalezhnosti was Ploshcha Kalinina: offered under the name being typed, which
        // the shells keep (CompletionShellTests).
        XCTAssertEqual(complete("plan", "Лісова", "Ploshcha"), ["Ploshcha Kalinina", "Ploshcha Ukrainskykh Heroiv"])
        XCTAssertEqual(complete("start", "\"Ploshcha Uk"), ["Ploshcha Ukrainskykh Heroiv"], "inside an open quote")
        XCTAssertEqual(complete("at", "Ploshcha\\ Uk"), ["Ploshcha Ukrainskykh Heroiv"], "with an escaped space")
        XCTAssertEqual(complete("plan", "Petr"), ["Petrivka"], "a former name completes as the former name")
        XCTAssertEqual(complete("plan", "--closed", "Khresh"), ["Khreshchatyk"])
        XCTAssertEqual(complete("plan", "zzz"), [])
        // An empty word offers every station in the user's language.
        XCTAssertEqual(complete("plan", "").count, 52)
        XCTAssertEqual(complete("plan", "")[0], "Akademmistechko")
        XCTAssertEqual(complete("plan", "", environment: ["LANG": "uk_UA.UTF-8"])[0], "Академмістечко")
        XCTAssertEqual(complete("--lang", "uk", "plan", "")[0], "Академмістечко")
    }

    func testUnquoteReadsWordsAsTheShellWould() {
        XCTAssertEqual(Completer.unquote(#"Лук\'я"#), "Лук'я")
        XCTAssertEqual(Completer.unquote(#"'Ploshcha Uk"#), "Ploshcha Uk")
        XCTAssertEqual(Completer.unquote(#""a \"b\" c"#), #"a "b" c"#)
        XCTAssertEqual(Completer.unquote("plain"), "plain")
    }

    func testEveryShellScriptNamesTheEntryItCalls() {
        for shell in CompletionScript.Shell.allCases {
            let result = CLI.run(["completions", shell.rawValue])
            XCTAssertEqual(result.code, 0)
            XCTAssertTrue(result.stdout.contains("__complete"), shell.rawValue)
        }
        let bad = CLI.run(["completions", "tcsh"])
        XCTAssertEqual(bad.code, 64)
        XCTAssertTrue(
            bad.stderr.hasPrefix("Error: Unknown shell 'tcsh'; the shells are bash, zsh and fish\n"), bad.stderr)
    }

    // MARK: - The real shells

    /// The environment of a shell that finds the built `metro-timer` on PATH.
    var shellEnvironment: [String: String] {
        ["PATH": TestPaths.products.path + ":/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()]
    }

    func shell(_ name: String) throws -> String {
        guard let path = which(name) else { throw XCTSkip("\(name) is not installed (.ci/run installs it)") }
        return path
    }

    func testBashCompletesThroughItsCompletionFunction() throws {
        let bash = try shell("bash")
        // COMP_WORDS/COMP_CWORD set as readline sets them; the function fills COMPREPLY.
        let script = """
            source <(metro-timer completions bash)
            comp() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _metro_timer; printf '%s|' "${COMPREPLY[@]}"; echo; }
            comp metro-timer pl
            comp metro-timer plan Luk
            comp metro-timer plan Лук
            comp metro-timer plan 'Ploshcha\\ Uk'
            comp metro-timer plan '"Ploshcha Uk'
            comp metro-timer stations --line ''
            comp metro-timer plan Lisova Teremky --ic
            complete -p metro-timer
            """
        let result = try ProcessRunner.run(executable: bash, ["-c", script], environment: shellEnvironment)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(
            result.stdout.split(separator: "\n").map(String.init),
            [
                "plan|",
                "Lukianivska|",
                #"Лук\'янівська|"#,
                #"Ploshcha\ Ukrainskykh\ Heroiv|"#,
                "Ploshcha Ukrainskykh Heroiv|",
                "M1|M2|M3|",
                "--ics|",
                "complete -F _metro_timer metro-timer",
            ])
    }

    func testFishCompletesThroughCompleteC() throws {
        let fish = try shell("fish")
        let script = """
            metro-timer completions fish | source
            complete -C 'metro-timer pl'
            complete -C 'metro-timer plan Luk'
            complete -C 'metro-timer plan Лук'
            complete -C 'metro-timer plan "Ploshcha Uk'
            complete -C 'metro-timer completions z'
            """
        let result = try ProcessRunner.run(executable: fish, ["-N", "-c", script], environment: shellEnvironment)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(
            result.stdout.split(separator: "\n").map(String.init),
            [
                "plan\t" + PlanCommand.spec.abstract.en, "Lukianivska", "Лук'янівська", "Ploshcha Ukrainskykh Heroiv",
                "zsh",
            ])
    }

    func testZshLoadsUnderCompinitAndCompletes() throws {
        let zsh = try shell("zsh")
        let directory = try TestPaths.temporaryDirectory(self)
        let result0 = CLI.run(["completions", "zsh"])
        try result0.stdout.write(toFile: directory + "/_metro-timer", atomically: true, encoding: .utf8)
        // Loaded the way a user installs it (a directory on $fpath, then compinit), it must
        // register itself for metro-timer without a word on stderr. compadd and _files exist
        // only inside a completion widget, so the functional check stands in for them and
        // prints what the function offered.
        let script = """
            fpath=(\(directory) $fpath)
            autoload -U compinit && compinit -u -d \(directory)/zcompdump
            print -r -- "registered: ${_comps[metro-timer]}"
            compadd() { print -rl -- "${@[$(( ${@[(i)--]} + 1 )),-1]}"; }
            _files() { print -r -- "(files)"; }
            words=(metro-timer plan Лук); CURRENT=3; _metro-timer
            words=(metro-timer plan '"Ploshcha Uk'); CURRENT=3; _metro-timer
            words=(metro-timer journal --export ''); CURRENT=4; _metro-timer
            words=(metro-timer calibr); CURRENT=2; _metro-timer
            """
        let result = try ProcessRunner.run(executable: zsh, ["-f", "-c", script], environment: shellEnvironment)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(
            result.stdout.split(separator: "\n").map(String.init),
            [
                "registered: _metro-timer", "Лук'янівська", "Ploshcha Ukrainskykh Heroiv", "(files)", "calibrate",
                "calibration",
            ])
    }
}
