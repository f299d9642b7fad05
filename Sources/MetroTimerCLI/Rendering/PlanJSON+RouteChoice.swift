import CLIKit
import FoundationEssentials
import MetroCore

/// `routeChoice` in `plan --json`: both routes as they were compared, the chosen one first.
extension PlanJSON {
    struct RouteChoiceJSON: Encodable {
        /// `fastest` (the default) or `lookup`.
        var rule: String
        /// When the rider is on the origin's platform: both routes timed from it, the first train
        /// waited for as a change's (a quarter of its interval booked).
        var readyAt: String
        /// The other route arrives sooner by the booked waits, but later at the latest.
        var otherIsPossiblyFaster: Bool
        /// How much sooner the chosen route arrives, by the booked waits and at the latest.
        var bookedGainSeconds: Int
        var latestGainSeconds: Int
        var message: String
        var routes: [RouteJSON]

        init(
            _ chosen: ChosenRoute, comparison: RouteComparison, rule: RouteRule, message: String, network: Network,
            clock: ServiceClock
        ) {
            self.rule = rule.rawValue
            readyAt = clock.iso8601(comparison.readyAt)
            otherIsPossiblyFaster = comparison.otherIsPossiblyFaster
            bookedGainSeconds = comparison.bookedGain
            latestGainSeconds = comparison.latestGain
            self.message = message
            let lookup = chosen.via == nil ? 0 : 1
            routes = [comparison.chosen, comparison.other].enumerated().map { index, timing in
                RouteJSON(
                    timing, kind: index == lookup ? "lookup" : "round", chosen: index == 0, network: network,
                    clock: clock)
            }
        }
    }

    /// One route as compared: its lines, its changes and its arrival with the range.
    struct RouteJSON: Encodable {
        struct Change: Encodable {
            var from: StationRef
            var to: StationRef
        }
        var kind: String
        var chosen: Bool
        var lines: [String]
        var changes: [Change]
        var arrival: String
        var earliest: String
        var latest: String

        init(_ timing: RouteTiming, kind: String, chosen: Bool, network: Network, clock: ServiceClock) {
            func ref(_ code: String) -> StationRef { StationRef(code, network: network) }
            self.kind = kind
            self.chosen = chosen
            lines = timing.route.legs.map(\.line)
            changes = ServiceOptions.changes(of: timing.route).map { Change(from: ref($0.from), to: ref($0.to)) }
            arrival = clock.iso8601(timing.arrival)
            earliest = clock.iso8601(timing.earliest)
            latest = clock.iso8601(timing.latest)
        }
    }
}
