/// Every value of a shared ride is checked against what a ride can be: a shared file is someone
/// else's, and a count or a second out of range would skew the pool (or trap a sum).
extension SharedJournal {
    /// Why this ride cannot be pooled, or nil. Text from the file is masked before it is put in
    /// a message (`UnsafeText.masked`).
    package static func problem(_ ride: SharedRide, network: Network) -> Bilingual? {
        let masked = UnsafeText.masked
        guard ride.ride.count == 16, ride.ride.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else {
            return Bilingual(key: "ride", "має бути 16 шістнадцяткових цифр", "must be 16 hexadecimal digits")
        }
        for (key, code) in [("from", ride.from), ("to", ride.to)] where network.station(code) == nil {
            return Bilingual(key: key, "немає станції '\(masked(code))'", "no station '\(masked(code))'")
        }
        guard ride.from != ride.to else {
            return Bilingual(key: "to", "та сама станція, що й from", "the same station as from")
        }
        guard ride.program.count <= 32, ride.program.utf8.allSatisfy({ isWordByte($0) }) else {
            return Bilingual(
                key: "program", "не номер версії: '\(masked(String(ride.program.prefix(40))))'",
                "not a version number: '\(masked(String(ride.program.prefix(40))))'")
        }
        let m = ride.moments
        guard m.timetable.utf8.count == 10,
            m.timetable.utf8.enumerated().allSatisfy({
                $0.offset == 4 || $0.offset == 7 ? $0.element == 45 : (48...57).contains($0.element)
            })
        else {
            return Bilingual(key: "moments.timetable", "не дата РРРР-ММ-ДД", "not a date YYYY-MM-DD")
        }
        guard (3...27).contains(m.hour) else {
            return Bilingual(key: "moments.hour", "\(m.hour) поза межами 3–27", "\(m.hour) is outside 3–27")
        }
        guard (ride.outcome == .arrived) == (ride.confirmed != nil) else {
            return Bilingual(
                key: "confirmed", "є тоді й лише тоді, коли outcome — arrived",
                "present exactly when the outcome is arrived")
        }
        var seconds: [(String, Int)] = [
            ("moments.arrival", m.arrival), ("moments.earliest", m.earliest), ("moments.latest", m.latest),
            ("moments.finalArrival", m.finalArrival),
        ]
        if let confirmed = ride.confirmed { seconds.append(("confirmed", confirmed)) }
        if let alert = m.alert { seconds.append(("moments.alert", alert)) }
        if let step = m.lastStep { seconds.append(("moments.lastStep", step)) }
        seconds += m.changeAlerts.map { ("moments.changeAlerts", $0) }
        seconds += m.steps.map { ("moments.steps.seconds", $0.seconds) }
        for change in m.changes {
            seconds.append(("moments.changes.bookedSeconds", change.bookedSeconds))
            if let exit = change.exitSeconds { seconds.append(("moments.changes.exitSeconds", exit)) }
            if let departed = change.departedSeconds { seconds.append(("moments.changes.departedSeconds", departed)) }
        }
        for (key, value) in seconds where !secondsRange.contains(value) {
            return Bilingual(
                key: key, "\(value) поза межами \(secondsRange.lowerBound)–\(secondsRange.upperBound)",
                "\(value) is outside \(secondsRange.lowerBound)–\(secondsRange.upperBound)")
        }
        guard m.earliest <= m.arrival, m.arrival <= m.latest else {
            return Bilingual(
                key: "moments", "earliest ≤ arrival ≤ latest не виконується",
                "earliest ≤ arrival ≤ latest does not hold")
        }
        guard m.steps.count <= Trip.correctionCap, m.changes.count <= 2, m.changeAlerts.count <= 2 else {
            return Bilingual(key: "moments", "забагато виправлень чи пересадок", "too many corrections or changes")
        }
        for step in m.steps {
            switch step.kind {
            case "shift":
                guard let stops = step.stops, stops != 0, (-99...99).contains(stops), step.station == nil else {
                    return Bilingual(
                        key: "moments.steps", "shift потребує stops від −99 до 99, не 0",
                        "shift needs stops from −99 to 99, not 0")
                }
            case "at":
                guard let station = step.station, step.stops == nil else {
                    return Bilingual(key: "moments.steps", "at потребує station", "at needs a station")
                }
                guard network.station(station) != nil else {
                    return Bilingual(
                        key: "moments.steps.station", "немає станції '\(masked(station))'",
                        "no station '\(masked(station))'")
                }
            case "departed":
                guard step.stops == nil, step.station == nil else {
                    return Bilingual(
                        key: "moments.steps", "departed без stops і station", "departed takes no stops or station")
                }
            default:
                return Bilingual(
                    key: "moments.steps.kind", "невідомий вид '\(masked(String(step.kind.prefix(40))))'",
                    "unknown kind '\(masked(String(step.kind.prefix(40))))'")
            }
        }
        guard zip(m.steps, m.steps.dropFirst()).allSatisfy({ $0.seconds <= $1.seconds }) else {
            return Bilingual(key: "moments.steps", "не за часом", "not in order of time")
        }
        return nil
    }

    /// Letters, digits, '.', '-', '+' (what a version number is made of).
    static func isWordByte(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 46 || byte == 45
            || byte == 43
    }
}
