import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore

/// Kyiv time from the system's TZif file, held to two independent readers of the same database:
/// Foundation's `TimeZone` (ICU) and the C library's `zdump`.
final class TZifTests: XCTestCase {
    static let path = "/usr/share/zoneinfo/Europe/Kyiv"

    func systemZone() throws -> TZif {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: Self.path), "tzdata is installed for the tests")
        return try TZif(bytes: Array(data))
    }

    /// Seconds since 1970 of a UTC calendar moment, by Foundation (not by the code under test).
    func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Int64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
        return Int64(date.timeIntervalSince1970)
    }

    /// The last Sunday of a month, by Foundation's calendar.
    func lastSunday(_ year: Int, _ month: Int) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let lastDay = calendar.range(
            of: .day, in: .month, for: calendar.date(from: DateComponents(year: year, month: month, day: 1))!)!.count
        for day in stride(from: lastDay, through: 1, by: -1) {
            let date = calendar.date(from: DateComponents(year: year, month: month, day: day))!
            if calendar.component(.weekday, from: date) == 1 { return day }
        }
        fatalError("no Sunday")
    }

    func assertAgreesWithFoundation(_ zone: TZif, file: StaticString = #filePath, line: UInt = #line) {
        let foundation = TimeZone(identifier: "Europe/Kyiv")!
        var mismatches: [String] = []
        func check(_ moment: Int64) {
            let expected = foundation.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(moment)))
            let actual = zone.offset(atUTC: moment)
            if expected != actual && mismatches.count < 10 { mismatches.append("\(moment): \(actual) ≠ \(expected)") }
        }
        // Every hour of 2000–2040.
        var moment = utc(2000, 1, 1)
        let end = utc(2041, 1, 1)
        while moment < end {
            check(moment)
            moment += 3600
        }
        // Every minute of both change days of every year, and each second around the change
        // (01:00 UTC in the EU rule Kyiv follows).
        for year in 2000...2040 {
            for month in [3, 10] {
                let day = lastSunday(year, month)
                var minute = utc(year, month, day) - 3 * 3600
                while minute < utc(year, month, day) + 27 * 3600 {
                    check(minute)
                    minute += 60
                }
                for second in -2...2 { check(utc(year, month, day, 1) + Int64(second)) }
            }
        }
        XCTAssertEqual(mismatches, [], file: file, line: line)
    }

    func testTheSystemFileAgreesWithFoundationEveryHourFrom2000To2040() throws {
        assertAgreesWithFoundation(try systemZone())
    }

    /// A file with no transitions at all leaves everything to the footer's POSIX rule, the path
    /// used past the last recorded transition: it too must agree with Foundation.
    func testTheFooterRuleAloneAgreesWithFoundation() throws {
        let zone = try TZif(bytes: Self.footerOnlyFile("EET-2EEST,M3.5.0/3,M10.5.0/4"))
        XCTAssertEqual(zone.offset(atUTC: utc(2026, 3, 29, 0, 59, 59)), 7200)
        XCTAssertEqual(zone.offset(atUTC: utc(2026, 3, 29, 1)), 10800)
        XCTAssertEqual(zone.offset(atUTC: utc(2026, 10, 25, 0, 59, 59)), 10800)
        XCTAssertEqual(zone.offset(atUTC: utc(2026, 10, 25, 1)), 7200)
        assertAgreesWithFoundation(zone)
    }

    /// `zdump -v` prints each transition as the C library sees it: the second before and the
    /// second of each change, with the offset (`gmtoff=`).
    func testEveryTransitionAgreesWithZdump() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zdump") else {
            throw XCTSkip("zdump is not installed (Debian: libc-bin)")
        }
        let result = try ProcessRunner.run(executable: "/usr/bin/zdump", ["-v", "-c", "2000,2041", "Europe/Kyiv"])
        XCTAssertEqual(result.code, 0, result.stderr)
        let zone = try systemZone()
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var checked = 0
        for line in result.stdout.split(separator: "\n") where line.contains("gmtoff=") {
            // Europe/Kyiv  Sun Mar 29 01:00:00 2026 UT = Sun Mar 29 04:00:00 2026 EEST isdst=1 gmtoff=10800
            let words = line.split(separator: " ")
            let month = try XCTUnwrap(months.firstIndex(of: String(words[2]))) + 1
            let time = words[4].split(separator: ":").map { Int($0)! }
            let moment = utc(Int(words[5])!, month, Int(words[3])!, time[0], time[1], time[2])
            let offset = Int(try XCTUnwrap(words.last?.split(separator: "=").last))!
            XCTAssertEqual(zone.offset(atUTC: moment), offset, String(line))
            checked += 1
        }
        XCTAssertEqual(checked, 41 * 4, "two changes a year, each as the second before and the second of")
    }

    func testAVersion1FileIsRead() throws {
        // Version 1: 32-bit transitions, no footer. One change to +3 in 2026.
        var bytes = Self.header(version: 0, timeCount: 1, typeCount: 2, charCount: 8)
        bytes += Self.be32(Int64(utc(2026, 3, 29, 1)))
        bytes += [1]
        bytes += Self.be32(7200) + [0, 0] + Self.be32(10800) + [1, 4]
        bytes += Array("EET\0EEST".utf8)
        let zone = try TZif(bytes: bytes)
        XCTAssertEqual(zone.offset(atUTC: utc(2026, 3, 29, 0, 59, 59)), 7200)
        XCTAssertEqual(zone.offset(atUTC: utc(2030, 1, 1)), 10800)
    }

    func testCorruptFilesAreRefusedWithTheReason() {
        XCTAssertThrowsError(try TZif(bytes: Array("not a zone".utf8))) {
            XCTAssertEqual($0 as? TZif.Failure, .notTZif)
        }
        XCTAssertThrowsError(try TZif(bytes: Array("TZif2".utf8))) { XCTAssertEqual($0 as? TZif.Failure, .truncated) }
        let whole = Self.footerOnlyFile("EET-2EEST,M3.5.0/3,M10.5.0/4")
        XCTAssertThrowsError(try TZif(bytes: Array(whole.dropLast(3)))) {
            XCTAssertEqual($0 as? TZif.Failure, .truncated)
        }
        XCTAssertThrowsError(try TZif(bytes: Self.footerOnlyFile("EET-2EEST,M13.5.0/3"))) {
            XCTAssertEqual($0 as? TZif.Failure, .badFooter("EET-2EEST,M13.5.0/3"))
        }
    }

    func testPOSIXRules() throws {
        // Southern hemisphere (daylight time across the new year) and a quoted, numeric name.
        let sydney = try XCTUnwrap(POSIXTimeZone("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        XCTAssertEqual(sydney.offset(atUTC: utc(2026, 1, 15)), 11 * 3600)
        XCTAssertEqual(sydney.offset(atUTC: utc(2026, 7, 15)), 10 * 3600)
        let fixed = try XCTUnwrap(POSIXTimeZone("<+03>-3"))
        XCTAssertEqual(fixed.offset(atUTC: utc(2026, 7, 15)), 3 * 3600)
        XCTAssertNil(POSIXTimeZone("EET-2EEST"))  // daylight time with no rule
        XCTAssertNil(POSIXTimeZone("E-2"))  // a name needs three letters
    }

    // MARK: The executables

    // A missing file: ZoneInfoFallbackTests.

    func testACorruptZoneFileIsAnErrorNamingTheFile() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: directory + "/Europe", withIntermediateDirectories: true)
        try Data("TZif2 but nothing else".utf8).write(to: URL(fileURLWithPath: directory + "/Europe/Kyiv"))
        for product in ["metro-timer", "timetable-gen"] {
            let arguments = product == "metro-timer" ? ["status"] : ["gtfs", "--output", directory + "/feed.zip"]
            let result = try ProcessRunner.run(
                product, arguments, environment: ["TZDIR": directory], currentDirectory: TestPaths.packageRoot.path)
            XCTAssertEqual(result.code, 65, product + ": " + result.stderr)
            XCTAssertTrue(
                result.stderr.contains("the time-zone file \(directory)/Europe/Kyiv is corrupt"), result.stderr)
            XCTAssertTrue(result.stderr.contains("tzdata"), result.stderr)
            XCTAssertTrue(result.stderr.contains("(it ends before the data its header announces)"), result.stderr)
            // And in Ukrainian, the reason too.
            let uk = try ProcessRunner.run(
                product, arguments, environment: ["TZDIR": directory, "METRO_TIMER_LANG": "uk"],
                currentDirectory: TestPaths.packageRoot.path)
            XCTAssertEqual(uk.code, 65, product + ": " + uk.stderr)
            XCTAssertTrue(
                uk.stderr.hasPrefix(
                    "Помилка: файл часового поясу \(directory)/Europe/Kyiv пошкоджений (він уривається"), uk.stderr)
            XCTAssertEqual(UkrainianText.englishWords(uk.stderr), [], uk.stderr)
        }
    }

    func testTheFormerSpellingIsReadFromAnOlderDatabase() throws {
        let directory = try TestPaths.temporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: directory + "/Europe", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.path, toPath: directory + "/Europe/Kiev")
        let clock = try ZoneInfo.kyivClock(environment: ["TZDIR": directory]).get()
        XCTAssertEqual(
            clock.iso8601(Date(timeIntervalSince1970: TimeInterval(utc(2026, 7, 1, 5)))), "2026-07-01T08:00:00+03:00")
    }

    // MARK: Building files

    static func be32(_ value: Int64) -> [UInt8] {
        let v = UInt32(truncatingIfNeeded: value)
        return [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    static func header(version: UInt8, timeCount: Int, typeCount: Int, charCount: Int) -> [UInt8] {
        var bytes = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
        for count in [0, 0, 0, timeCount, typeCount, charCount] { bytes += be32(Int64(count)) }
        return bytes
    }

    /// A version 2 file with one time type (+2) and no transitions: all is in the footer.
    static func footerOnlyFile(_ rule: String) -> [UInt8] {
        let block = be32(7200) + [0, 0] + Array("EET\0".utf8)
        return header(version: UInt8(ascii: "2"), timeCount: 0, typeCount: 1, charCount: 4) + block
            + header(version: UInt8(ascii: "2"), timeCount: 0, typeCount: 1, charCount: 4) + block
            + Array("\n\(rule)\n".utf8)
    }
}

/// The environment read from `environ` is the one Foundation reads.
final class EnvironmentTests: XCTestCase {
    func testTheEnvironmentIsFoundationsEnvironment() {
        XCTAssertEqual(Environment.current(), ProcessInfo.processInfo.environment)
        XCTAssertFalse(Environment.current().isEmpty)
    }
}
