import MetroCore

/// The values a command line supplied, by declared name.
package struct ParsedArguments: Sendable, Equatable {
    package var positionals: [String: String] = [:]
    package var options: [String: String] = [:]
    /// Every value of a repeated option, in order (`--closed A --closed B`).
    var optionLists: [String: [String]] = [:]
    package var flags: Set<String> = []
    /// Words after a command that takes free-form operands (`adjust +1`, `changes add …`).
    package var rest: [String] = []

    package init() {}

    package func value(_ name: String) -> String? { positionals[name] ?? options[name] }
    package func flag(_ name: String) -> Bool { flags.contains(name) }
    package func values(_ name: String) -> [String] { optionLists[name] ?? [] }
}

/// A hand-written parser with swift-argument-parser's behaviour and wording.
package enum ArgumentParser {
    /// Parses `arguments` (the words after the command's path) against `spec`.
    ///
    /// `-h`/`--help` anywhere throws `.cleanExit` with the help page. A word that looks like a
    /// negative number (`-1`) is an operand, not an option, so `adjust -1` works.
    package static func parse(_ arguments: [String], spec: CommandSpec, language: Language, allowRest: Bool = false)
        throws(CLIError) -> ParsedArguments
    {
        var parsed = ParsedArguments()
        let positionals = spec.arguments.filter { if case .positional = $0.kind { return true } else { return false } }
        var positionalIndex = 0
        var index = 0
        var onlyOperands = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if !onlyOperands && word == "--" {
                onlyOperands = true
                continue
            }
            if !onlyOperands && (word == "--help" || word == "-h") {
                throw .cleanExit(HelpFormatter.help(for: spec, language: language))
            }
            if !onlyOperands && word.hasPrefix("-") && word.count > 1 && !isNumber(word) {
                let body = word.hasPrefix("--") ? String(word.dropFirst(2)) : String(word.dropFirst())
                let (name, inlineValue) = splitInline(body)
                guard let argument = spec.arguments.first(where: { matches($0, word: word, name: name) }) else {
                    throw .usage(unknownOption(word, spec: spec, language: language), spec)
                }
                switch argument.kind {
                case .flag:
                    if inlineValue != nil {
                        throw .usage(
                            language.tr(
                                "Прапорець '--\(argument.name)' не бере значення",
                                "The flag '--\(argument.name)' does not take a value"), spec)
                    }
                    parsed.flags.insert(argument.name)
                case .option(let valueName):
                    var value = inlineValue
                    if value == nil, index < arguments.count, !(arguments[index].hasPrefix("--")) {
                        value = arguments[index]
                        index += 1
                    }
                    guard let value else {
                        throw .usage(
                            language.tr(
                                "Бракує значення для '--\(argument.name) <\(valueName)>'",
                                "Missing value for '--\(argument.name) <\(valueName)>'"), spec)
                    }
                    guard !value.isEmpty else {
                        // Given, but empty ('--format ""'): say so, not that it is missing.
                        throw .usage(
                            language.tr(
                                "Значення '--\(argument.name) <\(valueName)>' порожнє",
                                "The value of '--\(argument.name) <\(valueName)>' is empty"), spec)
                    }
                    parsed.options[argument.name] = value
                    parsed.optionLists[argument.name, default: []].append(value)
                case .positional:
                    break
                }
                continue
            }
            if positionalIndex < positionals.count {
                parsed.positionals[positionals[positionalIndex].name] = word
                positionalIndex += 1
            } else if allowRest {
                parsed.rest.append(word)
            } else {
                throw .usage(language.tr("Зайвий аргумент '\(word)'", "Unexpected argument '\(word)'"), spec)
            }
        }
        for argument in positionals[positionalIndex...] {
            if case .positional(optional: false) = argument.kind {
                throw .usage(
                    language.tr(
                        "Бракує обовʼязкового аргументу '<\(argument.name)>'",
                        "Missing expected argument '<\(argument.name)>'"), spec)
            }
        }
        return parsed
    }

    static func isNumber(_ word: String) -> Bool {
        word.dropFirst().allSatisfy(\.isNumber) && word.count > 1
    }

    static func splitInline(_ body: String) -> (String, String?) {
        guard let equals = body.firstIndex(of: "=") else { return (body, nil) }
        return (String(body[..<equals]), String(body[body.index(after: equals)...]))
    }

    static func matches(_ argument: ArgumentSpec, word: String, name: String) -> Bool {
        if case .positional = argument.kind { return false }
        if word.hasPrefix("--") { return argument.name == name }
        return argument.short.map { String($0) == name } ?? false
    }

    static func unknownOption(_ word: String, spec: CommandSpec, language: Language) -> String {
        let message = language.tr("Невідомий параметр '\(word)'", "Unknown option '\(word)'")
        let candidates =
            spec.arguments.compactMap { argument -> String? in
                if case .positional = argument.kind { return nil }
                return "--" + argument.name
            } + ["--help"]
        let stem = word.split(separator: "=").first.map(String.init) ?? word
        guard let best = candidates.min(by: { EditDistance.between(stem, $0) < EditDistance.between(stem, $1) }),
            EditDistance.between(stem, best) <= max(2, best.count / 3)
        else { return message }
        return message + ". " + language.tr("Можливо, ви мали на увазі '\(best)'?", "Did you mean '\(best)'?")
    }
}

/// Help pages in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS,
/// SUBCOMMANDS, `(default: …)` inline and `-h, --help` last.
package enum HelpFormatter {
    static let labelWidth = 24

    /// The width help is wrapped to: the terminal's when standard output is one, else 80 (set
    /// once at the edge with `$width.withValue`, so that the parser's `--help` deep inside a
    /// command wraps the same way).
    @TaskLocal package static var width = 80

    /// What `-h, --help` does, in help pages and completions.
    static let helpText = Text("Показати довідку.", "Show help information.")

    /// The section headings, in the language of the page (the manual's Ukrainian headings are
    /// the same words).
    package static func heading(_ english: String, _ language: Language) -> String {
        guard language == .uk else { return english }
        switch english {
        case "OVERVIEW": return "ОГЛЯД"
        case "USAGE": return "ВИКОРИСТАННЯ"
        case "ARGUMENTS": return "АРГУМЕНТИ"
        case "OPTIONS": return "ПАРАМЕТРИ"
        case "SUBCOMMANDS": return "КОМАНДИ"
        case "EXAMPLES": return "ПРИКЛАДИ"
        default: return english
        }
    }

    package static func help(for spec: CommandSpec, language: Language) -> String {
        help(for: spec, language: language, width: width)
    }

    /// Help wrapped at spaces to `width` columns (at least 40); a word longer than a line is not
    /// cut. Rows keep their column: a description continues under itself.
    package static func help(for spec: CommandSpec, language: Language, width: Int) -> String {
        let width = max(width, 40)
        let title = { (english: String) in heading(english, language) + ":" }
        let row = { (label: String, text: String) -> String in Self.row(label, text, width: width) }
        var out = wrap(title("OVERVIEW") + " " + spec.abstract(language), width: width)
        if let discussion = spec.discussion { out += "\n" + wrap(discussion(language), width: width) }
        out +=
            "\n"
            + String(
                wrap(title("USAGE") + " " + unbreakableGroups(spec.usage), width: width, indent: 2).map {
                    $0 == "\u{A0}" ? " " : $0
                })
        let positionals = spec.arguments.filter { if case .positional = $0.kind { return true } else { return false } }
        if !positionals.isEmpty {
            out += "\n" + title("ARGUMENTS") + "\n" + positionals.map { row($0.label, $0.help(language)) }.joined()
        }
        let options = spec.arguments.filter { if case .positional = $0.kind { return false } else { return true } }
        out += "\n" + title("OPTIONS") + "\n"
        for option in options {
            var text = option.help(language)
            if let defaultText = option.defaultText {
                text += " (" + language.tr("типово", "default") + ": " + defaultText(language) + ")"
            }
            out += row(option.label, text)
        }
        out += row("-h, --help", helpText(language))
        if !spec.subcommands.isEmpty {
            out +=
                "\n" + title("SUBCOMMANDS") + "\n"
                + spec.subcommands.map { row($0.path.last!, $0.abstract(language)) }.joined()
            out +=
                "\n"
                + wrap(
                    language.tr(
                        "Довідка до команди: '\(spec.commandName) help <команда>'.",
                        "See '\(spec.commandName) help <subcommand>' for detailed help."), after: "  ", width: width,
                    indent: 2)
        }
        if !spec.examples.isEmpty {
            out += "\n" + title("EXAMPLES") + "\n"
            // The command as it is typed, never broken; what it does wrapped under it.
            out += spec.examples.map {
                "  " + $0.command + "\n" + wrap($0.text(language), after: "      ", width: width, indent: 6)
            }.joined()
        }
        return out
    }

    static func row(_ label: String, _ text: String, width: Int) -> String {
        let column = labelWidth + 2
        if label.count > labelWidth - 2 {
            return "  " + label + "\n"
                + wrap(text, after: String(repeating: " ", count: column), width: width, indent: column)
        }
        return wrap(
            text, after: "  " + label + String(repeating: " ", count: labelWidth - label.count), width: width,
            indent: column)
    }

    /// The usage line with the spaces inside each `[...]` and `<...>` made no-break, so that a
    /// wrapped usage never separates an option from its value.
    static func unbreakableGroups(_ usage: String) -> String {
        var depth = 0
        return String(
            usage.map { character -> Character in
                if character == "[" || character == "<" { depth += 1 }
                if character == "]" || character == ">" { depth = max(0, depth - 1) }
                return character == " " && depth > 0 ? "\u{A0}" : character
            })
    }

    /// `prefix` as it is, then `text` broken at spaces into lines of at most `width` characters,
    /// each continuation indented by `indent` spaces; a word longer than a line is not cut, and a
    /// line break in `text` (between paragraphs) is kept. Ends with a newline.
    static func wrap(_ text: String, after prefix: String = "", width: Int, indent: Int = 0) -> String {
        var lines: [String] = []
        for (index, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = paragraph.split(separator: " ")
            guard index == 0 || !words.isEmpty else {
                lines.append("")
                continue
            }
            var line = index == 0 ? prefix : String(repeating: " ", count: indent)
            var empty = true
            for word in words {
                if !empty && line.count + 1 + word.count > width {
                    lines.append(line)
                    line = String(repeating: " ", count: indent)
                    empty = true
                }
                line += (empty ? "" : " ") + word
                empty = false
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
