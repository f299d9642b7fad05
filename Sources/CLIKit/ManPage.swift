import MetroCore

/// A man(7) page written from the same `CommandSpec`s as `--help`, the parser and the
/// completions, so the four cannot drift apart. The output is byte-for-byte repeatable (the date
/// is passed in, never read from the clock), so a test can keep the checked-in pages fresh.
package enum ManPage {
    /// A section the specs do not hold: ENVIRONMENT, FILES, EXIT STATUS.
    package struct Section: Sendable {
        package var title: Text
        package var paragraphs: [Text]
        package var items: [(term: String, text: Text)]

        package init(title: Text, paragraphs: [Text] = [], items: [(term: String, text: Text)] = []) {
            self.title = title
            self.paragraphs = paragraphs
            self.items = items
        }
    }

    /// `rootRuns`: the root command does work of its own (`timetable-gen` with no command), so
    /// its usage opens the synopsis and its options are its own, not global ones.
    package static func render(
        root: CommandSpec, language: Language, version: String, date: String, sections: [Section], seeAlso: [String],
        rootRuns: Bool = false
    ) -> String {
        let name = root.commandName
        let heading = { (uk: String, en: String) in ".SH " + quoted(language.tr(uk, en)) }
        var lines: [String] = [
            #".\" -*- coding: UTF-8 -*-"#,
            #".\" Generated from "# + name + "'s command specs by '" + name + " __manual'; do not edit.",
            ".TH \(quoted(name.uppercased())) 1 \(date) \(quoted("\(name) \(version)")) \(quoted(language.tr("Команди користувача", "User Commands")))",
            heading("НАЗВА", "NAME"),
        ]
        lines += paragraph(name + " - " + root.abstract(language))
        lines += [
            heading("СИНТАКСИС", "SYNOPSIS")
        ]
        if rootRuns { lines += [".B " + escape(root.usage), ".br"] }
        lines += [
            ".B " + escape(name),
            ".I " + escape(language.tr("команда", "command")),
            escape("[" + language.tr("параметри", "options") + "]"),
            heading("ОПИС", "DESCRIPTION"),
        ]
        lines += paragraph(root.abstract(language))
        if let discussion = root.discussion { lines += [".PP"] + paragraph(discussion(language)) }
        lines.append(".PP")
        lines += paragraph(
            language.tr(
                "Кожна команда також пояснює себе сама: '\(name) КОМАНДА --help' або '\(name) help КОМАНДА'.",
                "Every command also explains itself: '\(name) COMMAND --help' or '\(name) help COMMAND'."))

        lines.append(heading("КОМАНДИ", "COMMANDS"))
        for command in root.subcommands.flatMap({ [$0] + $0.subcommands }) {
            lines.append(".SS " + quoted(command.path.dropFirst().joined(separator: " ")))
            lines.append(".B " + escape(command.usage))
            lines.append(".PP")
            lines += paragraph(command.abstract(language))
            if let discussion = command.discussion { lines += [".PP"] + paragraph(discussion(language)) }
            for argument in command.arguments where !argument.isGlobal {
                lines += item(argument.label, text(of: argument, language))
            }
        }

        lines.append(
            rootRuns
                ? heading("ПАРАМЕТРИ БЕЗ КОМАНДИ", "OPTIONS WITHOUT A COMMAND")
                : heading("ЗАГАЛЬНІ ПАРАМЕТРИ", "GLOBAL OPTIONS"))
        let globals = root.arguments.filter(\.isGlobal)
        for argument in root.arguments where !argument.isGlobal {
            lines += item(argument.label, text(of: argument, language))
        }
        for argument in globals {
            lines += item(argument.label, text(of: argument, language))
        }
        lines += item("-h, --help", language.tr("Показати довідку.", "Show help information."))

        // The examples of every command, the same as each `--help` ends with.
        let examples = ([root] + root.subcommands).flatMap(\.examples)
        if !examples.isEmpty {
            lines.append(heading("ПРИКЛАДИ", "EXAMPLES"))
            for example in examples {
                lines += item(example.command, example.text(language))
            }
        }

        for section in sections {
            lines.append(".SH " + quoted(section.title(language)))
            for (index, text) in section.paragraphs.enumerated() {
                if index > 0 { lines.append(".PP") }
                lines += paragraph(text(language))
            }
            for entry in section.items {
                lines += item(entry.term, entry.text(language))
            }
        }
        lines.append(heading("ДИВ. ТАКОЖ", "SEE ALSO"))
        lines.append(
            seeAlso.enumerated().map { index, page in
                let parts = page.split(separator: "(")
                return ".BR " + escape(String(parts[0])) + " (" + parts[1] + (index < seeAlso.count - 1 ? " ," : "")
            }.joined(separator: "\n"))
        return lines.joined(separator: "\n") + "\n"
    }

    static func text(of argument: ArgumentSpec, _ language: Language) -> String {
        var text = argument.help(language)
        if let defaultText = argument.defaultText {
            text += " (" + language.tr("типово", "default") + ": " + defaultText(language) + ")"
        }
        return text
    }

    static func item(_ term: String, _ text: String) -> [String] {
        [".TP", ".B " + escape(term)] + paragraph(text)
    }

    /// Text lines: one sentence a line, as roff prefers (it then knows where sentences end),
    /// wrapped at spaces so that no line with a space in it is longer than mandoc's style limit
    /// of 80 bytes, as mandoc counts them: after turning each non-ASCII character into an 8-byte
    /// `\[uXXXX]`. A word is never cut: a Ukrainian word of ten letters or more is over the limit
    /// alone, so it stands on a line of its own, which mandoc does not flag (a line without a
    /// space cannot be broken). Cutting it with roff's `\c` joined it again on the page but not
    /// for lexgrog, which indexes the NAME line for whatis and apropos ("обчислени й").
    static func paragraph(_ text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if current.isEmpty && character == " " { continue }
            current.append(character)
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if ".?!".contains(character), next == " " {
                sentences.append(current)
                current = ""
            }
        }
        if !current.isEmpty { sentences.append(current) }
        let limit = 80
        var lines: [String] = []
        for sentence in sentences {
            var line = ""
            var width = 0
            for word in sentence.split(separator: " ") {
                let units = escapedUnits(String(word))
                let wordWidth = units.reduce(0) { $0 + $1.width }
                if !line.isEmpty && width + 1 + wordWidth > limit {
                    lines.append(line)
                    line = ""
                    width = 0
                }
                if !line.isEmpty {
                    line += " "
                    width += 1
                }
                line += units.map(\.text).joined()
                width += wordWidth
            }
            if !line.isEmpty { lines.append(line) }
        }
        return lines.map(guardRequest)
    }

    /// A word as escaped roff, character by character, with each piece's width as mandoc
    /// measures it.
    static func escapedUnits(_ word: String) -> [(text: String, width: Int)] {
        word.map { character in
            let text = escapeCharacters(String(character))
            let width = text.unicodeScalars.reduce(0) { $0 + ($1.isASCII ? 1 : 8) }
            return (text, width)
        }
    }

    /// Escapes text for roff: backslashes, hyphens as minus signs (they are options and
    /// commands people type), the subscript of t₀, and a leading dot or quote that would read as
    /// a request.
    package static func escape(_ text: String) -> String {
        guardRequest(escapeCharacters(text))
    }

    static func escapeCharacters(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            // t₀: no terminal font has a subscript zero (groff warns "can't find special
            // character 'u2080'" under LANG=C); a zero set lower reads the same everywhere.
            case "₀": result += "\\d0\\u"
            default: result.append(character)
            }
        }
        return result
    }

    /// A text line that begins with a dot or a quote would be read as a request.
    static func guardRequest(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    static func quoted(_ text: String) -> String {
        "\"" + escape(text).map { $0 == "\"" ? "\\(dq" : String($0) }.joined() + "\""
    }
}

extension String {
    fileprivate var trimmingLeadingSpaces: String { String(drop(while: { $0 == " " })) }
}
