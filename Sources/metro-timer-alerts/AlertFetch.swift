// `metro-timer __alerts TIMEOUT_MS`, with the feed's URL on standard input: the product's only
// network access, in a process of its own.
//
// metro-timer starts this mode (itself, as a child process) only when the alert check is
// enabled, so with the check off nothing touches the network; the mode is entered before
// metro-timer reads anything else (no zone, no state, no settings), and does nothing but the
// fetch. It is a mode, not a binary of its own, so the static runtime is installed once
// (docs/decisions/0060).
//
// The URL comes on standard input, never in argv (which any user can read in /proc), and goes on
// to curl the same way (CurlFeed). It prints one line: `alert`, `quiet`, or `unknown: reason`,
// and always exits 0 once it has an answer.
//
// The deadline is kept here, on the monotonic clock, from the moment the process starts: curl
// gets it as --max-time too, but it is this process that kills curl at it and answers.
// (URLSession, used before, truncated its timeouts to whole seconds.)
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

package enum AlertFetch {
    /// The first argument that selects the mode.
    package static let mode = "__alerts"

    /// Runs the fetch for `arguments` (those after the mode: the timeout in milliseconds) and
    /// returns the exit code; `started` is when the process started, the deadline's origin.
    package static func main(_ arguments: [String], started: ContinuousClock.Instant) -> Int32 {
        let input = readLine(strippingNewline: true) ?? ""
        guard arguments.count == 1, let milliseconds = Int(arguments[0]), milliseconds > 0, URL(string: input) != nil
        else {
            let usage = Array("usage: echo URL | metro-timer \(mode) TIMEOUT_MS\n".utf8)
            _ = write(2, usage, usage.count)
            return 64
        }
        let verdict = CurlFeed.check(
            input, environment: ProcessInfo.processInfo.environment, deadline: started + .milliseconds(milliseconds))
        print(verdict.output)
        return 0
    }
}
