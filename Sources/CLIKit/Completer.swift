import MetroCore

/// Shell completion from the same `CommandSpec`s that parse the arguments and write the help,
/// so the three cannot drift apart.
///
/// The shell scripts are thin: each passes the words typed so far to the program
/// (`metro-timer __complete WORD… CURRENT`) and offers what comes back. All the knowledge
/// (subcommands, options, their values, station names in either alphabet) lives here, where it
/// is tested in-process; the shells only have to quote.
package struct Completer: Sendable {
    /// One thing to offer: the word, and what it is for the shells that show descriptions.
    package struct Candidate: Equatable, Sendable {
        package var word: String
        package var description: String?

        package init(_ word: String, description: String? = nil) {
            self.word = word
            self.description = description
        }
    }

    /// What to offer for the word being typed.
    package enum Result: Equatable, Sendable {
        case words([Candidate])
        /// A path: the shell's own file completion.
        case files

        /// The words alone.
        package var words: [String] {
            if case .words(let candidates) = self { return candidates.map(\.word) }
            return []
        }

        /// The wire format the shell scripts read: one candidate a line, or `:files` alone.
        /// No candidate can begin with `:`, so the marker is unambiguous. For fish and zsh a
        /// description follows the word after a tab; for bash each word is written ready for
        /// readline to put in place of `current` (the word being typed, as the shell has it),
        /// see `bashWord`.
        package func lines(for shell: CompletionScript.Shell? = nil, current: String = "") -> String {
            switch self {
            case .files: return ":files\n"
            case .words(let candidates):
                return candidates.map { candidate in
                    switch shell {
                    case nil: return candidate.word + "\n"
                    case .bash: return Completer.bashWord(candidate.word, replacing: current) + "\n"
                    case .zsh, .fish:
                        let description = (candidate.description ?? "").map { $0 == "\t" || $0 == "\n" ? " " : $0 }
                        return candidate.word + (description.isEmpty ? "" : "\t" + String(description)) + "\n"
                    }
                }.joined()
            }
        }
    }

    package var root: CommandSpec
    /// The language of the descriptions.
    package var language: Language
    /// Station names for a typed prefix.
    package var stations: @Sendable (String) -> [Candidate]
    /// Saved route names for a typed prefix (none by default).
    package var routes: @Sendable (String) -> [Candidate]

    package init(
        root: CommandSpec, language: Language = .en, stations: @escaping @Sendable (String) -> [Candidate],
        routes: @escaping @Sendable (String) -> [Candidate] = { _ in [] }
    ) {
        self.root = root
        self.language = language
        self.stations = stations
        self.routes = routes
    }

    /// Completes the last of `words` (the words after the program's name; the last one is the
    /// word being typed, possibly empty, as the shell has it: quotes and backslashes included).
    package func complete(_ words: [String]) -> Result {
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
            if !operandsOnly && word == "--" {
                operandsOnly = true
                continue
            }
            if !operandsOnly && word.hasPrefix("-") && word.count > 1 && !Completer.isNumber(word) {
                let name = String(word.drop(while: { $0 == "-" }).prefix(while: { $0 != "=" }))
                if !word.contains("="), let option = options(of: command).first(where: { $0.name == name }),
                    case .option = option.kind
                {
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
                case .words(let words):
                    return .words(words.map { Candidate(prefix + $0.word, description: $0.description) })
                }
            }
            var names = options(of: command).map { Candidate("--" + $0.name, description: $0.help(language)) }
            if command.path.count == 1, let version = root.arguments.first(where: { $0.name == "version" }) {
                names.insert(Candidate("--version", description: version.help(language)), at: 0)
            }
            names.append(Candidate("--help", description: HelpFormatter.helpText(language)))
            return .words(Completer.unique(names).filter { $0.word.hasPrefix(current) })
        }
        if command.path.count == 1 && !command.subcommands.isEmpty {
            return .words(
                command.subcommands.compactMap { sub in
                    sub.path.last.map { Candidate($0, description: sub.abstract(language)) }
                }.filter { $0.word.hasPrefix(current) })
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
        case .routes: return .words(routes(current))
        // A route's name first: it is what the user chose to type often.
        case .stationsOrRoutes: return .words(Completer.unique(routes(current) + stations(current)))
        case .choices(let choices):
            return .words(choices.filter { $0.lowercased().hasPrefix(current.lowercased()) }.map { Candidate($0) })
        }
    }

    /// The word as the shell would pass it to the program: quotes removed, backslash escapes
    /// resolved (`Лук\'я` and `"Ploshcha Uk` both mean what they say). An apostrophe typed
    /// inside a word and never closed (`Лук'я`) is the letter the user meant, not a quote.
    static func unquote(_ word: String) -> String {
        if let open = openQuote(word), open.quote == "'", open.index > word.startIndex {
            let before = word[word.index(before: open.index)]
            if before.isLetter {
                return unquote(String(word[..<open.index])) + String(word[open.index...])
            }
        }
        var result = ""
        var quote: Character?
        var escaped = false
        for character in word {
            if escaped {
                result.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    result.append(character)
                }
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

    static func unique(_ candidates: [Candidate]) -> [Candidate] {
        var seen = Set<String>()
        return candidates.filter { seen.insert($0.word).inserted }
    }

    /// `word` written for readline to put in place of what it takes for the word being typed.
    ///
    /// Outside quotes readline replaces the whole word, so the candidate is written with
    /// backslashes before the characters the shell would otherwise read (printf %q would turn
    /// Cyrillic into `$'\320…'` in a C locale). Inside an open quote readline replaces only the
    /// text after the quote and closes the quote itself, so the candidate is written for the
    /// inside of that quote, less what stands before the quote: after `'Лук` it is
    /// `Лук'\''янівська` (a single quote closes, one escaped, one reopens) and after `Лук'я`,
    /// where the apostrophe opened the quote, `''\''янівська` (readline drops the first quote).
    static func bashWord(_ word: String, replacing current: String) -> String {
        guard let open = openQuote(current) else {
            return String(
                word.flatMap { character -> [Character] in
                    (character.isWhitespace || "'\"\\()&;<>|$`!*?[]#~{}".contains(character))
                        ? ["\\", character] : [character]
                })
        }
        let before = unquote(String(current[..<open.index]))
        let rest = String(word.dropFirst(before.count))
        if open.quote == "'" {
            let written = rest.replacing("'", with: "'\\''")
            // readline drops a quote that would double the open one ("Don't double an opening
            // quote character"): a word that starts by closing it gets one more to drop.
            return written.hasPrefix("'") ? "'" + written : written
        }
        return String(
            rest.flatMap { character -> [Character] in "\"\\$`".contains(character) ? ["\\", character] : [character] })
    }

    /// The quote left open at the end of `word` and where it stands, if one is.
    static func openQuote(_ word: String) -> (quote: Character, index: String.Index)? {
        var open: (quote: Character, index: String.Index)?
        var escaped = false
        var index = word.startIndex
        while index < word.endIndex {
            let character = word[index]
            defer { index = word.index(after: index) }
            if escaped {
                escaped = false
                continue
            }
            if let current = open {
                if character == current.quote {
                    open = nil
                } else if character == "\\" && current.quote == "\"" {
                    escaped = true
                }
                continue
            }
            switch character {
            case "\\": escaped = true
            case "'", "\"": open = (character, index)
            default: break
            }
        }
        return open
    }
}
