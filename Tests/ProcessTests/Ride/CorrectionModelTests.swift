import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Corrections move the model: after `at STATION`, `adjust ±N` or `departed`, the
/// schedule says the train is where the passenger said, and the next correction moves from
/// there. Checked against a small reference model written here, independently of TripModel.
final class CorrectionModelTests: XCTestCase {
    let t0 = Kyiv.date("2026-11-30 10:00")

    func state() throws -> [String: String] {
        ["METRO_TIMER_HOME": try TestRide.saved(TestRide.trip(t0: t0, id: "c"), for: self)]
    }

    /// A rider's sequence: the rider leaves the screen, says "at Hidropark" early, then -1.
    func testAtAStationMovesThePositionAndAMinusOneMovesOnFromThere() throws {
        let environment = try state()
        let moment = t0.addingTimeInterval(120)  // the model has the train near Chernihivska
        let at = CLI.run(["at", "Hidropark"], now: moment, environment: environment)
        XCTAssertEqual(at.code, 0, at.stderr)
        XCTAssertTrue(at.stdout.contains("Next: Dnipro"), at.stdout)
        let status = CLI.run(
            ["status", "--format", "{next}|{stops}"], now: moment.addingTimeInterval(5), environment: environment)
        // Hidropark is stop 4 of 17: standing there, 13 stops are left.
        XCTAssertEqual(status.stdout, "Dnipro|13\n")
        // One stop further than that: at Dnipro, next Arsenalna, 12 left.
        let minus = CLI.run(["adjust", "-1"], now: moment.addingTimeInterval(10), environment: environment)
        XCTAssertTrue(minus.stdout.contains("Next: Arsenalna"), minus.stdout)
        XCTAssertEqual(
            CLI.run(
                ["status", "--format", "{next}|{stops}"], now: moment.addingTimeInterval(12), environment: environment
            ).stdout, "Arsenalna|12\n")
        // And three further still: Arsenalna, Khreshchatyk, then (the change made) Ploshcha
        // Ukrainskykh Heroiv; the entry platform is not a stop.
        let three = CLI.run(["adjust", "-3"], now: moment.addingTimeInterval(20), environment: environment)
        XCTAssertEqual(three.code, 0)
        XCTAssertEqual(
            CLI.run(
                ["status", "--format", "{next}|{stops}"], now: moment.addingTimeInterval(22), environment: environment
            ).stdout, "Olimpiiska|9\n")
    }

    // MARK: - Property test against a reference model

    /// SplitMix64: a seeded generator, so a failure is reproducible.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The reference: where the train is, in half ride stops (standing at ride stop r is 2r,
    /// running toward it 2r − 1), where the ride stops are the route's stations with each
    /// change's entry platform left out (it is the same node as the exit).
    struct Reference {
        var rides: Int
        var exitRides: [Int]  // each node's ride stop, in order (two on the long way round)
        /// Ride stops the train passes without stopping (a closed station): standing there
        /// lasts no time, so a moment later the train runs on.
        var passedThrough: Set<Int> = []
        var position: Int

        /// From the planned times alone: before each ride stop's arrival the train runs toward
        /// it; until it leaves (at the node: until the train on the new line leaves) it stands.
        init(schedule: Schedule, at moment: Date) {
            let stops = schedule.stops
            var arrive: [Date?] = []
            var leave: [Date?] = []
            exitRides = []
            for (index, stop) in stops.enumerated() where stop.role != .transferEntry {
                if stop.role == .transferExit { exitRides.append(arrive.count) }
                if stop.role == .intermediate, stop.arrival != nil, stop.arrival == stop.departure {
                    passedThrough.insert(arrive.count)
                }
                arrive.append(stop.arrival)
                leave.append(stop.role == .transferExit ? stops[index + 1].departure : stop.departure)
            }
            rides = arrive.count
            position = 2 * (rides - 1)
            if moment < leave[0]! {
                position = 0
                return
            }
            for r in 1..<rides {
                if moment < arrive[r]! {
                    position = 2 * r - 1
                    return
                }
                if let leaving = leave[r], moment < leaving {
                    position = 2 * r
                    return
                }
            }
        }

        /// Standing at a ride stop, as a correction puts the train there (at the origin the
        /// train restarts: a second later it runs toward the first stop).
        mutating func stand(at ride: Int) {
            let clamped = min(max(ride, 0), rides - 1)
            position = clamped == 0 || passedThrough.contains(clamped) ? 2 * clamped + 1 : 2 * clamped
        }

        /// k stops behind (k > 0: from the stop the train stands at or runs toward) or ahead (from
        /// the one it stands at or last left), counting only stops the train stands at: a closed
        /// station it runs through is no stop to be at.
        func shifted(_ k: Int) -> Int {
            let step = k > 0 ? -1 : 1
            var ride = k > 0 ? (position + 1) / 2 : position / 2
            var left = k > 0 ? k : -k
            while left > 0, (0..<rides).contains(ride + step) {
                ride += step
                if !passedThrough.contains(ride) { left -= 1 }
            }
            return ride
        }

        /// Applies a correction; false when it must be refused. `stationRide` is the ride stop
        /// of an `at` station; for a change's entry platform, the ride stop of its node.
        mutating func apply(_ kind: Trip.Correction.Kind, stationRide: Int?, isEntry: Bool) -> Bool {
            switch kind {
            case .shift(let k): stand(at: shifted(k))
            case .at:
                if isEntry { position = 2 * (stationRide! + 1) - 1 } else { stand(at: stationRide!) }
            case .departed:
                // The latest change reached: its new train left now.
                guard let exit = exitRides.last(where: { position >= 2 * $0 }) else { return false }
                position = 2 * (exit + 1) - 1
            }
            return true
        }

        /// The ride stops still ahead (after the one it stands at, or from the one it runs
        /// toward), a closed station it runs through not among them.
        var stopsLeft: Int {
            let firstAhead = position % 2 == 0 ? position / 2 + 1 : (position + 1) / 2
            return (firstAhead..<max(firstAhead, rides)).filter { !passedThrough.contains($0) }.count
        }
    }

    func testTenThousandRandomCorrectionSequencesAgreeWithTheReference() throws {
        var generator = Seeded(state: 2026_11_29)
        let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
        let stations = Kyiv.network.stations.map(\.code)
        var sequences = 0
        var corrections = 0
        var refusals = 0
        var lateDepartures = 0
        var acceptedDepartures = 0
        var checked = 0
        let statusContext = Context(
            arguments: [], environment: [:], stdout: StringSink(), stderr: StringSink(), now: { Date() },
            tapped: Date(),
            stdoutIsTerminal: false, clock: Kyiv.clock, columns: 80)
        var longWays = 0
        var drifts = 0
        while sequences < 10_000 {
            let from = stations.randomElement(using: &generator)!
            let to = stations.randomElement(using: &generator)!
            guard from != to, let route = try? Router(network: Kyiv.network).route(from: from, to: to),
                !route.isWalkOnly, route.walkBeforeBoarding == nil, route.walkAfterAlighting == nil
            else { continue }
            // One in three rides between lines goes the long way round: the direct node closed,
            // so the trip has two changes.
            var changes: ServiceChanges?
            if route.legs.count == 2, Int.random(in: 0..<3, using: &generator) == 0,
                let detour = Router(network: Kyiv.network).detour(from: from, to: to),
                detour.walkBeforeBoarding == nil, detour.walkAfterAlighting == nil
            {
                changes = ServiceChanges(closed: [route.legs[0].alight])
            }
            sequences += 1
            let t0 = Kyiv.date("2026-11-30 07:00").addingTimeInterval(
                Double(Int.random(in: 0...46_800, using: &generator)))
            var trip = Trip(id: "p\(sequences)", origin: from, destination: to, t0: t0, changes: changes)
            let model = try TripModel(engine: engine, trip: trip)
            if changes != nil {
                XCTAssertEqual(model.route.legs.count, 3, "\(from)→\(to) goes the long way")
                longWays += 1
            }
            var moment = t0.addingTimeInterval(Double(Int.random(in: 0...2_400, using: &generator)))
            var reference = Reference(schedule: model.current(trip), at: moment)
            let routeStations = model.current(trip).stops.map(\.station)
            var log: [String] = []
            for _ in 0..<Int.random(in: 1...10, using: &generator) {
                let kind: Trip.Correction.Kind
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<4:
                    kind = .shift(Int.random(in: 1...5, using: &generator) * (Bool.random(using: &generator) ? 1 : -1))
                case 4..<8: kind = .at(routeStations.randomElement(using: &generator)!)
                default: kind = .departed
                }
                let correction = Trip.Correction(kind, at: moment)
                // The reference stands still between corrections, a second apart; the train may
                // have finished a dwell (or a run) in that second: one half stop forward, taken
                // from the timetable, and never more.
                let natural = TripModel.rideHalfStopPosition(in: model.current(trip), at: moment)
                if natural == reference.position + 1 {
                    reference.position = natural
                    drifts += 1
                }
                var stationRide: Int?
                var isEntry = false
                var passedThrough = false
                if case .at(let station) = kind {
                    let stops = model.current(trip).stops
                    let index = stops.lastIndex { $0.station == station }!
                    isEntry = stops[index].role == .transferEntry
                    // A closed station the train runs through: it cannot stand there.
                    passedThrough = stops[index].role == .intermediate && (changes?.closed.contains(station) ?? false)
                    // A ride stop counts the stops before it, less the entry platforms; an
                    // entry platform stands for its node (the exit before it).
                    let at = isEntry ? index - 1 : index
                    stationRide = at - stops[..<at].filter { $0.role == .transferEntry }.count
                }
                // "Departed" long after the model has that train gone is refused whatever the
                // position (the window has its own tests: DepartedWindowTests and the CLI's).
                var longAfter = false
                if case .departed = kind, let anchor = model.anchor(for: correction, in: model.current(trip)) {
                    let since = trip.corrections.last?.time ?? trip.t0
                    longAfter =
                        model.departedWindowEnd(entry: anchor.stop, in: model.current(trip), since: since).map {
                            moment > $0
                        } ?? false
                    if longAfter { lateDepartures += 1 }
                }
                let expectRefusal =
                    passedThrough || longAfter || !reference.apply(kind, stationRide: stationRide, isEntry: isEntry)
                let refused = model.refusal(for: correction, trip: trip) != nil
                log.append("\(kind) at +\(Int(moment.timeIntervalSince(t0))) s")
                XCTAssertEqual(refused, expectRefusal, "refusal: \(from)→\(to) \(log)")
                if refused {
                    refusals += 1
                } else {
                    if case .departed = kind { acceptedDepartures += 1 }
                    trip.corrections.append(correction)
                    corrections += 1
                }
                moment = moment.addingTimeInterval(1)
            }
            // After the last correction, a second later: the engine puts the train where the
            // reference does, says as many stops are left, and its times run forward.
            let schedule = model.current(trip)
            let position = TripModel.rideHalfStopPosition(in: schedule, at: moment)
            // The same second's drift as between corrections (one half stop, never more): after
            // a refused last correction nothing anchors the train, and passing a closed station
            // (no dwell) is a half stop in no time.
            if position == reference.position + 1 {
                reference.position = position
                drifts += 1
            }
            XCTAssertEqual(position, reference.position, "\(from)→\(to) \(log)")
            XCTAssertEqual(
                RideState(schedule: schedule, at: moment).stopsLeft, reference.stopsLeft,
                "stops left: \(from)→\(to) \(log)")
            let times = schedule.stops.map(\.time)
            XCTAssertEqual(times, times.sorted(), "times run forward: \(from)→\(to) \(log)")
            if position > 2 * (schedule.alertStop ?? 0) {
                XCTAssertLessThanOrEqual(schedule.alert, moment, "the alert is behind a train past its stop")
            }
            // Every status placeholder and the --events line say the same: the reference's next
            // station (at the node: the platform to walk to), its stops left, one arrival.
            let stops = schedule.stops
            let entries = stops.indices.filter { stops[$0].role == .transferEntry }
            func stopIndex(ride: Int) -> Int {
                var index = ride
                for entry in entries where index >= entry { index += 1 }
                return index
            }
            // A closed station the train runs through is not the next one named: the
            // next ride stop it stands at.
            func standing(_ ride: Int) -> Int {
                var ride = ride
                while reference.passedThrough.contains(ride), ride < reference.rides - 1 { ride += 1 }
                return stopIndex(ride: ride)
            }
            var expectedNext = ""
            if reference.position < 2 * (reference.rides - 1) {
                let index: Int
                if reference.position % 2 == 1 {
                    index = standing((reference.position + 1) / 2)
                } else if let change = reference.exitRides.firstIndex(where: { reference.position == 2 * $0 }) {
                    index = entries[change]
                } else {
                    index = standing(reference.position / 2 + 1)
                }
                expectedNext = Names.station(stops[index].station, Kyiv.network, .en)
            }
            let placeholders = StatusCommand.placeholders.map { "{\($0.0)}" }.joined(separator: "|")
            let fields = StatusCommand.line(
                schedule: schedule, trip: trip, now: moment, format: placeholders, context: statusContext, language: .en
            )
            .split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let values = Dictionary(uniqueKeysWithValues: zip(StatusCommand.placeholders.map(\.0), fields))
            XCTAssertEqual(values["next"], expectedNext, "{next}: \(from)→\(to) \(log)")
            XCTAssertEqual(values["stops"], String(reference.stopsLeft), "{stops}: \(from)→\(to) \(log)")
            XCTAssertEqual(values["arrival_time"], Kyiv.clock.hhmm(schedule.arrival))
            if let alertStop = schedule.alertStop, position > 2 * (alertStop - entries.filter { $0 < alertStop }.count)
            {
                XCTAssertEqual(values["alert"], "", "{alert} is empty past its stop: \(log)")
            }
            let view = RideView(
                network: Kyiv.network, clock: Kyiv.clock, language: .en, style: Style(enabled: false), trip: trip,
                schedule: schedule, now: moment, rehearsalSpeed: nil, notice: nil)
            let event = try XCTUnwrap(
                JSONSerialization.jsonObject(with: RideEvents.alertEvent(.alert, view: view, clock: Kyiv.clock))
                    as? [String: Any])
            XCTAssertEqual(event["arrival"] as? String, Kyiv.clock.iso8601(schedule.arrival), "--events: \(log)")
            XCTAssertEqual(
                (event["arrival"] as? String)?.dropFirst(11).prefix(5), Substring(values["arrival_time"] ?? ""),
                "--events and {arrival_time}")
            XCTAssertTrue(
                (event["arrivalEarliest"] as? String ?? "~") <= (event["arrival"] as? String ?? "")
                    && (event["arrival"] as? String ?? "~") <= (event["arrivalLatest"] as? String ?? ""))
            checked += 1
            if testRun?.failureCount ?? 0 > 20 { break }
        }
        XCTAssertEqual(sequences, 10_000)
        XCTAssertGreaterThan(longWays, 1_000, "rides the long way, with two changes")
        XCTAssertLessThan(drifts, 100, "the timetable moved the train within a second only rarely")
        XCTAssertEqual(checked, 10_000, "status and --events checked after every sequence")
        XCTAssertGreaterThan(corrections, 40_000)
        XCTAssertGreaterThan(refusals, 1_000, "departed before the change is refused, and tested")
        XCTAssertGreaterThan(lateDepartures, 1_000, "departed long after the change is refused, and tested")
        XCTAssertGreaterThan(acceptedDepartures, 2_500, "departed at the change is taken, and tested")
    }
}
