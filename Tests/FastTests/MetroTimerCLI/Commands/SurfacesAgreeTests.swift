import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// Smaller disagreements between what one surface says and what is true (or what another
/// surface says) at the same moment. Every expectation is read from Data/ here, not from the
/// code under test. Monday 2026-12-07 is a weekday.
final class SurfacesAgreeTests: XCTestCase {
    /// The published row of `station` (Ukrainian name) in `file`, with `extra` fields matching.
    func published(_ file: String, _ match: [String: String]) throws -> [String: String] {
        try XCTUnwrap(
            RawCSV.rows(file).first { row in match.allSatisfy { row[$0.key] == $0.value } }, "\(file) \(match)")
    }

    /// `station Lisova` at 22:50 and at 05:20: no train runs and the entrances are shut by their
    /// published hours (Data/kyiv-entrances.csv), so the card says so rather than "2 of 2
    /// vestibules open"; at noon they are open.
    func testTheStationCardSaysTheEntrancesAreShutOutsideTheirHours() throws {
        let row = try published("kyiv-entrances.csv", ["name_uk": "Лісова"])
        let (opens, closes, halls, open) = (row["opens"]!, row["closes"]!, row["halls"]!, row["halls_open"]!)
        let night = CLI.run(["station", "Lisova"], now: Kyiv.date("2026-12-07 22:50"), columns: nil)
        XCTAssertTrue(night.stdout.contains("no trains now"), night.stdout)
        XCTAssertFalse(night.stdout.contains("vestibules open"), night.stdout)
        XCTAssertTrue(
            night.stdout.hasSuffix(
                "Entrances: closed now (hours \(opens)–\(closes), \(open) of \(halls) vestibules).\n"),
            night.stdout)
        let dawn = CLI.run(["station", "Lisova"], now: Kyiv.date("2026-12-07 05:20"), columns: nil)
        XCTAssertTrue(dawn.stdout.contains("no trains now"), dawn.stdout)
        XCTAssertTrue(
            dawn.stdout.hasSuffix(
                "Entrances: closed until \(opens) (hours \(opens)–\(closes), \(open) of \(halls) vestibules).\n"),
            dawn.stdout)
        let uk = CLI.run(["station", "Lisova", "--lang", "uk"], now: Kyiv.date("2026-12-07 05:20"), columns: nil)
        XCTAssertTrue(
            uk.stdout.hasSuffix(
                "Входи: зачинені до \(opens) (години роботи \(opens)–\(closes), вестибюлів: \(open) з \(halls)).\n"),
            uk.stdout)
        let noon = CLI.run(["station", "Lisova"], now: Kyiv.date("2026-12-07 12:00"), columns: nil)
        XCTAssertTrue(
            noon.stdout.hasSuffix("Entrances: open \(opens)–\(closes), \(open) of \(halls) vestibules open.\n"),
            noon.stdout)
        let json = CLI.run(["station", "Lisova", "--json"], now: Kyiv.date("2026-12-07 22:50"))
        let card = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((card["entrances"] as? [String: Any])?["openAt"] as? Bool, false)
    }

    /// The plan's leg interval is the published one the station card lists for the hour the leg
    /// boards in (Data/kyiv-headways.csv, the hour's first value), labelled so; not the model's
    /// spacing at the boarding second (9:40 and 6:13 before).
    func testThePlansIntervalIsThePublishedOneOfItsHour() throws {
        func published(_ line: String, _ hour: Int, _ direction: String) throws -> String {
            let period = String(format: "%02d:00-%02d:00", hour, hour + 1)
            let row = try self.published(
                "kyiv-headways.csv", ["line": line, "period": period, "day_type": "weekday", "direction": direction])
            return row["first_interval"]!
        }
        let now = Kyiv.date("2026-12-07 12:00")
        let last = CLI.run(["plan", "Lisova", "Teremky", "--last"], now: now, columns: nil)
        let lines = last.stdout.split(separator: "\n")
        let m2 = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(" M2 ") }, last.stdout)
        // The leg boards in the hour its first row says (22:45 at Maidan Nezalezhnosti).
        XCTAssertTrue(lines[m2 + 1].hasPrefix("  22:"), String(lines[m2 + 1]))
        XCTAssertTrue(lines[m2].hasSuffix("every \(try published("M2", 22, "forward")) (published)"), String(lines[m2]))
        // The station card says the same for that hour.
        let card = CLI.run(["station", "Maidan Nezalezhnosti", "--date", "2026-12-07"], columns: nil)
        let towardTeremky = try XCTUnwrap(
            card.stdout.components(separatedBy: "Toward Teremky").last?.split(separator: "\n").dropFirst(2).first)
        XCTAssertTrue(towardTeremky.contains("22 \(try published("M2", 22, "forward"))"), String(towardTeremky))

        let morning = CLI.run(
            ["plan", "Ploshcha Ukrainskykh Heroiv", "Dnipro", "--at", "06:31", "--date", "2026-12-07"], columns: nil)
        let rows = morning.stdout.split(separator: "\n")
        let headers = rows.indices.filter { rows[$0].hasPrefix(" M") }
        XCTAssertEqual(headers.count, 2, morning.stdout)
        XCTAssertTrue(
            rows[headers[0]].hasSuffix("every \(try published("M2", 6, "reverse")) (published)"),
            String(rows[headers[0]]))
        // Whatever hour the change puts the second leg in (its first row's), its figure is that
        // hour's published one.
        let hour = try XCTUnwrap(Int(rows[headers[1] + 1].dropFirst(2).prefix(2)), String(rows[headers[1] + 1]))
        XCTAssertTrue(
            rows[headers[1]].hasSuffix("every \(try published("M1", hour, "forward")) (published)"),
            String(rows[headers[1]]))
        let uk = CLI.run(
            ["plan", "Ploshcha Ukrainskykh Heroiv", "Dnipro", "--at", "06:31", "--date", "2026-12-07", "--lang", "uk"],
            columns: nil)
        XCTAssertTrue(
            uk.stdout.contains(" · інтервал \(try published("M2", 6, "reverse")) (опубліковано)\n"), uk.stdout)
    }

    /// The fields of the event (not of its alarms) of an RFC 5545 text: unfolded (CRLF and one
    /// space dropped), split at the first colon outside the parameters, TEXT values unescaped.
    func event(_ ics: String) throws -> [String: String] {
        let lines = ics.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        let start = try XCTUnwrap(lines.firstIndex(of: "BEGIN:VEVENT"))
        var fields: [String: String] = [:]
        for line in lines[(start + 1)...] {
            if line.hasPrefix("BEGIN:") || line.hasPrefix("END:") { break }
            let colon = try XCTUnwrap(line.firstIndex(of: ":"), line)
            let name = String(line[..<colon])
            var value = ""
            var escaped = false
            for character in line[line.index(after: colon)...] {
                if escaped {
                    value.append(character == "n" || character == "N" ? "\n" : character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else {
                    value.append(character)
                }
            }
            fields[name] = value
        }
        return fields
    }

    /// `plan --at 05:30 --ics`: the event starts at the first train (Lisova's published first
    /// toward Akademmistechko), and its description says so first, in the text plan's words.
    func testTheCalendarCardSaysTheTimeMovedToTheFirstTrain() throws {
        let first = try XCTUnwrap(
            published("kyiv-timetable.csv", ["name_uk": "Лісова", "direction": "reverse"])["first_departure"])
        let arguments = ["plan", "Lisova", "Teremky", "--at", "05:30", "--date", "2026-12-07"]
        for language in ["en", "uk"] {
            let ics = CLI.run(arguments + ["--ics", "-", "--lang", language])
            XCTAssertEqual(ics.code, 0, ics.stderr)
            let fields = try event(ics.stdout)
            XCTAssertEqual(
                fields["DTSTART;TZID=Europe/Kyiv"], "20261207T" + first.replacingOccurrences(of: ":", with: ""))
            let text = CLI.run(arguments + ["--lang", language], columns: nil)
            let note = try XCTUnwrap(
                text.stdout.split(separator: "\n").first {
                    $0.hasPrefix("ℹ Trains are not running yet") || $0.hasPrefix("ℹ Поїзди ще не ходять")
                }, text.stdout)
            XCTAssertTrue(note.contains(first), String(note))
            let description = try XCTUnwrap(fields["DESCRIPTION"])
            XCTAssertEqual(
                description.components(separatedBy: "\n").first, String(note.dropFirst(2)), "(\(language))")
        }
        // At a time trains run there is no such note.
        let noon = try event(
            CLI.run(["plan", "Lisova", "Teremky", "--at", "12:00", "--date", "2026-12-07", "--ics", "-"]).stdout)
        XCTAssertFalse(noon["DESCRIPTION"]!.contains("not running"))
    }

    /// A journal row says what its error is against: the countdown as corrected (39:55), not the
    /// plan (39:08) it shows first; the report's shares in each language's style.
    func testTheJournalRowNamesTheCountdownItsErrorIsAgainst() throws {
        let t0 = Kyiv.date("2026-12-07 08:15:00")
        let iso = ISO8601DateFormatter()
        func at(_ seconds: Int) -> String { iso.string(from: t0.addingTimeInterval(TimeInterval(seconds))) }
        // Planned 39:08 (2348 s), corrected to 39:55 (2395 s), confirmed at 39:39 (2379 s): −16 s.
        let record =
            #"{"calibrated":false,"confirmedArrival":"\#(at(2379))","confirmedSeconds":2379,"#
            + #""corrections":{"ahead":0,"at":0,"behind":1,"departed":0},"endedAt":"\#(at(2400))","#
            + #""finalAlert":"\#(at(2300))","finalAlertStop":"\#(at(2330))","finalArrival":"\#(at(2395))","#
            + #""finalSeconds":2395,"from":"mr18_127","id":"one","outcome":"arrived","plannedAlert":"\#(at(2250))","#
            + #""plannedArrival":"\#(at(2348))","plannedSeconds":2348,"t0":"\#(at(0))","to":"mb18_227","version":3}"#
        let home = try TestJournal.stateDirectory(self)
        try TestJournal.write([record], in: home)
        let environment = ["NO_COLOR": "1", "METRO_TIMER_HOME": home]
        let en = CLI.run(["journal"], environment: environment, columns: nil)
        XCTAssertEqual(en.code, 0, en.stderr)
        XCTAssertTrue(
            en.stdout.contains("planned 39:08 · actual 39:39 · −16 s against the countdown's 39:55  (+1 −0)\n"),
            en.stdout)
        let uk = CLI.run(["journal", "--lang", "uk"], environment: environment, columns: nil)
        XCTAssertTrue(uk.stdout.contains("план 39:08 · факт 39:39 · −16 с відносно відліку 39:55"), uk.stdout)
        // Not missed (arrived after "yours is next"), not late (it came before the stop before).
        XCTAssertTrue(uk.stdout.contains("«наступна — ваша»): 0 % поїздок"), uk.stdout)
        XCTAssertTrue(en.stdout.contains("\"yours is next\"): 0% of trips"), en.stdout)
        let report = CLI.run(["journal", "report", "--lang", "uk"], environment: environment, columns: nil)
        XCTAssertTrue(report.stdout.contains("| 0,0 % | 0,0 % |"), report.stdout)
        XCTAssertFalse(report.stdout.contains("0.0%"), report.stdout)
        let reportEn = CLI.run(["journal", "report"], environment: environment, columns: nil)
        XCTAssertTrue(reportEn.stdout.contains("| 0.0% | 0.0% |"), reportEn.stdout)
    }

    /// Ukrainian words and whose train a sentence means: "Пересадка" in the `--last` note as
    /// everywhere else; the first-train note in natural order; the last sentence of `--last`
    /// names the train (or the deadline) it counts to, not "it" after a sentence about the M2.
    func testTheEdgeOfDaySentencesSayWhatTheyMean() throws {
        let lisova = try published("kyiv-timetable.csv", ["name_uk": "Лісова", "direction": "reverse"])
        let (first, last) = (lisova["first_departure"]!, lisova["last_departure"]!)
        let morning = Kyiv.date("2026-12-07 05:37:00")
        // Lisova → Darnytsia is one M1 leg: its last ride is Lisova's last train, 16 h 53 min
        // after 05:37:00 when that is 22:30:00.
        XCTAssertEqual(last, "22:30:00")
        let en = CLI.run(["plan", "Lisova", "Darnytsia", "--last"], now: morning, columns: nil)
        XCTAssertTrue(en.stdout.contains("The \(last) from Lisova leaves in 16 h 53 min."), en.stdout)
        XCTAssertFalse(en.stdout.contains("It leaves in"), en.stdout)
        let uk = CLI.run(["plan", "Lisova", "Darnytsia", "--last", "--lang", "uk"], now: morning, columns: nil)
        XCTAssertTrue(uk.stdout.contains("Поїзд о \(last) зі станції Лісова рушає через 16 год 53 хв."), uk.stdout)
        XCTAssertFalse(uk.stdout.contains("Він рушає"), uk.stdout)
        // With a change the note ends on the last M2; the sentence after it names the start.
        let change = CLI.run(["plan", "Lisova", "Teremky", "--last"], now: morning, columns: nil)
        XCTAssertFalse(change.stdout.contains("It leaves in"), change.stdout)
        XCTAssertTrue(change.stdout.contains(" from now."), change.stdout)
        let changeUk = CLI.run(["plan", "Lisova", "Teremky", "--last", "--lang", "uk"], now: morning, columns: nil)
        XCTAssertFalse(changeUk.stdout.contains("Зміна на станції"), changeUk.stdout)
        XCTAssertTrue(changeUk.stdout.contains("Пересадка на станції "), changeUk.stdout)
        XCTAssertFalse(changeUk.stdout.contains("Він рушає"), changeUk.stdout)
        // Before the first train: "план на 05:30 — це план першого поїзда, який рушає … о 05:34:45".
        let early = CLI.run(
            ["plan", "Lisova", "Teremky", "--at", "05:30", "--date", "2026-12-07", "--lang", "uk"], columns: nil)
        XCTAssertTrue(
            early.stdout.contains(
                "ℹ Поїзди ще не ходять: план на 05:30 — це план першого поїзда, який рушає зі станції Лісова о \(first), на "
            ), early.stdout)
    }
}
