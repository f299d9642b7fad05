/// The English names visitors read in guidebooks, on maps and on signs for the best-known
/// stations ("Independence Square" for Maidan Nezalezhnosti, "Golden Gate" for Zoloti Vorota,
/// "KPI" for Politekhnichnyi instytut), and what is not on the metro at all (the airport).
extension StationSearch {
    /// Alias (lower case, single spaces) → station code. A code the network lacks (an installed
    /// timetable of another shape) is simply not found.
    static let englishAliases: [String: String] = [
        "independence square": "mb08_217", "maidan": "mb08_217", "maidan square": "mb08_217",
        "golden gate": "mg04_314", "golden gates": "mg04_314",
        "railway station": "mr08_117", "train station": "mr08_117", "central station": "mr08_117",
        "main station": "mr08_117",
        "central railway station": "mr08_117", "kyiv-pasazhyrskyi": "mr08_117",
        "kpi": "mr07_116", "polytechnic institute": "mr07_116", "polytechnic": "mr07_116",
        "university": "mr09_118", "theatre": "mr10_119", "theater": "mr10_119",
        "contract square": "mb06_215", "contracts square": "mb06_215", "post square": "mb07_216",
        "postal square": "mb07_216",
        "sports palace": "mg05_315", "palace of sports": "mg05_315", "ukraine palace": "mb11_220",
        "palace ukraine": "mb11_220",
        "exhibition centre": "mb16_225", "exhibition center": "mb16_225", "expocenter": "mb16_225",
        "olympic stadium": "mb10_219", "olympic": "mb10_219", "left bank": "mr15_124", "hippodrome": "mb17_226",
        "square of ukrainian heroes": "mb09_218", "lva tolstoho square": "mb09_218", "leo tolstoy square": "mb09_218",
    ]

    /// `text` lower-cased with single spaces, as the alias table is keyed.
    static func aliasKey(_ text: String) -> String {
        String(decoding: lowered(text), as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(
            separator: " ")
    }

    /// The station an English alias names, exactly (case and spacing aside).
    func aliasMatch(_ query: String) -> NetworkDocument.Station? {
        guard let code = Self.englishAliases[Self.aliasKey(query)] else { return nil }
        return stations.first { $0.code == code }
    }

    /// The station an alias typed with a slip names ("Independance Sqare"), as a suggestion.
    func aliasSuggestion(_ query: String) -> NetworkDocument.Station? {
        let key = Self.aliasKey(query)
        guard key.count >= 4 else { return nil }
        let best = Self.englishAliases.map {
            (alias: $0.key, code: $0.value, distance: EditDistance.between(key, $0.key))
        }
        .min { ($0.distance, $0.alias) < ($1.distance, $1.alias) }
        guard let best, best.distance <= max(1, key.count / 5) else { return nil }
        return stations.first { $0.code == best.code }
    }

    /// What people type for Boryspil airport, which the metro does not reach: Boryspilska, at
    /// the end of M3, is a metro station of that name, not the airport.
    static let airportWords = ["airport", "аеропорт", "аэропорт", "kbp", "boryspil", "бориспіль", "борисполь"]

    /// The note for a query that means (or may mean) the airport, or nil.
    package func airportNote(_ query: String) -> Bilingual? {
        let key = Self.aliasKey(query)
        guard Self.airportWords.contains(where: { key == $0 || key.hasPrefix($0 + " ") || key.hasSuffix(" " + $0) })
        else { return nil }
        guard let station = stations.first(where: { $0.code == "mg15_326" }) else { return nil }
        return Bilingual(
            "\(station.nameUk) (\(station.line)) — станція метро, а не аеропорт «Бориспіль»: метро до аеропорту не доходить.",
            "\(station.nameEn) (\(station.line)) is a metro station, not Boryspil airport: the metro does not reach the airport."
        )
    }
}
