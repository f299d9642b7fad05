import CLIKit
import FoundationEssentials
import MetroTimerCLI
import metro_timer_alerts

#if canImport(Glibc)
import Glibc
#endif

// t₀ first: `metro-timer start` anchors the ride to this moment, before anything can delay it.
let launchTime = Date()
// The alert check's fetch: metro-timer run as its own child process, before anything else is read.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == AlertFetch.mode {
    exit(AlertFetch.main(Array(CommandLine.arguments.dropFirst(2)), started: .now))
}
exit(MetroTimer.main(Context.live(launchTime: launchTime)))
