import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Calibration and the journal: measured accuracy, and segments refined by the passenger's rides.
final class CalibrationTests: XCTestCase {
    let network = Network.kyiv
    let t0 = Kyiv.date("2026-11-30 10:00")

    func code(_ name: String) -> String { Kyiv.station(name).code }

    // MARK: - The fallback chain

    func testEachLevelOfTheChainAndRunningAndDwellIndependently() throws {
        var engine = ScheduleEngine(network: network, clock: Kyiv.clock)
        let (a, b) = (code("Teatralna"), code("Khreshchatyk"))
        XCTAssertEqual(engine.running(from: a, to: b).source, .official)
        XCTAssertEqual(engine.running(from: a, to: b).seconds, Double(network.segment(from: a, to: b)!.runSeconds))
        // Nothing departs Lisova forward: that direction is the mirror's figure.
        XCTAssertEqual(engine.running(from: code("Chernihivska"), to: code("Lisova")).source, .mirrored)
        // Two stations that are not neighbours have no segment at all: the network-wide default.
        XCTAssertEqual(engine.running(from: code("Lisova"), to: code("Syrets")).source, .fallback)

        var calibration = Calibration()
        try calibration.recordRunning(from: a, to: b, seconds: 100, network: network)
        engine.calibration = calibration
        XCTAssertEqual(engine.running(from: a, to: b).source, .calibrated)
        XCTAssertEqual(engine.running(from: a, to: b).seconds, 100)
        XCTAssertEqual(engine.running(from: b, to: a).source, .official, "calibrated for this direction only")
        XCTAssertEqual(engine.dwell(at: b, arrivingFrom: a).source, .official, "the dwell falls back on its own")

        try calibration.recordDwell(station: code("Universytet"), direction: .forward, seconds: 40)
        engine.calibration = calibration
        XCTAssertEqual(engine.dwell(at: code("Universytet"), arrivingFrom: code("Vokzalna")).source, .calibrated)
        XCTAssertEqual(engine.running(from: code("Vokzalna"), to: code("Universytet")).source, .official)

        // The schedule uses them: 100 s instead of the official running time.
        let schedule = engine.schedule(route: try Kyiv.route("Vokzalna", "Khreshchatyk"), t0: t0)
        let teatralna = schedule.stops.firstIndex { $0.station == a }!
        XCTAssertEqual(
            schedule.stops[teatralna + 1].arrival!.timeIntervalSince(schedule.stops[teatralna].departure!), 100)
        XCTAssertTrue(schedule.stops[teatralna + 1].calibrated)
        XCTAssertTrue(schedule.stops[1].calibrated, "Universytet's dwell is measured")
    }

    func testBoundsRejectJunk() {
        var calibration = Calibration()
        XCTAssertThrowsError(
            try calibration.recordRunning(
                from: code("Teatralna"), to: code("Khreshchatyk"), seconds: 3, network: network)
        ) { error in
            XCTAssertEqual((error as? Calibration.Rejection)?.range, Calibration.runningBounds(network))
        }
        XCTAssertThrowsError(try calibration.recordDwell(station: code("Teatralna"), direction: .forward, seconds: 600))
        XCTAssertTrue(calibration.isEmpty, "nothing rejected is kept")
        // The bounds come from the published data: half the shortest run to twice the longest.
        let runs = network.document.segments.map { Double($0.runSeconds) }
        XCTAssertEqual(Calibration.runningBounds(network), (runs.min()! / 2)...(runs.max()! * 2))
    }

    func testRunningStatisticsAndWeightedMerges() {
        var a = Calibration.Statistic()
        var b = Calibration.Statistic()
        var all = Calibration.Statistic()
        for value in [100.0, 110, 120] {
            a.add(value)
            all.add(value)
        }
        for value in [90.0, 130] {
            b.add(value)
            all.add(value)
        }
        XCTAssertEqual(a.mean, 110, accuracy: 1e-9)
        XCTAssertEqual(a.spread, (200.0 / 3).squareRoot(), accuracy: 1e-9)
        let merged = a.merged(with: b)
        XCTAssertEqual(merged.mean, all.mean, accuracy: 1e-9)
        XCTAssertEqual(merged.spread, all.spread, accuracy: 1e-9)
        XCTAssertEqual(merged.count, 5)
        // A passive measurement moves the mean a quarter as much as a dedicated one.
        var weighted = Calibration.Statistic()
        weighted.add(100)
        weighted.add(200, weight: 0.25)
        XCTAssertEqual(weighted.mean, 120, accuracy: 1e-9)
    }

    // MARK: - Passive learning

    func testPassiveLearningSharesTheMeasuredTimeInProportion() throws {
        let engine = ScheduleEngine(network: network, clock: Kyiv.clock)
        var trip = Trip(id: "t", origin: code("Lisova"), destination: code("Arsenalna"), t0: t0)
        let model = try TripModel(engine: engine, trip: trip)
        let planned = model.planned(trip)
        // The train reached Darnytsia (stop 2) 10% later than the model; arrival confirmed on time
        // from there.
        let modelled = planned.stops[2].arrival!.timeIntervalSince(t0)
        trip.corrections.append(Trip.Correction(.at(code("Darnytsia")), at: t0.addingTimeInterval(modelled * 1.1)))
        let current = model.current(trip)
        let measurements = model.passiveMeasurements(trip, confirmedArrival: current.arrival)
        let first = measurements.filter {
            if case .running(let from, _) = $0.kind { return [code("Lisova"), code("Chernihivska")].contains(from) }
            return false
        }
        XCTAssertEqual(first.count, 2)
        for measurement in first {
            guard case .running(let from, let to) = measurement.kind else { continue }
            XCTAssertEqual(measurement.seconds, engine.running(from: from, to: to).seconds * 1.1, accuracy: 0.01)
            XCTAssertEqual(measurement.weight, TripModel.passiveWeight)
        }
        XCTAssertTrue(measurements.contains { $0.kind == .dwell(station: code("Chernihivska"), direction: .reverse) })
        // From Darnytsia on, the confirmed arrival matched the model: ratio 1.
        let later = measurements.first { $0.kind == .running(from: code("Hidropark"), to: code("Dnipro")) }
        XCTAssertEqual(
            later?.seconds ?? 0, engine.running(from: code("Hidropark"), to: code("Dnipro")).seconds, accuracy: 0.01)
        // A wildly off anchor (three times the model) teaches nothing.
        var junk = Trip(id: "j", origin: code("Lisova"), destination: code("Arsenalna"), t0: t0)
        junk.corrections.append(Trip.Correction(.at(code("Darnytsia")), at: t0.addingTimeInterval(modelled * 3)))
        XCTAssertTrue(model.passiveMeasurements(junk, confirmedArrival: nil).isEmpty)
    }

    func testAConfirmedRideTeachesTheCalibrationFile() throws {
        let directory = try TestPaths.temporaryDirectory(self) + "/state"
        let store = FileTripStore(directory: directory)
        let service = TripService(
            store: store, engine: ScheduleEngine(network: network, clock: Kyiv.clock), language: .en)
        _ = try service.start(origin: code("Lisova"), destination: code("Arsenalna"), t0: t0, replace: false)
        let trip = try XCTUnwrap(store.load())
        let arrival = try service.model(trip).current(trip).arrival.addingTimeInterval(30)
        try service.end(.arrived, at: arrival)
        let calibration = try store.loadCalibration()
        XCTAssertFalse(calibration.running.isEmpty)
        XCTAssertTrue(calibration.running.values.allSatisfy { $0.weight == TripModel.passiveWeight && $0.count == 1 })
        let attributes = try FileManager.default.attributesOfItem(atPath: store.calibrationPath)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        // plan now marks the learned segments, and --no-calibration shows the official plan.
        let environment = ["METRO_TIMER_HOME": directory]
        XCTAssertTrue(
            CLI.run(["plan", "Lisova", "Arsenalna", "--at", "10:00"], environment: environment).stdout.contains(
                "your measurement"))
        let official = CLI.run(
            ["plan", "Lisova", "Arsenalna", "--at", "10:00", "--no-calibration"], environment: environment
        ).stdout
        XCTAssertFalse(official.contains("your measurement"))
        XCTAssertEqual(
            official, CLI.run(["plan", "Lisova", "Arsenalna", "--at", "10:00"]).stdout,
            "official only is the plan without a calibration")
    }

    // MARK: - calibrate

    func testCalibrateRecordsPressesAndRejectsJunkVisibly() throws {
        let directory = try TestPaths.temporaryDirectory(self) + "/state"
        let time = ManualTime(t0)
        // Lisova → Darnytsia: stop at Chernihivska after 100 s, leave after 30 s, stop at
        // Darnytsia after a press too quick to be real (2 s).
        let keys = ScriptedKeys(
            time: time,
            script: [
                (t0.addingTimeInterval(100), " "), (t0.addingTimeInterval(130), " "), (t0.addingTimeInterval(132), " "),
            ])
        let out = StringSink()
        let context = Context(
            arguments: [], environment: ["METRO_TIMER_HOME": directory], stdout: out, stderr: StringSink(),
            now: { time.now },
            tapped: t0, stdoutIsTerminal: false, clock: Kyiv.clock, columns: 80)
        let options = GlobalOptions(language: .en, color: false)
        var parsed = ParsedArguments()
        parsed.positionals = ["from": "Lisova", "to": "Darnytsia"]
        try CalibrateCommand(parsed, context: context, options: options).measure(context, options: options, keys: keys)
        let text = out.text
        XCTAssertTrue(text.contains("✓ run Lisova → Chernihivska: 1:40\n"), text)
        XCTAssertTrue(text.contains("✓ dwell Chernihivska: 0:30\n"))
        XCTAssertTrue(text.contains("✗ run Chernihivska → Darnytsia: rejected: 0:02 is outside "))
        XCTAssertTrue(text.hasSuffix("Done: 2 recorded, 1 rejected. See 'metro-timer calibration'.\n"))
        let calibration = try FileTripStore(directory: directory).loadCalibration()
        XCTAssertEqual(
            calibration.running[Calibration.runningKey(from: code("Lisova"), to: code("Chernihivska"))]?.mean, 100)
        XCTAssertEqual(
            calibration.dwell[Calibration.dwellKey(station: code("Chernihivska"), direction: .reverse)]?.mean, 30)
        XCTAssertEqual(calibration.running.count, 1)
        let shown = CLI.run(["calibration"], environment: ["METRO_TIMER_HOME": directory]).stdout
        XCTAssertTrue(shown.contains("run  Lisova → Chernihivska  1:40 ±0 s  n=1  official "), shown)
    }

    func testCalibrateSkipsTheTransferWait() throws {
        var run = CalibrationRun(
            route: try Kyiv.route("Arsenalna", "Ploshcha Ukrainskykh Heroiv"),
            engine: ScheduleEngine(network: network, clock: Kyiv.clock), t0: t0)
        // Arsenalna → Khreshchatyk (run), then walk and board at Maidan (nothing), then run.
        XCTAssertEqual(
            run.press(at: t0.addingTimeInterval(130))?.kind, .running(from: code("Arsenalna"), to: code("Khreshchatyk"))
        )
        XCTAssertEqual(run.expecting, .departure(2))
        XCTAssertNil(run.press(at: t0.addingTimeInterval(400)), "the walk and the wait are not a dwell")
        XCTAssertEqual(run.press(at: t0.addingTimeInterval(490))?.seconds, 90)
        XCTAssertEqual(run.expecting, .done)
    }

    func testExportAndImportMergeByWeightAndNeverCountTwice() throws {
        let base = try TestPaths.temporaryDirectory(self)
        var friend = Calibration()
        try friend.recordRunning(from: code("Teatralna"), to: code("Khreshchatyk"), seconds: 100, network: network)
        friend.origin = "friend"
        let file = base + "/friend.json"
        try CalibrationCommand.encode(friend).write(toFile: file, atomically: true, encoding: .utf8)
        let environment = ["METRO_TIMER_HOME": base + "/state"]
        let store = FileTripStore(directory: base + "/state")
        // My own measurement of the same segment, then the friend's, merged by weight.
        try store.updateCalibration { (own: inout Calibration) throws(CLIError) in
            try? own.recordRunning(from: code("Teatralna"), to: code("Khreshchatyk"), seconds: 120, network: network)
        }
        XCTAssertEqual(
            CLI.run(["calibration", "--import", file], environment: environment).stdout,
            "Merged 1 segments and 0 dwells from \(file).\n")
        var effective = try store.loadCalibration().effective
        XCTAssertEqual(effective.running.values.first?.count, 2)
        XCTAssertEqual(effective.running.values.first?.mean, 110)
        // The same source again replaces, never adds (adding would double every count).
        let again = CLI.run(["calibration", "--import", file], environment: environment)
        XCTAssertTrue(again.stdout.hasSuffix("(replacing an earlier import from the same source).\n"), again.stdout)
        effective = try store.loadCalibration().effective
        XCTAssertEqual(effective.running.values.first?.count, 2)
        // My own export holds my measurements only, with my origin; importing it back is refused.
        let exported = base + "/out.json"
        XCTAssertEqual(CLI.run(["calibration", "--export", exported], environment: environment).code, 0)
        let mine = try JSONDecoder().decode(Calibration.self, from: Data(contentsOf: URL(fileURLWithPath: exported)))
        XCTAssertEqual(mine.running.values.first?.count, 1)
        XCTAssertEqual(mine.running.values.first?.mean, 120)
        XCTAssertNil(mine.imports, "imports are not passed on")
        XCTAssertNotNil(mine.origin)
        let own = CLI.run(["calibration", "--import", exported], environment: environment)
        XCTAssertEqual(own.code, 1)
        XCTAssertEqual(
            own.stderr,
            "Error: \(exported) holds your own measurements (exported from here): merging them would count every ride twice. Nothing was merged.\n"
        )
        XCTAssertEqual(try store.loadCalibration().effective.running.values.first?.count, 2)
        // The display and the engine see the merged figures.
        XCTAssertTrue(CLI.run(["calibration"], environment: environment).stdout.contains("n=2"))
        // A file naming a segment the network does not have is refused, and nothing is merged.
        let before = try store.loadCalibration()
        try #"{"version":1,"running":{"mr01_110>mb18_227":{"weight":1,"mean":100,"m2":0,"count":1}},"dwell":{}}"#.write(
            toFile: file, atomically: true, encoding: .utf8)
        let bad = CLI.run(["calibration", "--import", file], environment: environment)
        XCTAssertEqual(bad.code, 65)
        XCTAssertEqual(bad.stderr, "Error: \(file): there is no segment 'mr01_110>mb18_227' in the network.\n")
        XCTAssertEqual(try store.loadCalibration(), before)
        XCTAssertEqual(CLI.run(["calibration", "--reset", "--yes"], environment: environment).code, 0)
        XCTAssertTrue(try store.loadCalibration().isEmpty)
    }
}

/// The journal: statistics, safety, old records.
final class JournalTests: XCTestCase {
    let t0 = Kyiv.date("2026-11-30 10:00")

    /// A journal line as metro-timer writes it, for a trip of 1000 s planned, `error` seconds off.
    func line(
        id: String, error: Int?, alertAt: Int = 900, stopBefore: Int = 940, version: Int = 3,
        outcome: String = "arrived"
    ) -> String {
        let iso = { (seconds: Int) in
            Kyiv.clock.iso8601(self.t0.addingTimeInterval(TimeInterval(seconds))).replacingOccurrences(
                of: "+02:00", with: "Z")
        }
        var fields: [String] = [
            #""corrections":{"ahead":1,"at":0,"behind":0,"departed":0}"#, #""endedAt":"\#(iso(1100))""#,
            #""finalAlert":"\#(iso(alertAt))""#, #""finalArrival":"\#(iso(1000))""#, #""finalSeconds":1000"#,
            #""from":"mr18_127""#, #""id":"\#(id)""#, #""outcome":"\#(outcome)""#,
            #""plannedAlert":"\#(iso(alertAt))""#,
            #""plannedArrival":"\#(iso(1000))""#, #""plannedSeconds":1000"#, #""t0":"\#(iso(0))""#, #""to":"mr12_121""#,
            #""version":\#(version)"#,
        ]
        if let error {
            fields += [#""confirmedArrival":"\#(iso(1000 + error))""#, #""confirmedSeconds":\#(1000 + error)"#]
        }
        if version >= 2 { fields.append(#""calibrated":false"#) }
        if version >= 3 { fields.append(#""finalAlertStop":"\#(iso(stopBefore))""#) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    func journal(_ lines: [String]) throws -> (String, [String: String]) {
        let directory = try TestPaths.temporaryDirectory(self) + "/state"
        // Private, as metro-timer makes them (a loose one is tightened, with a note).
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: directory + "/journal.jsonl", atomically: true, encoding: .utf8)
        chmod(directory + "/journal.jsonl", 0o600)
        return (directory, ["METRO_TIMER_HOME": directory])
    }

    func testStatisticsAndTheMissedAndLateShares() throws {
        // Planned: the train reaches the stop before at 940 s, the destination at 1000 s; "yours is
        // next" at 900 s. Errors +30, −20, +10, −70 (the train reached the stop before at 870 s:
        // the alert at 900 s was late, though before the arrival at 930 s) and −150 (arrived at
        // 850 s, before the alert: the station was missed), and one stopped trip.
        // (Times are written in UTC here; only the differences matter.)
        let (_, environment) = try journal([
            line(id: "a", error: 30), line(id: "b", error: -20), line(id: "c", error: 10), line(id: "d", error: -70),
            line(id: "f", error: -150),
            line(id: "e", error: nil, outcome: "stopped"),
        ])
        let result = CLI.run(["journal"], environment: environment)
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains(
                "Lisova → Arsenalna  arrived  planned 16:40 · actual 14:10 · −2 min 30 s against the countdown's 16:40  (+0 −1)\n"
            ), result.stdout)
        XCTAssertTrue(
            result.stdout.hasSuffix(
                "Trips: 6, confirmed arrivals: 5. Error: median −20 s, 90th percentile 2 min 30 s. Missed station (arrived before \"yours is next\"): 20% of trips; late \"yours is next\" (after the stop before): 40%.\n"
            ), result.stdout)
        let uk = CLI.run(["journal", "--lang", "uk"], environment: environment).stdout
        XCTAssertTrue(uk.contains("Пропущена станція (прибуття раніше за «наступна — ваша»): 20 % поїздок"), uk)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(
                with: Data(CLI.run(["journal", "--json"], environment: environment).stdout.utf8)) as? [String: Any])
        let summary = try XCTUnwrap(json["summary"] as? [String: Any])
        XCTAssertEqual(summary["confirmed"] as? Int, 5)
        XCTAssertEqual(summary["medianErrorSeconds"] as? Double, -20)  // median of −150, −70, −20, +10, +30
        XCTAssertEqual(summary["missedStationShare"] as? Double, 0.2)
        XCTAssertEqual(summary["lateAlertShare"] as? Double, 0.4)
        XCTAssertEqual((json["trips"] as? [Any])?.count, 6)
        XCTAssertEqual(
            CLI.run(["journal", "--last", "2"], environment: environment).stdout.split(separator: "\n").first.map(
                String.init)?.contains("−2 min 30 s"), true)
        // A version-2 record has no time at the stop before: it counts for the missed share only.
        let (_, old) = try journal([line(id: "a", error: -150, version: 2), line(id: "b", error: 10, version: 2)])
        XCTAssertTrue(
            CLI.run(["journal"], environment: old).stdout.hasSuffix(
                "Missed station (arrived before \"yours is next\"): 50% of trips.\n"))
    }

    func testNoConfirmedArrivalsSaysSoPlainly() throws {
        let (_, environment) = try journal([line(id: "a", error: nil, outcome: "expired")])
        XCTAssertTrue(
            CLI.run(["journal"], environment: environment).stdout.hasSuffix(
                "Trips: 1, confirmed arrivals: 0. No accuracy figure yet: it comes from confirmed arrivals ('a' or 'metro-timer arrived').\n"
            ))
        let uk = CLI.run(["journal", "--lang", "uk"], environment: environment).stdout
        XCTAssertTrue(uk.contains("Точності ще немає"))
    }

    func testACorruptLineIsReportedAndSkippedAndOldRecordsStillRead() throws {
        let (directory, environment) = try journal([
            line(id: "a", error: 30, version: 1), "{\"version\": 2, \"id\": tru", line(id: "c", error: -10),
        ])
        let result = CLI.run(["journal"], environment: environment)
        XCTAssertEqual(result.code, 0)
        XCTAssertTrue(
            result.stderr.hasPrefix("warning: \(directory)/journal.jsonl:2: skipped a malformed line ("), result.stderr)
        XCTAssertTrue(result.stdout.contains("Trips: 2, confirmed arrivals: 2."), result.stdout)
        let records = try FileTripStore(directory: directory).readJournal().records
        XCTAssertEqual(records.map(\.version), [1, 3])
        XCTAssertNil(records[0].calibrated, "a version-1 record has no calibration flag, and still reads")
        XCTAssertNil(records[0].finalAlertStop)
        XCTAssertNotNil(records[1].finalAlertStop)
    }

    func testCapExportAndClear() throws {
        let (directory, environment) = try journal([])
        let store = FileTripStore(directory: directory)
        let service = TripService(
            store: store, engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), language: .en)
        let trip = Trip(
            id: "x", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Arsenalna").code, t0: t0)
        let record = JournalRecord(trip: trip, model: try service.model(trip), outcome: .stopped, at: t0)
        for index in 0...FileTripStore.journalCap {
            var copy = record
            copy.id = "x\(index)"  // one record per trip: the same id twice is one trip
            try store.appendJournal(copy)
        }
        XCTAssertEqual(try store.readJournal().records.count, FileTripStore.journalCap)
        let exported = directory + "/../export.jsonl"
        XCTAssertEqual(
            CLI.run(["journal", "--export", exported, "--last", "3"], environment: environment).stdout,
            "Wrote 3 trips to \(exported).\n")
        XCTAssertEqual(try String(contentsOfFile: exported, encoding: .utf8).split(separator: "\n").count, 3)
        let attributes = try FileManager.default.attributesOfItem(atPath: exported)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let asks = CLI.run(["journal", "--clear"], environment: environment)
        XCTAssertEqual(asks.code, 1)
        XCTAssertEqual(asks.stderr, "Error: Erase the journal? Add --yes to confirm.\n")
        XCTAssertEqual(
            try store.readJournal().records.count, FileTripStore.journalCap, "not erased without confirmation")
        XCTAssertEqual(
            CLI.run(["journal", "--clear", "--yes"], environment: environment).stdout, "The journal was erased.\n")
        XCTAssertEqual(try store.readJournal().records.count, 0)
    }
}
