// metro-timer-alerts TIMEOUT_MS, with the feed's URL on standard input: the product's only
// network access, in a binary of its own.
//
// metro-timer runs it only when the alert check is enabled, so with the check off nothing
// touches the network. The URL comes on standard input, never in argv (which any user can read
// in /proc), and goes on to curl the same way (CurlFeed). It prints one line: `alert`, `quiet`,
// or `unknown: reason`, and always exits 0 once it has an answer.
//
// The deadline is kept here, on the monotonic clock, from the moment the helper starts: curl
// gets it as --max-time too, but it is the helper that kills curl at it and answers.
// (URLSession, used before, truncated its timeouts to whole seconds.)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#if canImport(Glibc)
import Glibc
#endif
import MetroCore

let started = ContinuousClock.now
let arguments = CommandLine.arguments
let input = readLine(strippingNewline: true) ?? ""
guard arguments.count == 2, let milliseconds = Int(arguments[1]), milliseconds > 0, URL(string: input) != nil else {
    let usage = Array("usage: echo URL | metro-timer-alerts TIMEOUT_MS\n".utf8)
    _ = write(2, usage, usage.count)
    exit(64)
}
let verdict = CurlFeed.check(input, environment: ProcessInfo.processInfo.environment, deadline: started + .milliseconds(milliseconds))
print(verdict.output)
exit(0)
