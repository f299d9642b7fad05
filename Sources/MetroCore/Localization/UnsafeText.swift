/// The one rule for what text from a file, the network or the user may carry to a terminal as
/// it is. Three kinds of character may not:
/// - controls: C0 (ESC starts every escape sequence), DEL, C1 (0x9B is the 8-bit CSI, 0x9D the
///   OSC that retitles a window), and the bidirectional controls that show text in an order
///   other than the one it has (U+202E makes `txt.exe` read `exe.txt`);
/// - the line and paragraph separators (U+2028, U+2029): a break in the middle of a shown line;
/// - characters that show nothing (`isInvisible`): a name of them reads as blank, and one
///   inside a path or a value hides what is there.
///
/// For the CLI's `Quote` (each written as an escape), for messages of MetroCore's own (each as
/// `?`) and for the files' own checks (`TimetableText`, the shared journal).
package enum UnsafeText {
    /// Whether the scalar may not reach a terminal raw: a control, a separator or invisible.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || isSeparator(scalar) || isInvisible(scalar)
    }

    /// C0, DEL, C1 and the bidirectional controls.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR.
    package static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// A character that puts nothing on the screen although it is not white space: the format
    /// characters with no use in a name, a path or a value (soft hyphen, Mongolian vowel
    /// separator, zero-width space, word joiner and the invisible operators, the deprecated
    /// format controls, byte-order mark, interlinear annotation, the tags), and the fillers that
    /// Unicode counts as letters or symbols (the Hangul fillers, the blank Braille pattern).
    /// The joiners U+200C and U+200D are kept: words and emoji need them, and they hide nothing
    /// beside a visible character.
    package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD, 0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x200B, 0x2060...0x2064, 0x206A...0x206F, 0x2800,
            0x3164, 0xFEFF, 0xFFA0, 0xFFF9...0xFFFB, 0x1D173...0x1D17A, 0xE0001, 0xE0020...0xE007F:
            return true
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
