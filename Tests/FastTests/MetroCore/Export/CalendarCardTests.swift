import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// `plan --ics`: RFC 5545 line folding and escaping, and a card whose alarms are the schedule's
/// own alert moments. (.ci/check-ics.py reads the cards with an independent parser too.)
final class CalendarCardTests: XCTestCase {
    func testTextEscaping() {
        XCTAssertEqual(ICalendar.escape(#"a\b;c,d"#), #"a\\b\;c\,d"#)
        XCTAssertEqual(ICalendar.escape("one\ntwo"), #"one\ntwo"#)
        XCTAssertEqual(ICalendar.escape("Лук'янівська: 08:15"), "Лук'янівська: 08:15", "colons and apostrophes stay")
    }

    func testFoldingAt75OctetsNeverSplitsACharacter() {
        XCTAssertEqual(ICalendar.fold("SHORT:x"), "SHORT:x\r\n")
        let ascii = "DESCRIPTION:" + String(repeating: "a", count: 100)
        let folded = ICalendar.fold(ascii)
        let lines = folded.components(separatedBy: "\r\n").dropLast()
        XCTAssertEqual(lines.map { $0.utf8.count }, [75, 38])
        // The continuation's leading space is one of its 75 octets (RFC 5545 3.1): 212 octets
        // fold as 75, then 1 + 74, then 1 + 63.
        let long = ICalendar.fold("DESCRIPTION:" + String(repeating: "a", count: 200)).components(separatedBy: "\r\n")
            .dropLast()
        XCTAssertEqual(long.map { $0.utf8.count }, [75, 75, 64])
        XCTAssertTrue(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        // Unfolding (RFC 5545 3.1: drop each CRLF followed by one space) gives the line back.
        XCTAssertEqual(folded.replacingOccurrences(of: "\r\n ", with: ""), ascii + "\r\n")
        // Two-byte Cyrillic: 12 bytes of name, then 63 octets of letters cannot end in half a letter.
        let cyrillic = "DESCRIPTION:" + String(repeating: "ї", count: 60)
        let parts = ICalendar.fold(cyrillic).components(separatedBy: "\r\n").dropLast()
        for part in parts {
            XCTAssertLessThanOrEqual(part.utf8.count, 75)
            XCTAssertNotNil(String(data: Data(part.utf8), encoding: .utf8))
        }
        XCTAssertEqual(parts.first!.utf8.count, 74, "a 2-byte letter that would make 76 goes to the next line")
        XCTAssertEqual(ICalendar.fold(cyrillic).replacingOccurrences(of: "\r\n ", with: ""), cyrillic + "\r\n")
    }

    func testDateTimesInUTCAndKyivWallClock() {
        let winter = Kyiv.date("2026-11-30 08:15:00")
        XCTAssertEqual(ICalendar.utc(winter), "20261130T061500Z")
        XCTAssertEqual(ICalendar.local(winter, clock: Kyiv.clock), "20261130T081500")
        let summer = Kyiv.date("2026-07-06 17:40:05")
        XCTAssertEqual(ICalendar.utc(summer), "20260706T144005Z")
        XCTAssertEqual(ICalendar.local(summer, clock: Kyiv.clock), "20260706T174005")
    }

    func testTheCardCarriesTheSchedulesMoments() throws {
        let schedule = try Kyiv.schedule("Lisova", "Teremky", at: "2026-11-30 08:15:00")
        let stamp = Kyiv.date("2026-11-29 20:00:00")
        let card = CalendarCard(network: Kyiv.network, clock: Kyiv.clock, language: .en, product: "metro-timer test")
            .calendar(schedule, stamp: stamp)
        XCTAssertTrue(card.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        XCTAssertTrue(card.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
        XCTAssertFalse(card.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends in CRLF")
        let unfolded = card.replacingOccurrences(of: "\r\n ", with: "")
        XCTAssertTrue(unfolded.contains("\r\nDTSTART;TZID=Europe/Kyiv:20261130T081500\r\n"))
        XCTAssertTrue(
            unfolded.contains(
                "\r\nDTEND;TZID=Europe/Kyiv:" + ICalendar.local(schedule.finalArrival, clock: Kyiv.clock) + "\r\n"))
        XCTAssertTrue(unfolded.contains("\r\nTZID:Europe/Kyiv\r\n"), "the zone is described in the file")
        let triggers = unfolded.components(separatedBy: "\r\n").filter { $0.hasPrefix("TRIGGER;VALUE=DATE-TIME:") }
        XCTAssertEqual(
            triggers, [schedule.transferAlert!, schedule.alert].map { "TRIGGER;VALUE=DATE-TIME:" + ICalendar.utc($0) })
        let range =
            "Arrival: " + Kyiv.clock.hhmmss(schedule.finalArrival) + "\\, could be "
            + Kyiv.clock.hhmmss(schedule.arrivalEarliest) + "–" + Kyiv.clock.hhmmss(schedule.arrivalLatest)
        XCTAssertTrue(unfolded.contains(range), "the arrival's range")
        XCTAssertTrue(unfolded.contains("\\n08:31 Khreshchatyk\\n"), "the stops")
        // Repeatable: the same schedule and stamp give the same bytes.
        XCTAssertEqual(
            card,
            CalendarCard(network: Kyiv.network, clock: Kyiv.clock, language: .en, product: "metro-timer test").calendar(
                schedule, stamp: stamp))
        // A one-line ride has one alarm; Ukrainian throughout.
        let single = try Kyiv.schedule("Lisova", "Arsenalna", at: "2026-11-30 08:15:00")
        let uk = CalendarCard(network: Kyiv.network, clock: Kyiv.clock, language: .uk, product: "t").calendar(
            single, stamp: stamp)
        XCTAssertEqual(uk.components(separatedBy: "BEGIN:VALARM").count - 1, 1)
        XCTAssertTrue(uk.contains("SUMMARY:Лісова → Арсенальна (M1)\r\n"))
        XCTAssertTrue(
            uk.replacingOccurrences(of: "\r\n ", with: "").contains(
                "DESCRIPTION:Арсенальна приблизно за 2 зупинки: готуйтеся виходити."),
            "rung running into Dnipro: two stops out, not next")
    }

    /// A real card, in both languages, measured by the rule rather than against CalendarCard: every
    /// line ends in CRLF and holds at most 75 octets, a continuation's leading space included.
    func testEveryLineOfARealCardIsAtMost75Octets() throws {
        for language in ["en", "uk"] {
            let card = CLI.run([
                "plan", "Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30", "--ics", "-", "--lang", language,
            ])
            XCTAssertEqual(card.code, 0, card.stderr)
            let bytes = Array(card.stdout.utf8)
            XCTAssertEqual(bytes.suffix(2), [13, 10])
            var lines: [[UInt8]] = []
            var line: [UInt8] = []
            var index = 0
            var continued = 0
            while index < bytes.count {
                if bytes[index] == 13, index + 1 < bytes.count, bytes[index + 1] == 10 {
                    lines.append(line)
                    line = []
                    index += 2
                } else {
                    XCTAssertNotEqual(bytes[index], 10, "a bare LF")
                    line.append(bytes[index])
                    index += 1
                }
            }
            for line in lines {
                XCTAssertLessThanOrEqual(line.count, 75, String(decoding: line, as: UTF8.self))
                if line.first == 32 { continued += 1 }
            }
            XCTAssertGreaterThan(continued, 2, "the card has folded lines to measure (\(language))")
            XCTAssertGreaterThan(
                lines.filter { $0.count == 75 }.count, 0, "some line is folded at the limit (\(language))")
        }
    }

    func testPlanWritesTheCard() throws {
        let arguments = ["plan", "Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30"]
        let now = Kyiv.date("2026-11-29 20:00:00")
        let stdout = CLI.run(arguments + ["--ics", "-"], now: now)
        XCTAssertEqual(stdout.code, 0)
        XCTAssertEqual(
            stdout.stdout,
            CalendarCard(
                network: Kyiv.network, clock: Kyiv.clock, language: .en, product: "metro-timer \(MetroTimer.version)"
            )
            .calendar(try Kyiv.schedule("Lisova", "Teremky", at: "2026-11-30 08:15:00"), stamp: now))

        let directory = try TestPaths.temporaryDirectory(self)
        let file = directory + "/ride.ics"
        let written = CLI.run(arguments + ["--ics", file], now: now)
        XCTAssertEqual(written.code, 0)
        XCTAssertEqual(written.stderr, "Calendar event written to \(file)\n")
        XCTAssertTrue(written.stdout.hasPrefix("Lisova → Teremky\n"), "the plan is still shown")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), stdout.stdout)

        // Never through a symlink, never over a FIFO, a device or a directory.
        let target = directory + "/target"
        try "keep".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.ics", withDestinationPath: target)
        XCTAssertEqual(mkfifo(directory + "/fifo.ics", 0o600), 0)
        for (path, kind) in [
            (directory + "/link.ics", "a symbolic link"), (directory + "/fifo.ics", "a FIFO"),
            ("/dev/null", "a device"), (directory, "a directory"),
        ] {
            let refused = CLI.run(arguments + ["--ics", path], now: now)
            XCTAssertEqual(refused.code, 1, path)
            XCTAssertEqual(
                refused.stderr,
                "Error: \(path) is \(kind); metro-timer writes only to a regular file. Name another path (or - for standard output).\n"
            )
        }
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "keep")

        let both = CLI.run(arguments + ["--json", "--ics", "-"])
        XCTAssertEqual(both.code, 64)
        // With --json the error is JSON too (MachineOutputTests); the message is the same.
        XCTAssertTrue(
            both.stderr.contains(
                "\"message\" : \"'--json' and '--ics -' both write to standard output; write the calendar to a file\""),
            both.stderr)
    }
}
