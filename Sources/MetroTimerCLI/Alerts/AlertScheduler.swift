import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// Where the pending alert moments are kept outside the process.
enum AlertBackend: String, Codable, Sendable {
    /// systemd user timers (`systemd-run --user --on-calendar`), where a user manager runs.
    case systemd
    /// A small detached process of our own that sleeps to the next moment.
    case notifier
    /// Nothing outside the process (`METRO_TIMER_ALERT_BACKEND=off`): only an open screen alerts.
    case off
}

/// What was scheduled for the active trip, and how it will be delivered
/// (`scheduled-alerts.json` in the state directory, private like the trip).
struct ScheduledAlerts: Codable, Equatable, Sendable {
    static let currentVersion = 1
    var version = ScheduledAlerts.currentVersion
    var trip: String
    var backend: AlertBackend
    /// The systemd timers, one per pending moment (empty for the notifier).
    var units: [Unit] = []
    var delivery: DeliveryContext

    struct Unit: Codable, Equatable, Sendable {
        var alert: String
        var time: Date
        var unit: String
    }
}

/// Keeps the pending alert moments scheduled outside the process: after `start`, after every
/// correction from any terminal, and cancelled when the trip ends. Any command that finds the
/// trip active re-arms what is missing (a notifier killed, a timer lost). It never computes a
/// moment: those come from the trip's schedule.
struct AlertScheduler: Sendable {
    let store: FileTripStore
    let environment: [String: String]
    /// metro-timer itself: what the timers and the notifier run.
    let executable: String
    let language: Language
    let commandSetting: String?
    let note: @Sendable (String) -> Void
    /// The installed timetable, if any: alerts are delivered on the network the ride was planned on.
    var installedTimetable: InstalledTimetable? = nil
    var network: Network { installedTimetable?.network ?? .kyiv }

    var recordPath: String { store.directory + "/scheduled-alerts.json" }
    var notifierLockPath: String { store.directory + "/notifier.pid" }
    var lockPath: String { store.directory + "/.alerts.lock" }

    /// The backend to use here: `METRO_TIMER_ALERT_BACKEND` when set, else systemd when a user
    /// manager runs (its private socket exists and both tools are on PATH), else the notifier.
    static func backend(environment: [String: String]) -> AlertBackend? {
        switch environment["METRO_TIMER_ALERT_BACKEND"] ?? "" {
        case "", "auto":
            if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
                access(runtime + "/systemd/private", F_OK) == 0,
                DeliveryContext.executable("systemd-run", environment) != nil,
                DeliveryContext.executable("systemctl", environment) != nil
            {
                return .systemd
            }
            return .notifier
        case let value: return AlertBackend(rawValue: value)
        }
    }

    /// The recorded trip's id, read without decoding the whole record.
    func readRecordTrip() -> String? {
        // (Byte by byte: Foundation's Data.range(of:) and String trimming cost more than the
        // whole check is worth on every status.)
        guard let data = try? PrivateFile.read(recordPath) else { return nil }
        let bytes = [UInt8](data)
        let key = Array("\"trip\" : \"".utf8)
        guard bytes.count > key.count else { return nil }
        for start in 0...(bytes.count - key.count)
        where bytes[start] == key[0] && Array(bytes[start..<start + key.count]) == key {
            let value = start + key.count
            guard let end = bytes[value...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            return String(decoding: bytes[value..<end], as: UTF8.self)
        }
        return nil
    }

    func readRecord() -> ScheduledAlerts? {
        guard let data = try? PrivateFile.read(recordPath) else { return nil }
        return try? JSONObject.decode(ScheduledAlerts.self, from: data, dates: .secondsSince1970)
    }

    /// The record for a command that reports it (`alerts pending`): missing is nil, but one
    /// that is there and cannot be read (a link, a directory, another user's, corrupt) is an
    /// error naming it, never "no channels".
    func readRecordChecked() throws(CLIError) -> ScheduledAlerts? {
        let path = recordPath
        let language = language
        func unreadable(_ reason: String) -> CLIError {
            .data(
                language.tr(
                    "запис сповіщень \(path) не читається (\(reason)); його не змінено. Приберіть його: наступний 'metro-timer start' запише новий.",
                    "the alert record \(path) cannot be read (\(reason)); it was left as it is. Move it away: the next 'metro-timer start' writes a new one."
                ))
        }
        let data: Data
        do {
            guard let bytes = try PrivateFile.read(path) else { return nil }
            data = bytes
        } catch {
            throw unreadable(error.reason(language))
        }
        do {
            return try JSONObject.decode(
                ScheduledAlerts.self, from: data, dates: .secondsSince1970, rejectDuplicateKeys: true)
        } catch {
            throw unreadable(FileTripStore.reason(error).text(language))
        }
    }

    func writeRecord(_ record: ScheduledAlerts?) {
        guard let record else {
            unlink(recordPath)
            return
        }
        guard let data = try? FileTripStore.encoder.encode(record) else { return }
        try? FileTripStore.writePrivate(
            String(decoding: data, as: UTF8.self) + "\n", to: recordPath, language: language)
    }

    /// Brings what is scheduled in line with the trip. `starting` records this terminal and
    /// environment as the ride's delivery context; later calls keep the one recorded at start.
    /// Never fails the command: a backend that cannot be used falls back, with a note.
    func sync(_ trip: Trip, model: TripModel, schedule: Schedule, at now: Date, starting: Bool = false) {
        guard let wanted = Self.backend(environment: environment) else {
            note(
                language.tr(
                    "METRO_TIMER_ALERT_BACKEND має бути auto, systemd, notifier або off; сповіщення поза екраном не заплановано.",
                    "METRO_TIMER_ALERT_BACKEND must be auto, systemd, notifier or off; no alerts were scheduled outside the screen."
                ))
            return
        }
        // Where the ride starts, a record that is there and cannot be used (a link, a directory,
        // another user's, corrupt) is named, as `alerts pending` names it: the alerts outside
        // the screen depend on it.
        if starting {
            do { _ = try readRecordChecked() } catch {
                if case .data(let message) = error { note(message) }
            }
        }
        // The common case, on every `status`: nothing to write.
        if !starting, inLine(trip, model: model, schedule: schedule, at: now, wanted: wanted) { return }
        lockingAlerts(to: language.tr("запланувати сповіщення цієї поїздки", "schedule this trip's alerts")) {
            () throws(CLIError) in
            // The record's writers hold this lock: a temp file of one that was killed is removed.
            PrivateDirectory.removeLeftovers(in: store.directory, of: ["scheduled-alerts.json"])
            var record = readRecord()
            if let old = record, old.trip != trip.id || old.backend != wanted {
                cancelUnits(old)
                record = nil
            }
            let delivery =
                (starting ? nil : record?.delivery)
                ?? DeliveryContext(
                    environment: environment, terminal: DeliveryContext.currentTerminal(),
                    command: environment["METRO_TIMER_ALERT_COMMAND"] ?? commandSetting, language: language)
            var next = ScheduledAlerts(trip: trip.id, backend: wanted, units: record?.units ?? [], delivery: delivery)
            let pending = model.pendingAlerts(trip, schedule: schedule)
            switch wanted {
            case .off:
                next.units = []
            case .notifier:
                next.units = []
                if next != record { writeRecord(next) }
                ensureNotifier()
                return
            case .systemd:
                if !scheduleTimers(&next, pending: pending.filter { $0.time > now }, trip: trip) {
                    next.backend = .notifier
                    next.units = []
                    writeRecord(next)
                    ensureNotifier()
                    return
                }
            }
            if next != record { writeRecord(next) }
        }
        if wanted == .systemd, pending(trip, model: model, schedule: schedule).contains(where: { $0.time <= now }) {
            // A moment already come (a correction put the train past it): no timer can fire in
            // the past, so this process delivers it, claimed like any other.
            deliverDue(at: now)
        }
    }

    /// Whether what is scheduled is already in line with the trip (the notifier started again
    /// if it is not running). The notifier watches the trip itself, so it only has to be alive;
    /// timers only change when their moments do.
    func inLine(_ trip: Trip, model: TripModel, schedule: Schedule, at now: Date, wanted: AlertBackend) -> Bool {
        switch wanted {
        case .off:
            return true
        case .notifier:
            if readRecordTrip() == trip.id {
                ensureNotifier()
                return true
            }
        case .systemd:
            let future = model.pendingAlerts(trip, schedule: schedule).filter { $0.time > now }
            if let record = readRecord(), record.trip == trip.id, record.backend == .systemd,
                record.units
                    == future.map({
                        ScheduledAlerts.Unit(
                            alert: $0.alert.rawValue, time: $0.time,
                            unit: Self.unitName(trip: trip.id, alert: $0.alert))
                    }),
                future.count == model.pendingAlerts(trip, schedule: schedule).count
            {
                return true
            }
        }
        return false
    }

    private func pending(_ trip: Trip, model: TripModel, schedule: Schedule) -> [PendingAlert] {
        model.pendingAlerts(trip, schedule: schedule)
    }

    /// Stops the timers whose moment moved or went, starts the missing ones. False when
    /// systemd-run fails: the caller falls back to the notifier.
    private func scheduleTimers(_ record: inout ScheduledAlerts, pending: [PendingAlert], trip: Trip) -> Bool {
        let wanted = pending.map {
            ScheduledAlerts.Unit(
                alert: $0.alert.rawValue, time: $0.time, unit: Self.unitName(trip: trip.id, alert: $0.alert))
        }
        for unit in record.units where !wanted.contains(unit) {
            systemctlStop(unit.unit)
        }
        var kept = record.units.filter { wanted.contains($0) }
        for unit in wanted where !kept.contains(unit) {
            guard runTimer(unit, trip: trip) else {
                for started in kept { systemctlStop(started.unit) }
                note(
                    language.tr(
                        "systemd-run не зміг запланувати сповіщення; їх доставить окремий процес metro-timer.",
                        "systemd-run could not schedule the alerts; a metro-timer process of its own will deliver them."
                    ))
                return false
            }
            kept.append(unit)
        }
        record.units = kept.sorted { $0.time < $1.time }
        return true
    }

    static func unitName(trip: String, alert: Trip.Alert) -> String {
        "metro-timer-\(trip.prefix(8))-\(alert.rawValue)"
    }

    /// `2026-11-30 15:12:07 UTC`: a calendar spec systemd reads exactly, whatever its time zone.
    static func calendar(_ time: Date) -> String {
        // Rounded up to the whole second: a timer never fires before its moment.
        let (day, seconds) = ServiceClock.utc(time.addingTimeInterval(0.999))
        return "\(day) " + TimeOfDay.pad(seconds / 3600) + ":" + TimeOfDay.pad(seconds / 60 % 60) + ":"
            + TimeOfDay.pad(seconds % 60) + " UTC"
    }

    private func runTimer(_ unit: ScheduledAlerts.Unit, trip: Trip) -> Bool {
        guard let path = DeliveryContext.executable("systemd-run", environment) else { return false }
        let arguments = [
            "--user", "--quiet", "--collect", "--unit=\(unit.unit)", "--on-calendar=\(Self.calendar(unit.time))",
            "--timer-property=AccuracySec=1s", "--setenv=METRO_TIMER_HOME=\(store.directory)",
            "--", executable, "__fire", trip.id, unit.alert,
        ]
        return ((try? Spawn.run(path, arguments, environment: environment))?.status ?? 1) == 0
    }

    private func systemctlStop(_ unit: String) {
        guard let path = DeliveryContext.executable("systemctl", environment) else { return }
        _ = try? Spawn.run(path, ["--user", "stop", unit + ".timer"], environment: environment)
    }

    private func cancelUnits(_ record: ScheduledAlerts) {
        for unit in record.units { systemctlStop(unit.unit) }
    }

    /// The trip has ended: its timers are stopped; a notifier sees the ending and exits.
    func cancel() {
        lockingAlerts(to: language.tr("скасувати сповіщення цієї поїздки", "cancel this trip's alerts")) {
            () throws(CLIError) in
            guard let record = readRecord() else { return }
            cancelUnits(record)
            writeRecord(nil)
        }
    }

    /// One change to what is scheduled, under `.alerts.lock`: a wait past a moment says what it
    /// waits for, and one that gives up says the alerts were left as they were. Never fails the
    /// command (the trip itself is already saved).
    private func lockingAlerts(to purpose: String, _ body: () throws(CLIError) -> Void) {
        let path = lockPath
        let language = language
        let note = note
        do {
            try FileTripStore.lock(
                path, language: language,
                waiting: { holder in
                    let by = holder.map { language.tr(" (тримає процес \($0))", " (held by process \($0))") } ?? ""
                    note(
                        language.tr(
                            "чекаю на \(path)\(by), щоб \(purpose); не довше 5 с.",
                            "waiting for \(path)\(by) to \(purpose); at most 5 s."))
                }, body)
        } catch {
            if case .failure(let message) = error {
                note(language.tr("сповіщення не змінено: \(message)", "the alerts were left as they were: \(message)"))
            }
        }
    }

    /// How late a delivery must be to say so: a minute (a notifier's wake-up is a second).
    static let lateAfter = 60

    /// Claims what is due and delivers it from this process.
    func deliverDue(at now: Date) {
        guard let clock = ServiceClock.kyiv() else { return }
        var engine = ScheduleEngine(network: network, clock: clock)
        if let calibration = try? store.loadCalibration(network: network), !calibration.isEmpty {
            engine.calibration = calibration.effective
        }
        let service = TripService(store: store, engine: engine, language: language)
        guard let fired = try? service.claimDueAlerts(at: now), !fired.isEmpty, let trip = try? store.load(),
            let model = try? service.model(trip)
        else { return }
        let delivery = AlertDelivery(
            context: readRecord()?.delivery
                ?? DeliveryContext(
                    environment: environment, terminal: nil,
                    command: environment["METRO_TIMER_ALERT_COMMAND"] ?? commandSetting, language: language))
        let language = Language(rawValue: delivery.context.language) ?? language
        let schedule = model.current(trip)
        // Several due at once (a notifier that started late, a laptop that slept): only the
        // latest still says something, and it says how late it comes. All are claimed, so none
        // is delivered again.
        guard let alert = AlertText.latest(fired, in: schedule) else { return }
        let late = AlertText.lateSeconds(alert, in: schedule, at: now)
        let view = RideView(
            network: network, clock: clock, language: language, style: Style(enabled: false), trip: trip,
            schedule: schedule, now: now,
            rehearsalSpeed: nil, notice: nil)
        let sentence = AlertText.sentence(alert, view: view, lateSeconds: late)
        delivery.deliver(
            alert, sentence: sentence,
            event: RideEvents.alertEvent(
                alert, view: view, clock: clock, message: sentence, lateSeconds: late))
    }

    // MARK: The detached notifier

    /// The notifier's pid, when one is alive: it holds the lock on `notifier.pid` for its life.
    func notifierPID() -> pid_t? {
        let fd = open(notifierLockPath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard flock(fd, LOCK_SH | LOCK_NB) != 0 else {
            flock(fd, LOCK_UN)
            return nil
        }
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = read(fd, &buffer, buffer.count)
        var pid: pid_t = 0
        for byte in buffer.prefix(max(0, count)) {
            guard byte >= 48 && byte <= 57 else { break }
            pid = pid * 10 + pid_t(byte - 48)
        }
        return pid > 0 ? pid : nil
    }

    /// Starts a notifier unless one is alive. The launcher it runs starts the notifier in a
    /// session of its own and exits at once, so no zombie is left with a long-lived caller.
    func ensureNotifier() {
        guard notifierPID() == nil, FileManager.default.isExecutableFile(atPath: executable) else { return }
        var environment = environment
        environment["METRO_TIMER_HOME"] = store.directory
        _ = try? Spawn.run(executable, ["__notifier"], environment: environment)
    }
}
