import FoundationEssentials
import Synchronization

/// Resolves what a person types to one station, or to a clear ambiguity.
///
/// Every name (Ukrainian, official English, former names) and every query is reduced to a
/// *folded key*: Cyrillic is transliterated, then the spellings people actually use are made to
/// coincide with the official ones (Khreschatyk, Lukyanivska, Darnitsa, Gidropark, Teremki,
/// Livoberezhnaya, Russian Крещатик). Matching then tries, in order: an exact key, a unique
/// prefix (of the whole name or of one of its words), and a small typo. Anything else is either
/// an ambiguity (with the candidates) or unknown (with the closest names as suggestions).
package struct StationSearch: Sendable {
    package enum Match: Equatable, Sendable {
        case found(NetworkDocument.Station)
        case ambiguous([NetworkDocument.Station])
        case notFound(suggestions: [NetworkDocument.Station])
    }

    struct Key: Sendable {
        var station: Int
        var folded: String
        var words: [String]
    }

    let stations: [NetworkDocument.Station]
    /// Every name as written, lower-cased: most people type a name exactly, and that needs no
    /// folding at all. `current` is false for a former name.
    let exactNames: [[UInt8]: (station: Int, current: Bool)]
    private let index: FoldedIndex

    /// The folded keys, built the first time a query is not an exact name.
    final class FoldedIndex: @unchecked Sendable {
        private let lock = Mutex(())
        private let stations: [NetworkDocument.Station]
        private var built: [Key]?

        init(stations: [NetworkDocument.Station]) { self.stations = stations }

        var keys: [Key] {
            lock.withLock { _ in keysLocked() }
        }

        private func keysLocked() -> [Key] {
            if let built { return built }
            var keys: [Key] = []
            for (index, station) in stations.enumerated() {
                for name in StationSearch.names(station) {
                    keys.append(Key(station: index, folded: StationSearch.fold(name), words: StationSearch.words(name)))
                }
            }
            built = keys
            return keys
        }
    }

    var keys: [Key] { index.keys }

    /// The search over the embedded network, built once per process.
    package static let kyiv = StationSearch(network: .kyiv)

    package init(network: Network) {
        stations = network.stations
        var exact: [[UInt8]: (station: Int, current: Bool)] = [:]
        for (index, station) in network.stations.enumerated() {
            // Current names first, then former ones (a later entry wins, as before).
            for name in StationSearch.currentNames(station) { exact[StationSearch.lowered(name)] = (index, true) }
            for name in StationSearch.formerNames(station) { exact[StationSearch.lowered(name)] = (index, false) }
        }
        exactNames = exact
        index = FoldedIndex(stations: network.stations)
    }

    /// The names a station goes by now: Ukrainian, English, Russian (with its variants).
    static func currentNames(_ station: NetworkDocument.Station) -> [String] {
        [station.nameUk, station.nameEn] + (station.namesRu ?? [])
    }

    /// The names a station went by: each former name in Ukrainian and English, then in Russian.
    static func formerNames(_ station: NetworkDocument.Station) -> [String] {
        station.formerNames.flatMap { [$0.uk, $0.en] } + (station.formerNamesRu ?? [])
    }

    /// Lower case for the letters station names are written in (Latin and Cyrillic), on the
    /// UTF-8 bytes, with spaces and tabs at either end dropped: `String.lowercased()` handles all
    /// of Unicode, and lowering every name of every station with it (or scalar by scalar) was a
    /// twentieth of `plan`'s run time.
    static func lowered(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        let start = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? bytes.count
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count - start)
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if (0x41...0x5A).contains(byte) {
                result.append(byte + 0x20)
            } else if index + 1 < bytes.count, byte == 0xD0 || byte == 0xD2 {
                let next = bytes[index + 1]
                switch (byte, next) {
                case (0xD0, 0x80...0x8F): result += [0xD1, next + 0x10]  // Ѐ–Џ, among them Є І Ї
                case (0xD0, 0x90...0x9F): result += [0xD0, next + 0x20]  // А–П
                case (0xD0, 0xA0...0xAF): result += [0xD1, next - 0x20]  // Р–Я
                case (0xD2, 0x90): result += [0xD2, 0x91]  // Ґ
                default: result += [byte, next]
                }
                index += 1
            } else {
                result.append(byte)
            }
            index += 1
        }
        return result
    }

    /// Every name a station is known by: Ukrainian, English, Russian (with its variants), and
    /// each former name in all three.
    static func names(_ station: NetworkDocument.Station) -> [String] {
        currentNames(station) + formerNames(station)
    }

    package func match(_ query: String) -> Match {
        // A visitor's English name for a well-known station ("Independence Square"), exactly;
        // one typed with a slip is suggested rather than left unknown.
        if let alias = aliasMatch(query) { return .found(alias) }
        let result = matchNames(query)
        if case .notFound(let suggestions) = result, let near = aliasSuggestion(query),
            !suggestions.contains(where: { $0.code == near.code })
        {
            return .notFound(suggestions: [near] + suggestions.prefix(2))
        }
        return result
    }

    func matchNames(_ query: String) -> Match {
        if let hit = exactNames[StationSearch.lowered(query)] { return .found(stations[hit.station]) }
        // No station's name has a digit or a letter three times running: a query that does
        // is not silently taken for the nearest name ("Lisova123", "Lisovaaaa", "AAAA"); it is
        // unknown, with what it may have meant as suggestions.
        if let cleaned = StationSearch.implausible(query) {
            let folded = StationSearch.fold(cleaned)
            guard !folded.isEmpty else { return .notFound(suggestions: []) }
            let suggestions = distances(folded).prefix(3).filter { $0.distance <= max(1, folded.count / 2) }
            return .notFound(suggestions: suggestions.map { stations[$0.station] })
        }
        let folded = StationSearch.fold(query)
        guard !folded.isEmpty else { return .notFound(suggestions: []) }

        let exact = unique(keys.filter { $0.folded == folded })
        if exact.count == 1 { return .found(stations[exact[0]]) }
        if exact.count > 1 { return .ambiguous(exact.map { stations[$0] }) }

        // A prefix of the whole name, or of any word in it ("Ploshcha" is the first word of one
        // name and the second of others; all of them are candidates), or for four letters and
        // more, any part of it ("Lva Tolstogo", "Ukrainskykh Heroiv").
        let queryWords = StationSearch.words(query)
        let prefixed = unique(
            keys.filter { key in
                key.folded.hasPrefix(folded)
                    || (queryWords.count == 1 && key.words.contains { $0.hasPrefix(folded) })
                    || (folded.count >= 4 && key.folded.contains(folded))
            })
        if prefixed.count == 1 { return .found(stations[prefixed[0]]) }
        if prefixed.count > 1 { return .ambiguous(prefixed.map { stations[$0] }) }

        // A typo: the closest name, if it is close for the query's length and nobody ties it.
        let scored = distances(folded)
        let allowed = folded.count >= 8 ? 2 : folded.count >= 4 ? 1 : 0
        if let best = scored.first, best.distance <= allowed,
            scored.dropFirst().first.map({ $0.distance > best.distance }) ?? true
        {
            return .found(stations[best.station])
        }
        // Suggest only what is plausibly meant: within half the query's length.
        let suggestions = scored.prefix(3).filter { $0.distance <= max(1, folded.count / 2) }
        return .notFound(suggestions: suggestions.map { stations[$0.station] })
    }

    /// The query made plausible (digits dropped, letter runs cut to one), when it was not; nil
    /// when it already was.
    static func implausible(_ query: String) -> String? {
        var changed = false
        var result: [Character] = []
        var run = 0
        let lowered = query.lowercased()
        for character in lowered {
            if character.isNumber {
                changed = true
                continue
            }
            run = character.isLetter && result.last == character ? run + 1 : 1
            if run >= 3 {
                changed = true
                continue
            }
            result.append(character)
        }
        guard changed else { return nil }
        // A run cut to two letters is cut to one: "Lisovaaaa" meant Lisova, not Lisovaa.
        var collapsed: [Character] = []
        for character in result
        where
            !(character.isLetter && collapsed.last == character
            && lowered.contains(String(repeating: character, count: 3)))
        {
            collapsed.append(character)
        }
        return String(collapsed)
    }

    /// The former name a query found this station by, when it did not match a current name:
    /// the answer says so ("Ploshcha Zhovtnevoi Revoliutsii" is now Maidan Nezalezhnosti).
    package func formerNameMatched(_ query: String, _ station: NetworkDocument.Station) -> String? {
        // A current name typed as written (the usual case) needs no folding.
        if let hit = exactNames[StationSearch.lowered(query)], hit.current,
            stations[hit.station].code == station.code
        {
            return nil
        }
        let folded = StationSearch.fold(query)
        guard !folded.isEmpty else { return nil }
        func matches(_ name: String) -> Bool {
            let key = StationSearch.fold(name)
            return key == folded || key.hasPrefix(folded) || StationSearch.words(name).contains { $0.hasPrefix(folded) }
                || (folded.count >= 4 && key.contains(folded))
        }
        guard !StationSearch.currentNames(station).contains(where: matches) else { return nil }
        let russian = station.formerNamesRu ?? []
        return station.formerNames.indices.first { index in
            matches(station.formerNames[index].en) || matches(station.formerNames[index].uk)
                || (russian.indices.contains(index) && matches(russian[index]))
        }.map { station.formerNames[$0].en }
    }

    /// The stations in official order, keeping each once.
    func unique(_ keys: [Key]) -> [Int] {
        Array(Set(keys.map(\.station))).sorted()
    }

    /// Each station's smallest edit distance to the query, closest first.
    func distances(_ folded: String) -> [(station: Int, distance: Int)] {
        var best: [Int: Int] = [:]
        for key in keys {
            // Compare with the whole name and with its start, so a long name with a typo near
            // its beginning still ranks well.
            let whole = EditDistance.between(folded, key.folded)
            let start =
                key.folded.count > folded.count
                ? EditDistance.between(folded, String(key.folded.prefix(folded.count))) + 1 : whole
            best[key.station] = min(best[key.station] ?? .max, whole, start)
        }
        return best.map { (station: $0.key, distance: $0.value) }
            .sorted { ($0.distance, $0.station) < ($1.distance, $1.station) }
    }

    // MARK: - Folding

    /// Lower-case Cyrillic (Ukrainian, and Russian, which many people in Kyiv type station names
    /// in) to Latin, by Unicode scalar.
    static let cyrillic: [UInt32: String] = {
        let pairs: [(Character, String)] = [
            ("а", "a"), ("б", "b"), ("в", "v"), ("г", "h"), ("ґ", "g"), ("д", "d"), ("е", "e"), ("є", "ie"),
            ("ж", "zh"),
            ("з", "z"), ("и", "y"), ("і", "i"), ("ї", "i"), ("й", "i"), ("к", "k"), ("л", "l"), ("м", "m"), ("н", "n"),
            ("о", "o"), ("п", "p"), ("р", "r"), ("с", "s"), ("т", "t"), ("у", "u"), ("ф", "f"), ("х", "kh"),
            ("ц", "ts"),
            ("ч", "ch"), ("ш", "sh"), ("щ", "shch"), ("ь", ""), ("ю", "iu"), ("я", "ia"),
            ("ы", "y"), ("э", "e"), ("ё", "e"), ("ъ", ""),
        ]
        return Dictionary(uniqueKeysWithValues: pairs.map { ($0.0.unicodeScalars.first!.value, $0.1) })
    }()

    /// Latin letters only, lower case, Cyrillic transliterated; apostrophes, guillemets,
    /// hyphens and spaces dropped (spaces and hyphens kept as word breaks).
    static func latin(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            var value = scalar.value
            switch value {
            case 0x41...0x5A: value += 0x20  // ASCII upper case
            case 0x410...0x42F: value += 0x20  // Cyrillic А–Я
            case 0x400...0x40F: value += 0x50  // Ѐ–Џ, among them Є І Ї
            case 0x490: value = 0x491  // Ґ
            default: break
            }
            if (0x61...0x7A).contains(value) {
                result.unicodeScalars.append(Unicode.Scalar(value)!)
            } else if let mapped = cyrillic[value] {
                result += mapped
            } else if value == 0x20 || value == 0x2D {
                result += " "
            }
        }
        return result
    }

    /// Reduces spelling variants to one key. Each rule merges spellings that people really use
    /// for the same sound; applied to both sides, so only consistency matters, and a test checks
    /// that no two stations fold to the same key. Works on ASCII bytes: every search folds every
    /// station name, and Foundation's string replacement made that most of `plan`'s run time.
    static func foldLatin(_ text: String) -> String {
        var s = Array(text.utf8).filter { $0 != UInt8(ascii: " ") }
        for (from, to) in foldRules {
            s = replace(s, from, to)
        }
        while s.count >= 2, let index = firstRange(s, ii) { s.remove(at: index) }
        for (from, to) in vowelRules {
            s = replace(s, from, to)
        }
        var collapsed: [UInt8] = []
        collapsed.reserveCapacity(s.count)
        for byte in s where collapsed.last != byte { collapsed.append(byte) }
        return String(decoding: collapsed, as: UTF8.self)
    }

    static let ii = Array("ii".utf8)

    static let foldRules: [([UInt8], [UInt8])] = [
        ("shch", "sc"), ("sch", "sc"),  // Khreshchatyk, Khreschatyk
        ("kh", "k"), ("zh", "z"), ("ch", "c"), ("sh", "s"),
        ("h", "g"),  // Hidropark, Gidropark (Russian г)
        ("y", "i"), ("j", "i"), ("w", "v"),  // Teremky, Teremki; Darnytsia, Darnitsa
        ("ts", "c"),
    ].map { (Array($0.0.utf8), Array($0.1.utf8)) }

    static let vowelRules: [([UInt8], [UInt8])] = [
        ("aia", "a"),  // Livoberezhnaya, Livoberezhna
        ("ia", "a"), ("iu", "u"), ("ie", "e"), ("io", "o"),  // Lukianivska, Lukyanivska
    ].map { (Array($0.0.utf8), Array($0.1.utf8)) }

    /// Every non-overlapping occurrence of `pattern`, left to right, replaced by `replacement`.
    static func replace(_ bytes: [UInt8], _ pattern: [UInt8], _ replacement: [UInt8]) -> [UInt8] {
        // Most rules do not apply to most names: then nothing is copied.
        guard contains(bytes, pattern) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if index + pattern.count <= bytes.count, bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                result.append(contentsOf: replacement)
                index += pattern.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    /// Whether `pattern` (one or more bytes) occurs in `bytes`.
    static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool { firstRange(bytes, pattern) != nil }

    /// Where `pattern` (one or more bytes) first occurs in `bytes`.
    static func firstRange(_ bytes: [UInt8], _ pattern: [UInt8]) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var index = 0
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first {
                var offset = 1
                while offset < pattern.count && bytes[index + offset] == pattern[offset] { offset += 1 }
                if offset == pattern.count { return index }
            }
            index += 1
        }
        return nil
    }

    package static func fold(_ text: String) -> String { foldLatin(latin(text)) }

    static func words(_ text: String) -> [String] {
        latin(text).split(separator: " ").map { foldLatin(String($0)) }.filter { !$0.isEmpty }
    }
}
