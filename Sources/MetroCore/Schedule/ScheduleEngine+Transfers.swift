import FoundationEssentials

/// The wait after a change: the interval that spaces the new line's trains, and its range.
extension ScheduleEngine {
    /// The interval that spaces the trains a passenger reaching `entry` at `platform` waits
    /// between, and the longest wait it allows.
    ///
    /// Trains are dispatched from the terminal at the interval of the moment they leave it, so a
    /// train reaching `entry` at `platform` left its terminal the running time earlier, and
    /// that moment's interval is the one that matters (in the morning peak the interval shrinks
    /// within the hour, and looking it up at the platform would promise too short a wait). The
    /// gap the passenger falls into was set by the train just missed, which left up to one
    /// interval before: the longest wait is the widest interval over that window.
    func waitAfterTransfer(
        line: String, direction: Direction, platform: Date, fromTerminal: TimeInterval
    ) -> (headway: Int, shortest: Int, longest: Int) {
        let reference = platform.addingTimeInterval(-fromTerminal)
        // Widen until the window of the missed train's departure stops growing (intervals
        // change slowly: twice at most). Within a published hour the interval is linear in
        // time, and constant outside the published hours, so over a window its extremes lie at
        // the window's ends or at an hour's boundary (on either side of it): those points are
        // all that need looking up.
        // One conversion to the service day's clock; the window's points are offsets from it.
        let position = clock.position(of: reference)
        let referenceSeconds = position.seconds
        let override = headwayOverrides[line]
        let series =
            override == nil ? network.headwaySeries(line: line, direction: direction, dayType: position.dayType) : nil
        func interval(_ offset: Int) -> Int {
            override ?? series?.seconds(at: referenceSeconds - offset) ?? 600
        }
        let headway = interval(0)
        var longest = headway
        var shortest = headway
        var window = 0
        func look(_ offset: Int) {
            let value = interval(offset)
            longest = max(longest, value)
            shortest = min(shortest, value)
        }
        while window < longest {
            window = longest
            // (No arrays: this runs for every correction of a trip, three patterns each.)
            look(window)
            var boundary = (referenceSeconds / 3600) * 3600
            while referenceSeconds - boundary <= window {
                look(referenceSeconds - boundary)
                if referenceSeconds - boundary + 1 <= window { look(referenceSeconds - boundary + 1) }
                boundary -= 3600
            }
        }
        return (headway, shortest, longest)
    }
}
