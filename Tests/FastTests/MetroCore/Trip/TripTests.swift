import MetroTestSupport
import XCTest

@testable import MetroCore

/// The fold of corrections into the schedule, each kind at both ends of the route.
final class TripTests: XCTestCase {
    let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)
    let t0 = Kyiv.date("2026-11-30 10:00")

    func trip(_ from: String = "Lisova", _ to: String = "Teremky") -> Trip {
        Trip(id: "test", origin: Kyiv.station(from).code, destination: Kyiv.station(to).code, t0: t0)
    }

    func model(_ trip: Trip) throws -> TripModel { try TripModel(engine: engine, trip: trip) }

    /// Applies corrections and returns the planned and the corrected schedules.
    func corrected(_ corrections: [(Trip.Correction.Kind, Date)], trip base: Trip? = nil) throws -> (
        Schedule, Schedule, Trip
    ) {
        var trip = base ?? self.trip()
        let model = try self.model(trip)
        for (kind, time) in corrections {
            let correction = Trip.Correction(kind, at: time)
            XCTAssertNil(model.refusal(for: correction, trip: trip), "\(kind)")
            trip.corrections.append(correction)
        }
        return (model.planned(trip), model.current(trip), trip)
    }

    /// A moment midway between two events.
    func midway(_ a: Date, _ b: Date) -> Date { a.addingTimeInterval(b.timeIntervalSince(a) / 2) }

    func testPlusOneAtTheOriginRestartsT0() throws {
        let now = t0.addingTimeInterval(30)
        let (planned, current, _) = try corrected([(.shift(1), now)])
        XCTAssertEqual(current.departure, now)
        XCTAssertEqual(current.arrival.timeIntervalSince(planned.arrival), 30, accuracy: 0.001)
    }

    func testMinusOneWhileRunningPutsTheTrainAtTheNextStop() throws {
        let planned = engine.schedule(route: try model(trip()).route, t0: t0)
        let now = midway(planned.stops[2].departure!, planned.stops[3].arrival!)
        let (_, current, _) = try corrected([(.shift(-1), now)])
        XCTAssertEqual(current.stops[3].arrival, now)
        XCTAssertEqual(current.stops[2], planned.stops[2], "history before the anchor stays")
        let shift = now.timeIntervalSince(planned.stops[3].arrival!)
        XCTAssertEqual(current.stops[5].arrival!.timeIntervalSince(planned.stops[5].arrival!), shift, accuracy: 0.001)
    }

    func testPlusOneWhileRunningKeepsTheTrainAtTheStopItLeft() throws {
        let planned = engine.schedule(route: try model(trip()).route, t0: t0)
        let now = midway(planned.stops[2].departure!, planned.stops[3].arrival!)
        let (_, current, _) = try corrected([(.shift(1), now)])
        XCTAssertEqual(current.stops[2].arrival, now)
        XCTAssertEqual(
            current.stops[2].departure,
            now.addingTimeInterval(
                TimeInterval(planned.stops[2].departure!.timeIntervalSince(planned.stops[2].arrival!))))
        XCTAssertGreaterThan(current.arrival, planned.arrival)
    }

    func testWhileTheModelStandsAtAStationPlusAndMinusMoveAWholeStop() throws {
        let planned = engine.schedule(route: try model(trip()).route, t0: t0)
        let dwelling = midway(planned.stops[3].arrival!, planned.stops[3].departure!)
        XCTAssertEqual(TripModel.halfStopPosition(in: planned, at: dwelling), 6)
        let (_, behind, _) = try corrected([(.shift(1), dwelling)])
        XCTAssertEqual(behind.stops[2].arrival, dwelling)
        let (_, ahead, _) = try corrected([(.shift(-1), dwelling)])
        XCTAssertEqual(ahead.stops[4].arrival, dwelling)
        let (_, twoBehind, _) = try corrected([(.shift(2), dwelling)])
        XCTAssertEqual(twoBehind.stops[1].arrival, dwelling)
    }

    func testAtTheDestinationEnd() throws {
        let planned = engine.schedule(route: try model(trip()).route, t0: t0)
        let last = planned.stops.count - 1
        // Running toward the destination, −1: already there.
        let approaching = midway(planned.stops[last - 1].departure!, planned.stops[last].arrival!)
        let (_, early, _) = try corrected([(.shift(-1), approaching)])
        XCTAssertEqual(early.arrival, approaching)
        // The model says arrived, but the train stands at the stop before: +1.
        let late = planned.arrival.addingTimeInterval(60)
        let (_, behind, _) = try corrected([(.shift(1), late)])
        XCTAssertEqual(behind.stops[last - 1].arrival, late)
        XCTAssertGreaterThan(behind.arrival, late)
        // Far out of range clamps to the route's ends.
        let (_, clamped, _) = try corrected([(.shift(5), t0.addingTimeInterval(20))])
        XCTAssertEqual(clamped.departure, t0.addingTimeInterval(20))
    }

    func testAtStationAnchorsAnyStopIncludingTheTransferEntry() throws {
        let planned = engine.schedule(route: try model(trip()).route, t0: t0)
        let arsenalna = planned.stops.firstIndex { $0.station == Kyiv.station("Arsenalna").code }!
        let now = planned.stops[arsenalna].arrival!.addingTimeInterval(45)
        let (_, current, _) = try corrected([(.at(Kyiv.station("Arsenalna").code), now)])
        XCTAssertEqual(current.stops[arsenalna].arrival, now)
        let entry = planned.entryIndex!
        let later = planned.stops[entry].departure!.addingTimeInterval(100)
        let (_, boarded, _) = try corrected([(.at(Kyiv.station("Maidan Nezalezhnosti").code), later)])
        XCTAssertEqual(boarded.stops[entry].departure, later, "at the boarding stop: the train leaves now")
        XCTAssertEqual(boarded.transfer?.confirmed, true)
        XCTAssertFalse(boarded.stops.contains(where: \.uncertain))
    }

    func testDepartedAfterTheTransferResolvesTheWait() throws {
        let base = trip()
        let model = try self.model(base)
        let planned = model.planned(base)
        let exit = planned.stops.firstIndex { $0.role == .transferExit }!
        // Before reaching the transfer: refused, and nothing changes.
        let early = Trip.Correction(.departed, at: planned.stops[exit].arrival!.addingTimeInterval(-30))
        XCTAssertEqual(model.refusal(for: early, trip: base), .departedBeforeTransfer)
        // After: the departure from Maidan is now, with no range left.
        let now = planned.transfer!.latestDeparture
        let (_, current, _) = try corrected([(.departed, now)])
        XCTAssertEqual(current.stops[planned.entryIndex!].departure, now)
        XCTAssertEqual(current.transfer?.confirmed, true)
        XCTAssertEqual(
            current.arrival.timeIntervalSince(planned.arrival),
            TimeInterval(planned.transfer!.longestWaitSeconds - planned.transfer!.bookedWaitSeconds), accuracy: 0.001)
        // A one-line route has no transfer to depart from.
        let oneLine = self.trip("Lisova", "Arsenalna")
        XCTAssertEqual(
            try self.model(oneLine).refusal(
                for: Trip.Correction(.departed, at: t0.addingTimeInterval(60)), trip: oneLine), .noTransfer)
    }

    func testRefusals() throws {
        var base = trip()
        let model = try self.model(base)
        XCTAssertEqual(
            model.refusal(for: Trip.Correction(.at(Kyiv.station("Syrets").code), at: t0), trip: base),
            .stationNotOnRoute(Kyiv.station("Syrets").code, nearest: Kyiv.station("Maidan Nezalezhnosti").code))
        base.ended = Trip.Ending(outcome: .arrived, time: t0.addingTimeInterval(2000))
        XCTAssertEqual(
            model.refusal(for: Trip.Correction(.shift(1), at: t0.addingTimeInterval(2100)), trip: base),
            .tripEnded(.arrived))
    }

    func testCorrectionsFoldInOrder() throws {
        let planned = engine.schedule(route: try model(trip()).route, t0: t0)
        let first = planned.stops[4].arrival!.addingTimeInterval(20)
        let second = planned.stops[9].departure!.addingTimeInterval(200)
        let (_, both, trip) = try corrected([(.at(planned.stops[4].station), first), (.departed, second)])
        XCTAssertEqual(both.stops[4].arrival, first)
        XCTAssertEqual(both.stops[planned.entryIndex!].departure, second)
        // The stored trip is only t₀ and the corrections, and survives encoding unchanged.
        let encoder = JSONEncoder()
        let decoded = try JSONDecoder().decode(Trip.self, from: encoder.encode(trip))
        XCTAssertEqual(decoded, trip)
        XCTAssertEqual(try model(decoded).current(decoded), both)
    }

    // MARK: - Fire-once alerts

    func testAlertsFireOnceAndReArmOnlyWhenMovedLater() throws {
        var trip = self.trip()
        let model = try self.model(trip)
        var schedule = model.current(trip)
        let alertTime = schedule.alert
        XCTAssertFalse(model.due(.alert, schedule: schedule, trip: trip, at: alertTime.addingTimeInterval(-1)))
        XCTAssertTrue(model.due(.alert, schedule: schedule, trip: trip, at: alertTime))
        trip.alertsFired[Trip.Alert.alert.rawValue] = alertTime
        XCTAssertFalse(
            model.due(.alert, schedule: schedule, trip: trip, at: alertTime.addingTimeInterval(5)), "fired once")

        // The train turns out to be a stop behind: the alert moves later and re-arms.
        let later = alertTime.addingTimeInterval(10)
        trip.corrections.append(Trip.Correction(.shift(1), at: later))
        schedule = model.current(trip)
        XCTAssertGreaterThan(schedule.alert, later)
        XCTAssertFalse(model.due(.alert, schedule: schedule, trip: trip, at: later))
        XCTAssertTrue(model.due(.alert, schedule: schedule, trip: trip, at: schedule.alert))
        trip.alertsFired[Trip.Alert.alert.rawValue] = schedule.alert

        // The train is ahead again: the alert moves earlier, and is not repeated.
        let ahead = schedule.alert.addingTimeInterval(1)
        trip.corrections.append(Trip.Correction(.shift(-1), at: ahead))
        schedule = model.current(trip)
        XCTAssertFalse(model.due(.alert, schedule: schedule, trip: trip, at: ahead.addingTimeInterval(1)))

        trip.ended = Trip.Ending(outcome: .arrived, time: ahead)
        XCTAssertFalse(
            model.due(.arrival, schedule: schedule, trip: trip, at: schedule.arrival), "nothing fires on an ended trip")
    }

    func testExpiryTenMinutesPastTheArrival() throws {
        let trip = self.trip()
        let model = try self.model(trip)
        let arrival = model.current(trip).finalArrival
        XCTAssertFalse(model.isExpired(trip, at: arrival.addingTimeInterval(600)))
        XCTAssertTrue(model.isExpired(trip, at: arrival.addingTimeInterval(601)))
    }

    func testJournalRecordCountsCorrectionsAndTheConfirmedArrival() throws {
        let (_, current, trip) = try corrected([
            (.shift(1), t0.addingTimeInterval(20)), (.shift(-1), t0.addingTimeInterval(400)),
            (.shift(-1), t0.addingTimeInterval(600)),
        ])
        let confirmed = current.arrival.addingTimeInterval(-40)
        let record = JournalRecord(trip: trip, model: try model(trip), outcome: .arrived, at: confirmed)
        XCTAssertEqual(record.corrections, .init(behind: 1, ahead: 2, at: 0, departed: 0))
        XCTAssertEqual(record.confirmedSeconds, Int(confirmed.timeIntervalSince(t0).rounded()))
        XCTAssertEqual(record.finalSeconds, Int(current.arrival.timeIntervalSince(t0).rounded()))
        XCTAssertEqual(
            record.plannedSeconds, Int(try model(trip).planned(trip).arrival.timeIntervalSince(t0).rounded()))
        let stopped = JournalRecord(trip: trip, model: try model(trip), outcome: .stopped, at: confirmed)
        XCTAssertNil(stopped.confirmedSeconds)
    }
}
