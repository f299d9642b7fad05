import MetroTestSupport
import XCTest

@testable import MetroCore

final class ScheduleEngineTests: XCTestCase {
    let network = Network.kyiv
    let clock = Kyiv.clock

    /// Every time the passenger sees, in travel order.
    func timeline(_ schedule: Schedule) -> [Date] {
        schedule.stops.flatMap { [$0.arrival, $0.departure].compactMap { $0 } }
    }

    func testTimesStrictlyIncreaseOnEveryKindOfRoute() throws {
        for (from, to) in [
            ("Lisova", "Akademmistechko"), ("Akademmistechko", "Lisova"), ("Lisova", "Teremky"),
            ("Teremky", "Syrets"), ("Chervonyi khutir", "Heroiv Dnipra"), ("Syrets", "Lisova"),
        ] {
            let schedule = try Kyiv.schedule(from, to, at: "2026-11-30 10:00")
            let times = timeline(schedule)
            XCTAssertEqual(times, times.sorted(), "\(from) → \(to)")
            XCTAssertEqual(Set(times).count, times.count, "\(from) → \(to): no two events at once")
            XCTAssertEqual(schedule.departure, Kyiv.date("2026-11-30 10:00"))
            XCTAssertEqual(schedule.arrival, schedule.stops.last!.arrival)
        }
    }

    func testDwellOnlyAtIntermediateStops() throws {
        let schedule = try Kyiv.schedule("Lisova", "Teremky", at: "2026-11-30 10:00")
        for (index, stop) in schedule.stops.enumerated() {
            switch stop.role {
            case .origin, .transferEntry:
                XCTAssertNil(stop.arrival, "no dwell where the passenger boards")
                XCTAssertNotNil(stop.departure)
            case .destination, .transferExit:
                XCTAssertNotNil(stop.arrival)
                XCTAssertNil(stop.departure, "no dwell where the passenger gets off")
            case .intermediate:
                // Dwell belongs to the arriving segment.
                let segment = network.segment(from: schedule.stops[index - 1].station, to: stop.station)!
                XCTAssertEqual(stop.departure!.timeIntervalSince(stop.arrival!), TimeInterval(segment.dwellSeconds))
                XCTAssertEqual(
                    stop.arrival!.timeIntervalSince(schedule.stops[index - 1].departure!),
                    TimeInterval(segment.runSeconds))
            }
        }
    }

    /// Anchored at the published last train's departure from Lisova, the model's departures at
    /// every later station stay close to the published ones for that same train.
    func testOneLinePredictionAgreesWithThePublishedLastTrain() throws {
        let rows = try RawCSV.rows("kyiv-timetable.csv")
        func published(_ code: String) throws -> Int {
            try TimeOfDay.parseClock(
                rows.first { $0["station"] == code && $0["direction"] == "reverse" }!["last_departure"]!)
        }
        let lisova = Kyiv.station("Lisova").code
        let t0 = clock.date(.init(year: 2026, month: 11, day: 30), seconds: try published(lisova))
        let route = try Kyiv.route("Lisova", "Akademmistechko")
        let schedule = ScheduleEngine(network: network, clock: clock).schedule(route: route, t0: t0)
        var worst = 0.0
        for stop in schedule.stops where stop.role == .intermediate {
            let expected = clock.date(.init(year: 2026, month: 11, day: 30), seconds: try published(stop.station))
            worst = max(worst, abs(stop.departure!.timeIntervalSince(expected)))
        }
        // Measured: 69 s at the far end (segment medians mix first and last trains, and the last
        // westbound train runs faster than the first). The backtest measures this for every train.
        XCTAssertLessThanOrEqual(worst, 90, "a one-line prediction drifts at most 1.5 minutes over 16 stops")
    }

    func testTransferWalkAndBookedWaitAtPeakOffPeakAndWeekend() throws {
        let headways = try RawCSV.rows("kyiv-headways.csv")
        for (moment, dayType) in [
            ("2026-11-30 08:10", "weekday"), ("2026-11-30 13:10", "weekday"), ("2026-11-29 13:10", "weekend"),
        ] {
            let schedule = try Kyiv.schedule("Lisova", "Teremky", at: moment)
            let transfer = try XCTUnwrap(schedule.transfer)
            let exit = schedule.stops.first { $0.role == .transferExit }!
            let entry = schedule.stops.first { $0.role == .transferEntry }!
            XCTAssertEqual(transfer.walkSeconds, 120, "the measured Khreshchatyk–Maidan walk")
            XCTAssertEqual(transfer.platformArrival, exit.arrival!.addingTimeInterval(120))

            // The interval that spaces the awaited train is the one in force when it left Heroiv
            // Dnipra: the running time from there (departure to departure) before reaching the
            // platform. The published pair for M2 forward in that hour, read straight from the
            // CSV and interpolated between the start and the end of the hour.
            let m2 = Kyiv.network.line("M2")!.stations
            var fromTerminal = 0
            for (a, b) in zip(m2, m2.dropFirst()) where a != transfer.entry {
                if m2.firstIndex(of: a)! >= m2.firstIndex(of: transfer.entry)! { break }
                let segment = Kyiv.network.segment(from: a, to: b)!
                fromTerminal += segment.runSeconds + segment.dwellSeconds
            }
            let position = clock.position(of: transfer.platformArrival.addingTimeInterval(-TimeInterval(fromTerminal)))
            let hour = position.seconds / 3600
            let period = TimeOfDay.pad(hour) + ":00-" + TimeOfDay.pad(hour + 1) + ":00"
            let row = try XCTUnwrap(
                headways.first {
                    $0["line"] == "M2" && $0["period"] == period && $0["day_type"] == dayType
                        && $0["direction"] == "forward"
                })
            let start = Double(try TimeOfDay.parseInterval(row["first_interval"]!))
            let end =
                row["second_interval"]!.isEmpty ? start : Double(try TimeOfDay.parseInterval(row["second_interval"]!))
            let fraction = Double(position.seconds - hour * 3600) / 3600
            XCTAssertEqual(Double(transfer.headwaySeconds), start + (end - start) * fraction, accuracy: 0.5, moment)
            XCTAssertEqual(
                transfer.bookedWaitSeconds, Int((Double(transfer.headwaySeconds) / 4).rounded()),
                "a quarter of the headway")
            XCTAssertEqual(
                entry.departure, transfer.platformArrival.addingTimeInterval(TimeInterval(transfer.bookedWaitSeconds)))
            // The honest range: no wait, up to the widest interval the missed train can have left at.
            XCTAssertEqual(
                transfer.latestDeparture.timeIntervalSince(transfer.earliestDeparture),
                TimeInterval(transfer.longestWaitSeconds))
            XCTAssertGreaterThanOrEqual(transfer.longestWaitSeconds, transfer.headwaySeconds)
            XCTAssertLessThanOrEqual(
                transfer.longestWaitSeconds, transfer.headwaySeconds + 60, "intervals change slowly")
            XCTAssertTrue(schedule.stops.filter { $0.leg == 1 }.allSatisfy(\.uncertain))
            XCTAssertFalse(schedule.stops.filter { $0.leg == 0 }.contains(where: \.uncertain))
        }
        // The peak interval is shorter than the off-peak one, and the weekend's longer still.
        let peak = try Kyiv.schedule("Lisova", "Teremky", at: "2026-11-30 08:10").transfer!.headwaySeconds
        let offPeak = try Kyiv.schedule("Lisova", "Teremky", at: "2026-11-30 13:10").transfer!.headwaySeconds
        XCTAssertLessThan(peak, offPeak)
    }

    func testHeadwayPairIsReadAsStartAndEndOfTheHour() throws {
        // M1 forward on weekdays, 06:00-07:00 is published as 9:00-4:00.
        let record = try XCTUnwrap(network.headwayRecord(line: "M1", direction: .forward, dayType: .weekday, hour: 6))
        XCTAssertEqual(record.firstSeconds, 540)
        XCTAssertEqual(record.secondSeconds, 240)
        XCTAssertEqual(network.headway(line: "M1", direction: .forward, dayType: .weekday, secondsOfDay: 6 * 3600), 540)
        XCTAssertEqual(
            network.headway(line: "M1", direction: .forward, dayType: .weekday, secondsOfDay: 6 * 3600 + 1800), 390)
        XCTAssertEqual(
            network.headway(line: "M1", direction: .forward, dayType: .weekday, secondsOfDay: 6 * 3600 + 3599), 240)
        // Before 06:00 the first published value holds; after 23:00 the last one.
        XCTAssertEqual(
            network.headway(line: "M1", direction: .forward, dayType: .weekday, secondsOfDay: 5 * 3600 + 1800), 540)
        let late = try XCTUnwrap(network.headwayRecord(line: "M1", direction: .forward, dayType: .weekday, hour: 22))
        XCTAssertEqual(
            network.headway(line: "M1", direction: .forward, dayType: .weekday, secondsOfDay: 23 * 3600 + 600),
            late.secondSeconds)
    }

    func testAlertMoments() throws {
        let schedule = try Kyiv.schedule("Lisova", "Teremky", at: "2026-11-30 10:00")
        let count = schedule.stops.count
        XCTAssertEqual(network.station(schedule.stops[schedule.alertStop!].station)?.nameEn, "Ipodrom")
        let exit = schedule.stops.firstIndex { $0.role == .transferExit }!
        XCTAssertEqual(network.station(schedule.stops[schedule.transferAlertStop!].station)?.nameEn, "Arsenalna")
        // "Change is next" rests on the fast pattern only (the first leg has no wait): t₀ plus
        // the fast departure-to-departure gaps, less the dwell at Arsenalna, read straight from
        // the segments, leaning early by 8% of the time since t₀ (whole seconds).
        var fast = 0
        for index in 0..<(exit - 1) {
            fast +=
                network.segment(from: schedule.stops[index].station, to: schedule.stops[index + 1].station)!
                .earlyGapSeconds
        }
        let dwell = network.segment(from: schedule.stops[exit - 2].station, to: schedule.stops[exit - 1].station)!
            .dwellSeconds
        let ridden = Double(fast - dwell)
        XCTAssertEqual(
            schedule.transferAlert,
            Kyiv.date("2026-11-30 10:00").addingTimeInterval(ridden - (ridden * 0.08).rounded(.down)))
        // Both alerts lean early of the displayed best estimate, never late of it.
        XCTAssertLessThan(schedule.transferAlert!, schedule.stops[exit - 1].arrival!)
        XCTAssertLessThan(schedule.alert, schedule.stops[count - 2].arrival!)
        XCTAssertLessThan(schedule.transferAlert!, schedule.alert)
        XCTAssertLessThan(schedule.alert, schedule.arrival)

        // When the stop before the destination is where the passenger boarded, the alert is the
        // moment the train leaves it.
        let short = try Kyiv.schedule("Lisova", "Ploshcha Ukrainskykh Heroiv", at: "2026-11-30 10:00")
        XCTAssertLessThanOrEqual(short.alert, short.stops[short.alertStop!].departure!)
        XCTAssertNil(short.stops[short.alertStop!].arrival)
        XCTAssertEqual(short.stops[short.alertStop!].role, .transferEntry)
    }

    func testWalkAfterAlightingIsAddedToTheFinalArrival() throws {
        let schedule = try Kyiv.schedule("Lisova", "Maidan Nezalezhnosti", at: "2026-11-30 10:00")
        XCTAssertEqual(schedule.finalArrival.timeIntervalSince(schedule.arrival), 120)
        let walkOnly = try Kyiv.schedule("Khreshchatyk", "Maidan Nezalezhnosti", at: "2026-11-30 10:00")
        XCTAssertTrue(walkOnly.stops.isEmpty)
        XCTAssertEqual(walkOnly.finalArrival, Kyiv.date("2026-11-30 10:02"))
    }

    // MARK: - Service hours

    func publishedDeparture(_ station: String, _ direction: String, _ column: String, on day: ServiceClock.ServiceDay)
        throws -> Date
    {
        let rows = try RawCSV.rows("kyiv-timetable.csv")
        let code = Kyiv.station(station).code
        let value = try XCTUnwrap(rows.first { $0["station"] == code && $0["direction"] == direction }?[column])
        return clock.date(day, seconds: try TimeOfDay.parseClock(value))
    }

    func testBeforeTheFirstTrain() throws {
        let schedule = try Kyiv.schedule("Lisova", "Arsenalna", at: "2026-11-30 05:00")
        let first = try publishedDeparture(
            "Lisova", "reverse", "first_departure", on: .init(year: 2026, month: 11, day: 30))
        XCTAssertEqual(
            schedule.findings,
            [
                .beforeFirstTrain(
                    station: Kyiv.station("Lisova").code, line: "M1", toward: Kyiv.station("Akademmistechko").code,
                    first: first)
            ])
    }

    func testAfterTheLastTrainAndPastMidnight() throws {
        let day = ServiceClock.ServiceDay(year: 2026, month: 11, day: 30)
        let last = try publishedDeparture("Lisova", "reverse", "last_departure", on: day)
        for moment in ["2026-11-30 22:45", "2026-12-01 00:30"] {
            let schedule = try Kyiv.schedule("Lisova", "Arsenalna", at: moment)
            XCTAssertEqual(
                schedule.findings,
                [
                    .afterLastTrain(
                        station: Kyiv.station("Lisova").code, line: "M1", toward: Kyiv.station("Akademmistechko").code,
                        last: last)
                ], moment)
            XCTAssertTrue(schedule.findings[0].isBlocking)
        }
    }

    func testLastTrainSoon() throws {
        let schedule = try Kyiv.schedule("Lisova", "Arsenalna", at: "2026-11-30 21:45")
        let last = try publishedDeparture(
            "Lisova", "reverse", "last_departure", on: .init(year: 2026, month: 11, day: 30))
        XCTAssertEqual(
            schedule.findings,
            [
                .lastTrainSoon(
                    station: Kyiv.station("Lisova").code, line: "M1", toward: Kyiv.station("Akademmistechko").code,
                    last: last)
            ])
        XCTAssertTrue(try Kyiv.schedule("Lisova", "Arsenalna", at: "2026-11-30 21:15").findings.isEmpty)
    }

    /// "Within the hour" means 60 minutes: the last M1 train leaves Lisova at 22:30:00
    /// (kyiv-timetable.csv), so a ride boarding at 21:30:00 is warned and one at 21:29:59 is not.
    func testLastTrainSoonStartsExactlyAnHourBefore() throws {
        let last = Kyiv.date("2026-11-30 22:30:00")
        let soon = [
            ServiceFinding.lastTrainSoon(
                station: Kyiv.station("Lisova").code, line: "M1", toward: Kyiv.station("Akademmistechko").code,
                last: last)
        ]
        XCTAssertEqual(try Kyiv.schedule("Lisova", "Arsenalna", at: "2026-11-30 21:30:00").findings, soon)
        XCTAssertEqual(
            try Kyiv.schedule("Lisova", "Arsenalna", at: "2026-11-30 21:40:00").findings, soon, "50 minutes before")
        XCTAssertEqual(try Kyiv.schedule("Lisova", "Arsenalna", at: "2026-11-30 21:29:59").findings, [])
    }

    func testOnlyThePostTransferBoardingMissesTheLastTrain() throws {
        // The M1 train from Zhytomyrska still runs, but reaches Khreshchatyk after the last M2
        // train toward Teremky has left Maidan Nezalezhnosti.
        let schedule = try Kyiv.schedule("Zhytomyrska", "Teremky", at: "2026-11-30 22:27")
        let maidanLast = try publishedDeparture(
            "Maidan Nezalezhnosti", "forward", "last_departure", on: .init(year: 2026, month: 11, day: 30))
        XCTAssertGreaterThan(schedule.transfer!.platformArrival, maidanLast)
        XCTAssertEqual(schedule.findings.count, 2)
        XCTAssertFalse(schedule.findings[0].isBlocking, "the origin's own train is still running")
        XCTAssertEqual(
            schedule.findings[1],
            .afterLastTrain(
                station: Kyiv.station("Maidan Nezalezhnosti").code, line: "M2", toward: Kyiv.station("Teremky").code,
                last: maidanLast))
    }

    func testServiceDayRunsPastMidnightAndKnowsWeekends() {
        let saturdayNight = clock.position(of: Kyiv.date("2026-11-29 00:30"))  // Sunday 00:30
        XCTAssertEqual(saturdayNight.serviceDay, .init(year: 2026, month: 11, day: 28))
        XCTAssertEqual(saturdayNight.seconds, 24 * 3600 + 1800)
        XCTAssertEqual(saturdayNight.dayType, .weekend)
        XCTAssertEqual(clock.position(of: Kyiv.date("2026-11-30 08:00")).dayType, .weekday)
        XCTAssertEqual(clock.position(of: Kyiv.date("2026-12-01 00:30")).dayType, .weekday)  // Monday's night
        XCTAssertEqual(
            clock.date(saturdayNight.serviceDay, seconds: saturdayNight.seconds), Kyiv.date("2026-11-29 00:30"))
        // Summer time: the same wall-clock time, an hour's difference in UTC.
        XCTAssertEqual(clock.iso8601(Kyiv.date("2026-07-01 08:00")), "2026-07-01T08:00:00+03:00")
        XCTAssertEqual(clock.iso8601(Kyiv.date("2026-11-30 08:00")), "2026-11-30T08:00:00+02:00")
    }
}

/// The service clock's calendar arithmetic against Foundation's `Calendar`, across years and both
/// daylight-saving changes.
final class ServiceClockTests: XCTestCase {
    func testAgreesWithCalendarAcrossTheYearAndDaylightSavingChanges() {
        let clock = Kyiv.clock
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Kyiv")!
        // Every 97 minutes through 2026 and into 2027 (both DST changes, month and year ends).
        var moment = Kyiv.date("2026-01-01 00:07")
        let end = Kyiv.date("2027-01-03 00:00")
        while moment < end {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: moment)
            XCTAssertEqual(clock.calendarDay(moment), .init(year: parts.year!, month: parts.month!, day: parts.day!))
            let wall = clock.clockParts(moment)
            XCTAssertEqual([wall.hour, wall.minute, wall.second], [parts.hour!, parts.minute!, parts.second!])
            let position = clock.position(of: moment)
            XCTAssertEqual(clock.date(position.serviceDay, seconds: position.seconds), moment, "\(moment)")
            moment = moment.addingTimeInterval(97 * 60)
        }
        // 2026-03-29 03:00 Kyiv: clocks go forward; 2026-10-25 04:00: back.
        XCTAssertEqual(clock.iso8601(Kyiv.date("2026-03-29 02:30")), "2026-03-29T02:30:00+02:00")
        XCTAssertEqual(clock.iso8601(Kyiv.date("2026-03-29 05:00")), "2026-03-29T05:00:00+03:00")
        XCTAssertEqual(clock.iso8601(Kyiv.date("2026-10-25 06:00")), "2026-10-25T06:00:00+02:00")
    }
}
