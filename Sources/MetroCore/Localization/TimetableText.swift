/// The one rule for text a timetable carries to a terminal, a notification, a calendar or a feed
/// (names, codes, notes, the source's words), applied at every door: the compiler's CSV reader
/// (with file, line and column) and the reader of a network file made elsewhere (`timetable-gen
/// install`, and metro-timer reading what it installed).
///
/// Any text: nothing `UnsafeText` keeps from a terminal (no control, C1 or bidirectional
/// character, no line or paragraph separator, nothing invisible), since a timetable's text is
/// shown as it is. A name besides must show something: " ", U+200B, U+FEFF, U+00AD, U+3164 or
/// U+2800 alone is a name nobody can read or type.
package enum TimetableText {
    package enum Problem: Equatable, Sendable {
        case control(Unicode.Scalar)
        case separator(Unicode.Scalar)
        /// A character that shows nothing, inside text that shows something.
        case hidden(Unicode.Scalar)
        /// A name with no visible character; its characters (the first few).
        case invisible([Unicode.Scalar])
    }

    /// What is wrong with any text of a timetable, or nil.
    package static func problem(_ text: String) -> Problem? {
        if let problem = breakProblem(text) { return problem }
        guard let scalar = text.unicodeScalars.first(where: UnsafeText.isInvisible) else { return nil }
        // Text of nothing but such characters shows nothing at all: said so.
        guard text.unicodeScalars.contains(where: isVisible) else {
            return .invisible(Array(text.unicodeScalars.prefix(8)))
        }
        return .hidden(scalar)
    }

    /// A control character or a separator, the first found.
    static func breakProblem(_ text: String) -> Problem? {
        for scalar in text.unicodeScalars {
            if UnsafeText.isControl(scalar) { return .control(scalar) }
            if UnsafeText.isSeparator(scalar) { return .separator(scalar) }
        }
        return nil
    }

    /// What is wrong with a name: a control or a separator, that it shows nothing, or a hidden
    /// character inside it.
    package static func nameProblem(_ name: String) -> Problem? {
        if let problem = breakProblem(name) { return problem }
        guard name.unicodeScalars.contains(where: isVisible) else {
            return .invisible(Array(name.unicodeScalars.prefix(8)))
        }
        return problem(name)
    }

    /// A letter, digit, punctuation mark or symbol that puts ink on the screen. (White space,
    /// format characters such as U+200B, U+FEFF and the soft hyphen U+00AD, marks alone, and
    /// the fillers Unicode counts as letters or symbols, U+3164 and U+2800, do not.)
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        guard !UnsafeText.isInvisible(scalar) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation,
            .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    /// `U+001B`.
    package static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The problem said with the rule it breaks, `field` naming where ("name_en", "nameEn").
    package static func describe(_ problem: Problem, field: String) -> Bilingual {
        let rule = Bilingual(
            "текст розкладу не може містити керівних, C1, двонапрямних, невидимих символів чи розривів рядка",
            "timetable text may hold no control, C1, bidirectional, invisible or line-separator character")
        switch problem {
        case .control(let scalar):
            return Bilingual(
                "поле «\(field)» містить керівний символ (\(code(scalar))); \(rule.uk)",
                "\(field) holds a control character (\(code(scalar))); \(rule.en)")
        case .separator(let scalar):
            return Bilingual(
                "поле «\(field)» містить розрив рядка чи абзацу (\(code(scalar))); \(rule.uk)",
                "\(field) holds a line or paragraph separator (\(code(scalar))); \(rule.en)")
        case .hidden(let scalar):
            return Bilingual(
                "поле «\(field)» містить невидимий символ (\(code(scalar))); \(rule.uk)",
                "\(field) holds an invisible character (\(code(scalar))); \(rule.en)")
        case .invisible(let scalars):
            let shown = scalars.isEmpty ? "" : " (" + scalars.map(code).joined(separator: " ") + ")"
            return Bilingual(
                "поле «\(field)» нічого не показує\(shown); у назві має бути хоч одна видима літера, цифра чи знак",
                "\(field) shows nothing\(shown); a name must have at least one visible letter, digit or sign")
        }
    }
}
