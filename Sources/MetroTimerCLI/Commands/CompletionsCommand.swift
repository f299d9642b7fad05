import CLIKit
import MetroCore

/// `metro-timer completions bash|zsh|fish`: the shell's completion script on standard output.
struct CompletionsCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "completions"],
        abstract: Text(
            "Скрипт доповнення для bash, zsh або fish: команди, параметри і назви станцій.",
            "A completion script for bash, zsh or fish: commands, options and station names."),
        discussion: Text(
            "bash: source <(metro-timer completions bash). zsh: metro-timer completions zsh > ~/.zfunc/_metro-timer (каталог у $fpath). fish: metro-timer completions fish > ~/.config/fish/completions/metro-timer.fish. 'make install' встановлює всі три.",
            "bash: source <(metro-timer completions bash). zsh: metro-timer completions zsh > ~/.zfunc/_metro-timer (a directory on $fpath). fish: metro-timer completions fish > ~/.config/fish/completions/metro-timer.fish. 'make install' installs all three."
        ),
        arguments: [
            .positional("shell", Text("bash, zsh або fish.", "bash, zsh or fish."))
                .completing(.choices(CompletionScript.Shell.allCases.map(\.rawValue)))
        ] + GlobalOptions.arguments)

    var shell: CompletionScript.Shell

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        let name = arguments.value("shell")!
        guard let shell = CompletionScript.Shell(rawValue: name.lowercased()) else {
            throw .usage(
                options.language.tr(
                    "Невідома оболонка '\(name)'; є bash, zsh і fish",
                    "Unknown shell '\(name)'; the shells are bash, zsh and fish"), Self.spec)
        }
        self.shell = shell
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        context.stdout.write(CompletionScript.script(shell, command: "metro-timer"))
    }

    /// The hidden `metro-timer __complete [--shell=SHELL] WORD… CURRENT` the scripts call: one
    /// candidate a line, written for that shell (see `Completer.Result.lines`).
    static func complete(_ arguments: [String], context: Context) -> String {
        var words = arguments
        var shell: CompletionScript.Shell?
        if let first = words.first, first.hasPrefix("--shell=") {
            shell = CompletionScript.Shell(rawValue: String(first.dropFirst("--shell=".count)))
            words.removeFirst()
        }
        // A `--lang` already on the line decides the alphabet of names offered for an empty word.
        var flag: String?
        for (index, word) in words.dropLast().enumerated() {
            if word.hasPrefix("--lang=") { flag = String(word.dropFirst("--lang=".count)) }
            if word == "--lang", index + 1 < words.count - 1 { flag = words[index + 1] }
        }
        let language = context.language(flag: flag)
        let search = context.search
        // Saved routes from the config dir; an unreadable file offers none (completion never
        // reports errors: the command itself will, naming the file).
        let saved = (try? context.config.routes(language: language).routes) ?? []
        let network = context.network
        let routes = saved.map { entry in
            Completer.Candidate(
                entry.name,
                description: Names.station(entry.from, network, language) + " → "
                    + Names.station(entry.to, network, language))
        }
        let completer = Completer(
            root: MetroTimer.spec, language: language,
            stations: { typed in
                search.completionCandidates(typed, language: language).map {
                    Completer.Candidate($0.text, description: $0.current)
                }
            }, routes: { typed in routes.filter { $0.word.lowercased().hasPrefix(typed.lowercased()) } })
        return completer.complete(words).lines(for: shell, current: words.last ?? "")
    }
}
