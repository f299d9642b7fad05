import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The `plan --json` document (schema version 4, documented in docs/guide/planning.md). Every time is
/// ISO 8601 with its UTC offset; durations are whole seconds.
struct PlanJSON: Encodable {
    /// 2: `arrival.earliest`/`latest` span both running patterns and appear on every route;
    /// `transfer` gained `longestWaitSeconds`, `shortestWaitSeconds`, `alertWaitSeconds`.
    /// 3: each leg's `intervalSeconds`. 4: `transfers` and `transferAlerts` (every change, two
    /// on the long way round a closure) and `detour`; `transfer` and `transferAlert` stay, as
    /// the first change. 5: `routeChoice` (the lookup and the way round the triangle, compared).
    static let currentVersion = 5

    struct StationRef: Encodable {
        var code: String
        var line: String
        var nameUk: String
        var nameEn: String

        init(code: String, line: String, nameUk: String, nameEn: String) {
            (self.code, self.line, self.nameUk, self.nameEn) = (code, line, nameUk, nameEn)
        }

        /// A station of the network by its code.
        init(_ code: String, network: Network) {
            let station = network.station(code)!
            self.init(code: code, line: station.line, nameUk: station.nameUk, nameEn: station.nameEn)
        }
    }

    struct StopJSON: Encodable {
        var station: StationRef
        var role: String
        var arrival: String?
        var departure: String?
        /// The running time into this stop or the dwell here is the passenger's own measurement.
        var calibrated: Bool
    }

    struct LegJSON: Encodable {
        var line: String
        var direction: String
        var toward: StationRef
        /// The interval between trains at this leg's boarding (schema 3).
        var intervalSeconds: Int?
        var stops: [StopJSON]
    }

    struct WalkJSON: Encodable {
        var from: StationRef
        var to: StationRef
        var walkSeconds: Int
        var basis: String
    }

    struct TransferJSON: Encodable {
        var walk: WalkJSON
        var platformArrival: String
        var headwaySeconds: Int
        var longestWaitSeconds: Int
        var shortestWaitSeconds: Int
        var bookedWaitSeconds: Int
        var alertWaitSeconds: Int
        var earliestDeparture: String
        var plannedDeparture: String
        var latestDeparture: String
    }

    struct MomentJSON: Encodable {
        var time: String
        var station: StationRef
        var earliest: String?
        var latest: String?
    }

    struct FindingJSON: Encodable {
        var kind: String
        var station: StationRef
        var line: String
        var toward: StationRef
        var time: String
        var blocking: Bool
        var message: String
    }

    /// Why the route goes the long way, and through which line (absent on the direct route).
    struct DetourJSON: Encodable {
        var via: String
        var reason: String
        var message: String
    }

    var version = PlanJSON.currentVersion
    var from: StationRef
    var to: StationRef
    var serviceDay: String
    var dayType: String
    var departure: String
    var legs: [LegJSON]
    /// `--arrive-by`: the target, the latest start with the booked wait, and the safe start
    /// (absent when not even the first train is safe).
    struct ArriveByJSON: Encodable {
        var target: String
        var latestStart: String
        var safeStart: String?
    }
    var arriveBy: ArriveByJSON?
    /// `--last`: which train, where the next one misses, each change's margin (PlanJSON+Last).
    var last: LastJSON?
    var walkBeforeBoarding: WalkJSON?
    var detour: DetourJSON?
    /// The lookup and the way round the triangle as compared (absent on one line, with
    /// `--route lookup`, and when today's changes leave one route).
    var routeChoice: RouteChoiceJSON?
    var transfer: TransferJSON?
    var transfers: [TransferJSON]
    var walkAfterAlighting: WalkJSON?
    var transferAlert: MomentJSON?
    var transferAlerts: [MomentJSON]
    var alert: MomentJSON?
    var arrival: MomentJSON
    var finalArrival: String
    var stops: Int
    var rideSeconds: Int
    var bookedWaitFraction: Double
    var dwellSeconds: Int
    var findings: [FindingJSON]
    /// The service changes the plan honours (absent when none).
    var serviceChanges: ServiceChanges?
    /// Sentences about changes and open-air sections, in the chosen language.
    var notes: [String] = []

    init(
        _ schedule: Schedule, network: Network, clock: ServiceClock, fraction: Double, language: Language,
        intervals: [Int] = []
    ) {
        func ref(_ code: String) -> StationRef { StationRef(code, network: network) }
        func iso(_ date: Date) -> String { clock.iso8601(date) }
        func walk(_ transfer: NetworkDocument.Transfer, from: String) -> WalkJSON {
            WalkJSON(
                from: ref(from), to: ref(from == transfer.stationA ? transfer.stationB : transfer.stationA),
                walkSeconds: transfer.walkSeconds, basis: transfer.basis)
        }
        let route = schedule.route
        let position = clock.position(of: schedule.departure)
        from = ref(route.origin)
        to = ref(route.destination)
        serviceDay = position.serviceDay.description
        dayType = position.dayType.rawValue
        departure = iso(schedule.departure)
        legs = route.legs.enumerated().map { index, leg in
            LegJSON(
                line: leg.line, direction: leg.direction.rawValue,
                toward: ref(network.terminal(line: leg.line, direction: leg.direction)!),
                intervalSeconds: index < intervals.count ? intervals[index] : nil,
                stops: schedule.stops.filter { $0.leg == index }.map {
                    StopJSON(
                        station: ref($0.station), role: $0.role.rawValue, arrival: $0.arrival.map(iso),
                        departure: $0.departure.map(iso), calibrated: $0.calibrated)
                })
        }
        walkBeforeBoarding = route.walkBeforeBoarding.map { walk($0, from: route.origin) }
        walkAfterAlighting = route.walkAfterAlighting.map { walk($0, from: route.legs.last?.alight ?? route.origin) }
        transfers = zip(schedule.transfers, route.transferWalks).map { timing, transferWalk in
            TransferJSON(
                walk: walk(transferWalk, from: timing.exit),
                platformArrival: iso(timing.platformArrival), headwaySeconds: timing.headwaySeconds,
                longestWaitSeconds: timing.longestWaitSeconds, shortestWaitSeconds: timing.shortestWaitSeconds,
                bookedWaitSeconds: timing.bookedWaitSeconds, alertWaitSeconds: timing.alertWaitSeconds,
                earliestDeparture: iso(timing.earliestDeparture),
                plannedDeparture: iso(timing.platformArrival.addingTimeInterval(timing.earlier)),
                latestDeparture: iso(timing.latestDeparture))
        }
        transfer = transfers.first
        transferAlerts = schedule.transferAlerts.map {
            MomentJSON(time: iso($0.time), station: ref(schedule.stops[$0.stop].station))
        }
        transferAlert = transferAlerts.first
        alert = schedule.alertStop.map {
            MomentJSON(time: iso(schedule.alert), station: ref(schedule.stops[$0].station))
        }
        // The range spans both published running patterns and every possible wait.
        let ranged = !schedule.stops.isEmpty && schedule.arrivalEarliest != schedule.arrivalLatest
        // A walk through one node has no train: its arrival is the end of the walk, at the
        // station walked to (never the walk's start at the other half of the node).
        arrival = MomentJSON(
            time: iso(route.isWalkOnly ? schedule.finalArrival : schedule.arrival),
            station: ref(schedule.stops.last?.station ?? route.destination),
            earliest: ranged ? iso(schedule.arrivalEarliest) : nil,
            latest: ranged ? iso(schedule.arrivalLatest) : nil)
        finalArrival = iso(schedule.finalArrival)
        stops = route.stopCount
        rideSeconds = Int(schedule.finalArrival.timeIntervalSince(schedule.departure))
        bookedWaitFraction = fraction
        dwellSeconds = network.document.assumptions.dwellSeconds
        findings = schedule.findings.map { finding in
            let (kind, station, line, toward, time): (String, String, String, String, Date)
            switch finding {
            case .beforeFirstTrain(let s, let l, let t, let d):
                (kind, station, line, toward, time) = ("beforeFirstTrain", s, l, t, d)
            case .afterLastTrain(let s, let l, let t, let d):
                (kind, station, line, toward, time) = ("afterLastTrain", s, l, t, d)
            case .lastTrainSoon(let s, let l, let t, let d):
                (kind, station, line, toward, time) = ("lastTrainSoon", s, l, t, d)
            }
            return FindingJSON(
                kind: kind, station: ref(station), line: line, toward: ref(toward), time: iso(time),
                blocking: finding.isBlocking,
                message: FindingText.sentence(
                    finding, network: network, clock: clock, language: language, at: schedule.departure))
        }
    }

    func encoded() -> String {
        let encoder = JSONObject.encoder(pretty: true, slashes: .asIs)
        // Names from an installed timetable keep no raw control character (`Quote.json`).
        return Quote.json(String(decoding: try! encoder.encode(self), as: UTF8.self)) + "\n"
    }
}
