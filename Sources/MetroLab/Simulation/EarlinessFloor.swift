import FoundationEssentials
import MetroCore
import MetroData

/// The least median earliness any alert policy could have in a cell, given what it can know and
/// the late-alert goal (docs/decisions/0031).
///
/// With "departed" never pressed a policy knows the route and the moment of the tap. The floor
/// grants it more: every draw of the ride (each run's jitter, each dwell, the walk) and the
/// world's dwells; it withholds two things, how fast this world runs and the wait on the platform
/// after the last change before the alert. So the alert fires at the same moment here and in the
/// same ride run at the fast edge of the family's range (`SimulatedWorld.atTheFastEdge`), and:
///
/// - Not late at the edge means firing before the fastest train left the stop before. On a ride
///   with no unknown wait, the alert is then early here by at least the ride's *margin*: the true
///   arrival at the stop before less the fastest train's departure from it.
/// - Where the stop before comes after a change, that departure is the fastest platform moment
///   plus a wait w, uniform over the interval I and unknown. An alert that fires x after the
///   platform moment at the edge is late there when w < x: with probability p = x / I. Here it is
///   early by the margin plus the edge's wait less p·I (the *value* less p times the *rate*).
///
/// In a cell of n alerts whose expected late count is at most the goal's share of n, the median is
/// at least the least t such that ⌈n/2⌉ of the alerts can be brought to t or under within that
/// count: an alert already at or under t costs nothing, one with a rate costs (value − t) / rate
/// when that is under 1, any other costs 1 (it is late). With no waits this is the
/// (⌈n/2⌉ − ⌊share × n⌋)-th smallest margin. A floor over 90 s says no policy without corrections
/// meets both goals in that cell. (It counts the late alerts a policy can expect at the edge over
/// the waits it cannot know, not the ones one draw of them happens to make.)
///
/// The late goal is per cell, and a cell is the hour the alert's train leaves its boarding
/// station: after a change the edge's faster ride can board an earlier train, in another cell.
/// Such an alert's lateness at the edge counts against that cell's goal, not this one's, so here
/// it bounds nothing (its sample is −∞: free to be late). And the goal allows late alerts as a
/// share of the alerts the edge has in this cell, from whichever cell their rides come
/// (`edgeAlerts`), not of the rides here.
package struct EarlinessFloor: Equatable, Sendable {
    /// One alert's margin as the floor reads it: `value` seconds early if it is never late at the
    /// edge, and `rate` seconds less for each unit of late probability spent on it (0: none to buy).
    package struct Sample: Equatable, Sendable {
        package var value: Double
        package var rate: Double

        package init(value: Double, rate: Double = 0) {
            self.value = value
            self.rate = rate
        }
    }

    /// Each "yours is next" alert's sample, and each change alert's.
    package var samples: [Sample] = []
    var changeSamples: [Sample] = []
    /// How many "yours is next" and change alerts the edge has in this cell (from rides of any cell).
    var edgeAlerts = 0
    var changeEdgeAlerts = 0

    package init() {}

    /// The cell of the train the alert that warns of `stop` is about (nil where the journey does
    /// not say: one built without its legs).
    package static func cell(_ journey: Simulator.Journey, warnsOf stop: Int) -> SimulatedWorld.Cell? {
        guard stop < journey.legs.count, journey.legs[stop] < journey.cells.count else { return nil }
        return journey.cells[journey.legs[stop]]
    }

    /// A cell's two floors, in seconds: "yours is next" and the change alerts; nil where nothing
    /// bounds that kind of alert.
    package struct Bounds: Equatable, Sendable {
        package var yours: Double?
        package var changes: Double?

        package init(yours: Double?, changes: Double?) {
            self.yours = yours
            self.changes = changes
        }
    }

    /// The two floors, with late alerts at the edge within `lateLimit` of the edge's alerts in
    /// this cell.
    package func bounds(lateLimit: Double) -> Bounds {
        func allowance(_ edge: Int, _ count: Int) -> Double {
            count == 0 ? 0 : lateLimit * Double(edge) / Double(count)
        }
        return Bounds(
            yours: Self.bound(samples, lateAllowance: allowance(edgeAlerts, samples.count)),
            changes: Self.bound(changeSamples, lateAllowance: allowance(changeEdgeAlerts, changeSamples.count)))
    }

    /// The margin of the alert that warns of `stop`: the true arrival at the stop before less the
    /// fastest train's departure from it. Where the stop before is the origin, no alert is late
    /// (the train has left it before the tap), and nothing bounds it.
    package static func margin(_ journey: Simulator.Journey, edge: Simulator.Journey, warnsOf stop: Int) -> Double {
        guard stop > 1 else { return -.infinity }
        return journey.stops[stop - 1].reached.timeIntervalSince(edge.stops[stop - 1].left)
    }

    /// The alert's sample: its margin, plus the edge's wait and at the wait's interval where the
    /// stop before is on a leg whose wait was drawn in both worlds (a known first or last train
    /// sets it; the floor then counts it as known).
    /// Where the edge's train is in another cell than this world's, the sample bounds nothing (−∞).
    package static func sample(_ journey: Simulator.Journey, edge: Simulator.Journey, warnsOf stop: Int) -> Sample {
        let margin = margin(journey, edge: edge, warnsOf: stop)
        guard stop > 1, margin.isFinite else { return Sample(value: margin) }
        guard cell(edge, warnsOf: stop) == cell(journey, warnsOf: stop) else { return Sample(value: -.infinity) }
        guard stop - 1 < edge.legs.count else { return Sample(value: margin) }
        let leg = edge.legs[stop - 1]
        guard leg < edge.waits.count, leg < journey.waits.count, journey.waits[leg] != nil, let wait = edge.waits[leg],
            wait.interval > 0
        else {
            return Sample(value: margin)
        }
        return Sample(value: margin + wait.seconds, rate: wait.interval)
    }

    /// The floor under the median of `samples.count` alerts whose expected late count is at most
    /// `lateAllowance` of them, to within 0.005 s below it (exactly where it is an alert's own
    /// value); nil where nothing bounds it (no alerts, or the
    /// median can fall on an alert whose stop before is the origin).
    package static func bound(_ samples: [Sample], lateAllowance: Double) -> Double? {
        let n = samples.count
        guard n > 0 else { return nil }
        let needed = (n + 1) / 2
        let budget = lateAllowance * Double(n) + 1e-9
        /// Whether `needed` alerts can be at `t` or under within the budget.
        func reachable(_ t: Double) -> Bool {
            var costs = samples.map { sample -> Double in
                if sample.value <= t { return 0 }
                if sample.rate > 0, sample.value - t < sample.rate { return (sample.value - t) / sample.rate }
                return 1
            }
            costs.sort()
            return costs.prefix(needed).reduce(0, +) <= budget
        }
        let finite = samples.map(\.value).filter(\.isFinite)
        guard let highest = finite.max(), let lowest = finite.min() else { return nil }
        var low = lowest - (samples.map(\.rate).max() ?? 0) - 1
        var high = highest
        if reachable(low) { return nil }
        // reachable(high) holds: every alert is at or under it. Bisect to 0.005 s.
        while high - low > 0.005 {
            let middle = (low + high) / 2
            if reachable(middle) { high = middle } else { low = middle }
        }
        // Where the floor is an alert's own value (always so without waits), that value exactly;
        // else the unreachable end, under the true floor by at most 0.005 s (never over it).
        return finite.filter { $0 > low && $0 <= high }.min().flatMap { reachable($0) ? $0 : nil } ?? low
    }
}
