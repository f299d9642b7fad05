import CLIKit
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

// t₀ first: `metro-timer start` anchors the ride to this moment, before anything can delay it.
let launchTime = Date()
exit(MetroTimer.main(Context.live(launchTime: launchTime)))
