import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Reads an air-raid alert-status response for the city of Kyiv.
///
/// One schema, read strictly: `{"alert": true}`; a list of regions `{"states": [{"name": "м. Київ",
/// "alert": true}, …]}`, each entry a region; or one region, which must be the city,
/// `{"state": {"name": "м. Київ", "alert": true}}` (a region: an object with a text `name` and an
/// `alert` true or false; other fields are allowed). Anything else is malformed, and a malformed
/// or missing answer is "unknown" with the reason, never "no alert".
package enum AlertFeed {
    package enum Verdict: Equatable, Sendable {
        case alert
        case quiet
        case unknown(Bilingual)

        /// The one-line form: `alert`, `quiet`, or `unknown: reason` (in English, as `--events`
        /// and scripts read it).
        package var line: String {
            switch self {
            case .alert: return "alert"
            case .quiet: return "quiet"
            case .unknown(let reason): return "unknown: \(reason.en)"
            }
        }

        /// What the helper prints: the line, and for "unknown" a second line `uk: причина`, so
        /// that the reason reaches a Ukrainian screen in Ukrainian.
        package var output: String {
            guard case .unknown(let reason) = self else { return line }
            return line + "\nuk: " + reason.uk
        }

        /// Reads what the helper printed (`output`; from an older helper, the line alone, whose
        /// English reason the Ukrainian then quotes).
        package init(line text: String) {
            let lines = text.split(separator: "\n").map { AlertFeed.trimmed(String($0)) }
            let first = lines.first ?? ""
            switch first {
            case "alert": self = .alert
            case "quiet": self = .quiet
            default:
                guard first.hasPrefix("unknown: ") else {
                    self = .unknown(Bilingual("перевірка не дала відповіді", "the check gave no answer"))
                    return
                }
                let english = String(first.dropFirst("unknown: ".count))
                let ukrainian = lines.dropFirst().first { $0.hasPrefix("uk: ") }.map {
                    String($0.dropFirst("uk: ".count))
                }
                self = .unknown(Bilingual(ukrainian ?? "«\(english)»", english))
            }
        }
    }

    /// Why the status is unknown, each reason in both languages.
    package enum Reason {
        package static let tooLarge = Bilingual("відповідь більша за 1 МБ", "the answer is over 1 MB")
        static let notJSON = Bilingual(
            "стрічка відповіла не об’єктом JSON", "the feed did not answer with a JSON object")
        static let repeatedKey = Bilingual("у відповіді стрічки ключ повторюється", "the feed's answer repeats a key")
        static let notBoolean = Bilingual(
            "тривога для Києва у стрічці — не 'true' і не 'false'", "the feed's alert for Kyiv is not true or false")
        static let kyivTwice = Bilingual(
            "стрічка називає місто Київ більше одного разу", "the feed lists the city of Kyiv more than once")
        static let noKyiv = Bilingual(
            "у стрічці немає запису для міста Києва", "the feed lists no entry for the city of Kyiv")
        static let noAlertField = Bilingual(
            "у відповіді стрічки немає поля 'alert'", "the feed's answer has no alert field")
        static let notARegionList = Bilingual(
            "'states' у відповіді стрічки — не список регіонів", "the feed's 'states' is not a list of regions")
        static let notARegion = Bilingual(
            "запис серед регіонів стрічки — не {\"name\": текст, \"alert\": true чи false}",
            "an entry in the feed's regions is not {\"name\": text, \"alert\": true or false}")
        static let stateNotKyiv = Bilingual(
            "єдиний регіон стрічки ('state') — не місто Київ", "the feed's one region ('state') is not the city of Kyiv"
        )
        static let contradicts = Bilingual(
            "стрічка суперечить собі щодо Києва", "the feed contradicts itself about Kyiv")
        package static let badURL = Bilingual(
            "адреса стрічки — не чинна адреса HTTP(S)", "the feed URL is not a valid http(s) URL")
        static let plainHTTP = Bilingual(
            "стрічка має бути за HTTPS (звичайний HTTP — лише до адреси цього комп’ютера)",
            "the feed must use HTTPS (plain http is allowed only to a loopback address)")
        package static let tooSlow = Bilingual("стрічка не відповіла вчасно", "the feed did not answer in time")
        package static let unresolved = Bilingual(
            "ім’я вузла стрічки не знайдено", "the feed's host name cannot be resolved")
        package static let tls = Bilingual(
            "не вдалося захищене з’єднання TLS зі стрічкою", "the feed's TLS connection failed")
        package static let unreachable = Bilingual("стрічка недосяжна", "the feed cannot be reached")
        package static let noCurl = Bilingual(
            "curl не встановлено, а перевірці тривоги він потрібен: встановіть пакет curl",
            "curl is not installed, and the alert check needs it: install the curl package")
        package static func http(_ code: Int) -> Bilingual {
            Bilingual("стрічка відповіла HTTP \(code)", "the feed answered HTTP \(code)")
        }
        package static func redirect(_ code: Int) -> Bilingual {
            Bilingual(
                "стрічка відповіла HTTP \(code), переспрямуванням, за яким перевірка не йде",
                "the feed answered HTTP \(code), a redirect, which is not followed")
        }
    }

    /// The most of an answer that is read: a bigger one is "unknown", never parsed.
    package static let maximumBytes = 1_048_576

    /// Every statement the answer makes about the city must agree, and the city may be listed
    /// once: contradictory or duplicated entries are "unknown", never "no alert".
    package static func parse(_ data: Data) -> Verdict {
        guard data.count <= maximumBytes else { return .unknown(Reason.tooLarge) }
        // A key said twice is two answers, whichever a parser would keep.
        let object: [String: Any]
        do {
            guard let parsed = try JSONObject.parse(Array(data), rejectDuplicateKeys: true) as? [String: Any] else {
                return .unknown(Reason.notJSON)
            }
            object = parsed
        } catch {
            return .unknown(error.duplicateKey != nil ? Reason.repeatedKey : Reason.notJSON)
        }
        // Each place that speaks for Kyiv: a value there that is not true or false (a number, a
        // string, null) is no answer, never "no alert". A region list or a region not in the
        // schema is no answer either, whatever else the answer says.
        var places: [Any] = []
        var listedWithoutKyiv = false
        if let value = object["alert"] { places.append(value) }
        if let value = object["state"] {
            guard let state = region(value) else { return .unknown(Reason.notARegion) }
            guard isKyivCity(state.name) else { return .unknown(Reason.stateNotKyiv) }
            places.append(state.alert)
        }
        if let value = object["states"] {
            guard let list = value as? [Any] else { return .unknown(Reason.notARegionList) }
            var regions: [(name: String, alert: Bool)] = []
            for entry in list {
                guard let region = region(entry) else { return .unknown(Reason.notARegion) }
                regions.append(region)
            }
            let kyiv = regions.filter { isKyivCity($0.name) }
            if kyiv.count > 1 { return .unknown(Reason.kyivTwice) }
            if let region = kyiv.first { places.append(region.alert) } else { listedWithoutKyiv = true }
        }
        var said: [Bool] = []
        for place in places {
            guard let alert = strictBoolean(place) else { return .unknown(Reason.notBoolean) }
            said.append(alert)
        }
        // A region list says which regions the answer speaks for: without the city, a flag
        // beside it is about some other place, never "no alert in Kyiv".
        if listedWithoutKyiv { return .unknown(Reason.noKyiv) }
        guard let first = said.first else { return .unknown(Reason.noAlertField) }
        guard said.allSatisfy({ $0 == first }) else { return .unknown(Reason.contradicts) }
        return first ? .alert : .quiet
    }

    /// A region as the schema has it: an object with a `name` (text) and an `alert` (true or
    /// false); other fields beside them are allowed.
    static func region(_ value: Any) -> (name: String, alert: Bool)? {
        guard let object = value as? [String: Any], let name = object["name"] as? String,
            let value = object["alert"], let alert = strictBoolean(value)
        else { return nil }
        return (name, alert)
    }

    /// `true` or `false` as JSON spelt them (a number 1 or 0, a string, null are not).
    static func strictBoolean(_ value: Any) -> Bool? { value as? Bool }

    /// Why a feed URL cannot be used, or nil: HTTPS, except to a loopback address (a local
    /// relay, a test server).
    package static func urlProblem(_ text: String) -> Bilingual? {
        guard let (scheme, host) = strictURL(text) else { return Reason.badURL }
        switch scheme {
        case "https": return nil
        case "http" where isLoopback(host): return nil
        default: return Reason.plainHTTP
        }
    }

    /// RFC 3986's grammar for an http(s) URL, strictly (Foundation's `URL` took a space in a
    /// host): `scheme://[userinfo@]host[:port][/path][?query][#fragment]`, with the host a DNS
    /// name of letters, digits and hyphens (an internationalised one in its `xn--` form), an
    /// IPv4 address or a bracketed IPv6 one, the port a number to 65535, and nothing anywhere
    /// outside the URL alphabet (a `%` only before two hexadecimal digits). The scheme and the
    /// host, in lower case, or nil.
    static func strictURL(_ text: String) -> (scheme: String, host: String)? {
        let bytes = Array(text.utf8)
        guard bytes.count <= 2048 else { return nil }
        func isAlpha(_ b: UInt8) -> Bool { (65...90).contains(b) || (97...122).contains(b) }
        func isDigit(_ b: UInt8) -> Bool { (48...57).contains(b) }
        func isHex(_ b: UInt8) -> Bool { isDigit(b) || (65...70).contains(b) || (97...102).contains(b) }
        let unreserved = Set("-._~".utf8)
        let subDelims = Set("!$&'()*+,;=".utf8)
        /// Every byte allowed (`extra` besides unreserved and sub-delims) and every `%` escape whole.
        func valid(_ part: ArraySlice<UInt8>, extra: Set<UInt8>) -> Bool {
            var index = part.startIndex
            while index < part.endIndex {
                let b = part[index]
                if b == UInt8(ascii: "%") {
                    guard index + 2 < part.endIndex, isHex(part[index + 1]), isHex(part[index + 2])
                    else { return false }
                    index += 3
                    continue
                }
                guard isAlpha(b) || isDigit(b) || unreserved.contains(b) || subDelims.contains(b) || extra.contains(b)
                else { return false }
                index += 1
            }
            return true
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        guard scheme == "http" || scheme == "https", bytes[(colon + 1)...].starts(with: Array("//".utf8)) else {
            return nil
        }
        let rest = bytes[(colon + 3)...]
        let authorityEnd =
            rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        let tail = rest[authorityEnd...]
        // The path, the query and the fragment: their alphabet, one `#` at most.
        let fragmentMark = tail.firstIndex(of: UInt8(ascii: "#")) ?? tail.endIndex
        guard valid(tail[..<fragmentMark], extra: Set(":@/?".utf8)),
            fragmentMark == tail.endIndex || valid(tail[(fragmentMark + 1)...], extra: Set(":@/?".utf8))
        else { return nil }
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            guard valid(authority[..<at], extra: [UInt8(ascii: ":")]) else { return nil }
            authority = authority[(at + 1)...]
        }
        var host = authority
        var port: ArraySlice<UInt8> = []
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            let literal = authority[(authority.startIndex + 1)..<close]
            guard literal.count >= 2, literal.contains(UInt8(ascii: ":")),
                literal.allSatisfy({ isHex($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") })
            else { return nil }
            host = authority[...close]
            let after = authority[(close + 1)...]
            if !after.isEmpty {
                guard after.first == UInt8(ascii: ":") else { return nil }
                port = after.dropFirst()
                guard !port.isEmpty else { return nil }
            }
        } else {
            if let mark = authority.firstIndex(of: UInt8(ascii: ":")) {
                host = authority[..<mark]
                port = authority[(mark + 1)...]
                guard !port.isEmpty else { return nil }
            }
            // A DNS name (labels of letters, digits and inner hyphens) or an IPv4 address.
            let labels = host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard !host.isEmpty, host.count <= 253,
                labels.allSatisfy({ label in
                    !label.isEmpty && label.count <= 63 && label.first != UInt8(ascii: "-")
                        && label.last != UInt8(ascii: "-")
                        && label.allSatisfy { isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "-") }
                })
            else { return nil }
        }
        if !port.isEmpty {
            guard port.count <= 5, port.allSatisfy(isDigit), let number = Int(String(decoding: port, as: UTF8.self)),
                (1...65535).contains(number)
            else { return nil }
        }
        return (scheme, String(decoding: host, as: UTF8.self).lowercased())
    }

    /// 127.0.0.0/8, ::1 and localhost: the hosts plain http may go to.
    package static func isLoopback(_ host: String) -> Bool {
        var bare = Substring(host)
        while bare.first == "[" { bare.removeFirst() }
        while bare.last == "]" { bare.removeLast() }
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// `text` without white space at either end. (Foundation's `trimmingCharacters(in:)` and
    /// `CharacterSet` bring ICU into a statically linked helper.)
    package static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// The city's own names as the alert sources people use write them (alerts.in.ua,
    /// ukrainealarm.com and alerts.com.ua: "м. Київ"; their English "Kyiv City"), in both
    /// alphabets, compared whole after case and spacing: a region whose name only *contains* the
    /// city's ("Київська область", "Київщина", "Kyiv Province", "Not Kyiv") is another region.
    static let kyivCityNames: Set<String> = [
        "м. київ", "м.київ", "місто київ", "київ", "київ (місто)",
        "kyiv", "kyiv city", "city of kyiv", "kyiv (city)", "m. kyiv", "misto kyiv", "kiev", "kiev city",
        "city of kiev",
    ]

    /// "м. Київ" or "Kyiv City", exactly, not "Київська область" (the region around it).
    static func isKyivCity(_ name: String) -> Bool {
        // Case and runs of white space aside, the whole name (no `Foundation` search: it brings
        // ICU into a statically linked helper).
        let words = name.lowercased().split(whereSeparator: \.isWhitespace)
        return kyivCityNames.contains(words.joined(separator: " "))
    }
}
