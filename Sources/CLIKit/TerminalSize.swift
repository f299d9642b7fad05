import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The terminal's size: the environment's `COLUMNS`/`LINES`, then the tty's own size, then
/// nothing (callers assume 80×24). In CLIKit so that both executables ask it the same way.
package enum TerminalSize {
    /// The width: `COLUMNS`, then the tty's.
    package static func columns(environment: [String: String]) -> Int? {
        dimension(environment["COLUMNS"]) { Int($0.ws_col) }
    }

    /// The height: `LINES`, then the tty's.
    package static func rows(environment: [String: String]) -> Int? {
        dimension(environment["LINES"]) { Int($0.ws_row) }
    }

    /// The width `--help` wraps to: the terminal's when standard output is one (`COLUMNS`, then
    /// the tty's own size, as a shell seldom exports `COLUMNS`), else 80, so that a pipe or a
    /// file gets the same text wherever it was made.
    package static func helpWidth(environment: [String: String]) -> Int {
        isatty(1) == 1 ? columns(environment: environment) ?? 80 : 80
    }

    /// A positive number from the variable, else the field of the tty's window size.
    private static func dimension(_ variable: String?, _ field: (winsize) -> Int) -> Int? {
        if let variable, let value = Int(variable), value > 0 { return value }
        var size = winsize()
        #if os(Linux)
        let request = UInt(TIOCGWINSZ)
        #else
        let request = TIOCGWINSZ
        #endif
        guard ioctl(1, request, &size) == 0 else { return nil }
        let value = field(size)
        return value > 0 ? value : nil
    }
}
