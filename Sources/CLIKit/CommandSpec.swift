import MetroCore

/// A Ukrainian–English pair kept until the language is known.
package struct Text: Sendable {
    package var uk: String
    package var en: String

    package init(_ uk: String, _ en: String) {
        self.uk = uk
        self.en = en
    }

    package func callAsFunction(_ language: Language) -> String { language.tr(uk, en) }
}

/// One argument, option or flag of a command, declared once: the parser, the usage line and the
/// help page are all generated from the same declaration, so they cannot drift apart.
package struct ArgumentSpec: Sendable {
    package enum Kind: Sendable, Equatable {
        case positional(optional: Bool)
        case option(valueName: String)
        case flag
    }

    package var name: String
    package var short: Character?
    package var kind: Kind
    package var help: Text
    package var defaultText: Text?
    /// Global options are accepted everywhere and listed in help, but left out of usage lines.
    var isGlobal: Bool
    /// What a value of this argument completes to in a shell.
    package var completion: CompletionKind = .none
    /// An option the command cannot run without (`card --output`): shown without brackets in
    /// the usage line. The command itself says what is missing, in its own words.
    var isRequired = false

    package static func positional(_ name: String, optional: Bool = false, _ help: Text) -> ArgumentSpec {
        ArgumentSpec(
            name: name, short: nil, kind: .positional(optional: optional), help: help, defaultText: nil, isGlobal: false
        )
    }

    /// An option with a value. A value name listing the choices (`uk|en`, `M1|M2|M3`) makes
    /// those choices its completions.
    package static func option(
        _ name: String, value: String, _ help: Text, default defaultText: Text? = nil, global: Bool = false
    ) -> ArgumentSpec {
        let choices = value.split(separator: "|").map(String.init)
        return ArgumentSpec(
            name: name, short: nil, kind: .option(valueName: value), help: help, defaultText: defaultText,
            isGlobal: global,
            completion: choices.count > 1 ? .choices(choices) : .none)
    }

    /// The same argument, completing to `kind`.
    package func completing(_ kind: CompletionKind) -> ArgumentSpec {
        var copy = self
        copy.completion = kind
        return copy
    }

    /// The same option, marked as one the command needs.
    package func required() -> ArgumentSpec {
        var copy = self
        copy.isRequired = true
        return copy
    }

    package static func flag(_ name: String, short: Character? = nil, _ help: Text, global: Bool = false)
        -> ArgumentSpec
    {
        ArgumentSpec(name: name, short: short, kind: .flag, help: help, defaultText: nil, isGlobal: global)
    }

    /// `<from>`, `--at <HH:MM>`, `-h, --help`.
    var label: String {
        switch kind {
        case .positional: return "<\(name)>"
        case .option(let value): return "--\(name) <\(value)>"
        case .flag: return (short.map { "-\($0), " } ?? "") + "--\(name)"
        }
    }
}

/// What a shell offers for an argument's value.
package enum CompletionKind: Sendable, Equatable {
    case none
    case choices([String])
    /// Station names, in the alphabet being typed.
    case stations
    /// The user's saved route names, then station names (`plan FROM`, where either is taken).
    case stationsOrRoutes
    /// The user's saved route names.
    case routes
    /// A path: the shell's own file completion.
    case file
}

/// A command's static configuration, in the manner of swift-argument-parser's
/// `CommandConfiguration`.
package struct CommandSpec: Sendable {
    /// The words that invoke it: `["metro-timer", "plan"]`.
    package var path: [String]
    package var abstract: Text
    package var discussion: Text?
    package var arguments: [ArgumentSpec]
    package var subcommands: [CommandSpec]
    /// Words that may follow the command but are not declared (`adjust +1`): none by default.
    package var usageOverride: String?
    /// Command lines to copy, each with what it does: the EXAMPLES of help and the manual.
    package var examples: [Example] = []

    /// One example: a command line and what it does.
    package struct Example: Sendable {
        package var command: String
        package var text: Text

        package init(_ command: String, _ text: Text) {
            self.command = command
            self.text = text
        }
    }

    package init(
        path: [String], abstract: Text, discussion: Text? = nil, arguments: [ArgumentSpec] = [],
        subcommands: [CommandSpec] = [], usageOverride: String? = nil, examples: [Example] = []
    ) {
        self.examples = examples
        self.path = path
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.subcommands = subcommands
        self.usageOverride = usageOverride
    }

    package var commandName: String { path.joined(separator: " ") }

    /// The usage line, without the `USAGE:` prefix.
    package var usage: String {
        if let usageOverride { return commandName + " " + usageOverride }
        var words = [commandName]
        if !subcommands.isEmpty && arguments.allSatisfy({ $0.isGlobal || $0.kind == .flag }) {
            words.append("<subcommand>")
        }
        for argument in arguments where !argument.isGlobal {
            switch argument.kind {
            case .positional(let optional): words.append(optional ? "[\(argument.label)]" : argument.label)
            case .option, .flag: words.append(argument.isRequired ? argument.label : "[\(argument.label)]")
            }
        }
        return words.joined(separator: " ")
    }
}
