import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// The rider's words. A banner that stayed when its
/// moment had passed, instructions cut mid-word at 80 columns, a closed station counted among
/// the stops left, `station --json` that said closed and two vestibules open, and a visitor's
/// English names unknown with nothing said about the airport.
final class RiderWordsTests: XCTestCase {
    let engine = ScheduleEngine(network: Kyiv.network, clock: Kyiv.clock)

    func view(_ trip: Trip, _ schedule: Schedule, at now: Date, _ language: Language = .en) -> RideView {
        RideView(
            network: Kyiv.network, clock: Kyiv.clock, language: language, style: Style(enabled: false), trip: trip,
            schedule: schedule,
            now: now, rehearsalSpeed: nil, notice: nil)
    }

    /// Lisova → Teremky at 10:00: "yours is next" fires about three stops early, so it is worded
    /// "Teremky in about 3 stops: get ready" (decision 0050). With one stop left, the banner may
    /// no longer say three: it says what is true then, by the same rule (next within one).
    func testTheGetReadyBannerIsReworded() throws {
        var trip = Trip(
            id: "w", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code,
            t0: Kyiv.date("2026-11-30 10:00"))
        let schedule = try TripModel(engine: engine, trip: trip).current(trip)
        trip.alertsFired[Trip.Alert.alert.rawValue] = schedule.alert
        let early = ScreenRenderer().frame(view(trip, schedule, at: schedule.alert.addingTimeInterval(1)), width: 80)
            .joined(separator: "\n")
        XCTAssertTrue(early.contains("▶ Teremky in about 3 stops: get ready."), early)
        // Ipodrom, the stop before Teremky: the train has left it, Teremky is the next stop.
        let ipodrom = try XCTUnwrap(schedule.stops.firstIndex { $0.station == Kyiv.station("Ipodrom").code })
        let late = ScreenRenderer().frame(
            view(trip, schedule, at: schedule.stops[ipodrom].departure!.addingTimeInterval(5)), width: 80
        ).joined(separator: "\n")
        XCTAssertFalse(late.contains("in about 3 stops"), late)
        XCTAssertTrue(late.contains("▶ Yours is next: Teremky."), late)
    }

    /// At 80 columns the change banner in Ukrainian (95 characters) was cut mid-word; it wraps.
    func testAnInstructionWrapsAtEightyColumnsAndIsNeverCut() throws {
        var trip = Trip(
            id: "w", origin: Kyiv.station("Lisova").code, destination: Kyiv.station("Teremky").code,
            t0: Kyiv.date("2026-11-30 10:00"))
        let schedule = try TripModel(engine: engine, trip: trip).current(trip)
        // Standing at Arsenalna, the stop before the change: "Change is next" is true.
        let arsenalna = try XCTUnwrap(schedule.stops.first { $0.station == Kyiv.station("Arsenalna").code })
        let moment = max(try XCTUnwrap(schedule.transferAlert), try XCTUnwrap(arsenalna.arrival))
        trip.alertsFired[Trip.Alert.transferAlert.rawValue] = try XCTUnwrap(schedule.transferAlert)
        for language in Language.allCases {
            let sentence = language.tr(
                "Пересадка — наступна: виходьте на станції Хрещатик і переходьте на станцію Майдан Незалежності.",
                "Change is next: get off at Khreshchatyk and walk to Maidan Nezalezhnosti.")
            for width in [80, 60, 40] {
                let frame = ScreenRenderer().frame(
                    view(trip, schedule, at: moment.addingTimeInterval(1), language), width: width, height: 40)
                for line in frame { XCTAssertLessThanOrEqual(line.count, width, line) }
                let words = frame.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
                XCTAssertTrue(
                    words.contains("▶ " + sentence), "\(language) \(width):\n" + frame.joined(separator: "\n"))
            }
        }
    }

    /// Darnytsia → Lisova with Chernihivska closed: once the train has left Darnytsia, one stop
    /// is left (Lisova); the closed station it runs through is no stop.
    func testAClosedStationIsNotCountedAmongTheStopsLeft() throws {
        let trip = Trip(
            id: "w", origin: Kyiv.station("Darnytsia").code, destination: Kyiv.station("Lisova").code,
            t0: Kyiv.date("2026-11-30 10:00"),
            changes: ServiceChanges(closed: [Kyiv.station("Chernihivska").code]))
        let schedule = try TripModel(engine: engine, trip: trip).current(trip)
        let moment = trip.t0.addingTimeInterval(10)
        XCTAssertEqual(RideState(schedule: schedule, at: moment).stopsLeft, 1)
        let frame = ScreenRenderer().frame(view(trip, schedule, at: moment), width: 100).joined(separator: "\n")
        XCTAssertTrue(frame.contains("Next: Chernihivska (passing without stopping)"), frame)
        XCTAssertTrue(frame.contains(" 1 stop"), frame)
        XCTAssertFalse(frame.contains(" 2 stops"), frame)
    }

    /// A closed station's card: no vestibule is open while it is closed, in JSON as in text.
    func testAClosedStationsCardOpensNoVestibule() throws {
        let result = CLI.run(["station", "Lisova", "--closed", "Lisova", "--json"])
        XCTAssertEqual(result.code, 0, result.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["closed"] as? Bool, true)
        let entrances = try XCTUnwrap(object["entrances"] as? [String: Any])
        XCTAssertEqual(entrances["hallsOpen"] as? Int, 0)
        XCTAssertEqual(entrances["halls"] as? Int, 2, "the station has two vestibules (Data/kyiv-entrances.csv)")
    }

    /// The English names a visitor reads in guidebooks and on maps find their stations.
    func testAVisitorsEnglishNamesFindTheStations() {
        for (typed, station) in [
            ("Independence Square", "Maidan Nezalezhnosti"), ("independence square", "Maidan Nezalezhnosti"),
            ("Golden Gate", "Zoloti Vorota"),
            ("Railway station", "Vokzalna"), ("Railway Station", "Vokzalna"), ("Central Station", "Vokzalna"),
            ("KPI", "Politekhnichnyi instytut"),
            ("Polytechnic Institute", "Politekhnichnyi instytut"), ("University", "Universytet"),
            ("Contract Square", "Kontraktova ploshcha"),
            ("Sports Palace", "Palats sportu"), ("Exhibition Centre", "Vystavkovyi tsentr"),
            ("Olympic Stadium", "Olimpiiska"),
        ] {
            guard case .found(let found) = StationSearch.kyiv.match(typed) else {
                XCTFail("\(typed): \(StationSearch.kyiv.match(typed))")
                continue
            }
            XCTAssertEqual(found.nameEn, station, typed)
        }
        // Close to one of them: a suggestion, not silence.
        let typo = CLI.run(["plan", "Lisova", "Independance Sqare"])
        XCTAssertEqual(typo.code, 64)
        XCTAssertTrue(typo.stderr.contains("Did you mean Maidan Nezalezhnosti (M2)?"), typo.stderr)
    }

    /// Nothing said that Boryspilska is not the airport.
    func testTheAirportIsNamedAsNotOnTheMetro() {
        // "Boryspil" finds the station by its name's start, and says what it is not.
        let station = CLI.run(["plan", "Lisova", "Boryspil", "--at", "10:00"])
        XCTAssertEqual(station.code, 0, station.stderr)
        XCTAssertTrue(
            station.stderr.contains(
                "note: Boryspilska (M3) is a metro station, not Boryspil airport: the metro does not reach the airport."
            ), station.stderr)
        for typed in ["airport", "Boryspil airport", "KBP", "аеропорт", "Аеропорт Бориспіль"] {
            let result = CLI.run(["plan", "Lisova", typed])
            XCTAssertEqual(result.code, 64, typed)
            XCTAssertTrue(
                result.stderr.contains(
                    "Boryspilska (M3) is a metro station, not Boryspil airport: the metro does not reach the airport."),
                "\(typed): \(result.stderr)")
        }
        let uk = CLI.run(["plan", "Lisova", "аеропорт", "--lang", "uk"])
        XCTAssertTrue(
            uk.stderr.contains(
                "Бориспільська (M3) — станція метро, а не аеропорт «Бориспіль»: метро до аеропорту не доходить."),
            uk.stderr)
    }
}
