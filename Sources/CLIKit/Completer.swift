import MetroCore

/// Shell completion from the same `CommandSpec`s that parse the arguments and write the help,
/// so the three cannot drift apart.
///
/// The shell scripts are thin: each passes the words typed so far to the program
/// (`metro-timer __complete WORD… CURRENT`) and offers what comes back. All the knowledge
/// (subcommands, options, their values, station names in either alphabet) lives here, where it
/// is tested in-process; the shells only have to quote.
public struct Completer: Sendable {
    /// What to offer for the word being typed.
    public enum Result: Equatable, Sendable {
        case words([String])
        /// A path: the shell's own file completion.
        case files

        /// The wire format the shell scripts read: one candidate a line, or `:files` alone.
        /// No candidate can begin with `:`, so the marker is unambiguous.
        public var lines: String {
            switch self {
            case .files: return ":files\n"
            case .words(let words): return words.map { $0 + "\n" }.joined()
            }
        }
    }

    public var root: CommandSpec
    /// Station names for a typed prefix.
    public var stations: @Sendable (String) -> [String]

    public init(root: CommandSpec, stations: @escaping @Sendable (String) -> [String]) {
        self.root = root
        self.stations = stations
    }

    /// Completes the last of `words` (the words after the program's name; the last one is the
    /// word being typed, possibly empty, as the shell has it: quotes and backslashes included).
    public func complete(_ words: [String]) -> Result {
        let current = Completer.unquote(words.last ?? "")
        var command = root
        var positionals = 0
        var pendingOption: ArgumentSpec?
        var operandsOnly = false
        for raw in words.dropLast() {
            let word = Completer.unquote(raw)
            // bash splits `--lang=uk` at the `=`: the value is still the option's.
            if word == "=" { continue }
            if pendingOption != nil {
                pendingOption = nil
                continue
            }
            if !operandsOnly && word == "--" { operandsOnly = true; continue }
            if !operandsOnly && word.hasPrefix("-") && word.count > 1 && !Completer.isNumber(word) {
                let name = String(word.drop(while: { $0 == "-" }).prefix(while: { $0 != "=" }))
                if !word.contains("="), let option = options(of: command).first(where: { $0.name == name }), case .option = option.kind {
                    pendingOption = option
                }
                continue
            }
            if command.path.count == 1, !command.subcommands.isEmpty {
                guard let sub = command.subcommands.first(where: { $0.path.last == word }) else { return .words([]) }
                command = sub
                continue
            }
            positionals += 1
        }
        if let option = pendingOption {
            return values(option.completion, current)
        }
        if !operandsOnly && current.hasPrefix("-") && !Completer.isNumber(current) {
            if let equals = current.firstIndex(of: "=") {
                let name = String(current[..<equals].drop(while: { $0 == "-" }))
                guard let option = options(of: command).first(where: { $0.name == name }) else { return .words([]) }
                let prefix = String(current[...equals])
                let value = String(current[current.index(after: equals)...])
                switch values(option.completion, value) {
                case .files: return .files
                case .words(let words): return .words(words.map { prefix + $0 })
                }
            }
            var names = options(of: command).map { "--" + $0.name }
            if command.path.count == 1 { names.insert("--version", at: 0) }
            names.append("--help")
            return .words(Completer.unique(names).filter { $0.hasPrefix(current) })
        }
        if command.path.count == 1 && !command.subcommands.isEmpty {
            return .words(command.subcommands.compactMap(\.path.last).filter { $0.hasPrefix(current) })
        }
        let declared = command.arguments.filter { if case .positional = $0.kind { return true } else { return false } }
        guard positionals < declared.count else { return .words([]) }
        return values(declared[positionals].completion, current)
    }

    func options(of command: CommandSpec) -> [ArgumentSpec] {
        let own = command.arguments.filter { if case .positional = $0.kind { return false } else { return true } }
        // The root's global options are accepted after any subcommand too.
        let globals = root.arguments.filter(\.isGlobal)
        return own + globals.filter { global in !own.contains { $0.name == global.name } }
    }

    func values(_ kind: CompletionKind, _ current: String) -> Result {
        switch kind {
        case .none: return .words([])
        case .file: return .files
        case .stations: return .words(stations(current))
        case .choices(let choices):
            return .words(choices.filter { $0.lowercased().hasPrefix(current.lowercased()) })
        }
    }

    /// The word as the shell would pass it to the program: quotes removed, backslash escapes
    /// resolved (`Лук\'я` and `"Ploshcha Uk` both mean what they say).
    public static func unquote(_ word: String) -> String {
        var result = ""
        var quote: Character?
        var escaped = false
        for character in word {
            if escaped { result.append(character); escaped = false; continue }
            if let open = quote {
                if character == open { quote = nil } else if character == "\\" && open == "\"" { escaped = true } else { result.append(character) }
                continue
            }
            switch character {
            case "\\": escaped = true
            case "'", "\"": quote = character
            default: result.append(character)
            }
        }
        return result
    }

    static func isNumber(_ word: String) -> Bool {
        word.count > 1 && word.dropFirst().allSatisfy(\.isNumber)
    }

    static func unique(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }
}
