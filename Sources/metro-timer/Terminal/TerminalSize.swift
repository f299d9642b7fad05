import Foundation

/// The terminal width: `COLUMNS`, then the tty's own size, then nothing (callers assume 80).
enum TerminalSize {
    static func columns(environment: [String: String]) -> Int? {
        if let value = environment["COLUMNS"], let columns = Int(value), columns > 0 { return columns }
        var size = winsize()
        #if os(Linux)
        let request = UInt(TIOCGWINSZ)
        #else
        let request = TIOCGWINSZ
        #endif
        if ioctl(1, request, &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return nil
    }

    /// The terminal height: `LINES`, then the tty's own size, then nothing (callers assume 24).
    static func rows(environment: [String: String]) -> Int? {
        if let value = environment["LINES"], let rows = Int(value), rows > 0 { return rows }
        var size = winsize()
        #if os(Linux)
        let request = UInt(TIOCGWINSZ)
        #else
        let request = TIOCGWINSZ
        #endif
        if ioctl(1, request, &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        return nil
    }
}
