import MetroCore

/// The release both executables report with `--version`, kept in one place so that they cannot
/// disagree: `metro-timer 0.1.0 (commit 1dd181d0e4a2, 2026-12-02; timetable 2026-03-10)`.
package enum Release {
    package static let version = "0.1.0"

    /// The release's date, as CHANGELOG.md gives it beside the version: the date on both
    /// programs' manual pages (never the day of a build, so the pages are repeatable).
    package static let date = "2026-12-02"

    /// The commit a release build was made from and that commit's date (UTC), as `make` stamps
    /// them into `Release+Stamp.swift` (not checked in; see the Makefile). Nothing of the machine
    /// or the moment of the build goes in, so two builds of one commit stay byte-identical.
    package struct Stamp: Sendable, Equatable {
        package var commit: String
        package var date: String
    }

    /// `NAME VERSION (commit C, DATE; timetable T)`, or `(development build; timetable T)`.
    package static func versionLine(_ program: String, stamp: Stamp? = stamp) -> String {
        let build = stamp.map { "commit \($0.commit), \($0.date)" } ?? "development build"
        return "\(program) \(version) (\(build); timetable \(Network.embeddedTimetableDate))\n"
    }
}

#if !METRO_TIMER_STAMPED
extension Release {
    /// A plain `swift build`: no stamp.
    package static let stamp: Stamp? = nil
}
#endif
