import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The air-raid feed, rechecked every minute while a ride is on the screen (only when the check
/// is enabled). The check runs off the ride's thread; the loop picks up a verdict that differs
/// from the last one and says at once what it means for this route.
final class FeedWatch: @unchecked Sendable {
    static let interval: TimeInterval = 60

    private let check: @Sendable () -> AlertFeed.Verdict
    private let background: Bool
    private let lock = Mutex()
    private var last: AlertFeed.Verdict?
    private var nextCheck: Date?
    private var running = false
    private var fresh: AlertFeed.Verdict?

    /// `initial` is what the feed said when the ride started; `background` false runs the
    /// check in the loop itself (tests, with a check that answers at once).
    init(initial: AlertFeed.Verdict?, background: Bool = true, check: @escaping @Sendable () -> AlertFeed.Verdict) {
        last = initial
        self.background = background
        self.check = check
    }

    /// A verdict that differs from the last one, once; nil otherwise. Starts a check when due.
    func poll(at now: Date) -> AlertFeed.Verdict? {
        lock.lock()
        if nextCheck == nil { nextCheck = now.addingTimeInterval(Self.interval) }
        var start = false
        if !running, let due = nextCheck, now >= due {
            running = true
            start = true
            nextCheck = now.addingTimeInterval(Self.interval)
        }
        lock.unlock()
        if start {
            if background {
                Threads.detach { [self] in record(check()) }
            } else {
                record(check())
            }
        }
        lock.lock()
        defer { lock.unlock() }
        guard let verdict = fresh else { return nil }
        fresh = nil
        guard verdict != last else { return nil }
        // An unknown after an unknown is no news, whatever the reason.
        if case .unknown = verdict, case .unknown? = last { return nil }
        last = verdict
        return verdict
    }

    private func record(_ verdict: AlertFeed.Verdict) {
        lock.lock()
        fresh = verdict
        running = false
        lock.unlock()
    }

    /// What a change means for the rest of this ride.
    static func sentence(_ verdict: AlertFeed.Verdict, view: RideView) -> String {
        let language = view.language
        switch verdict {
        case .quiet:
            return language.tr(
                "Повітряну тривогу в Києві скасовано: поїзди курсують як звичайно.",
                "The air-raid alert in Kyiv is over: trains run as usual again.")
        case .unknown(let reason):
            return language.tr(
                "Стан тривоги зараз невідомий (\(reason.uk)). Слухайте оголошення в метро.",
                "Alert status unknown now (\(reason.en)). Listen for announcements.")
        case .alert:
            let stops = view.schedule.stops
            let check = ServiceCheck(network: view.network)
            let next = min(view.state.nextStop ?? stops.count - 1, stops.count - 1)
            let ahead = stops.indices.filter { $0 >= next }
            guard let gap = ahead.first(where: { !check.isServedDuringAirRaid(stops[$0].station) }) else {
                return language.tr(
                    "У Києві повітряна тривога: ваш маршрут далі обслуговується і під час тривоги. Слухайте оголошення.",
                    "Air-raid alert in Kyiv now: the rest of your route is served during an alert. Listen for announcements."
                )
            }
            let line = view.schedule.route.legs[stops[gap].leg].line
            if gap > next, stops[gap - 1].leg == stops[gap].leg || stops[gap - 1].role == .transferEntry {
                let last = view.name(stops[gap - 1].station)
                return language.tr(
                    "У Києві повітряна тривога: \(line) тепер курсує лише до станції \(last). Виходьте там.",
                    "Air-raid alert in Kyiv now: \(line) now runs only as far as \(last): leave the train there.")
            }
            if gap > next {
                // The change itself leads into a stretch not served: stay on the first line's
                // last station before it.
                let last = view.name(stops[gap - 1].station)
                return language.tr(
                    "У Києві повітряна тривога: \(line) на вашому маршруті не курсує. Виходьте на станції \(last) і слухайте оголошення.",
                    "Air-raid alert in Kyiv now: \(line) does not run on your route. Leave the train at \(last) and listen for announcements."
                )
            }
            return language.tr(
                "У Києві повітряна тривога: під час тривоги \(line) не зупиняється на станції \(view.name(stops[gap].station)). Слухайте оголошення і вказівки працівників метро.",
                "Air-raid alert in Kyiv now: during an alert \(line) does not stop at \(view.name(stops[gap].station)). Listen for announcements and follow the staff."
            )
        }
    }
}
