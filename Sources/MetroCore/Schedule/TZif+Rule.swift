extension TZif {
    /// A zone that is its POSIX rule alone, as a TZif file with no transitions reads: what Kyiv
    /// time falls back to when the system has no time-zone database (see `ZoneInfo` in CLIKit).
    package init(rule: POSIXTimeZone) {
        transitions = []
        offsets = []
        initialOffset = Int32(rule.standardOffset)
        self.rule = rule
    }
}
