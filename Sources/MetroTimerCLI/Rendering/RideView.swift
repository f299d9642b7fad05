import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// Everything a ride frame is drawn from: `frame = render(state(at: now))`.
struct RideView {
    var network: Network
    var clock: ServiceClock
    var language: Language
    var style: Style
    let trip: Trip
    let schedule: Schedule
    let now: Date
    var rehearsalSpeed: Double?
    /// A short message after a key (a refusal, a confirmation), shown for a few seconds.
    var notice: String?

    /// What the rider is told now (`RideTold`): every frame, line and event renders it. Made
    /// once per view: a frame asks it for the state, the banner and the warnings.
    let told: RideTold

    init(
        network: Network, clock: ServiceClock, language: Language, style: Style, trip: Trip, schedule: Schedule,
        now: Date, rehearsalSpeed: Double?, notice: String?
    ) {
        self.network = network
        self.clock = clock
        self.language = language
        self.style = style
        self.trip = trip
        self.schedule = schedule
        self.now = now
        self.rehearsalSpeed = rehearsalSpeed
        self.notice = notice
        told = RideTold(schedule: schedule, fired: trip.alertsFired, at: now)
    }

    var state: RideState { told.state }

    func name(_ code: String) -> String { Names.station(code, network, language) }

    /// The alert whose banner stands (`RideTold.banner`: the rule every surface shares).
    var highlighted: Trip.Alert? { told.banner }

    /// A stop's name as the ride announces it: a closed station the train runs through says so,
    /// so that nobody stands up for it.
    func stopName(_ index: Int) -> String {
        let stop = schedule.stops[index]
        return stop.passesWithoutStopping ? RideWords.passing(name(stop.station), language) : name(stop.station)
    }

    /// The change whose new platform is the next stop (walking or waiting there), if any.
    var changeAtHand: Schedule.TransferTiming? {
        state.nextStop.flatMap { schedule.transfer(enteringAt: $0) }
    }

    /// Where the train on a change's new line runs to.
    func toward(entry: Int) -> String {
        guard schedule.stops.indices.contains(entry) else { return "" }
        let leg = schedule.route.legs[schedule.stops[entry].leg]
        return network.terminal(line: leg.line, direction: leg.direction).map(name) ?? ""
    }

    /// The warnings still ahead: a finding about a boarding the ride has already made (the
    /// train has left that station) no longer applies.
    var findingsAhead: [ServiceFinding] { told.findingsAhead }

    /// The trip's service changes as the screen shows them: a closed station the train has
    /// already run through is no longer news.
    var changesAhead: ServiceChanges? {
        guard var changes = trip.changes else { return nil }
        let state = self.state
        let behind = Set(
            schedule.stops.indices.filter { state.passed[$0] && schedule.stops[$0].passesWithoutStopping }.map {
                schedule.stops[$0].station
            })
        changes.closed.removeAll { behind.contains($0) }
        return changes
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
