import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The live loop in-process: a stepped clock, scripted keys, a real trip file.
final class LiveRideTests: XCTestCase {
    let t0 = Kyiv.date("2026-11-30 10:00")

    struct Harness {
        var time: ManualTime
        var store: FileTripStore
        var service: TripService
        var output: StringSink
        var context: Context
    }

    func harness(_ from: String = "Lisova", _ to: String = "Teremky") throws -> Harness {
        let time = ManualTime(t0)
        let directory = try TestPaths.temporaryDirectory(self) + "/state"
        let store = FileTripStore(directory: directory)
        let service = TripService(
            store: store, engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock), language: .en)
        _ = try service.start(
            origin: Kyiv.station(from).code, destination: Kyiv.station(to).code, t0: t0, replace: false)
        let output = StringSink()
        let context = Context(
            arguments: [], environment: ["METRO_TIMER_HOME": directory], stdout: output, stderr: StringSink(),
            now: { time.now }, tapped: t0, stdoutIsTerminal: false, clock: Kyiv.clock, columns: 80)
        return Harness(time: time, store: store, service: service, output: output, context: context)
    }

    func ride(_ h: Harness, keys: [(at: Date, key: Character)] = [], output: RideOutput = .lines(plain: false)) throws
        -> (LiveRide.Exit, ScriptedKeys)
    {
        let scripted = ScriptedKeys(time: h.time, script: keys)
        let ride = LiveRide(
            service: h.service, context: h.context, options: GlobalOptions(language: .en, color: false), output: output,
            clock: .system({ h.time.now }), keys: scripted, rehearsal: false, width: { 80 },
            delivery: nil)
        return (try ride.run(), scripted)
    }

    func count(_ text: String, in output: String) -> Int {
        output.components(separatedBy: text).count - 1
    }

    func testAWholeRideFiresEachAlertOnceAndExpiresUnconfirmed() throws {
        let h = try harness()
        let (exit, keys) = try ride(h)
        XCTAssertEqual(exit, .ended(.expired))
        let text = h.output.text
        let change = "▶ Change at Khreshchatyk in about 2 stops: get ready."
        let yours = "▶ Teremky in about 3 stops: get ready."
        let arriving = "▶ Arriving at Teremky. When you are there, press a twice (or metro-timer arrived)."
        for sentence in [change, yours, arriving] { XCTAssertEqual(count(sentence, in: text), 1, sentence) }
        let order = try [change, yours, arriving].map { try XCTUnwrap(text.range(of: $0), $0).lowerBound }
        XCTAssertEqual(order, order.sorted())
        // The alert lines carry the moment each fired: the schedule's own.
        let schedule = try h.service.model(h.store.load()!).current(h.store.load()!)
        XCTAssertTrue(text.contains(Kyiv.clock.hhmmss(schedule.alert) + "  " + yours))
        XCTAssertTrue(text.hasSuffix("Expired unconfirmed.\n"))
        // One frame per second at most: about one wait per second of the ride.
        let seconds = h.time.now.timeIntervalSince(t0)
        XCTAssertLessThanOrEqual(Double(keys.waits), seconds + 2)
        XCTAssertGreaterThan(h.time.now, schedule.finalArrival.addingTimeInterval(Trip.expiryAfterArrival))
        let journal = try String(contentsOfFile: h.store.journalPath, encoding: .utf8)
        XCTAssertEqual(journal.split(separator: "\n").count, 1)
        XCTAssertTrue(journal.contains("\"outcome\":\"expired\""))
    }

    func testAlertsDoNotRepeatAcrossAReattach() throws {
        let h = try harness()
        let schedule = try h.service.model(h.store.load()!).current(h.store.load()!)
        // Leave the screen just after the transfer alert, come back, confirm after arrival.
        let (first, _) = try ride(h, keys: [(schedule.transferAlert!.addingTimeInterval(3), "q")])
        XCTAssertEqual(first, .left)
        XCTAssertEqual(count("▶ Change at Khreshchatyk in about 2 stops", in: h.output.text), 1)
        XCTAssertNil(try h.store.load()?.ended, "leaving the screen keeps the trip")
        h.output.clear()
        let (second, _) = try ride(
            h, keys: [(schedule.arrival.addingTimeInterval(20), "a"), (schedule.arrival.addingTimeInterval(21), "a")])
        XCTAssertEqual(second, .ended(.arrived))
        XCTAssertEqual(
            count("▶ Change at Khreshchatyk in about 2 stops", in: h.output.text), 0, "not repeated after reattaching")
        XCTAssertEqual(count("▶ Teremky in about 3 stops: get ready.", in: h.output.text), 1)
        XCTAssertTrue(h.output.text.hasSuffix("Arrival confirmed.\n"))
        let trip = try XCTUnwrap(h.store.load())
        XCTAssertEqual(trip.ended?.outcome, .arrived)
    }

    func testKeysCorrectAndRefuseWithAMessage() throws {
        let h = try harness()
        let planned = try h.service.model(h.store.load()!).current(h.store.load()!)
        let keys: [(at: Date, key: Character)] = [
            (t0.addingTimeInterval(15), "+"),  // not moving yet: t₀ restarts
            (t0.addingTimeInterval(300), "d"),  // before the transfer: refused
            (t0.addingTimeInterval(320), "q"),
        ]
        let (exit, _) = try ride(h, keys: keys)
        XCTAssertEqual(exit, .left)
        let trip = try XCTUnwrap(h.store.load())
        XCTAssertEqual(trip.corrections, [Trip.Correction(.shift(1), at: t0.addingTimeInterval(15))])
        let current = try h.service.model(trip).current(trip)
        XCTAssertEqual(current.departure, t0.addingTimeInterval(15))
        XCTAssertEqual(current.arrival.timeIntervalSince(planned.arrival), 15, accuracy: 0.001)
        XCTAssertTrue(
            h.output.text.contains(
                "'Departed' is for the train after the transfer, and you have not reached the transfer yet. Nothing changed.\n"
            ))
    }

    /// After `start --replace` in another terminal, the old screen stayed open and its
    /// `a a` recorded an arrival for the new trip 3 s after it began. The screen belongs to its
    /// trip: it ends at the next frame, saying why, and nothing it does reaches the new trip.
    func testAReplacedTripsScreenEndsSayingWhyAndCannotActOnTheNewTrip() throws {
        let h = try harness()
        let old = try XCTUnwrap(h.store.load())
        let replaced = t0.addingTimeInterval(120)
        let other = TripService(
            store: FileTripStore(directory: h.store.directory), engine: h.service.engine, language: .en)
        let keys = ScriptedKeys(
            time: h.time,
            script: [
                (replaced.addingTimeInterval(2), "a"), (replaced.addingTimeInterval(3), "a"),
                (replaced.addingTimeInterval(4), "q"),
            ],
            actions: [
                (
                    replaced,
                    {
                        _ = try? other.start(
                            origin: Kyiv.station("Teremky").code, destination: Kyiv.station("Lisova").code,
                            t0: replaced, replace: true)
                    }
                )
            ])
        let ride = LiveRide(
            service: h.service, context: h.context, options: GlobalOptions(language: .en, color: false),
            output: .lines(plain: false),
            clock: .system({ h.time.now }), keys: keys, rehearsal: false, width: { 80 }, delivery: nil)
        XCTAssertEqual(try ride.run(), .replaced(from: Kyiv.station("Teremky").code, to: Kyiv.station("Lisova").code))
        XCTAssertLessThanOrEqual(h.time.now, replaced.addingTimeInterval(1), "ended at the next frame")
        XCTAssertTrue(
            h.output.text.hasSuffix(
                "This trip was replaced by a new one (Teremky → Lisova) started in another terminal; this screen has closed. Open the new one with 'metro-timer start'.\n"
            ),
            h.output.text)
        let new = try XCTUnwrap(h.store.load())
        XCTAssertNotEqual(new.id, old.id)
        XCTAssertNil(new.ended)
        XCTAssertEqual(new.corrections, [])
        // A key already on its way when the trip was replaced: the old trip's service refuses it.
        var mine = h.service
        mine.only = old.id
        XCTAssertThrowsError(try mine.correct(.departed, at: replaced.addingTimeInterval(1)))
        XCTAssertThrowsError(try mine.end(.arrived, at: replaced.addingTimeInterval(1)))
        XCTAssertThrowsError(try mine.undo(at: replaced.addingTimeInterval(1)))
        XCTAssertEqual(try mine.claimDueAlerts(at: replaced.addingTimeInterval(3600)), [])
        let after = try XCTUnwrap(h.store.load())
        XCTAssertNil(after.ended)
        XCTAssertEqual(after.corrections, [])
        XCTAssertEqual(after.alertsFired, [:])
    }

    func testACorrectionFromAnotherTerminalShowsWithinASecond() throws {
        let h = try harness()
        let schedule = try h.service.model(h.store.load()!).current(h.store.load()!)
        let stop = schedule.stops[3]
        let moment = stop.arrival!.addingTimeInterval(-40)
        // Another terminal says the train is at stop 3 already, 40 s early.
        let keys = ScriptedKeys(
            time: h.time, script: [(moment.addingTimeInterval(3), "q")],
            actions: [(moment, { _ = try? h.service.correct(.at(stop.station), at: moment) })])
        let ride = LiveRide(
            service: h.service, context: h.context, options: GlobalOptions(language: .en, color: false),
            output: .lines(plain: false),
            clock: .system({ h.time.now }), keys: keys, rehearsal: false, width: { 80 }, delivery: nil)
        XCTAssertEqual(try ride.run(), .left)
        let corrected = try h.service.model(h.store.load()!).current(h.store.load()!)
        // 40 s earlier throughout; the booked wait after the transfer follows the interval at the
        // new moment, which may move it by a second.
        XCTAssertEqual(corrected.arrival.timeIntervalSince(schedule.arrival), -40, accuracy: 1.001)
        // The first frame after the correction, at most a second later, shows it.
        let expected = "at " + Kyiv.network.station(stop.station)!.nameEn
        let line = try XCTUnwrap(h.output.text.split(separator: "\n").first { $0.contains(expected) })
        let shownAt = String(line.prefix(8))
        XCTAssertTrue(
            [Kyiv.clock.hhmmss(moment), Kyiv.clock.hhmmss(moment.addingTimeInterval(1))].contains(shownAt), String(line)
        )
        XCTAssertTrue(line.hasSuffix("arrival " + Kyiv.clock.hhmmss(corrected.arrival)))
    }

    func testPlainModeSpeaksInSentences() throws {
        let h = try harness("Lisova", "Darnytsia")
        let (exit, _) = try ride(
            h, keys: [(t0.addingTimeInterval(400), "a"), (t0.addingTimeInterval(401), "a")], output: .lines(plain: true)
        )
        XCTAssertEqual(exit, .ended(.arrived))
        let text = h.output.text
        XCTAssertTrue(text.contains("Next: Chernihivska. 2 stops left, about 4 minutes.\n"), text)
        XCTAssertTrue(text.contains("Next: Darnytsia. 1 stop left, about 2 minutes.\n"), text)
        // Rung running into Chernihivska: two stops out, not "next".
        XCTAssertTrue(text.contains("Darnytsia in about 2 stops: get ready.\n"), text)
        for drawing in ["●", "○", "▶", "─", "\u{1B}"] { XCTAssertFalse(text.contains(drawing), drawing) }
    }

    /// `--plain` for screen readers: an opening sentence and the keys once, then a line only
    /// when there is news: a station passed, the transfer, an alert, a correction, `?`.
    func testPlainModeSpeaksOnlyWhenThereIsNews() throws {
        let h = try harness("Lisova", "Teremky")
        let schedule = try h.service.model(try XCTUnwrap(h.store.load())).current(try XCTUnwrap(h.store.load()))
        let end = schedule.finalArrival
        let (exit, _) = try ride(
            h,
            keys: [
                (t0.addingTimeInterval(100), "?"), (t0.addingTimeInterval(300), "-"),
                (end.addingTimeInterval(5), "a"), (end.addingTimeInterval(6), "a"),
            ], output: .lines(plain: true))
        XCTAssertEqual(exit, .ended(.arrived))
        let lines = h.output.text.split(separator: "\n").map(String.init)
        XCTAssertTrue(
            lines[0].hasPrefix(
                "Riding from Lisova to Teremky, changing at Khreshchatyk to Maidan Nezalezhnosti; arrival about "),
            lines[0])
        let keys =
            "Keys: + the train is behind, - ahead, d departed after the change, u undo, a twice arrived, s twice stop, ? the keys, q leave."
        XCTAssertEqual(lines[1], keys)
        XCTAssertEqual(lines.filter { $0 == keys }.count, 2, "the keys at the start and on ?")
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("Corrected: the train is a stop ahead.") }, lines.joined(separator: "\n"))
        let change = try XCTUnwrap(
            lines.first { $0.hasPrefix("Change at Khreshchatyk:") }, lines.joined(separator: "\n"))
        XCTAssertTrue(change.contains("toward Teremky") && change.contains("press d when it departs"), change)
        for alert in ["Change at Khreshchatyk in about ", "Teremky in about ", "Arriving at Teremky."] {
            XCTAssertEqual(lines.filter { $0.hasPrefix(alert) }.count, 1, alert)
        }
        // One line per station at most: the minutes going by are not news.
        let nexts = lines.filter { $0.hasPrefix("Next: ") }.map { $0.prefix { $0 != "." } }
        XCTAssertEqual(nexts.count, Set(nexts).count, lines.joined(separator: "\n"))
        XCTAssertLessThanOrEqual(
            lines.count, 17 + 12, "a 40-minute ride is not 40 lines of the clock: \(lines.joined(separator: "\n"))")
    }

    /// One stray `a` or `s` must not end a 40-minute ride: the first press asks, the second
    /// confirms, anything else cancels; `u` takes back the last correction.
    func testEndingNeedsASecondPressAndUUndoes() throws {
        let h = try harness()
        let (exit, _) = try ride(
            h,
            keys: [
                (t0.addingTimeInterval(7), "a"),  // asks
                (t0.addingTimeInterval(9), "+"),  // cancels the pending ending, and corrects
                (t0.addingTimeInterval(11), "u"),  // takes the correction back
                (t0.addingTimeInterval(13), "s"),  // asks
                (t0.addingTimeInterval(30), "s"),  // too late to confirm: asks again
                (t0.addingTimeInterval(31), "q"),
            ], output: .lines(plain: false))
        XCTAssertEqual(exit, .left)
        let text = h.output.text
        XCTAssertTrue(text.contains("Press a again to confirm the arrival (the countdown goes on)."), text)
        XCTAssertEqual(
            text.components(separatedBy: "Press s again to stop the trip (the countdown goes on).").count - 1, 2, text)
        XCTAssertTrue(text.contains("Took back the last correction."), text)
        let trip = try XCTUnwrap(h.store.load())
        XCTAssertNil(trip.ended, "no stray key ended the ride")
        XCTAssertEqual(trip.corrections, [], "the + was taken back")
        // A second press in time ends it.
        let (ended, _) = try ride(
            h, keys: [(t0.addingTimeInterval(40), "s"), (t0.addingTimeInterval(42), "s")], output: .lines(plain: false))
        XCTAssertEqual(ended, .ended(.stopped))
    }

    /// The feed is rechecked every minute during the ride; a change is said at once, in terms of
    /// this route (the check here answers from a script, the real helper is tested against
    /// loopback servers in AlertFeedTests).
    func testTheFeedIsRecheckedEveryMinuteAndAChangeIsSaidForThisRoute() throws {
        let h = try harness("Teremky", "Lisova")
        let verdicts = LockedStrings()
        let script: [AlertFeed.Verdict] = [
            .quiet, .alert, .alert, .unknown(AlertFeed.Reason.unreachable), .unknown(Bilingual("знову", "again")),
            .quiet,
        ]
        let keys = ScriptedKeys(time: h.time, script: [(t0.addingTimeInterval(Double(60 * script.count + 30)), "q")])
        let ride = LiveRide(
            service: h.service, context: h.context, options: GlobalOptions(language: .en, color: false),
            output: .lines(plain: true),
            clock: .system({ h.time.now }), keys: keys, rehearsal: false, width: { 80 }, delivery: nil)
        ride.feed = FeedWatch(initial: .quiet, background: false) {
            let index = verdicts.all.count
            verdicts.append("checked")
            return script[min(index, script.count - 1)]
        }
        XCTAssertEqual(try ride.run(), .left)
        XCTAssertEqual(verdicts.all.count, script.count, "one check a minute")
        let lines = h.output.text.split(separator: "\n").map(String.init)
        let said = lines.filter { $0.contains("alert") || $0.contains("Alert") }
        XCTAssertEqual(
            said,
            [
                "Air-raid alert in Kyiv now: M1 now runs only as far as Arsenalna: leave the train there.",
                "Alert status unknown now (the feed cannot be reached). Listen for announcements.",
                "The air-raid alert in Kyiv is over: trains run as usual again.",
            ], lines.joined(separator: "\n"))
    }
}
