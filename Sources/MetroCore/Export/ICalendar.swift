import FoundationEssentials

/// The small part of RFC 5545 that the calendar card needs, written exactly: content lines folded at
/// 75 octets without splitting a UTF-8 character (3.1), text values escaped (3.3.11), CRLF line
/// ends. Pure: the same components give the same bytes.
package enum ICalendar {
    /// One content line: `NAME;PARAM=VALUE:value`, the value already in its type's form.
    package struct Property: Equatable, Sendable {
        package var name: String
        package var parameters: [(String, String)]
        package var value: String

        package init(_ name: String, _ value: String, parameters: [(String, String)] = []) {
            self.name = name
            self.value = value
            self.parameters = parameters
        }

        /// A TEXT property, escaped.
        package static func text(_ name: String, _ text: String) -> Property {
            Property(name, ICalendar.escape(text))
        }

        package static func == (a: Property, b: Property) -> Bool {
            a.name == b.name && a.value == b.value && a.parameters.elementsEqual(b.parameters) { $0 == $1 }
        }

        var line: String {
            name + parameters.map { ";" + $0.0 + "=" + $0.1 }.joined() + ":" + value
        }
    }

    /// A component (`VCALENDAR`, `VEVENT`, `VALARM`, …) with its properties and subcomponents.
    package struct Component: Equatable, Sendable {
        package var name: String
        package var properties: [Property]
        package var components: [Component]

        package init(_ name: String, _ properties: [Property], _ components: [Component] = []) {
            self.name = name
            self.properties = properties
            self.components = components
        }

        /// The component as folded content lines, each ending in CRLF.
        var serialized: String {
            var out = ICalendar.fold("BEGIN:" + name)
            for property in properties { out += ICalendar.fold(property.line) }
            for component in components { out += component.serialized }
            return out + ICalendar.fold("END:" + name)
        }
    }

    /// Escapes a TEXT value: backslash, semicolon and comma get a backslash; a line break
    /// becomes `\n`.
    package static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// One content line folded: no line longer than 75 octets (CRLF not counted), continuation
    /// lines starting with a space, and never a break inside a character's UTF-8 bytes.
    package static func fold(_ line: String) -> String {
        var out = ""
        var octets = 0
        for character in line {
            let size = String(character).utf8.count
            if octets + size > 75 {
                out += "\r\n "
                octets = 1
            }
            out.append(character)
            octets += size
        }
        return out + "\r\n"
    }

    /// `20261130T062840Z`: a UTC DATE-TIME.
    package static func utc(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        return basic(ServiceClock.civil(days), seconds - days * 86_400) + "Z"
    }

    /// `20261130T081500`: the wall clock of a zone, for a `TZID=` DATE-TIME.
    package static func local(_ date: Date, clock: ServiceClock) -> String {
        let (days, seconds) = clock.wallClock(date)
        return basic(ServiceClock.civil(days), seconds)
    }

    static func basic(_ day: ServiceClock.ServiceDay, _ seconds: Int) -> String {
        Format.c(
            "%04ld%02ld%02ldT%02ld%02ld%02ld", day.year, day.month, day.day, seconds / 3600, seconds / 60 % 60,
            seconds % 60)
    }

    /// Europe/Kyiv as a VTIMEZONE: EET in winter, EEST from the last Sunday of March (03:00) to
    /// the last Sunday of October (04:00), as Ukraine has kept them since 1996. RFC 5545 wants
    /// every TZID that an event names described in the file itself.
    static let kyivTimeZone = Component(
        "VTIMEZONE", [Property("TZID", "Europe/Kyiv")],
        [
            Component(
                "DAYLIGHT",
                [
                    Property("TZOFFSETFROM", "+0200"), Property("TZOFFSETTO", "+0300"), Property("TZNAME", "EEST"),
                    Property("DTSTART", "19700329T030000"), Property("RRULE", "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"),
                ]),
            Component(
                "STANDARD",
                [
                    Property("TZOFFSETFROM", "+0300"), Property("TZOFFSETTO", "+0200"), Property("TZNAME", "EET"),
                    Property("DTSTART", "19701025T040000"), Property("RRULE", "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"),
                ]),
        ])
}
