/// A time zone read from a TZif file (RFC 8536), the format of `/usr/share/zoneinfo` that every C
/// library reads: the recorded transitions, and the footer's POSIX TZ rule for moments after the
/// last one. Kyiv time comes from here rather than from Foundation's `TimeZone`, which on Linux
/// resolves a named zone through ICU (about 45 MB of a static binary). MetroCore does no I/O: the
/// executable reads the file and passes its bytes.
package struct TZif: Sendable, Equatable {
    /// Transition moments (seconds since 1970 UTC), ascending, and the UTC offset from each on.
    let transitions: [Int64]
    let offsets: [Int32]
    /// The offset before the first transition (the first time type, RFC 8536 section 3.2).
    let initialOffset: Int32
    /// The footer's rule, for moments at or after the last transition; nil when the file has none.
    let rule: POSIXTimeZone?

    /// Why a file cannot be read as a zone.
    package enum Failure: BilingualError, Equatable, Sendable {
        case notTZif
        case truncated
        case badFooter(String)
        case noTimeTypes
        /// The transitions do not ascend (no C library accepts such a file).
        case outOfOrder
        /// A UTC offset outside RFC 8536's range: more than −25 h and less than 26 h.
        case badOffset(Int)
        /// A transition names a local time type the file does not have.
        case badTypeIndex(Int, count: Int)

        /// RFC 8536 section 3.2: an offset "SHOULD be in the range [-89999, 93599]".
        static let offsets = -89_999...93_599

        package var reason: Bilingual {
            switch self {
            case .outOfOrder: Bilingual("його переходи йдуть не за часом", "its transitions are not in time order")
            case .badOffset(let offset):
                Bilingual(
                    "його зсув від UTC \(offset) с неможливий для часового поясу (більше за −25 год, менше за 26 год)",
                    "its UTC offset \(offset) s is not one a zone can have (more than −25 h, less than 26 h)")
            case .badTypeIndex(let index, let count):
                Bilingual(
                    "перехід посилається на тип місцевого часу \(index), а їх лише \(count)",
                    "a transition names local time type \(index), and it has only \(count)")
            case .notTZif:
                Bilingual("це не файл TZif (немає позначки 'TZif')", "it is not a TZif file (no 'TZif' magic)")
            case .truncated:
                Bilingual(
                    "він уривається раніше, ніж закінчуються оголошені в заголовку дані",
                    "it ends before the data its header announces")
            case .badFooter(let footer):
                Bilingual("правило '\(footer)' у його кінці не читається", "its footer rule '\(footer)' cannot be read")
            case .noTimeTypes: Bilingual("у ньому немає жодного типу місцевого часу", "it has no local time types")
            }
        }
    }

    package init(bytes: [UInt8]) throws(Failure) {
        var reader = Reader(bytes: bytes)
        let first = try reader.header()
        if first.version == 0 {
            // Version 1: 32-bit transitions and no footer.
            (transitions, offsets, initialOffset) = try reader.block(first, timeSize: 4)
            rule = nil
            return
        }
        // Version 2 and later repeat the data with 64-bit times, then the footer.
        try reader.skip(first.blockSize(timeSize: 4))
        let second = try reader.header()
        (transitions, offsets, initialOffset) = try reader.block(second, timeSize: 8)
        let footer = try reader.footer()
        if footer.isEmpty {
            rule = nil
        } else {
            guard let parsed = POSIXTimeZone(footer) else { throw .badFooter(footer) }
            for offset in [parsed.standardOffset] + (parsed.daylight.map { [$0.offset] } ?? [])
            where !Failure.offsets.contains(offset) {
                throw .badOffset(offset)
            }
            rule = parsed
        }
    }

    /// The UTC offset in seconds at a moment given as seconds since 1970 UTC.
    package func offset(atUTC moment: Int64) -> Int {
        guard let last = transitions.last else { return rule?.offset(atUTC: moment) ?? Int(initialOffset) }
        if moment >= last, let rule { return rule.offset(atUTC: moment) }
        guard moment >= transitions[0] else { return Int(initialOffset) }
        // The last transition at or before the moment.
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= moment { low = middle } else { high = middle - 1 }
        }
        return Int(offsets[low])
    }

    /// A bounds-checked cursor over the file's bytes.
    struct Reader {
        let bytes: [UInt8]
        var position = 0

        struct Header {
            var version: UInt8
            var isUTCCount, isStandardCount, leapCount, timeCount, typeCount, charCount: Int

            func blockSize(timeSize: Int) -> Int {
                timeCount * timeSize + timeCount + typeCount * 6 + charCount
                    + leapCount * (timeSize + 4) + isStandardCount + isUTCCount
            }
        }

        mutating func take(_ count: Int) throws(Failure) -> ArraySlice<UInt8> {
            guard count >= 0, count <= bytes.count - position else { throw .truncated }
            defer { position += count }
            return bytes[position..<position + count]
        }

        mutating func skip(_ count: Int) throws(Failure) { _ = try take(count) }

        mutating func integer(_ size: Int) throws(Failure) -> Int64 {
            let slice = try take(size)
            var value: UInt64 = 0
            for byte in slice { value = value << 8 | UInt64(byte) }
            // Sign-extend from `size` bytes.
            let shift = UInt64(64 - size * 8)
            return Int64(bitPattern: value << shift) >> Int64(shift)
        }

        mutating func header() throws(Failure) -> Header {
            let magic = Array("TZif".utf8)
            guard Array(bytes[position..<min(position + 4, bytes.count)]) == magic else { throw .notTZif }
            guard bytes.count - position >= 44 else { throw .truncated }
            try skip(4)
            let version = try take(1).first!
            try skip(15)
            var counts: [Int] = []
            for _ in 0..<6 { counts.append(Int(try integer(4))) }
            guard counts.allSatisfy({ $0 >= 0 && $0 < 1 << 24 }) else { throw .truncated }
            let header = Header(
                version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
                timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
            guard header.typeCount > 0 else { throw .noTimeTypes }
            return header
        }

        mutating func block(_ header: Header, timeSize: Int) throws(Failure) -> ([Int64], [Int32], Int32) {
            var times: [Int64] = []
            times.reserveCapacity(header.timeCount)
            for _ in 0..<header.timeCount { times.append(try integer(timeSize)) }
            let indices = Array(try take(header.timeCount))
            var utOffsets: [Int32] = []
            for _ in 0..<header.typeCount {
                let offset = try integer(4)
                guard Failure.offsets.contains(Int(offset)) else { throw .badOffset(Int(offset)) }
                utOffsets.append(Int32(offset))
                try skip(2)  // isdst, the designation's index
            }
            try skip(header.charCount + header.leapCount * (timeSize + 4) + header.isStandardCount + header.isUTCCount)
            var offsets: [Int32] = []
            offsets.reserveCapacity(indices.count)
            for index in indices {
                guard Int(index) < utOffsets.count else { throw .badTypeIndex(Int(index), count: utOffsets.count) }
                offsets.append(utOffsets[Int(index)])
            }
            // Transitions must ascend; a file that says otherwise is not one a C library accepts.
            for i in times.indices.dropFirst() where times[i] <= times[i - 1] { throw .outOfOrder }
            return (times, offsets, utOffsets[0])
        }

        /// The text between the two newlines after the data (RFC 8536 section 3.3).
        mutating func footer() throws(Failure) -> String {
            guard position < bytes.count, bytes[position] == 0x0A else { throw .truncated }
            guard let end = bytes[(position + 1)...].firstIndex(of: 0x0A) else { throw .truncated }
            let text = bytes[(position + 1)..<end]
            guard text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { throw .badFooter("?") }
            return String(decoding: text, as: UTF8.self)
        }
    }
}

/// A POSIX TZ rule such as `EET-2EEST,M3.5.0/3,M10.5.0/4` (POSIX.1-2017 section 8.3, with RFC
/// 8536's extension of hours to ±167): standard time, and optionally daylight time with the rule
/// for when it starts and ends each year.
package struct POSIXTimeZone: Sendable, Equatable {
    /// Seconds east of UTC (the POSIX text counts west, so its sign is flipped here).
    var standardOffset: Int
    var daylight: Daylight?

    struct Daylight: Equatable {
        var offset: Int
        var start: DateRule
        var end: DateRule
    }

    /// A moment of the year: the day and the local time (seconds, may be negative or past 24 h).
    struct DateRule: Equatable {
        enum Day: Equatable {
            /// `Jn`: day 1…365, February 29 never counted.
            case julianNoLeap(Int)
            /// `n`: day 0…365, February 29 counted in leap years.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday d (0 = Sunday) of week w (5 = the last) of month m.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }
        var day: Day
        var time: Int
    }

    package init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard scanner.name(), let standard = scanner.offset() else { return nil }
        standardOffset = -standard
        if scanner.atEnd {
            daylight = nil
            return
        }
        guard scanner.name() else { return nil }
        var dst = standardOffset + 3600
        if let explicit = scanner.offset() { dst = -explicit }
        // No rule after the names is implementation-defined; TZif footers always give one.
        guard scanner.accept(","), let start = scanner.dateRule(), scanner.accept(","), let end = scanner.dateRule(),
            scanner.atEnd
        else { return nil }
        daylight = Daylight(offset: dst, start: start, end: end)
    }

    /// The UTC offset in seconds at a moment given as seconds since 1970 UTC.
    package func offset(atUTC moment: Int64) -> Int {
        guard let daylight else { return standardOffset }
        // The year as standard time reads it; transitions sit well inside a year.
        let local = moment + Int64(standardOffset)
        let days = Int(local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400))
        let year = ServiceClock.civil(days).year
        // Start is given in standard time, end in daylight time (POSIX).
        let start = Self.moment(daylight.start, year: year) - Int64(standardOffset)
        let end = Self.moment(daylight.end, year: year) - Int64(daylight.offset)
        let inDaylight = start < end ? (moment >= start && moment < end) : !(moment >= end && moment < start)
        return inDaylight ? daylight.offset : standardOffset
    }

    /// Local seconds since 1970 of a rule's moment in a year.
    static func moment(_ rule: DateRule, year: Int) -> Int64 {
        let january1 = ServiceClock.days(.init(year: year, month: 1, day: 1))
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let day: Int
        switch rule.day {
        case .julianNoLeap(let n):
            day = january1 + n - 1 + (leap && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            day = january1 + n
        case .monthWeekDay(let month, let week, let weekday):
            let first = ServiceClock.days(.init(year: year, month: month, day: 1))
            let firstWeekday = ((first % 7) + 7 + 4) % 7  // 1970-01-01 was a Thursday (4)
            var date = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            let monthLengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            while date >= first + monthLengths[month - 1] { date -= 7 }
            day = date
        }
        return Int64(day) * 86_400 + Int64(rule.time)
    }

    struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }
        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func accept(_ character: Character) -> Bool {
            guard let peek, peek == character.asciiValue else { return false }
            position += 1
            return true
        }

        /// A zone abbreviation: three or more letters, or `<…>` quoted (may hold digits and signs).
        mutating func name() -> Bool {
            if accept("<") {
                let start = position
                while let c = peek, c != UInt8(ascii: ">") {
                    position += 1
                    _ = c
                }
                guard position - start >= 3, accept(">") else { return false }
                return true
            }
            let start = position
            while let c = peek, (c | 0x20) >= UInt8(ascii: "a"), (c | 0x20) <= UInt8(ascii: "z") { position += 1 }
            return position - start >= 3
        }

        mutating func number(maximum: Int) -> Int? {
            let start = position
            var value = 0
            while let c = peek, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
                value = value * 10 + Int(c - UInt8(ascii: "0"))
                guard value <= maximum else { return nil }
                position += 1
            }
            return position > start ? value : nil
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, hours up to 167 (RFC 8536's extension).
        mutating func offset() -> Int? {
            var sign = 1
            if accept("-") { sign = -1 } else { _ = accept("+") }
            guard let hours = number(maximum: 167) else { return nil }
            var seconds = hours * 3600
            if accept(":") {
                guard let minutes = number(maximum: 59) else { return nil }
                seconds += minutes * 60
                if accept(":") {
                    guard let secs = number(maximum: 59) else { return nil }
                    seconds += secs
                }
            }
            return sign * seconds
        }

        mutating func dateRule() -> DateRule? {
            let day: DateRule.Day
            if accept("J") {
                guard let n = number(maximum: 365), n >= 1 else { return nil }
                day = .julianNoLeap(n)
            } else if accept("M") {
                guard let month = number(maximum: 12), month >= 1, accept("."),
                    let week = number(maximum: 5), week >= 1, accept("."),
                    let weekday = number(maximum: 6)
                else { return nil }
                day = .monthWeekDay(month: month, week: week, weekday: weekday)
            } else {
                guard let n = number(maximum: 365) else { return nil }
                day = .zeroBased(n)
            }
            var time = 7200
            if accept("/") {
                guard let t = offset() else { return nil }
                time = t
            }
            return DateRule(day: day, time: time)
        }
    }
}
