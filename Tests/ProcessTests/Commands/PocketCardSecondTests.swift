import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore

/// The ride card's tables at every second, read by the page's own script: a tap or a correction
/// can come at any second, and what the page then says must be the engine's answer for that
/// moment, to the second: every stop's time, the earliest arrival, the arrival and each alert.
/// The page's picking code (PocketCard's script, from its `decode` to its `fromRow`) runs in
/// node on the card's data; the expectation is `ScheduleEngine.schedule` for that moment (the
/// tap's t₀, or the train anchored at a stop then, as a correction anchors it).
final class PocketCardSecondTests: XCTestCase {
    /// The page's picking functions, as the page carries them.
    func pickingScript() throws -> String {
        let script = PocketCard.scriptFold
        let start = try XCTUnwrap(script.range(of: "const DIGITS"), "the page decodes its digits")
        let end = try XCTUnwrap(script.range(of: "let grid = null;"), "the page keeps its grid")
        return String(script[start.lowerBound..<end.lowerBound])
    }

    /// Whole seconds of each moment's answers as the page reads them: `[[stop times…], e, l, f, y, [c…]]`.
    func page(_ data: [String: Any], cases: [(stop: Int?, moment: Int)]) throws -> [[Any]] {
        guard let node = which("node") else {
            throw XCTSkip("node is not installed (apt-get install nodejs; CI has it with eslint)")
        }
        let harness = """
            let data = \(JSONObject.serialize(data));
            data.stops = data.stops.map(([uk, en, leg]) => ({ uk: uk, en: en, leg: leg }));
            let n = data.stops.length, entries = data.entries;
            \(try pickingScript())
            legStart = data.legs.map((_, leg) => data.stops.findIndex((stop) => stop.leg === leg));
            const grid = table(decode(data.grid.cols), data.grid.seconds);
            const tails = data.tails.map(([from, count, cols, x, marks]) => ({ from: from, count: count, t: table(decode(cols), marks) }));
            const s = (v) => (v === null ? null : Math.floor(v / 1000));
            const out = \(JSONObject.serialize(cases.map { [$0.stop as Any, $0.moment] })).map(([stop, at]) => {
              const ms = at * 1000;
              const r = stop === null
                ? fromRow(pick(grid, 0, data.grid.flags.length, 0, ms), 0, ms)
                : fromRow(pick(tails[stop].t, tails[stop].from, tails[stop].count, stop, ms), stop, ms);
              return [r.a.map((v, i) => s(v !== null ? v : r.d[i])), s(r.e), s(r.l), s(r.f), s(r.y), r.c.map(s)];
            });
            console.log(JSON.stringify(out));
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("card-seconds-\(UUID()).js")
        try Data(harness.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try ProcessRunner.run(executable: node, [file.path])
        XCTAssertEqual(result.code, 0, result.stderr)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[Any]]
        return try XCTUnwrap(parsed, result.stderr)
    }

    /// Every second of `minutes` around each stop's planned time (the corrections), and of the
    /// first `taps` minutes of the card's window from its departure on (the taps).
    func check(
        _ from: String, _ to: String, at: String, closed: String? = nil, minutes: ClosedRange<Int>, taps: Int
    ) throws {
        let departure = Kyiv.date(at)
        // With a closed station: the engine and the route as `card --closed` plans them.
        let choice = RouteChoice(
            engine: ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock),
            changes: ServiceChanges(closed: closed.map { [Kyiv.station($0).code] } ?? []))
        let engine = choice.engine
        let route = try choice.choose(
            from: Kyiv.station(from).code, to: Kyiv.station(to).code, at: departure, rule: .lookup
        ).route
        var card = PocketCard(engine: engine, route: route, departure: departure, language: .en, product: "test")
        card.changes = [["Пересадка", "The change"]]
        let data = card.data()
        // What plan says of each change goes with the tables (the page shows it before the tap).
        XCTAssertEqual(data["changes"] as? [[String]], card.changes)
        let planned = engine.schedule(route: route, t0: departure)
        var cases: [(stop: Int?, moment: Int)] = []
        var expected: [Schedule] = []
        let base = Int(departure.timeIntervalSince1970)
        for second in 0..<(60 * taps) {
            cases.append((nil, base + second))
            expected.append(engine.schedule(route: route, t0: Date(timeIntervalSince1970: TimeInterval(base + second))))
        }
        for (stop, value) in planned.stops.enumerated() {
            let event: Anchor.Event = planned.entryIndices.contains(stop) ? .departure : .arrival
            let minute = Int(value.time.timeIntervalSince1970) / 60 * 60
            for second in (60 * minutes.lowerBound)..<(60 * (minutes.upperBound + 1)) {
                let moment = Date(timeIntervalSince1970: TimeInterval(minute + second))
                cases.append((stop, minute + second))
                // The train anchored at the stop then; the first stop's departure only times the
                // stops before it (the card's ride leaves no later than its departure).
                expected.append(
                    engine.schedule(
                        route: route,
                        anchors: [
                            Anchor(stop: 0, event: .departure, time: min(moment, departure)),
                            Anchor(stop: stop, event: event, time: moment),
                        ]))
            }
        }
        let answers = try page(data, cases: cases)
        XCTAssertEqual(answers.count, cases.count)
        var wrong: [String] = []
        func seconds(_ date: Date?) -> Int? { date.map { Int($0.timeIntervalSince1970.rounded(.down)) } }
        for ((stop, moment), (answer, schedule)) in zip(cases, zip(answers, expected)) {
            let first = stop ?? 0
            let told = (answer[0] as? [Any] ?? []).map { $0 as? Int }
            let times = schedule.stops.enumerated().map { $0.offset >= first ? seconds($0.element.time) : nil }
            let shown = told.enumerated().map { $0.offset >= first ? $0.element : nil }
            var differs: [String] = []
            if shown != times { differs.append("stops \(shown) != \(times)") }
            if answer[1] as? Int != seconds(schedule.arrivalEarliest) { differs.append("earliest") }
            if answer[3] as? Int != seconds(schedule.finalArrival) { differs.append("arrival") }
            if let yours = schedule.alertStop, yours >= first, answer[4] as? Int != seconds(schedule.alert) {
                differs.append(
                    "yours is next \(String(describing: answer[4])) != \(String(describing: seconds(schedule.alert)))")
            }
            let changes = (answer[5] as? [Any] ?? []).map { $0 as? Int }
            for (index, alert) in schedule.transferAlerts.enumerated() where alert.stop >= first {
                let told = changes.indices.contains(index) ? changes[index] : nil
                if told != seconds(alert.time) {
                    differs.append(
                        "change alert \(String(describing: told)) != \(String(describing: seconds(alert.time)))")
                }
            }
            if !differs.isEmpty {
                let what = stop.map { "anchored at stop \($0)" } ?? "tapped"
                wrong.append(
                    "\(from) → \(to) \(what) at \(Kyiv.clock.hhmmss(Date(timeIntervalSince1970: TimeInterval(moment)))): "
                        + differs.joined(separator: "; "))
            }
        }
        XCTAssertEqual(
            wrong.count, 0, "\(wrong.count) of \(cases.count) moments: " + wrong.prefix(30).joined(separator: "\n"))
    }

    /// A change whose wait is booked from an interval that moves through the morning (the
    /// full sweep's case: after a +1 at 08:18:01 the card said "Yours is next" a second after
    /// `start`), on a weekday.
    func testEverySecondAfterACorrectionIsTheEnginesOnAWeekdayChange() throws {
        try check("Darnytsia", "Lukianivska", at: "2026-12-07 08:15", minutes: -3...3, taps: 5)
    }

    /// A Saturday change the other way, and the last trains' edge of the day (a tap on the
    /// last M1, whose known departures hold still in the day).
    func testEverySecondOnASaturdayAndAtTheLastTrains() throws {
        try check("Syrets", "Akademmistechko", at: "2026-12-12 08:15", minutes: -2...2, taps: 3)
        try check("Lisova", "Teremky", at: "2026-12-07 22:22", minutes: -2...2, taps: 10)
    }

    /// Two changes, the long way round a closed station: two booked waits move the arrival and
    /// the alerts, each at its own second.
    func testEverySecondWithTwoChangesRoundAClosure() throws {
        try check("Lisova", "Teremky", at: "2026-12-07 08:15", closed: "Khreshchatyk", minutes: -2...2, taps: 3)
    }
}
