import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The clock the live loop reads: real time, or a rehearsal's time running N times faster.
struct RideClock: Sendable {
    let real: @Sendable () -> Date
    let speed: Double
    let realStart: Date
    let rideStart: Date

    static func system(_ now: @escaping @Sendable () -> Date) -> RideClock {
        let start = now()
        return RideClock(real: now, speed: 1, realStart: start, rideStart: start)
    }

    static func rehearsal(_ now: @escaping @Sendable () -> Date, speed: Double, startingAt rideStart: Date) -> RideClock
    {
        RideClock(real: now, speed: speed, realStart: now(), rideStart: rideStart)
    }

    func now() -> Date {
        rideStart.addingTimeInterval(real().timeIntervalSince(realStart) * speed)
    }

    /// Real milliseconds until this clock shows `target` (at least 1, so the loop always sleeps).
    func realMilliseconds(until target: Date) -> Int {
        max(1, Int((target.timeIntervalSince(now()) / speed * 1000).rounded(.up)))
    }
}

/// How the ride is shown.
enum RideOutput: Equatable {
    /// Full screen, redrawn in place every second (a terminal).
    case screen
    /// One line when something changes (a pipe, `TERM=dumb`); sentences with `plain`.
    case lines(plain: Bool)
    /// One JSON object per event, nothing else (`--events`).
    case events
}

/// The live countdown: `frame = render(state(at: now))` in a loop that only reads the clock, the
/// keys and the trip file, and sleeps to the next second boundary in between.
final class LiveRide {
    enum Exit: Equatable {
        case left
        case ended(Trip.Outcome)
        /// Another terminal started a new trip (these are its ends): this screen is not its.
        case replaced(from: String, to: String)
    }

    /// Acts only on the trip the screen opened with (`only`, set when it opens).
    var service: TripService
    let context: Context
    let options: GlobalOptions
    let output: RideOutput
    let clock: RideClock
    let keys: KeySource
    let rehearsal: Bool
    let width: () -> Int
    let height: () -> Int
    /// The channels beyond this screen (nil: none, as in a rehearsal).
    let delivery: AlertDelivery?
    /// The air-raid feed, rechecked every minute (nil: the check is off, or a rehearsal).
    var feed: FeedWatch?

    var lastLine: String?
    private var opened = false
    /// The warnings already said in the line outputs and events (each once).
    var spokenWarnings: Set<String> = []
    /// Set once the service changes have been said in the line outputs and events.
    var spokenChanges = false
    /// Set when this screen's `u` has said so itself.
    var tookBack = false
    private var seenCorrections = 0
    /// Each alert this screen has shown, by the moment it was claimed: an alert another
    /// process claimed (the notifier, a timer) is shown here all the same.
    private var shownAlerts: [String: Date] = [:]
    var notice: (text: String, until: Date)?
    /// An ending asked for once (`a` or `s`): the same key again within 10 s confirms it. The
    /// 10 s are the rider's own (real time), not the rehearsal's faster clock: at ×20 a
    /// simulated window would last half a second.
    var armed: (key: Character, until: Date)?

    init(
        service: TripService, context: Context, options: GlobalOptions, output: RideOutput, clock: RideClock,
        keys: KeySource, rehearsal: Bool, width: @escaping () -> Int, height: @escaping () -> Int = { 24 },
        delivery: AlertDelivery?, initialNotice: String? = nil
    ) {
        self.service = service
        self.context = context
        self.options = options
        self.output = output
        self.clock = clock
        self.keys = keys
        self.rehearsal = rehearsal
        self.width = width
        self.height = height
        self.delivery = delivery
        if let initialNotice {
            notice = (initialNotice, clock.now().addingTimeInterval(15))
            if case .lines = output { context.stdout.line(initialNotice) }
        }
    }

    var language: Language { options.language }
    var out: OutputSink { context.stdout }

    func view(_ trip: Trip, _ schedule: Schedule, now: Date) -> RideView {
        RideView(
            network: context.network, clock: context.clock, language: language,
            style: Style(enabled: options.color && output == .screen), trip: trip, schedule: schedule, now: now,
            rehearsalSpeed: rehearsal ? clock.speed : nil,
            notice: notice.flatMap { $0.until > now ? $0.text : nil })
    }

    /// Runs until the trip ends or the passenger leaves the screen.
    func run() throws(CLIError) -> Exit {
        if let trip = try service.store.load() {
            service.only = trip.id
            seenCorrections = trip.corrections.count
            // What fired before this screen opened is old news, not announced again.
            shownAlerts = trip.alertsFired
        }
        // The trip is re-read and re-folded only when its file changed (another terminal, an
        // alert claimed): an idle second costs a stat, a frame and a sleep.
        var cache: (token: String, trip: Trip, model: TripModel, schedule: Schedule)?
        while true {
            let now = clock.now()
            let token = service.store.changeToken()
            if cache?.token != token {
                guard let loaded = try service.store.load() else { return .ended(.stopped) }
                if let only = service.only, loaded.id != only { return replaced(by: loaded) }
                let loadedModel = try service.model(loaded)
                cache = (token, loaded, loadedModel, loadedModel.current(loaded))
            }
            var trip = cache!.trip
            let model = cache!.model
            if let ended = trip.ended {
                finish(trip, outcome: ended.outcome, at: ended.time)
                return .ended(ended.outcome)
            }
            if !rehearsal && model.isExpired(trip, at: now) {
                try service.end(.expired, at: now)
                continue
            }
            var schedule = cache!.schedule
            if output == .lines(plain: true) && !opened {
                opened = true
                let first = view(trip, schedule, now: now)
                out.line(LineRenderer(plain: true).opening(first))
                out.line(LineRenderer.keys(language))
            }
            showCorrections(trip, schedule, now: now)
            let nextSecond = Date(timeIntervalSince1970: (now.timeIntervalSince1970 + 0.000_001).rounded(.down) + 1)
            try sayAlerts(&trip, &schedule, model: model, now: now, nextSecond: nextSecond)
            if let verdict = feed?.poll(at: now) { feedChanged(verdict, view: view(trip, schedule, now: now)) }
            warn(view(trip, schedule, now: now))
            draw(view(trip, schedule, now: now))
            if rehearsal && now >= schedule.finalArrival.addingTimeInterval(2) {
                // Nobody confirms a rehearsal: it ends when the simulated train arrives.
                try service.end(.arrived, at: now)
                continue
            }
            let typed = keys.wait(milliseconds: clock.realMilliseconds(until: nextSecond))
            for key in typed {
                if let exit = try handle(key) { return exit }
            }
            // The terminal hung up without a SIGHUP reaching us (a session leader that ignores
            // it): nobody is looking, so the screen leaves as with q, and the trip goes on.
            if keys.terminalLost { return .left }
        }
    }

    /// Corrections made here or from another terminal appear within a second.
    func showCorrections(_ trip: Trip, _ schedule: Schedule, now: Date) {
        if trip.corrections.count > seenCorrections {
            for correction in trip.corrections[seenCorrections...] {
                emitCorrection(correction, view: view(trip, schedule, now: now))
            }
            seenCorrections = trip.corrections.count
        } else if trip.corrections.count < seenCorrections {
            seenCorrections = trip.corrections.count
            if output == .lines(plain: true), !tookBack { out.line(RideWords.tookBack(language)) }
        }
        tookBack = false
    }

    /// Claims the alerts due in this frame and says those claimed since the screen opened.
    func sayAlerts(_ trip: inout Trip, _ schedule: inout Schedule, model: TripModel, now: Date, nextSecond: Date)
        throws(CLIError)
    {
        var claimed: [Trip.Alert] = []
        let due = Trip.Alert.allCases.filter { model.due($0, schedule: schedule, trip: trip, at: now) }
        // The frame is the screen's unit of time: an alert falling due before the next one
        // is due in this one too. A screen opened a moment before the arrival, long after
        // "yours is next", claims neither yet: the next frame has both, and says the arrival.
        let dueInFrame = Trip.Alert.allCases.filter {
            model.due($0, schedule: schedule, trip: trip, at: nextSecond)
        }
        if !due.isEmpty && (rehearsal || dueInFrame.count == due.count) {
            claimed = try service.claimDueAlerts(at: now)
            if let reloaded = try service.store.load() { trip = reloaded }
            schedule = model.current(trip)
        }
        // The claim decides who notifies; this screen shows the alerts claimed since it
        // opened, by itself or by another process, once per claim. Several at once (the
        // screen reopened after they fell due): only the latest, saying how late it comes.
        let news = Trip.Alert.allCases.filter { alert in
            guard let claim = trip.alertsFired[alert.rawValue] else { return false }
            return shownAlerts[alert.rawValue] != claim && claim <= now.addingTimeInterval(1)
        }
        // A rehearsal steps its clock by up to a minute a frame: there, alerts that fall in
        // one frame are each said, and none is late.
        for alert in news { shownAlerts[alert.rawValue] = trip.alertsFired[alert.rawValue] }
        let said = rehearsal ? news : AlertText.latest(news, in: schedule).map { [$0] } ?? []
        for alert in said {
            fire(
                alert, view: view(trip, schedule, now: now), deliver: claimed.contains(alert),
                lateSeconds: rehearsal ? nil : AlertText.lateSeconds(alert, in: schedule, at: now))
        }
    }

    /// The screen's trip was replaced by `new` from another terminal: the screen says so and
    /// ends (the rider reattaches to the new one with `start`).
    func replaced(by new: Trip) -> Exit {
        let text = service.replacedText(from: new.origin, to: new.destination)
        switch output {
        case .screen: break  // said once the screen is restored
        case .lines: out.line(text)
        case .events: context.stderr.line(text)
        }
        return .replaced(from: new.origin, to: new.destination)
    }
}
