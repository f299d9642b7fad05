import CLIKit
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MetroCore

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

    static func rehearsal(_ now: @escaping @Sendable () -> Date, speed: Double, startingAt rideStart: Date) -> RideClock {
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

    private var lastLine: String?
    private var opened = false
    /// The warnings already said in the line outputs and events (each once).
    private var spokenWarnings: Set<String> = []
    /// Set once the service changes have been said in the line outputs and events.
    private var spokenChanges = false
    /// Set when this screen's `u` has said so itself.
    private var tookBack = false
    private var seenCorrections = 0
    /// Each alert this screen has shown, by the moment it was claimed: an alert another
    /// process claimed (the notifier, a timer) is shown here all the same.
    private var shownAlerts: [String: Date] = [:]
    private var notice: (text: String, until: Date)?
    /// An ending asked for once (`a` or `s`): the same key again within 10 s confirms it. The
    /// 10 s are the rider's own (real time), not the rehearsal's faster clock: at ×20 a
    /// simulated window would last half a second.
    private var armed: (key: Character, until: Date)?

    init(
        service: TripService, context: Context, options: GlobalOptions, output: RideOutput, clock: RideClock,
        keys: KeySource, rehearsal: Bool, width: @escaping () -> Int, height: @escaping () -> Int = { 24 }, delivery: AlertDelivery?, initialNotice: String? = nil
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
            // Corrections made here or from another terminal appear within a second.
            if trip.corrections.count > seenCorrections {
                for correction in trip.corrections[seenCorrections...] { emitCorrection(correction, view: view(trip, schedule, now: now)) }
                seenCorrections = trip.corrections.count
            } else if trip.corrections.count < seenCorrections {
                seenCorrections = trip.corrections.count
                if output == .lines(plain: true), !tookBack { out.line(RideWords.tookBack(language)) }
            }
            tookBack = false
            var claimed: [Trip.Alert] = []
            if Trip.Alert.allCases.contains(where: { model.due($0, schedule: schedule, trip: trip, at: now) }) {
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
                fire(alert, view: view(trip, schedule, now: now), deliver: claimed.contains(alert),
                    lateSeconds: rehearsal ? nil : AlertText.lateSeconds(alert, in: schedule, at: now))
            }
            if let verdict = feed?.poll(at: now) { feedChanged(verdict, view: view(trip, schedule, now: now)) }
            warn(view(trip, schedule, now: now))
            draw(view(trip, schedule, now: now))
            if rehearsal && now >= schedule.finalArrival.addingTimeInterval(2) {
                // Nobody confirms a rehearsal: it ends when the simulated train arrives.
                try service.end(.arrived, at: now)
                continue
            }
            let nextSecond = Date(timeIntervalSince1970: (now.timeIntervalSince1970 + 0.000_001).rounded(.down) + 1)
            let typed = keys.wait(milliseconds: clock.realMilliseconds(until: nextSecond))
            for key in typed {
                if let exit = try handle(key) { return exit }
            }
            // The terminal hung up without a SIGHUP reaching us (a session leader that ignores
            // it): nobody is looking, so the screen leaves as with q, and the trip goes on.
            if keys.terminalLost { return .left }
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

    /// A key press; returns an exit when it ends the screen.
    func handle(_ key: UInt8) throws(CLIError) -> Exit? {
        let now = clock.now()
        let kind: Trip.Correction.Kind
        let character = Character(UnicodeScalar(key)).lowercased().first ?? " "
        // One stray key must not end a long ride: `a` and `s` ask first, and any other key
        // takes the question back.
        if character == "a" || character == "s" {
            if let armed, armed.key == character, clock.real() <= armed.until {
                self.armed = nil
                do {
                    try service.end(character == "a" ? .arrived : .stopped, at: now)
                } catch {
                    // Refused (the trip was replaced a moment ago): the next frame says why.
                    guard case .failure(let message) = error else { throw error }
                    show(message, at: now)
                }
                return nil  // the next frame sees the ending, prints it and returns
            }
            armed = (character, clock.real().addingTimeInterval(10))
            show(character == "a"
                ? language.tr("Натисніть a ще раз, щоб підтвердити прибуття (відлік триває).", "Press a again to confirm the arrival (the countdown goes on).")
                : language.tr("Натисніть s ще раз, щоб зупинити поїздку (відлік триває).", "Press s again to stop the trip (the countdown goes on)."),
                at: now)
            // The question stays on the screen as long as it can be answered: 10 real seconds.
            notice?.until = now.addingTimeInterval(10 * clock.speed)
            return nil
        }
        if armed != nil {
            // The question is taken back: so is what it said on the screen.
            armed = nil
            notice = nil
        }
        switch character {
        case "+", "=": kind = .shift(1)
        case "-", "_": kind = .shift(-1)
        case "d": kind = .departed
        case "u":
            do {
                _ = try service.undo(at: now)
                tookBack = true
                show(language.tr("Останнє виправлення скасовано.", "Took back the last correction."), at: now)
            } catch {
                if case .failure(let message) = error { show(message, at: now); return nil }
                throw error
            }
            return nil
        case "q":
            return .left
        case "?", "h":
            show(LineRenderer.keys(language), at: now)
            return nil
        default:
            return nil
        }
        do {
            try service.correct(kind, at: now)
        } catch {
            if case .failure(let message) = error {
                show(message, at: now)
                return nil
            }
            throw error
        }
        return nil
    }

    func show(_ message: String, at now: Date) {
        notice = (message, now.addingTimeInterval(5))
        switch output {
        case .lines: out.line(message)
        case .screen, .events: break
        }
    }

    func draw(_ view: RideView) {
        switch output {
        case .screen:
            let lines = ScreenRenderer().frame(view, width: width(), height: height())
            // One write per frame: home, each line cleared to its end, then the rest cleared.
            out.write("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J")
        case .lines(let plain):
            let renderer = LineRenderer(plain: plain)
            let line = renderer.line(view)
            // Print only when something changed: the clock prefix aside; for --plain, only news.
            let key = plain ? renderer.newsKey(view) : String(line.drop { $0 != " " })
            if key != lastLine {
                out.line(line)
                lastLine = key
            }
        case .events:
            break
        }
    }

    /// Shows an alert in this output; `deliver` (this process claimed it) also sends it
    /// through the channels beyond the screen.
    func fire(_ alert: Trip.Alert, view: RideView, deliver: Bool = true, lateSeconds: Int? = nil) {
        let sentence = AlertText.sentence(alert, view: view, lateSeconds: lateSeconds)
        let event = RideEvents.alertEvent(alert, view: view, clock: context.clock, message: sentence, lateSeconds: lateSeconds)
        switch output {
        case .screen:
            out.write("\u{7}")
        case .lines(let plain):
            out.line((plain ? "" : context.clock.hhmmss(view.now) + "  ▶ ") + sentence)
        case .events:
            out.line(String(decoding: event, as: UTF8.self))
        }
        if !rehearsal && deliver {
            delivery?.deliver(alert, sentence: sentence, event: event, ringTerminal: output != .screen)
        }
    }

    /// The warnings the screen shows (the ride cannot be completed, the last train soon), said
    /// once each in the line outputs and as a `warning` event (the screen's frame shows them).
    func warn(_ view: RideView) {
        for finding in view.findingsAhead {
            let sentence = FindingText.sentence(finding, network: context.network, clock: context.clock, language: language, at: view.now)
            // Once each (its tense may change as the ride goes on: the finding is the key).
            let key = FindingText.kind(finding) + " " + finding.station
            guard !spokenWarnings.contains(key) else { continue }
            spokenWarnings.insert(key)
            switch output {
            case .screen: break
            case .lines(let plain):
                out.line((plain ? "" : context.clock.hhmmss(view.now) + "  ") + "⚠ " + sentence)
            case .events:
                RideEvents.emit(
                    "warning", at: view.now, fields: ["kind": FindingText.kind(finding), "station": finding.station, "message": sentence],
                    network: context.network, clock: context.clock, to: out)
            }
        }
        // The service changes the screen shows (a closure on the route), said once, at the start.
        if case .screen = output { return }
        guard !spokenChanges, let changes = view.changesAhead,
            let summary = ServiceOptions.summary(changes, network: context.network, language: language)
        else { return }
        spokenChanges = true
        switch output {
        case .screen: return
        case .lines(let plain):
            out.line((plain ? "" : context.clock.hhmmss(view.now) + "  ") + "ℹ " + summary)
        case .events:
            RideEvents.emit(
                "warning", at: view.now,
                fields: ["kind": "service-changes", "closed": FindingText.closedAhead(view.schedule, state: view.state), "message": summary],
                network: context.network, clock: context.clock, to: out)
        }
    }

    /// The feed changed: said at once, in every output, with the bell on the screen.
    func feedChanged(_ verdict: AlertFeed.Verdict, view: RideView) {
        let sentence = FeedWatch.sentence(verdict, view: view)
        switch output {
        case .screen:
            notice = (sentence, view.now.addingTimeInterval(FeedWatch.interval))
            out.write("\u{7}")
        case .lines(let plain):
            out.line((plain ? "" : context.clock.hhmmss(view.now) + "  ⚠ ") + sentence)
        case .events:
            RideEvents.emit("air-raid", at: view.now, fields: ["verdict": verdict.line, "message": sentence], network: context.network, clock: context.clock, to: out)
        }
    }

    func emitCorrection(_ correction: Trip.Correction, view: RideView) {
        let schedule = view.schedule
        if output == .lines(plain: true) { out.line(LineRenderer.correction(correction, view: view)) }
        guard output == .events else { return }
        var fields = RideEvents.arrivalFields(schedule, clock: context.clock)
        switch correction.kind {
        case .shift(let n): fields["kind"] = "shift"; fields["stops"] = n
        case .at(let station): fields["kind"] = "at"; fields["station"] = station
        case .departed: fields["kind"] = "departed"
        }
        RideEvents.emit("correction", at: correction.time, fields: fields, network: context.network, clock: context.clock, to: out)
    }

    func finish(_ trip: Trip, outcome: Trip.Outcome, at time: Date) {
        switch output {
        case .events:
            // A rehearsal ends by itself when the simulated train arrives: nobody confirmed an
            // arrival, so the event does not say "arrived".
            RideEvents.emit("end", at: time, fields: ["outcome": rehearsal ? "rehearsal" : outcome.rawValue], network: context.network, clock: context.clock, to: out)
        case .screen:
            break  // the caller leaves the screen and prints the summary
        case .lines:
            out.line(rehearsal ? language.tr("Репетицію завершено.", "Rehearsal over.") : service.outcomeText(outcome).capitalizedFirst + ".")
        }
    }
}

/// `--events`: one JSON object per line, keys sorted, times ISO 8601 with offset.
enum RideEvents {
    /// The arrival and its range (both running patterns, every wait), on every event that
    /// speaks of the arrival.
    static func arrivalFields(_ schedule: Schedule, clock: ServiceClock) -> [String: Any] {
        [
            "arrival": clock.iso8601(schedule.arrival),
            "arrivalEarliest": clock.iso8601(schedule.arrivalEarliest),
            "arrivalLatest": clock.iso8601(schedule.arrivalLatest),
        ]
    }

    static func emit(_ event: String, at time: Date, fields: [String: Any], network: Network, clock: ServiceClock, to out: OutputSink) {
        out.line(String(decoding: encode(event, at: time, fields: fields, network: network, clock: clock), as: UTF8.self))
    }

    static func encode(_ event: String, at time: Date, fields: [String: Any], network: Network, clock: ServiceClock) -> Data {
        var object = fields
        // Beside every station code, its names in both languages: `station` → `stationNameUk`,
        // `stationNameEn` (and so for `from` and `to`).
        for key in ["station", "from", "to"] {
            guard let code = fields[key] as? String, let station = network.station(code) else { continue }
            object[key + "NameUk"] = station.nameUk
            object[key + "NameEn"] = station.nameEn
        }
        object["event"] = event
        object["time"] = clock.iso8601(time)
        return Data(JSONObject.serialize(object).utf8)
    }

    /// An alert as one JSON object: the `--events` line, and what the user's alert command reads.
    static func alertEvent(_ alert: Trip.Alert, view: RideView, clock: ServiceClock, message: String? = nil, lateSeconds: Int? = nil) -> Data {
        let sentence = message ?? AlertText.sentence(alert, view: view)
        var station = view.schedule.alertStop
        var fields: [String: Any] = ["message": sentence]
        // Delivered late (a notifier that started late): by how much.
        fields["lateSeconds"] = lateSeconds
        // Every change alert is the event `transfer-alert`; `change` says which (1, or 2 on
        // the long way round a closure).
        var event = alert.rawValue
        if let change = alert.change {
            station = view.schedule.change(for: alert)?.alert.stop
            fields["change"] = change
            event = Trip.Alert.transferAlert.rawValue
        }
        // Fired more than a stop early: how many stops ahead the alert's station was then, as
        // the message says it (AlertWording).
        fields["stopsAhead"] = AlertWording.early(alert, in: view.schedule)
        fields.merge(arrivalFields(view.schedule, clock: clock)) { $1 }
        if alert == .arrival, let last = view.schedule.stops.last { fields["station"] = last.station }
        if alert != .arrival, let index = station { fields["station"] = view.schedule.stops[index].station }
        return encode(event, at: view.now, fields: fields, network: view.network, clock: clock)
    }
}
