import MetroTestSupport
import XCTest

/// The commands read like their help: no function, closure or accessor in the executables'
/// libraries (MetroTimerCLI, TimetableGenCLI, CLIKit) is longer than 80 lines, so that a
/// command's `run` says its steps and each step is a function named for what it does.
///
/// How a body is counted: from the line of its opening brace to the line of its closing brace,
/// both included (a one-line body is 1), with comments and string literals read as what they
/// are (a brace inside either is not a brace). Every brace-delimited block is a body except the
/// one of a type or extension (`struct`, `class`, `enum`, `extension`, `protocol`, `actor`); a
/// body is measured where it is outermost in its type or file (a block inside a function is
/// never longer than the function, so the function is the one named).
final class FunctionLengthTests: XCTestCase {
    static let maximumLines = 80
    static let folders = ["Sources/MetroTimerCLI", "Sources/TimetableGenCLI", "Sources/CLIKit"]

    /// The bodies of `text` outermost in a type or the file: their first line and length.
    static func bodies(_ text: String) -> [(line: Int, lines: Int, head: String)] {
        let code = Array(SwiftCode.blanked(text))
        var found: [(line: Int, lines: Int, head: String)] = []
        var open: [(line: Int, isType: Bool, head: String)] = []
        var line = 1
        var headStart = 0
        for (index, character) in code.enumerated() {
            switch character {
            case "\n": line += 1
            case "{":
                let head = String(code[headStart..<index])
                open.append((line, opensType(head), lastLine(head)))
                headStart = index + 1
            case "}":
                headStart = index + 1
                guard let body = open.popLast() else { continue }
                if !body.isType, open.last?.isType ?? true {
                    found.append((body.line, line - body.line + 1, body.head))
                }
            case ";": headStart = index + 1
            default: break
            }
        }
        return found
    }

    /// Whether the code before a `{` declares a type: a line that starts, after its attributes
    /// and modifiers, with a type's keyword and then a name (`class func` is a function).
    static func opensType(_ head: String) -> Bool {
        let kinds: Set<Substring> = ["struct", "class", "enum", "extension", "protocol", "actor"]
        let modifiers: Set<Substring> = [
            "public", "package", "internal", "private", "fileprivate", "final", "indirect", "open", "nonisolated",
        ]
        for line in head.split(separator: "\n") {
            let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "@") })
                .filter { !$0.hasPrefix("@") && !modifiers.contains($0) }
            if words.count >= 2, kinds.contains(words[0]),
                !["func", "var", "let", "subscript", "init"].contains(words[1])
            {
                return true
            }
        }
        return false
    }

    static func lastLine(_ head: String) -> String {
        String(head.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) } ?? "").trimmingCharacters(
            in: .whitespaces)
    }

    func testNoFunctionInTheExecutablesLibrariesIsOver80Lines() throws {
        var long: [String] = []
        for folder in Self.folders {
            for file in try TestPaths.swiftFiles(under: folder) {
                for body in Self.bodies(file.text) where body.lines > Self.maximumLines {
                    long.append("\(folder)/\(file.path):\(body.line) (\(body.lines) lines) \(body.head)")
                }
            }
        }
        XCTAssertEqual(
            long, [],
            "bodies over \(Self.maximumLines) lines: give each step its own function, named for what it does")
    }

    /// The counter reads braces in strings and comments as text, and a type's body as no body.
    func testTheCounterCountsBodiesNotTypesStringsOrComments() {
        let text = """
            struct A {
                // {
                func f() {
                    let s = "}\\("{")"
                    let t = #"{"#
                    /* } /* { */ } */
                    _ = { [s, t] in }
                }
                class func g() { }
                var v: Int {
                    1
                }
            }
            extension A where Self: B
            {
                static let m: [Int] = {
                    [
                        1
                    ]
                }()
            }
            """
        let found = Self.bodies(text).map { [$0.line, $0.lines] }
        XCTAssertEqual(found, [[3, 6], [9, 1], [10, 3], [16, 5]])
        let multiline = "func h() {\n    let x = \"\"\"\n        }\n        \"\"\"\n}\n"
        XCTAssertEqual(Self.bodies(multiline).map { [$0.line, $0.lines] }, [[1, 5]])
    }
}

/// Swift source with its comments and string literals blanked (newlines kept), so that what is
/// left is code: braces, parentheses and words.
enum SwiftCode {
    static func blanked(_ text: String) -> String {
        let characters = Array(text)
        var out: [Character] = []
        out.reserveCapacity(characters.count)
        /// What is being read: code (with its open parentheses, to find an interpolation's end)
        /// or a string (its `#` count and whether it is multi-line).
        enum Mode {
            case code(parentheses: Int)
            case string(hashes: Int, multiline: Bool)
        }
        var modes: [Mode] = [.code(parentheses: 0)]
        var index = 0
        func starts(_ prefix: String, at position: Int) -> Bool {
            var position = position
            for character in prefix {
                guard position < characters.count, characters[position] == character else { return false }
                position += 1
            }
            return true
        }
        while index < characters.count {
            let character = characters[index]
            switch modes[modes.count - 1] {
            case .code(let parentheses):
                if starts("//", at: index) {
                    while index < characters.count, characters[index] != "\n" { index += 1 }
                    continue
                }
                if starts("/*", at: index) {
                    var depth = 0
                    while index < characters.count {
                        if starts("/*", at: index) {
                            (depth, index) = (depth + 1, index + 2)
                        } else if starts("*/", at: index) {
                            (depth, index) = (depth - 1, index + 2)
                            if depth == 0 { break }
                        } else {
                            if characters[index] == "\n" { out.append("\n") }
                            index += 1
                        }
                    }
                    continue
                }
                var hashes = 0
                while starts("#", at: index + hashes) { hashes += 1 }
                if starts("\"", at: index + hashes) {
                    let multiline = starts("\"\"\"", at: index + hashes)
                    modes.append(.string(hashes: hashes, multiline: multiline))
                    out.append("\"")
                    index += hashes + (multiline ? 3 : 1)
                    continue
                }
                if character == "(" { modes[modes.count - 1] = .code(parentheses: parentheses + 1) }
                if character == ")" {
                    if parentheses == 0, modes.count > 1 {
                        modes.removeLast()
                        index += 1
                        continue
                    }
                    modes[modes.count - 1] = .code(parentheses: parentheses - 1)
                }
                out.append(character)
                index += 1
            case .string(let hashes, let multiline):
                let pound = String(repeating: "#", count: hashes)
                if character == "\\", starts(pound, at: index + 1) {
                    let next = index + 1 + hashes
                    if starts("(", at: next) {
                        modes.append(.code(parentheses: 0))
                        index = next + 1
                    } else {
                        index = next + 1
                    }
                    continue
                }
                let close = (multiline ? "\"\"\"" : "\"") + pound
                if starts(close, at: index) {
                    modes.removeLast()
                    out.append("\"")
                    index += close.count
                    continue
                }
                if character == "\n" { out.append("\n") }
                index += 1
            }
        }
        return String(out)
    }
}
