import Foundation
import MetroTestSupport
import XCTest

@testable import MetroCore

/// The card that lasts (`PocketCard.allDay`): the page picks a row of its tables for a tap and
/// shifts it; every figure of that row must be the engine's for the tap's t₀, as `start` reads
/// the tap (`Tap`). The rows are decoded here from the stored data, as the page decodes them
/// (PocketCard+Script's `decode`), and compared with `ScheduleEngine.schedule` for that t₀.
final class PocketCardAllDayTests: XCTestCase {
    let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)

    /// A column of the tables, value by minute (PocketCard.columns: a constant, or a first value
    /// and a character per step; `_` no value; `z<step>.` a step written out).
    func decode(_ column: Any, count: Int) -> [Int?] {
        if let steps = column as? [Any], steps.count == 2, let text = steps[1] as? String {
            let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxy")
            var values: [Int?] = [steps[0] as? Int]
            var previous = (steps[0] as? Int) ?? 0
            var characters = Array(text)[...]
            while let character = characters.popFirst() {
                if character == "_" {
                    values.append(nil)
                    continue
                }
                var step = (digits.firstIndex(of: character) ?? 0) - 30
                if character == "z" {
                    let number = characters.prefix { $0 != "." }
                    step = Int(String(number))!
                    characters = characters.dropFirst(number.count + 1)
                }
                previous += step
                values.append(previous)
            }
            return values
        }
        return Array(repeating: column as? Int, count: count)
    }

    /// The row the page picks for a tap read as `t0`: the edge's own row for a published first
    /// or last departure, else the minute's (every t₀ here is a whole minute).
    func row(_ section: [String: Any], t0: Date) throws -> (row: [Int?], flag: String) {
        let grid = try XCTUnwrap(section["grid"] as? [String: Any])
        let seconds = Int(t0.timeIntervalSince1970)
        if let edge = (grid["edges"] as? [[Any]] ?? []).first(where: { $0[0] as? Int == seconds }) {
            return ((edge[1] as? [Any] ?? []).map { $0 as? Int }, edge[2] as? String ?? "")
        }
        let start = try XCTUnwrap(section["start"] as? Int)
        let flags = Array(try XCTUnwrap(grid["flags"] as? String))
        XCTAssertEqual((seconds - start) % 60, 0, "a whole minute of the tables")
        let minute = (seconds - start) / 60
        XCTAssertTrue(flags.indices.contains(minute), "the tap at \(t0) is inside the day's tables")
        let columns = try XCTUnwrap(grid["cols"] as? [Any]).map { decode($0, count: flags.count) }
        return (columns.map { $0[minute] }, String(flags[minute]))
    }

    func check(
        _ from: String, _ to: String, day: String, taps: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let route = try Kyiv.route(from, to)
        let card = PocketCard(
            engine: engine, route: route, departure: Kyiv.date(day + " 12:00"), language: .en, product: "test")
        let section = try XCTUnwrap(card.allDay(on: try XCTUnwrap(ServiceClock.ServiceDay(iso: day))))
        let parts = try XCTUnwrap(section["parts"] as? [[[Int?]]])
        let rule = try XCTUnwrap(section["tap"] as? [String: Any])
        let first = try XCTUnwrap(rule["first"] as? Int)
        // "first": the tap 30 s before the published first departure (within the allowance).
        let moments = taps.map {
            $0 == "first" ? Date(timeIntervalSince1970: TimeInterval(first - 30)) : Kyiv.date(day + " " + $0)
        }
        for (text, moment) in zip(taps, moments) {
            // The tap as `start` reads it, and the engine's schedule for that t₀.
            guard let t0 = engine.tap(route: route, at: moment).t0 else {
                // Before the first train's allowance: no ride, and the page's rule says so too.
                XCTAssertLessThan(
                    Int(moment.timeIntervalSince1970), first - (rule["early"] as? Int ?? 0), "\(day) \(text)",
                    file: file, line: line)
                continue
            }
            let schedule = engine.schedule(route: route, t0: t0)
            let (row, flag) = try row(section, t0: t0)
            let label = "\(from) → \(to) \(day) \(text)"
            func after(_ date: Date?) -> Int? { date.map { Int($0.timeIntervalSince(t0).rounded(.down)) } }
            let legs = route.legs.count
            // Every stop's time: the leg's part shifted by the leg's first time.
            var times: [Int?] = []
            for leg in 0..<legs {
                let part = parts[try XCTUnwrap(row[leg], label)]
                let base = try XCTUnwrap(row[legs + leg], label)
                for stop in part { times.append((stop[0] ?? stop[1]).map { $0 + base }) }
            }
            XCTAssertEqual(times, schedule.stops.map { after($0.time) }, "\(label): the stops", file: file, line: line)
            XCTAssertEqual(row[2 * legs], after(schedule.arrivalEarliest), "\(label): earliest", file: file, line: line)
            XCTAssertEqual(row[2 * legs + 1], after(schedule.arrivalLatest), "\(label): latest", file: file, line: line)
            XCTAssertEqual(row[2 * legs + 2], after(schedule.finalArrival), "\(label): arrival", file: file, line: line)
            XCTAssertEqual(row[2 * legs + 3], after(schedule.alert), "\(label): yours", file: file, line: line)
            XCTAssertEqual(
                Array(row[(2 * legs + 4)..<(2 * legs + 4 + schedule.transferAlerts.count)]),
                schedule.transferAlerts.map { after($0.time) }, "\(label): the changes' alerts", file: file, line: line)
            XCTAssertEqual(
                flag != "-", schedule.findings.contains(where: \.preventsTheRide), "\(label): can it be made",
                file: file, line: line)
        }
    }

    /// Taps across the day: early, the rush, midday, late, and two and five minutes after the
    /// last train (read as the last train: Lisova's last M1 leaves at 22:30:00, published), and
    /// within the first train's allowance, on a weekday (Monday) and a weekend day (Saturday),
    /// on a route with a change, both ways.
    func testATapFromTheAllDayTablesIsTheEnginesScheduleForItsT0() throws {
        let taps = ["first", "05:40", "08:15", "13:07", "22:28"]
        for day in ["2026-11-30", "2026-12-05"] {
            try check("Lisova", "Teremky", day: day, taps: taps + ["22:32", "22:35"])
        }
        try check("Teremky", "Lisova", day: "2026-12-05", taps: taps)
        // Read as the last train, independently: 22:32 is 2 min after Lisova's last (22:30:00).
        let route = try Kyiv.route("Lisova", "Teremky")
        XCTAssertEqual(
            engine.tap(route: route, at: Kyiv.date("2026-11-30 22:32")).t0, Kyiv.date("2026-11-30 22:30:00"))
    }
}
