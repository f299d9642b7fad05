import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `journal --json`'s writer: each trip's record written as bytes, field by field.
extension JournalCommand {
    /// The record as `json` writes it among the trips (two levels down, keys sorted, `" : "`),
    /// written field by field as the journal encoder names them: an absent optional left out,
    /// dates as ISO 8601 in UTC to the second (as the journal keeps them). Encoding each record
    /// with JSONEncoder, parsing it back and pretty-printing the tree cost five times the
    /// reading on a big journal. `JournalStreamingTests` holds it to the encoder's bytes.
    static func prettyTrip(_ record: JournalRecord) -> String {
        var out: [UInt8] = []
        prettyTrip(record, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The same, appended to bytes (`journal --json` writes 280,744 of them from a 200 MB
    /// journal: text built a piece at a time was a quarter of its time).
    static func prettyTrip(_ record: JournalRecord, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        var first = true
        func member(_ key: StaticString) {
            out.append(contentsOf: first ? "\n      \"".utf8 : ",\n      \"".utf8)
            out.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
            out.append(contentsOf: "\" : ".utf8)
            first = false
        }
        func number(_ key: StaticString, _ value: Int) {
            member(key)
            out.append(contentsOf: String(value).utf8)
        }
        func text(_ key: StaticString, _ value: String) {
            member(key)
            // Nothing the serializer escapes (a quote, a backslash, C0): the text as it is.
            var plain = value
            let clean = plain.withUTF8 { bytes in
                for byte in bytes where byte < 0x20 || byte == 0x22 || byte == 0x5C { return false }
                return true
            }
            if clean {
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: plain.utf8)
                out.append(UInt8(ascii: "\""))
            } else {
                out.append(contentsOf: JSONObject.serialize(value).utf8)
            }
        }
        func date(_ key: StaticString, _ value: Date) {
            member(key)
            out.append(UInt8(ascii: "\""))
            iso8601(value, into: &out)
            out.append(UInt8(ascii: "\""))
        }
        // In the order of the keys' bytes, as the encoder sorts them.
        if let value = record.calibrated {
            member("calibrated")
            out.append(contentsOf: (value ? "true" : "false").utf8)
        }
        if let value = record.confirmedArrival { date("confirmedArrival", value) }
        if let value = record.confirmedSeconds { number("confirmedSeconds", value) }
        let c = record.corrections
        member("corrections")
        out.append(
            contentsOf:
                "{\n        \"ahead\" : \(c.ahead),\n        \"at\" : \(c.at),\n        \"behind\" : \(c.behind),\n        \"departed\" : \(c.departed)\n      }"
                .utf8)
        date("endedAt", record.endedAt)
        if let value = record.finalAlert { date("finalAlert", value) }
        if let value = record.finalAlertStop { date("finalAlertStop", value) }
        date("finalArrival", record.finalArrival)
        number("finalSeconds", record.finalSeconds)
        text("from", record.from)
        if let value = record.fromNameEn { text("fromNameEn", value) }
        if let value = record.fromNameUk { text("fromNameUk", value) }
        text("id", record.id)
        text("outcome", record.outcome.rawValue)
        if let value = record.plannedAlert { date("plannedAlert", value) }
        date("plannedArrival", record.plannedArrival)
        number("plannedSeconds", record.plannedSeconds)
        date("t0", record.t0)
        text("to", record.to)
        if let value = record.toNameEn { text("toNameEn", value) }
        if let value = record.toNameUk { text("toNameUk", value) }
        number("version", record.version)
        out.append(contentsOf: "\n    }".utf8)
    }

    /// `Quote.json(text)`, without its scan of every character when no byte of the text can
    /// begin a character it escapes (`UnsafeText`: C0 but the line break, DEL; the others start
    /// with 0xC2 (C1, U+00AD), 0xCD (U+034F), 0xD8 (U+061C), 0xE1 (U+115F–U+180E), 0xE2 (the
    /// bidi controls, the separators, U+200B–U+2800), 0xE3 (U+3164), 0xEF (U+FEFF–U+FFFB), 0xF0
    /// (U+1D173–U+1D17A) or 0xF3 (the tags)): a trip's text is mostly ASCII and Cyrillic.
    static func safeJSON(_ text: String) -> String {
        var text = text
        return text.withUTF8 { mayNeedQuote($0) } ? Quote.json(text) : text
    }

    static func mayNeedQuote(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes {
            switch byte {
            case 0..<0x0A, 0x0B..<0x20, 0x7F, 0xC2, 0xCD, 0xD8, 0xE1, 0xE2, 0xE3, 0xEF, 0xF0, 0xF3: return true
            default: continue
            }
        }
        return false
    }

    /// `2026-11-29T21:11:44Z`.
    static func iso8601(_ date: Date) -> String {
        var bytes: [UInt8] = []
        iso8601(date, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func iso8601(_ date: Date, into out: inout [UInt8]) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        // Written in place at the end of `out`.
        let base = out.count
        out.append(contentsOf: repeatElement(0, count: 20))
        func put(_ value: Int32, at index: Int, digits: Int) {
            var value = value
            for offset in stride(from: digits - 1, through: 0, by: -1) {
                out[base + index + offset] = UInt8(48 + value % 10)
                value /= 10
            }
        }
        put(parts.tm_year + 1900, at: 0, digits: 4)
        put(parts.tm_mon + 1, at: 5, digits: 2)
        put(parts.tm_mday, at: 8, digits: 2)
        put(parts.tm_hour, at: 11, digits: 2)
        put(parts.tm_min, at: 14, digits: 2)
        put(parts.tm_sec, at: 17, digits: 2)
        for (index, byte) in [(4, 45), (7, 45), (10, 84), (13, 58), (16, 58), (19, 90)] as [(Int, UInt8)] {
            out[base + index] = byte
        }
    }
}
