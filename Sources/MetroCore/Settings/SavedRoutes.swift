import FoundationEssentials

/// Routes kept by name (`routes add home Lisova Teremky`): `routes.json` in the settings
/// directory, versioned, written whole and atomically under the directory's lock.
package struct SavedRoutes: Codable, Equatable, Sendable {
    package static let currentVersion = 1

    package var version: Int
    package var routes: [Entry]

    package struct Entry: Codable, Equatable, Sendable {
        package var name: String
        package var from: String
        package var to: String

        package init(name: String, from: String, to: String) {
            self.name = name
            self.from = from
            self.to = to
        }
    }

    package init(routes: [Entry] = []) {
        version = SavedRoutes.currentVersion
        self.routes = routes
    }

    /// The route of that name (names compare without case).
    package func route(named name: String) -> Entry? {
        routes.first { $0.name.lowercased() == name.lowercased() }
    }

    /// Why a name cannot be used, or nil: 1–40 letters, digits, `-` or `_`, starting with a
    /// letter, so it can never be mistaken for an option or a number.
    package static func nameProblem(_ name: String) -> Bilingual? {
        // Letters and digits as Foundation's CharacterSet.letters and .alphanumerics have them:
        // the general categories L* and M*, and N* besides.
        func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark:
                return true
            default: return false
            }
        }
        func isDigit(_ scalar: Unicode.Scalar) -> Bool {
            [.decimalNumber, .letterNumber, .otherNumber].contains(scalar.properties.generalCategory)
        }
        guard let first = name.unicodeScalars.first, isLetter(first), name.count <= 40,
            name.unicodeScalars.allSatisfy({ isLetter($0) || isDigit($0) || $0 == "-" || $0 == "_" })
        else {
            return Bilingual(
                "назва — це 1–40 літер, цифр, '-' чи '_', першою — літера",
                "a name is 1–40 letters, digits, '-' or '_', starting with a letter")
        }
        return nil
    }
}

extension SavedRoutes: CheckedValues {
    package func valueProblem() -> Bilingual? {
        if routes.count > 1000 {
            return Bilingual(
                key: "routes", "їх \(routes.count), більше за 1000", "\(routes.count) of them, more than 1000")
        }
        for (index, entry) in routes.enumerated() {
            if let problem = Self.nameProblem(entry.name) { return problem.at("routes[\(index)].name") }
            for (key, code) in [("from", entry.from), ("to", entry.to)] where code.isEmpty || code.count > 20 {
                return Bilingual(key: "routes[\(index)].\(key)", "не код станції", "not a station code")
            }
        }
        return nil
    }
}
