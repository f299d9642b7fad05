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
}
