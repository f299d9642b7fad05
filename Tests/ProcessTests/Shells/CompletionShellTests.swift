import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Completion as a person meets it: what each shell leaves on the command line after Tab, and
/// what the shell then passes to the program. bash and zsh run interactively under tmux (a real
/// pseudo-terminal, real readline and zle); fish answers `complete -C`.
final class CompletionShellTests: XCTestCase {
    func complete(_ words: String...) -> [String] {
        let result = CLI.run(["__complete"] + words, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(result.code, 0)
        return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    // MARK: - In-process

    func testFormerRussianAndMisspeltNamesCompleteInTheFormTyped() {
        // What fish keeps is what begins with the token typed: a former name completes as the
        // former name (which the program accepts), a misspelling as the misspelling finished.
        XCTAssertEqual(complete("plan", "Petriv"), ["Petrivka"])
        XCTAssertEqual(complete("plan", "Lesnaya"), ["Lesnaya"])
        XCTAssertEqual(complete("plan", "Лесная"), ["Лесная"])
        XCTAssertEqual(complete("plan", "Лесн"), ["Лесная"])
        XCTAssertEqual(complete("plan", "khresch"), ["khreschatyk"])
        XCTAssertEqual(complete("plan", "Druzhby"), ["Druzhby Narodiv"])
        // Both Palats stations fold alike, but only one begins with the guillemet typed.
        XCTAssertEqual(complete("plan", "Palats «"), ["Palats «Ukraina»"])
        XCTAssertEqual(complete("plan", "Palats"), ["Palats «Ukraina»", "Palats sportu"])
    }

    func testEveryCandidateBeginsWithWhatWasTypedAndResolves() {
        // For the first letters of every name of every station (current, Russian, former, both
        // alphabets): every candidate begins with the letters typed (ignoring case and the
        // apostrophe's form), so no shell throws it away, and names a station.
        let search = StationSearch.kyiv
        var checked = 0
        for station in Network.kyiv.stations {
            let names =
                [station.nameUk, station.nameEn] + (station.namesRu ?? [])
                + station.formerNames.flatMap { [$0.uk, $0.en] } + (station.formerNamesRu ?? [])
            for name in names {
                for length in [3, 5, 8] where length <= name.count {
                    let typed = String(name.prefix(length))
                    let offered = search.completions(typed, language: .en)
                    XCTAssertFalse(offered.isEmpty, typed)
                    for candidate in offered {
                        XCTAssertTrue(
                            StationSearch.plain(candidate).hasPrefix(StationSearch.plain(typed)),
                            "\(typed) → \(candidate)")
                        guard case .found = search.match(candidate) else {
                            XCTFail("\(typed) → \(candidate) resolves to no station")
                            continue
                        }
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 300)
    }

    func testZshAndFishGetDescriptions() {
        let fish = complete("--shell=fish", "pl")
        XCTAssertEqual(fish, ["plan\t" + PlanCommand.spec.abstract.en])
        let options = complete("--shell=zsh", "plan", "--a")
        XCTAssertTrue(options.contains("--at\tWhen the train starts moving, Kyiv time."), "\(options)")
        XCTAssertEqual(complete("--shell=fish", "plan", "--hel"), ["--help\tShow help information."])
        XCTAssertEqual(
            complete("--shell=fish", "plan", "Petriv"), ["Petrivka\tPochaina"], "a former name says what it is now")
        XCTAssertEqual(
            complete("--shell=fish", "--lang", "uk", "pl"), ["plan\t" + PlanCommand.spec.abstract.uk],
            "in the language chosen")
        XCTAssertEqual(complete("--shell=fish", "plan", "Luk"), ["Lukianivska"], "a current name needs no description")
        // Without a shell named (older scripts), the plain words.
        XCTAssertEqual(complete("pl"), ["plan"])
    }

    func testBashWordsAreWrittenForReadline() {
        // Outside quotes readline replaces the word: backslashes. Inside an open quote it
        // replaces what follows the quote and closes the quote itself.
        XCTAssertEqual(complete("--shell=bash", "plan", "Лук"), [#"Лук\'янівська"#])
        XCTAssertEqual(complete("--shell=bash", "plan", "Ploshcha\\ Uk"), [#"Ploshcha\ Ukrainskykh\ Heroiv"#])
        XCTAssertEqual(complete("--shell=bash", "plan", "'Лук"), [#"Лук'\''янівська"#])
        XCTAssertEqual(complete("--shell=bash", "plan", "Лук'я"), [#"''\''янівська"#])
        XCTAssertEqual(complete("--shell=bash", "plan", "\"Ploshcha Uk"), ["Ploshcha Ukrainskykh Heroiv"])
        XCTAssertEqual(Completer.unquote("Лук'я"), "Лук'я", "an apostrophe inside a word, never closed, is a letter")
        XCTAssertEqual(Completer.unquote("'Лук"), "Лук")
    }

    // MARK: - The real shells

    /// A directory with a `metro-timer` on PATH that completes with the built program and
    /// otherwise prints the words it was given, `<plan><Лук'янівська>`: what the shell made of
    /// the completed line.
    func wrapper() throws -> String {
        let directory = try TestPaths.temporaryDirectory(self)
        let binary = TestPaths.products.appendingPathComponent("metro-timer").path
        let script = """
            #!/bin/sh
            case "$1" in __complete|completions) exec '\(binary)' "$@";; esac
            printf '<%s>' "$@"; echo

            """
        try script.write(toFile: directory + "/metro-timer", atomically: true, encoding: .utf8)
        chmod(directory + "/metro-timer", 0o755)
        return directory
    }

    func tool(_ name: String) throws -> String {
        for directory in ["/usr/bin", "/bin", "/usr/local/bin"]
        where FileManager.default.isExecutableFile(atPath: directory + "/" + name) {
            return directory + "/" + name
        }
        throw XCTSkip("\(name) is not installed (.ci/run installs it)")
    }

    /// An interactive shell under tmux: for each line, type it, press Tab, read the command
    /// line, press Enter and read what the wrapper printed.
    func interactive(_ argv: [String], _ lines: [String], file: StaticString = #filePath, line: UInt = #line) throws
        -> [(line: String, ran: String)]
    {
        _ = try tool("tmux")
        let socket = "metro-timer-completion-\(UUID().uuidString.prefix(8))"
        let tmux = { (arguments: [String]) throws -> String in try TerminalTests.run(["-L", socket] + arguments) }
        addTeardownBlock { _ = try? TerminalTests.run(["-L", socket, "kill-server"]) }
        _ = try tmux(["new-session", "-d", "-s", "sh", "-x", "160", "-y", "50"] + argv)
        func screen() throws -> [String] {
            try tmux(["capture-pane", "-p", "-t", "sh"]).split(separator: "\n").map(String.init)
        }
        func wait(_ what: String, _ condition: ([String]) -> Bool) throws -> [String] {
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline {
                let lines = try screen()
                if condition(lines) { return lines }
                usleep(50_000)
            }
            XCTFail("timed out waiting for \(what): \(try screen())", file: file, line: line)
            return try screen()
        }
        _ = try wait("the prompt") { $0.last(where: { !$0.isEmpty }) == "$" }
        var results: [(String, String)] = []
        for typed in lines {
            let before = try screen().filter { $0.hasPrefix("<") }.count
            _ = try tmux(["send-keys", "-t", "sh", "-l", typed])
            _ = try tmux(["send-keys", "-t", "sh", "Tab"])
            // The completion has run when the line has changed from what was typed.
            let shown = try wait("the completion of \(typed)") { lines in
                guard let last = lines.last(where: { $0.hasPrefix("$ ") }) else { return false }
                return last != "$ " + typed
            }
            let commandLine = String((shown.last(where: { $0.hasPrefix("$ ") }) ?? "$ ").dropFirst(2))
            _ = try tmux(["send-keys", "-t", "sh", "Enter"])
            let after = try wait("the run of \(typed)") { $0.filter { $0.hasPrefix("<") }.count > before }
            let ran = after.filter { $0.hasPrefix("<") }.count > before ? after.last(where: { $0.hasPrefix("<") })! : ""
            // A line the shell could not run (an open quote) is abandoned for the next one.
            if ran.isEmpty { _ = try tmux(["send-keys", "-t", "sh", "C-c"]) }
            results.append((commandLine.trimmingCharacters(in: .whitespaces), ran))
        }
        return results
    }

    func testBashReadlineCompletesApostrophesTypedMidWord() throws {
        let bash = try tool("bash")
        let directory = try wrapper()
        let rc = directory + "/bashrc"
        try """
        PS1='$ '
        PATH=\(directory):$PATH
        source <(metro-timer completions bash)

        """.write(toFile: rc, atomically: true, encoding: .utf8)
        let results = try interactive(
            [
                "env", "-i", "LANG=C.UTF-8", "TERM=xterm", "PATH=/usr/bin:/bin", "HOME=\(directory)", bash,
                "--noprofile", "--rcfile", rc, "-i",
            ],
            [
                "metro-timer plan Лук'я",
                "metro-timer plan 'Лук",
                "metro-timer plan Лук",
                "metro-timer plan Palats\\ «",
                "metro-timer plan Petriv",
            ])
        XCTAssertEqual(
            results.map(\.ran),
            [
                "<plan><Лук'янівська>", "<plan><Лук'янівська>", "<plan><Лук'янівська>", "<plan><Palats «Ukraina»>",
                "<plan><Petrivka>",
            ])
        XCTAssertEqual(results[0].line, #"metro-timer plan Лук''\''янівська'"#)
        XCTAssertEqual(results[3].line, #"metro-timer plan Palats\ «Ukraina»"#, "the guillemet typed is kept")
    }

    /// A saved route's name is offered where plan and start take one, by real bash
    /// (`plan gy<Tab>` → `plan gym`), from the routes file METRO_TIMER_CONFIG names.
    func testBashCompletesASavedRouteName() throws {
        let bash = try tool("bash")
        let directory = try wrapper()
        let config = directory + "/config"
        XCTAssertEqual(
            CLI.run(["routes", "add", "gym", "Syrets", "Pozniaky"], environment: ["METRO_TIMER_CONFIG": config]).code, 0
        )
        let rc = directory + "/bashrc"
        try """
        PS1='$ '
        PATH=\(directory):$PATH
        source <(metro-timer completions bash)

        """.write(toFile: rc, atomically: true, encoding: .utf8)
        let results = try interactive(
            [
                "env", "-i", "LANG=C.UTF-8", "TERM=xterm", "PATH=/usr/bin:/bin", "HOME=\(directory)",
                "METRO_TIMER_CONFIG=\(config)",
                bash, "--noprofile", "--rcfile", rc, "-i",
            ], ["metro-timer plan gy", "metro-timer start gy"])
        XCTAssertEqual(results.map(\.ran), ["<plan><gym>", "<start><gym>"])
    }

    func testZshCompletionSystemKeepsWhatWasTyped() throws {
        let zsh = try tool("zsh")
        let directory = try wrapper()
        let functions = directory + "/functions"
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try CLI.run(["completions", "zsh"]).stdout.write(
            toFile: functions + "/_metro-timer", atomically: true, encoding: .utf8)
        try """
        PS1='$ '
        PATH=\(directory):$PATH
        fpath=(\(functions) $fpath)
        autoload -U compinit && compinit -u -d \(directory)/zcompdump

        """.write(toFile: directory + "/.zshrc", atomically: true, encoding: .utf8)
        let results = try interactive(
            [
                "env", "-i", "LANG=C.UTF-8", "TERM=xterm", "PATH=/usr/bin:/bin", "HOME=\(directory)",
                "ZDOTDIR=\(directory)", zsh, "-i",
            ],
            [
                "metro-timer plan Palats\\ «",
                "metro-timer plan Лук'я",
                "metro-timer plan 'Лук",
                "metro-timer plan Druzhby",
            ])
        XCTAssertEqual(
            results.map(\.ran),
            [
                "<plan><Palats «Ukraina»>", "<plan><Лук'янівська>", "<plan><Лук'янівська>", "<plan><Druzhby Narodiv>",
            ])
        XCTAssertEqual(results[0].line, #"metro-timer plan Palats\ «Ukraina»"#, "the guillemet typed is kept")
    }

    func testZshListsSubcommandsWithTheirSummaries() throws {
        let zsh = try tool("zsh")
        _ = try tool("tmux")
        let directory = try wrapper()
        let functions = directory + "/functions"
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try CLI.run(["completions", "zsh"]).stdout.write(
            toFile: functions + "/_metro-timer", atomically: true, encoding: .utf8)
        try """
        PS1='$ '
        PATH=\(directory):$PATH
        fpath=(\(functions) $fpath)
        autoload -U compinit && compinit -u -d \(directory)/zcompdump

        """.write(toFile: directory + "/.zshrc", atomically: true, encoding: .utf8)
        let socket = "metro-timer-completion-\(UUID().uuidString.prefix(8))"
        addTeardownBlock { _ = try? TerminalTests.run(["-L", socket, "kill-server"]) }
        try TerminalTests.run([
            "-L", socket, "new-session", "-d", "-s", "sh", "-x", "160", "-y", "50", "env", "-i", "LANG=C.UTF-8",
            "TERM=xterm", "PATH=/usr/bin:/bin", "HOME=\(directory)", "ZDOTDIR=\(directory)", zsh, "-i",
        ])
        let deadline = Date().addingTimeInterval(15)
        var screen = ""
        var typed = false
        while Date() < deadline {
            screen = try TerminalTests.run(["-L", socket, "capture-pane", "-p", "-t", "sh"])
            if !typed && screen.contains("$") {
                try TerminalTests.run(["-L", socket, "send-keys", "-t", "sh", "-l", "metro-timer st"])
                try TerminalTests.run(["-L", socket, "send-keys", "-t", "sh", "Tab"])
                typed = true
            }
            if screen.contains("stations  -- ") { break }
            usleep(50_000)
        }
        XCTAssertTrue(screen.contains("start  -- " + StartCommand.spec.abstract.en), screen)
        XCTAssertTrue(screen.contains("stations  -- " + StationsCommand.spec.abstract.en), screen)
    }

    func testFishKeepsFormerRussianAndMisspeltNames() throws {
        let fish = try tool("fish")
        let directory = try wrapper()
        let script = """
            metro-timer completions fish | source
            for word in Petriv Lesnaya Лесная khresch Druzhby
                complete -C "metro-timer plan $word"
            end
            complete -C 'metro-timer pl'
            """
        let result = try ProcessRunner.run(
            executable: fish, ["-N", "-c", script],
            environment: ["PATH": directory + ":/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": directory])
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(
            result.stdout.split(separator: "\n").map(String.init),
            [
                "Petrivka\tPochaina", "Lesnaya\tLisova", "Лесная\tЛісова", "khreschatyk\tKhreshchatyk",
                "Druzhby Narodiv\tZvirynetska",
                "plan\t" + PlanCommand.spec.abstract.en,
            ])
    }
}
