import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore

/// The time-zone file's troubles said as they are. Out-of-order transitions were "ends
/// before the data its header announces", an absurd UTC offset was taken, and an unreadable
/// file, a FIFO or a directory in the file's place was "there is no time-zone file" (the
/// built-in rule, silently standing in for a database that is there but broken).
final class ZoneFileTests: XCTestCase {
    static func be32(_ value: Int64) -> [UInt8] {
        let v = UInt32(truncatingIfNeeded: value)
        return [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    /// A version 1 file (RFC 8536 section 3): the header's six counts, then the data block.
    static func version1(times: [Int64], indices: [UInt8], offsets: [Int64]) -> [UInt8] {
        var bytes = Array("TZif".utf8) + [0] + [UInt8](repeating: 0, count: 15)
        for count in [0, 0, 0, times.count, offsets.count, 4] { bytes += be32(Int64(count)) }
        for time in times { bytes += be32(time) }
        bytes += indices
        for offset in offsets { bytes += be32(offset) + [0, 0] }
        bytes += Array("EET\0".utf8)
        return bytes
    }

    func testTransitionsOutOfOrderAreSaidSo() {
        let bytes = Self.version1(times: [1_800_000_000, 1_700_000_000], indices: [0, 0], offsets: [7200])
        XCTAssertThrowsError(try TZif(bytes: bytes)) {
            XCTAssertEqual(($0 as? TZif.Failure)?.reason.en, "its transitions are not in time order")
        }
        // In order, the same file reads.
        XCTAssertNoThrow(
            try TZif(bytes: Self.version1(times: [1_700_000_000, 1_800_000_000], indices: [0, 0], offsets: [7200])))
    }

    /// RFC 8536 section 3.2: a UTC offset "SHOULD be in the range [-89999, 93599]" (more than
    /// −25 h, less than 26 h). Ten million seconds is no zone's.
    func testAnAbsurdUTCOffsetIsRefused() {
        for offset: Int64 in [10_000_000, -90_000, 93_600] {
            XCTAssertThrowsError(
                try TZif(bytes: Self.version1(times: [1_700_000_000], indices: [0], offsets: [offset])), "\(offset)"
            ) {
                XCTAssertEqual(
                    ($0 as? TZif.Failure)?.reason.en,
                    "its UTC offset \(offset) s is not one a zone can have (more than −25 h, less than 26 h)")
            }
        }
        for offset: Int64 in [-89_999, 93_599, 7200] {
            XCTAssertNoThrow(
                try TZif(bytes: Self.version1(times: [1_700_000_000], indices: [0], offsets: [offset])), "\(offset)")
        }
        // A transition naming a time type the file does not have is said as such too.
        XCTAssertThrowsError(try TZif(bytes: Self.version1(times: [1_700_000_000], indices: [3], offsets: [7200]))) {
            XCTAssertEqual(($0 as? TZif.Failure)?.reason.en, "a transition names local time type 3, and it has only 1")
        }
    }

    func zoneDirectory() throws -> String {
        let directory = try TestPaths.temporaryDirectory(self) + "/zoneinfo"
        try FileManager.default.createDirectory(atPath: directory + "/Europe", withIntermediateDirectories: true)
        return directory
    }

    func lookupError(_ directory: String) -> String? {
        guard case .failure(let error) = ZoneInfo.lookup(environment: ["TZDIR": directory]),
            case .data(let message) = error
        else { return nil }
        return message
    }

    func testADirectoryOrFIFOInTheZoneFilesPlaceIsAnErrorNotTheBuiltInRule() throws {
        let asDirectory = try zoneDirectory()
        try FileManager.default.createDirectory(atPath: asDirectory + "/Europe/Kyiv", withIntermediateDirectories: true)
        XCTAssertEqual(
            lookupError(asDirectory),
            "the time-zone file \(asDirectory)/Europe/Kyiv cannot be read (it is a directory, not a file); reinstall the system time-zone database (for example 'apt-get install --reinstall tzdata')"
        )
        let asFIFO = try zoneDirectory()
        XCTAssertEqual(mkfifo(asFIFO + "/Europe/Kyiv", 0o644), 0)
        XCTAssertEqual(
            lookupError(asFIFO),
            "the time-zone file \(asFIFO)/Europe/Kyiv cannot be read (it is not a regular file); reinstall the system time-zone database (for example 'apt-get install --reinstall tzdata')"
        )
        // Missing altogether: the built-in rule and its warning, as before.
        let missing = try zoneDirectory()
        guard case .success(let lookup) = ZoneInfo.lookup(environment: ["TZDIR": missing]) else {
            return XCTFail("missing is not an error")
        }
        XCTAssertTrue(
            lookup.warning?.hasPrefix("warning: there is no time-zone file \(missing)/Europe/Kyiv") == true,
            lookup.warning ?? "")
    }

    func testAnUnreadableZoneFileIsAnErrorWithTheSystemsReason() throws {
        try XCTSkipIf(getuid() == 0, "root reads a file of mode 000: ZoneFileProcessTests runs this as another user")
        let directory = try zoneDirectory()
        try Data(Self.version1(times: [], indices: [], offsets: [7200])).write(
            to: URL(fileURLWithPath: directory + "/Europe/Kyiv"))
        chmod(directory + "/Europe/Kyiv", 0)
        XCTAssertEqual(
            lookupError(directory),
            "the time-zone file \(directory)/Europe/Kyiv cannot be read (Permission denied); reinstall the system time-zone database (for example 'apt-get install --reinstall tzdata')"
        )
    }
}
