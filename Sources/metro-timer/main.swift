import CLIKit
import FoundationEssentials
import MetroTimerCLI
import metro_timer_alerts

#if canImport(Glibc)
import Glibc
#endif

// The tap first: `metro-timer start` reads t₀ from this moment, before anything can delay it.
let tapped = Date()
// The alert check's fetch: metro-timer run as its own child process, before anything else is read.
// (The arguments as the kernel gave them: `CommandLine.arguments` is empty when argc reads 0.)
if RawArguments.arguments.first == AlertFetch.mode {
    exit(AlertFetch.main(Array(RawArguments.arguments.dropFirst()), started: .now))
}
exit(MetroTimer.main(Context.live(tapped: tapped)))
