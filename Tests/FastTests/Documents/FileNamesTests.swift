import Foundation
import MetroTestSupport
import XCTest

/// Every file under Sources/ is named for what it holds, so that a reader finds a type by its
/// name: `X.swift` declares the type X, and `X+Topic.swift` only extends X (its nested types are
/// X's; a private helper may stand beside). Each failure names the file and what it holds.
final class FileNamesTests: XCTestCase {
    /// A top-level declaration: its keyword (`struct`, `extension`, `func`, …), its name (for an
    /// extension, the type extended) and whether it is private to its file.
    struct Declaration: Equatable {
        var keyword: String
        var name: String
        var isPrivate: Bool
    }

    static let typeKeywords: Set<String> = ["struct", "class", "enum", "protocol", "actor", "typealias"]
    static let keywords = typeKeywords.union(["extension", "func", "let", "var"])
    static let modifiers: Set<String> = [
        "public", "package", "internal", "fileprivate", "private", "open", "final", "indirect", "nonisolated", "static",
    ]

    /// The declarations that start at the first column of `text`, outside multi-line string
    /// literals (a nested declaration is indented).
    static func topLevelDeclarations(_ text: String) -> [Declaration] {
        var found: [Declaration] = []
        var inString = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            defer { if quotes % 2 == 1 { inString.toggle() } }
            guard !inString, let first = line.first, first.isLetter || first == "@" else { continue }
            var words = line.split(separator: " ").map(String.init)
            var isPrivate = false
            while let word = words.first, word.hasPrefix("@") || modifiers.contains(word) {
                if word == "private" || word == "fileprivate" { isPrivate = true }
                words.removeFirst()
            }
            guard words.count >= 2, keywords.contains(words[0]) else { continue }
            let name = String(words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
            found.append(Declaration(keyword: words[0], name: name, isPrivate: isPrivate))
        }
        return found
    }

    /// What is wrong with a file's name for what it declares (nil when nothing is).
    static func misnaming(file: String, declarations: [Declaration]) -> String? {
        let name = String(file.dropLast(".swift".count))
        if let plus = name.firstIndex(of: "+") {
            let type = String(name[..<plus])
            // `StringProtocol` is String's kind: a `String+Topic` file may extend either.
            let strays = declarations.filter { declaration in
                !declaration.isPrivate
                    && !(declaration.keyword == "extension"
                        && (declaration.name == type || declaration.name.hasPrefix(type + ".")
                            || declaration.name == type + "Protocol"))
            }
            guard !strays.isEmpty else { return nil }
            let named = strays.map { "\($0.keyword) \($0.name)" }.joined(separator: ", ")
            return "\(file) extends \(type) but also declares \(named): give it a file named for it"
        }
        guard !declarations.contains(where: { typeKeywords.contains($0.keyword) && $0.name == name }) else {
            return nil
        }
        let named = declarations.map { "\($0.keyword) \($0.name)" }.joined(separator: ", ")
        return "\(file) declares no type \(name) (it holds \(named)): name it for what it holds"
    }

    /// Files whose name may say something else, each with its reason. Keep it empty.
    static let exceptions: [String: String] = [:]

    func testEveryFileUnderSourcesIsNamedForWhatItDeclares() throws {
        var wrong: [String] = []
        for file in try TestPaths.swiftFiles(under: "Sources") {
            let base = String(file.path.split(separator: "/").last!)
            guard base != "main.swift", Self.exceptions[file.path] == nil else { continue }
            if let problem = Self.misnaming(file: base, declarations: Self.topLevelDeclarations(file.text)) {
                wrong.append(file.path + ": " + problem)
            }
        }
        XCTAssertEqual(wrong, [], "\n" + wrong.joined(separator: "\n"))
    }

    /// The rule itself, on files made up for it: it finds a stray type, lets a nested one and a
    /// private helper be, and asks a plain file for its own type.
    func testTheRuleFindsAStrayTypeAndLetsNestedAndPrivateOnesBe() {
        let topic = """
            import FoundationEssentials

            /// A comment.
            extension Engine {
                struct Nested {}
            }

            private func helper() {}

            package struct Stray: Sendable {}
            """
        XCTAssertEqual(
            Self.topLevelDeclarations(topic),
            [
                Declaration(keyword: "extension", name: "Engine", isPrivate: false),
                Declaration(keyword: "func", name: "helper", isPrivate: true),
                Declaration(keyword: "struct", name: "Stray", isPrivate: false),
            ])
        XCTAssertNotNil(Self.misnaming(file: "Engine+Topic.swift", declarations: Self.topLevelDeclarations(topic)))
        let withoutStray = topic.replacingOccurrences(of: "package struct Stray", with: "//")
        XCTAssertNil(Self.misnaming(file: "Engine+Topic.swift", declarations: Self.topLevelDeclarations(withoutStray)))
        XCTAssertNil(Self.misnaming(file: "Stray.swift", declarations: Self.topLevelDeclarations(topic)))
        XCTAssertNotNil(Self.misnaming(file: "Engine.swift", declarations: Self.topLevelDeclarations(topic)))
        let literal = "let page = \"\"\"\nstruct NotCode {}\n\"\"\"\n"
        XCTAssertEqual(Self.topLevelDeclarations(literal).map(\.name), ["page"])
    }
}
