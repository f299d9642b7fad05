import Foundation

// Touch Foundation the way metro-timer's start-up does (the date and a time zone), so the
// baseline pays for the same libraries being loaded.
let zone = TimeZone(identifier: "Europe/Kyiv")
print("hello \(Date().timeIntervalSince1970 > 0) \(zone != nil)")
