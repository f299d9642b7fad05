import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The detached notifier: one per state directory, in a session of its own with no terminal. It
/// sleeps until the next alert moment, wakes early only when the state directory changes
/// (inotify), looks at the trip file only when it changed, delivers each alert it claims, and
/// exits when the trip ends or expires, or the directory goes away.
enum AlertNotifier {
    /// `metro-timer __notifier`: the launcher, which starts the notifier detached and returns
    /// once it holds its lock (at most half a second), so the next command sees it running.
    static func launch(_ context: Context) -> Int32 {
        let executable = context.helperDirectory + "/metro-timer"
        guard (try? Spawn.detached(executable, ["__notifier", "--run"], environment: context.environment)) != nil else {
            return 1
        }
        let scheduler = context.alertScheduler(language: .en)
        for _ in 0..<100 where scheduler.notifierPID() == nil { usleep(5_000) }
        return 0
    }

    /// `metro-timer __notifier --run`.
    static func run(_ context: Context) -> Int32 {
        let store = context.tripStore
        let lockPath = store.directory + "/notifier.pid"
        // The lock is the notifier's life: held until it exits, so one runs per state directory.
        let fd = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return 1 }
        var locked = false
        for _ in 0..<10 {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                locked = true
                break
            }
            usleep(20_000)
        }
        guard locked else { return 0 }  // another notifier has it
        _ = ftruncate(fd, 0)
        let pid = Array("\(getpid())\n".utf8)
        _ = pwrite(fd, pid, pid.count, 0)

        let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        if watch >= 0 {
            _ = inotify_add_watch(
                watch, store.directory, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
            )
        }
        let language = context.language(flag: nil)
        let scheduler = context.alertScheduler(language: language)
        var token = ""
        var trip: Trip?
        while true {
            guard access(store.directory, F_OK) == 0 else { break }
            let now = context.now()
            let current = store.changeToken()
            if current != token {
                token = current
                trip = try? store.load()
            }
            guard let active = trip, active.ended == nil, let service = try? context.tripService(language: language),
                let model = try? service.model(active)
            else { break }
            let schedule = model.current(active)
            if model.isExpired(active, at: now) {
                _ = try? service.end(.expired, at: now)
                scheduler.cancel()
                break
            }
            let pending = model.pendingAlerts(active, schedule: schedule)
            if pending.contains(where: { $0.time <= now }) {
                scheduler.deliverDue(at: now)
                continue
            }
            let next = min(pending.first?.time ?? .distantFuture, model.expiry(schedule).addingTimeInterval(1))
            // At most a minute asleep: a suspended laptop or a changed clock is noticed soon.
            let milliseconds = Int32(max(1, min(60_000, (next.timeIntervalSince(now) * 1000).rounded(.up))))
            wait(watch, milliseconds: milliseconds)
        }
        _ = ftruncate(fd, 0)
        close(fd)
        return 0
    }

    /// Sleeps until the timeout or a change in the state directory, draining the events.
    static func wait(_ watch: Int32, milliseconds: Int32) {
        guard watch >= 0 else {
            // No inotify: look at the directory every second.
            usleep(UInt32(min(milliseconds, 1000)) * 1000)
            return
        }
        var descriptor = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, milliseconds) > 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while read(watch, &buffer, buffer.count) > 0 {}
        }
    }

    /// `metro-timer __fire TRIP ALERT`: what a systemd timer runs at the moment. It delivers
    /// whatever is due for that trip (claimed, so never twice), and nothing if the trip is
    /// another, or over.
    static func fire(_ context: Context, trip id: String) -> Int32 {
        let language = context.language(flag: nil)
        guard let trip = try? context.tripStore.load(), trip.id == id, trip.ended == nil else { return 0 }
        context.alertScheduler(language: language).deliverDue(at: context.now())
        return 0
    }
}

extension Context {
    func alertScheduler(language: Language) -> AlertScheduler {
        let sink = stderr
        return AlertScheduler(
            store: tripStore, environment: environment, executable: helperDirectory + "/metro-timer",
            language: language,
            commandSetting: (try? config.alerts(language: language))?.command,
            note: { sink.line(CommandRunner.notePrefix(language) + $0) },
            installedTimetable: installedTimetable)
    }

    func tripService(language: Language) throws(CLIError) -> TripService {
        TripService(store: tripStore, engine: try engine(), language: language)
    }
}
