/// The one rule for text a timetable carries to a terminal, a notification, a calendar or a feed
/// (names, codes, notes, the source's words), applied at every door: the compiler's CSV reader
/// (with file, line and column) and the reader of a network file made elsewhere.
///
/// Any text: no control, C1 or bidirectional character (`UnsafeText`), and no line or paragraph
/// separator (U+2028, U+2029: a break in the middle of a shown line). A name besides must show
/// something: " ", U+200B, U+FEFF or U+00AD alone is a name nobody can read or type.
package enum TimetableText {
    package enum Problem: Equatable, Sendable {
        case control(Unicode.Scalar)
        case separator(Unicode.Scalar)
        /// A name with no visible character; its characters (the first few).
        case invisible([Unicode.Scalar])
    }

    /// What is wrong with any text of a timetable, or nil.
    package static func problem(_ text: String) -> Problem? {
        for scalar in text.unicodeScalars {
            if UnsafeText.isUnsafe(scalar) { return .control(scalar) }
            if scalar.value == 0x2028 || scalar.value == 0x2029 { return .separator(scalar) }
        }
        return nil
    }

    /// What is wrong with a name: `problem`, or that it shows nothing.
    package static func nameProblem(_ name: String) -> Problem? {
        if let problem = problem(name) { return problem }
        guard name.unicodeScalars.contains(where: isVisible) else {
            return .invisible(Array(name.unicodeScalars.prefix(8)))
        }
        return nil
    }

    /// A letter, digit, punctuation mark or symbol: what puts ink on the screen. (White space,
    /// format characters such as U+200B, U+FEFF and the soft hyphen U+00AD, and marks alone do
    /// not.)
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
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
            "текст розкладу не може містити керівних, C1, двонапрямних символів чи розривів рядка",
            "timetable text may hold no control, C1, bidirectional or line-separator character")
        switch problem {
        case .control(let scalar):
            return Bilingual(
                "поле «\(field)» містить керівний символ (\(code(scalar))); \(rule.uk)",
                "\(field) holds a control character (\(code(scalar))); \(rule.en)")
        case .separator(let scalar):
            return Bilingual(
                "поле «\(field)» містить розрив рядка чи абзацу (\(code(scalar))); \(rule.uk)",
                "\(field) holds a line or paragraph separator (\(code(scalar))); \(rule.en)")
        case .invisible(let scalars):
            let shown = scalars.isEmpty ? "" : " (" + scalars.map(code).joined(separator: " ") + ")"
            return Bilingual(
                "поле «\(field)» нічого не показує\(shown); у назві має бути хоч одна видима літера, цифра чи знак",
                "\(field) shows nothing\(shown); a name must have at least one visible letter, digit or sign")
        }
    }
}
