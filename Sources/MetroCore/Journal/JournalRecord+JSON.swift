import FoundationEssentials

extension JournalRecord {
    /// A journal line read by a typed walk (as `Trip+JSON` reads the trip file): `journal --json`
    /// reads every line of the journal, and 280,744 records through the `Decoder` took about 8 s
    /// (bench/README.md). The walk gives what `JSONObject.decode(JournalRecord.self, dates:
    /// .iso8601, rejectDuplicateKeys: true)` gives; a line it does not take in its stride (a
    /// wrong type, a date not written as the journal writes them) goes to that decoder over the
    /// same tree, so a malformed line fails with the decoder's own error, word for word.
    /// `JournalTypedReaderTests` holds the two to the same records.
    package init(journalLine bytes: [UInt8]) throws {
        let root = try JSONObject.value(bytes, rejectDuplicateKeys: true)
        if let record = JournalRecord.typed(root) {
            self = record
        } else {
            self = try ValueDecoder(value: root, codingPath: [], dates: .iso8601).read(JournalRecord.self)
        }
    }

    /// The walk; nil wherever the decoder might say something else (it then reads the line).
    static func typed(_ root: JSONObject.Value) -> JournalRecord? {
        guard case .object(let members) = root else { return nil }
        // Each key's first member, as the decoder finds it (duplicates were refused already).
        var version: Int?
        var id: String?
        var from: String?
        var to: String?
        var fromNameUk: JSONObject.Value?
        var fromNameEn: JSONObject.Value?
        var toNameUk: JSONObject.Value?
        var toNameEn: JSONObject.Value?
        var t0: Date?
        var endedAt: Date?
        var outcome: Trip.Outcome?
        var plannedArrival: Date?
        var plannedSeconds: Int?
        var finalArrival: Date?
        var finalSeconds: Int?
        var confirmedArrival: JSONObject.Value?
        var confirmedSeconds: JSONObject.Value?
        var plannedAlert: JSONObject.Value?
        var finalAlert: JSONObject.Value?
        var corrections: CorrectionCounts?
        var calibrated: JSONObject.Value?
        var finalAlertStop: JSONObject.Value?
        var ride: JSONObject.Value?
        var via: JSONObject.Value?
        for member in members {
            let value = member.value
            switch member.key {
            case "version":
                guard case .integer(let v) = value else { return nil }
                version = v
            case "id":
                guard case .string(let v) = value else { return nil }
                id = v
            case "from":
                guard case .string(let v) = value else { return nil }
                from = v
            case "to":
                guard case .string(let v) = value else { return nil }
                to = v
            case "fromNameUk": fromNameUk = value
            case "fromNameEn": fromNameEn = value
            case "toNameUk": toNameUk = value
            case "toNameEn": toNameEn = value
            case "t0":
                guard let v = journalDate(value) else { return nil }
                t0 = v
            case "endedAt":
                guard let v = journalDate(value) else { return nil }
                endedAt = v
            case "outcome":
                guard case .string(let v) = value, let o = Trip.Outcome(rawValue: v) else { return nil }
                outcome = o
            case "plannedArrival":
                guard let v = journalDate(value) else { return nil }
                plannedArrival = v
            case "plannedSeconds":
                guard case .integer(let v) = value else { return nil }
                plannedSeconds = v
            case "finalArrival":
                guard let v = journalDate(value) else { return nil }
                finalArrival = v
            case "finalSeconds":
                guard case .integer(let v) = value else { return nil }
                finalSeconds = v
            case "confirmedArrival": confirmedArrival = value
            case "confirmedSeconds": confirmedSeconds = value
            case "plannedAlert": plannedAlert = value
            case "finalAlert": finalAlert = value
            case "corrections":
                guard let v = counts(value) else { return nil }
                corrections = v
            case "calibrated": calibrated = value
            case "finalAlertStop": finalAlertStop = value
            case "ride": ride = value
            case "via": via = value
            default: continue
            }
        }
        guard let version, let id, let from, let to, let t0, let endedAt, let outcome, let plannedArrival,
            let plannedSeconds,
            let finalArrival, let finalSeconds, let corrections
        else { return nil }
        // The optional members: absent or null is nil, as `decodeIfPresent` reads them; a value
        // `read` does not take is the outer nil (the decoder then reads the line).
        func optional<T>(_ value: JSONObject.Value?, _ read: (JSONObject.Value) -> T?) -> T?? {
            switch value {
            case nil, .null?: return .some(nil)
            case let value?: return read(value).map { .some($0) }
            }
        }
        func text(_ value: JSONObject.Value) -> String? {
            if case .string(let text) = value { return text }
            return nil
        }
        func integer(_ value: JSONObject.Value) -> Int? {
            if case .integer(let count) = value { return count }
            return nil
        }
        func flag(_ value: JSONObject.Value) -> Bool? {
            if case .bool(let flag) = value { return flag }
            return nil
        }
        // The ride (version 5) through the decoder: its error, if any, comes from the whole line's.
        func log(_ value: JSONObject.Value) -> RideLog? {
            try? ValueDecoder(value: value, codingPath: [], dates: .iso8601).read(RideLog.self)
        }
        guard let fromUk = optional(fromNameUk, text), let fromEn = optional(fromNameEn, text),
            let toUk = optional(toNameUk, text), let toEn = optional(toNameEn, text),
            let confirmed = optional(confirmedArrival, journalDate),
            let planAlert = optional(plannedAlert, journalDate),
            let alert = optional(finalAlert, journalDate), let alertStop = optional(finalAlertStop, journalDate),
            let confirmedCount = optional(confirmedSeconds, integer), let calibratedFlag = optional(calibrated, flag),
            let rideLog = optional(ride, log), let line = optional(via, text)
        else { return nil }
        return JournalRecord(
            version: version, id: id, from: from, to: to, fromNameUk: fromUk, fromNameEn: fromEn, toNameUk: toUk,
            toNameEn: toEn,
            t0: t0, endedAt: endedAt, outcome: outcome, plannedArrival: plannedArrival, plannedSeconds: plannedSeconds,
            finalArrival: finalArrival, finalSeconds: finalSeconds, confirmedArrival: confirmed,
            confirmedSeconds: confirmedCount,
            plannedAlert: planAlert, finalAlert: alert, corrections: corrections, calibrated: calibratedFlag,
            finalAlertStop: alertStop, ride: rideLog, via: line)
    }

    private init(
        version: Int, id: String, from: String, to: String, fromNameUk: String?, fromNameEn: String?, toNameUk: String?,
        toNameEn: String?,
        t0: Date, endedAt: Date, outcome: Trip.Outcome, plannedArrival: Date, plannedSeconds: Int, finalArrival: Date,
        finalSeconds: Int,
        confirmedArrival: Date?, confirmedSeconds: Int?, plannedAlert: Date?, finalAlert: Date?,
        corrections: CorrectionCounts,
        calibrated: Bool?, finalAlertStop: Date?, ride: RideLog?, via: String?
    ) {
        self.via = via
        self.version = version
        self.id = id
        self.from = from
        self.to = to
        self.fromNameUk = fromNameUk
        self.fromNameEn = fromNameEn
        self.toNameUk = toNameUk
        self.toNameEn = toNameEn
        self.t0 = t0
        self.endedAt = endedAt
        self.outcome = outcome
        self.plannedArrival = plannedArrival
        self.plannedSeconds = plannedSeconds
        self.finalArrival = finalArrival
        self.finalSeconds = finalSeconds
        self.confirmedArrival = confirmedArrival
        self.confirmedSeconds = confirmedSeconds
        self.plannedAlert = plannedAlert
        self.finalAlert = finalAlert
        self.corrections = corrections
        self.calibrated = calibrated
        self.finalAlertStop = finalAlertStop
        self.ride = ride
    }

    /// `{"ahead":…,"at":…,"behind":…,"departed":…}`, every count an integer.
    static func counts(_ value: JSONObject.Value) -> CorrectionCounts? {
        guard case .object(let members) = value else { return nil }
        var behind: Int?
        var ahead: Int?
        var at: Int?
        var departed: Int?
        for member in members {
            switch member.key {
            case "behind":
                guard case .integer(let v) = member.value else { return nil }
                if behind == nil { behind = v }
            case "ahead":
                guard case .integer(let v) = member.value else { return nil }
                if ahead == nil { ahead = v }
            case "at":
                guard case .integer(let v) = member.value else { return nil }
                if at == nil { at = v }
            case "departed":
                guard case .integer(let v) = member.value else { return nil }
                if departed == nil { departed = v }
            default: continue
            }
        }
        guard let behind, let ahead, let at, let departed else { return nil }
        return CorrectionCounts(behind: behind, ahead: ahead, at: at, departed: departed)
    }

    /// A date as the journal writes it, `2026-11-29T21:11:44Z` (20 bytes, UTC, a real day of
    /// the Gregorian calendar from 1970 to 2199); nil for any other text, which the decoder's ISO 8601
    /// parser then reads (or refuses).
    static func journalDate(_ value: JSONObject.Value) -> Date? {
        guard case .string(let text) = value else { return nil }
        return text.utf8.withContiguousStorageIfAvailable { bytes -> Date? in
            guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A,
                bytes[16] == 0x3A, bytes[19] == 0x5A
            else { return nil }
            func number(_ start: Int, _ count: Int) -> Int? {
                var result = 0
                for index in start..<start + count {
                    let digit = Int(bytes[index]) - 48
                    guard (0...9).contains(digit) else { return nil }
                    result = result * 10 + digit
                }
                return result
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                (1970...2199).contains(year), hour < 24, minute < 60, second < 60
            else { return nil }
            let date = ServiceClock.ServiceDay(year: year, month: month, day: day)
            guard date.exists else { return nil }
            let days = ServiceClock.days(date)
            return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
        } ?? nil
    }
}
