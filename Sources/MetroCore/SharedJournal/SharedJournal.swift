import FoundationEssentials

/// One ride as a shared journal holds it: anonymous (no date, no clock time finer than the hour
/// of t₀, no path, no note, nothing that names the rider) and checked when read, because a shared
/// file is someone else's file. Schema: docs/shared-journal.md.
package struct SharedRide: Codable, Equatable, Sendable {
    /// A digest of the trip's own random id: the same ride shared twice is counted once, and the
    /// id it came from cannot be read back.
    package var ride: String
    package var from: String
    package var to: String
    /// The version of metro-timer that shared the ride.
    package var program: String
    package var outcome: Trip.Outcome
    /// The confirmed arrival, seconds from t₀; nil: no confirmed arrival (stopped or expired).
    package var confirmed: Int?
    package var calibrated: Bool
    package var moments: RideLog

    /// "Yours is next" came after the train reached the station: the station missed.
    package var missed: Bool? {
        guard let confirmed, let alert = moments.alert else { return nil }
        return alert > confirmed
    }

    /// "Yours is next" came after the train left the stop before, dated by the confirmed arrival
    /// less the final model's last step.
    package var late: Bool? {
        guard let confirmed, let alert = moments.alert, let step = moments.lastStep else { return nil }
        return alert > confirmed - step
    }

    /// "Yours is next" came less than 30 s before the arrival (or after it).
    package var warnedUnder30: Bool? {
        guard let confirmed, let alert = moments.alert else { return nil }
        return confirmed - alert < 30
    }

    /// Confirmed arrival minus the plan at t₀ (+ later than the plan said).
    package var arrivalError: Int? { confirmed.map { $0 - moments.arrival } }

    /// The confirmed arrival inside the plan's range.
    package var covered: Bool? { confirmed.map { moments.earliest <= $0 && $0 <= moments.latest } }
}

/// The shared journal: a header line, then one `SharedRide` a line (JSON lines). Made from the
/// rider's journal records; read back, line by line, by `timetable-gen field`.
package enum SharedJournal {
    package static let format = "metro-timer-shared-journal"
    package static let currentVersion = 1
    /// The most a file, a line and a ride may hold: a year of rides twice a day is 730 lines of
    /// a few kilobytes.
    package static let maxBytes = 16 << 20
    package static let maxLineBytes = 64 << 10
    package static let maxRidesPerFile = 20_000
    /// Seconds from t₀ a ride's moments may take: six hours is no metro ride.
    static let secondsRange = -600...21_600

    package struct Header: Codable, Equatable, Sendable {
        package var format: String
        package var version: Int
    }

    /// What sharing kept and what it left out, and why.
    package struct Made: Equatable, Sendable {
        package var lines: [String]
        package var kept: Int
        /// Rides left out: recorded before the journal kept rides moment by moment (version 5).
        package var withoutMoments: Int
        /// Rides left out because a value is outside what a ride can be.
        package var implausible: Int
        package var unconfirmed: Int
        /// Rides left out because the file would pass what a reader takes (`maxRidesPerFile`,
        /// `maxBytes`): the oldest.
        package var overLimit = 0
    }

    /// The shared file from journal records: each record's route, outcome, calibration flag
    /// and moments, and nothing else (no id, no date, no station name, no path).
    package static func make(_ records: [JournalRecord], network: Network, program: String) -> Made {
        var maker = Maker(network: network, program: program)
        for record in records { maker.add(record) }
        return maker.made
    }

    static func headerLine() -> String {
        "{\"format\":\"\(format)\",\"version\":\(currentVersion)}"
    }

    package static func digest(_ id: String) -> String {
        String(SHA256.hex(Array(("metro-timer shared ride " + id).utf8)).prefix(16))
    }

    static let encoder = JSONObject.encoder(pretty: false, slashes: .escaped)

    package static func encode(_ ride: SharedRide) -> String {
        String(decoding: (try? encoder.encode(ride)) ?? Data(), as: UTF8.self)
    }

    /// One file read: its rides, each bad line's number and reason, or why the whole file was
    /// refused (not a shared journal, a newer version, too big).
    package struct Read: Sendable {
        package var rides: [SharedRide] = []
        package var problems: [(line: Int, reason: Bilingual)] = []
        package var refused: Bilingual?
    }

    package static func read(_ bytes: [UInt8], network: Network) -> Read {
        var result = Read()
        guard bytes.count <= maxBytes else {
            result.refused = Bilingual("файл більший за \(maxBytes >> 20) МБ", "the file is over \(maxBytes >> 20) MB")
            return result
        }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard let first = lines.first,
            let header = try? JSONObject.decode(Header.self, from: Array(first), rejectDuplicateKeys: true),
            header.format == format
        else {
            result.refused = Bilingual(
                "це не спільний журнал metro-timer (перший рядок — не заголовок)",
                "not a metro-timer shared journal (the first line is not its header)")
            return result
        }
        guard header.version <= currentVersion, header.version >= 1 else {
            result.refused = Bilingual(
                "версія \(header.version) новіша за цю програму (\(currentVersion))",
                "version \(header.version) is newer than this program reads (\(currentVersion))")
            return result
        }
        var seen: Set<String> = []
        for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let number = index + 1
            guard result.rides.count < maxRidesPerFile else {
                result.problems.append(
                    (
                        number,
                        Bilingual(
                            "понад \(maxRidesPerFile) поїздок у файлі: решту пропущено",
                            "over \(maxRidesPerFile) rides in one file: the rest skipped")
                    ))
                break
            }
            guard line.count <= maxLineBytes else {
                result.problems.append(
                    (
                        number,
                        Bilingual("рядок довший за \(maxLineBytes) байтів", "the line is over \(maxLineBytes) bytes")
                    ))
                continue
            }
            do {
                let ride = try JSONObject.decode(SharedRide.self, from: Array(line), rejectDuplicateKeys: true)
                if let problem = problem(ride, network: network) {
                    result.problems.append((number, problem))
                } else if seen.insert(ride.ride).inserted {
                    result.rides.append(ride)
                }
            } catch {
                result.problems.append((number, JSONObject.reason(error)))
            }
        }
        return result
    }
}
