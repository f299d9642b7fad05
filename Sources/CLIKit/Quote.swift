/// Text that came from the user, a file or the network, made safe to show on a terminal:
/// control characters (an escape sequence could retitle the window, clear the screen or worse)
/// are written as `\u{1B}`, and a run of text too long to read is cut.
public enum Quote {
    /// The longest unbroken run shown whole; a longer one keeps its start and end.
    public static let longestRun = 120

    /// One value: escaped and cut.
    public static func value(_ text: String) -> String { sanitize(text) }

    /// A whole message: every control character but the line break escaped, and every run of
    /// more than `longestRun` characters without a space cut in the middle.
    public static func sanitize(_ message: String) -> String {
        var escaped = ""
        for scalar in message.unicodeScalars {
            if scalar == "\n" || !isControl(scalar) {
                escaped.unicodeScalars.append(scalar)
            } else {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2) + "}"
            }
        }
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

    /// C0 controls, DEL and C1 controls (0x80–0x9F: the 8-bit CSI among them).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Whether text holds any control character (refused in notes and names at input).
    public static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && isControl($0) } || text.contains("\n")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
