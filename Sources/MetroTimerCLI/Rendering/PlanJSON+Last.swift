import FoundationEssentials
import MetroCore

/// `plan --last --json`: the answer the `--last` sentence gives, as figures a script can read.
extension PlanJSON {
    struct LastJSON: Encodable {
        /// One change as the slow rider meets it: the new platform, its last train there, how
        /// long before it the rider is on the platform after the whole walk.
        struct Change: Encodable {
            var station: StationRef
            var line: String
            var toward: StationRef?
            var slowArrival: String
            var lastTrain: String
            var marginSeconds: Int
            var walkSeconds: Int?
            /// `measured` or `estimate`, as Data/kyiv-transfers.csv says.
            var walkBasis: String?
        }
        /// The origin's last train, where it is not the answer, and the change where it misses.
        struct Next: Encodable {
            var departure: String
            var missesAt: Change?
        }
        /// The train to take from the origin, and the origin's own last train that way.
        var departure: String
        var originLast: String
        /// true: the answer is the origin's published last train; false: the latest start whose
        /// ride connects (any train leaving by then; the trains before the last are computed).
        var departureIsPublished: Bool
        var changes: [Change]
        var next: Next?
        /// From now to the departure (negative: it has left).
        var leavesInSeconds: Int
    }

    static func last(_ found: LastConnection, route: Route, now: Date, network: Network, clock: ServiceClock)
        -> LastJSON
    {
        func ref(_ code: String) -> StationRef {
            let station = network.station(code)
            return StationRef(
                code: code, line: station?.line ?? "", nameUk: station?.nameUk ?? "", nameEn: station?.nameEn ?? "")
        }
        func change(_ change: EdgeConnection.Change, number: Int?) -> LastJSON.Change {
            let walk = number.flatMap { route.transferWalks.indices.contains($0) ? route.transferWalks[$0] : nil }
            return LastJSON.Change(
                station: ref(change.station), line: change.line,
                toward: network.terminal(line: change.line, direction: change.direction).map(ref),
                slowArrival: clock.iso8601(change.slowArrival), lastTrain: clock.iso8601(change.last),
                marginSeconds: Int(change.margin.rounded(.down)), walkSeconds: walk?.walkSeconds, walkBasis: walk?.basis
            )
        }
        let next = found.next.map { next in
            LastJSON.Next(
                departure: clock.iso8601(next.departure),
                missesAt: next.missed.map { missed in
                    change(missed, number: next.changes.firstIndex { $0.station == missed.station })
                })
        }
        return LastJSON(
            departure: clock.iso8601(found.departure), originLast: clock.iso8601(found.originLast),
            departureIsPublished: found.departureIsPublished,
            changes: found.connection.changes.enumerated().map { change($1, number: $0) }, next: next,
            leavesInSeconds: Int(found.departure.timeIntervalSince(now).rounded(.down)))
    }
}
