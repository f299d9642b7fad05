import MetroCore

/// Text that came from the user, a file or the network, made safe to show on a terminal:
/// control characters (an escape sequence could retitle the window, clear the screen or worse)
/// are written as `\u{1B}`, and a run of text too long to read is cut.
package enum Quote {
    /// The longest unbroken run shown whole; a longer one keeps its start and end.
    static let longestRun = 120

    /// The longest URL shown whole; a longer one keeps its start and says how long it was.
    static let longestURL = 100

    /// A URL as it may be shown: the user name and password and the query values masked (with
    /// or without a scheme), escaped, and cut when long.
    package static func url(_ url: String) -> String {
        let shown = Array(escaped(URLMask.mask(url)))
        guard shown.count > longestURL else { return String(shown) }
        return String(shown.prefix(longestURL - 20)) + "…(\(url.count) characters)"
    }

    /// JSON text made safe to print: every character `isControl` names that the encoder left
    /// raw (C1, DEL, the bidi controls; C0 it escapes itself) written as a `\uXXXX` escape,
    /// which only ever occurs inside a string and decodes to the same value.
    package static func json(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && isControl($0) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar != "\n" && isControl(scalar) {
                out += "\\u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// One value: escaped and cut.
    package static func value(_ text: String) -> String { sanitize(text) }

    /// A whole message: every control character but the line break escaped, and every run of
    /// more than `longestRun` characters without a space cut in the middle.
    package static func sanitize(_ message: String) -> String {
        let escaped = escaped(message)
        guard escaped.count > longestRun else { return escaped }
        var out = ""
        var run: [Character] = []
        func flush() {
            if run.count > longestRun {
                out += String(run.prefix(60)) + "…(\(run.count) characters)…" + String(run.suffix(20))
            } else {
                out += String(run)
            }
            run = []
        }
        for character in escaped {
            if character == " " || character == "\n" {
                flush()
                out.append(character)
            } else {
                run.append(character)
            }
        }
        flush()
        return out
    }

    /// Every control character but the line break written as `\u{1B}`, nothing cut.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && isControl($0) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || !isControl(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2) + "}"
            }
        }
        return out
    }

    /// C0 controls, DEL and C1 controls (0x80–0x9F: the 8-bit CSI among them), and the
    /// bidirectional controls (U+202E and friends): MetroCore's `UnsafeText`, the one list.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        UnsafeText.isUnsafe(scalar)
    }

    /// Text for a tmux format (the status line under `#(metro-timer status)`, `display-message`):
    /// tmux's formats (`#{}`, `#()` which runs a command, `#[]` which styles) all start with `#`,
    /// and `##` is a literal `#`, so doubling every `#` leaves nothing for tmux to read. (tmux
    /// reads a job's output as a format again; `-l` says "literal" only from tmux 3.4.)
    package static func tmuxFormat(_ text: String) -> String {
        guard text.contains("#") else { return text }
        return text.map { $0 == "#" ? "##" : String($0) }.joined()
    }

    /// Whether text holds any control character (refused in notes and names at input).
    package static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && isControl($0) } || text.contains("\n")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
