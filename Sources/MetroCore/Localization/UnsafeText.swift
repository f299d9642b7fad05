/// The characters no text from a file, the network or the user may carry to a terminal as they
/// are: C0 controls (ESC starts every escape sequence), DEL, C1 controls (0x9B is the 8-bit CSI,
/// 0x9D the OSC that retitles a window), and the bidirectional controls that show text in an
/// order other than the one it has (U+202E makes `txt.exe` read `exe.txt`). One list, for the
/// CLI's `Quote` and for the files' own checks.
package enum UnsafeText {
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Whether text holds any of them (a line break included).
    package static func contains(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isUnsafe)
    }

    /// Text from a file for a message of MetroCore's own: each unsafe character as `?`.
    package static func masked(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isUnsafe($0) ? "?" : $0 }))
    }
}
