import Foundation

/// Resolves what a person types to one station, or to a clear ambiguity.
///
/// Every name (Ukrainian, official English, former names) and every query is reduced to a
/// *folded key*: Cyrillic is transliterated, then the spellings people actually use are made to
/// coincide with the official ones (Khreschatyk, Lukyanivska, Darnitsa, Gidropark, Teremki,
/// Livoberezhnaya, Russian Крещатик). Matching then tries, in order: an exact key, a unique
/// prefix (of the whole name or of one of its words), and a small typo. Anything else is either
/// an ambiguity (with the candidates) or unknown (with the closest names as suggestions).
public struct StationSearch: Sendable {
    public enum Match: Equatable, Sendable {
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
    let keys: [Key]

    public init(network: Network) {
        stations = network.stations
        var keys: [Key] = []
        for (index, station) in network.stations.enumerated() {
            let names = [station.nameUk, station.nameEn] + station.formerNames.flatMap { [$0.uk, $0.en] }
            for name in names {
                keys.append(Key(station: index, folded: StationSearch.fold(name), words: StationSearch.words(name)))
            }
        }
        self.keys = keys
    }

    public func match(_ query: String) -> Match {
        let folded = StationSearch.fold(query)
        guard !folded.isEmpty else { return .notFound(suggestions: []) }

        let exact = unique(keys.filter { $0.folded == folded })
        if exact.count == 1 { return .found(stations[exact[0]]) }
        if exact.count > 1 { return .ambiguous(exact.map { stations[$0] }) }

        // A prefix of the whole name, or of any word in it ("Ploshcha" is the first word of one
        // name and the second of others; all of them are candidates), or for four letters and
        // more, any part of it ("Lva Tolstogo", "Ukrainskykh Heroiv").
        let queryWords = StationSearch.words(query)
        let prefixed = unique(keys.filter { key in
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
            let start = key.folded.count > folded.count
                ? EditDistance.between(folded, String(key.folded.prefix(folded.count))) + 1 : whole
            best[key.station] = min(best[key.station] ?? .max, whole, start)
        }
        return best.map { (station: $0.key, distance: $0.value) }
            .sorted { ($0.distance, $0.station) < ($1.distance, $1.station) }
    }

    // MARK: - Folding

    static let cyrillic: [Character: String] = [
        "а": "a", "б": "b", "в": "v", "г": "h", "ґ": "g", "д": "d", "е": "e", "є": "ie", "ж": "zh",
        "з": "z", "и": "y", "і": "i", "ї": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n",
        "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
        "ч": "ch", "ш": "sh", "щ": "shch", "ь": "", "ю": "iu", "я": "ia",
        // Russian letters, since many people in Kyiv type station names in Russian.
        "ы": "y", "э": "e", "ё": "e", "ъ": "",
    ]

    /// Latin letters only, lower case, Cyrillic transliterated; apostrophes, guillemets,
    /// hyphens and spaces dropped.
    static func latin(_ text: String) -> String {
        var result = ""
        for character in text.lowercased() {
            if let mapped = cyrillic[character] {
                result += mapped
            } else if character.isASCII && character.isLetter {
                result.append(character)
            } else if character == " " || character == "-" {
                result.append(" ")
            }
        }
        return result
    }

    /// Reduces spelling variants to one key. Each rule merges spellings that people really use
    /// for the same sound; applied to both sides, so only consistency matters, and a test checks
    /// that no two stations fold to the same key.
    static func foldLatin(_ text: String) -> String {
        var s = text.replacingOccurrences(of: " ", with: "")
        for (from, to) in [
            ("shch", "sc"), ("sch", "sc"),          // Khreshchatyk, Khreschatyk
            ("kh", "k"), ("zh", "z"), ("ch", "c"), ("sh", "s"),
            ("h", "g"),                             // Hidropark, Gidropark (Russian г)
            ("y", "i"), ("j", "i"), ("w", "v"),     // Teremky, Teremki; Darnytsia, Darnitsa
            ("ts", "c"),
        ] {
            s = s.replacingOccurrences(of: from, with: to)
        }
        while s.contains("ii") { s = s.replacingOccurrences(of: "ii", with: "i") }
        for (from, to) in [
            ("aia", "a"),                           // Livoberezhnaya, Livoberezhna
            ("ia", "a"), ("iu", "u"), ("ie", "e"), ("io", "o"),  // Lukianivska, Lukyanivska
        ] {
            s = s.replacingOccurrences(of: from, with: to)
        }
        var collapsed = ""
        for character in s where collapsed.last != character { collapsed.append(character) }
        return collapsed
    }

    public static func fold(_ text: String) -> String { foldLatin(latin(text)) }

    static func words(_ text: String) -> [String] {
        latin(text).split(separator: " ").map { foldLatin(String($0)) }.filter { !$0.isEmpty }
    }
}
