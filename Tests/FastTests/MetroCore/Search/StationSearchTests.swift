import MetroTestSupport
import XCTest

@testable import MetroCore

final class StationSearchTests: XCTestCase {
    let search = StationSearch(network: .kyiv)

    func assertFinds(_ query: String, _ nameEn: String, file: StaticString = #filePath, line: UInt = #line) {
        guard case .found(let station) = search.match(query) else {
            return XCTFail("'\(query)' gave \(search.match(query))", file: file, line: line)
        }
        XCTAssertEqual(station.nameEn, nameEn, "'\(query)'", file: file, line: line)
    }

    func testBothAlphabetsAnyCase() {
        assertFinds("Лісова", "Lisova")
        assertFinds("лісова", "Lisova")
        assertFinds("LISOVA", "Lisova")
        assertFinds("Teremky", "Teremky")
        assertFinds("ТЕРЕМКИ", "Teremky")
        assertFinds("Хрещатик", "Khreshchatyk")
    }

    func testApostrophesGuillemetsHyphensAndSpaces() {
        for apostrophe in ["'", "’", "ʼ", ""] {
            assertFinds("Лук\(apostrophe)янівська", "Lukianivska")
        }
        assertFinds("Палац «Україна»", "Palats «Ukraina»")
        assertFinds("Palats Ukraina", "Palats «Ukraina»")
        assertFinds("\"Palats Ukraina\"", "Palats «Ukraina»")
        assertFinds("  Zoloti   Vorota ", "Zoloti Vorota")
        assertFinds("zoloti-vorota", "Zoloti Vorota")
        assertFinds("Chervonyi Khutir", "Chervonyi khutir")
    }

    func testFormerNames() {
        assertFinds("Petrivka", "Pochaina")
        assertFinds("Петрівка", "Pochaina")
        assertFinds("Ploshcha Lva Tolstoho", "Ploshcha Ukrainskykh Heroiv")
        assertFinds("Площа Льва Толстого", "Ploshcha Ukrainskykh Heroiv")
        assertFinds("Druzhby Narodiv", "Zvirynetska")
        assertFinds("Zhovtneva", "Beresteiska")
        assertFinds("Respublikanskyi Stadion", "Olimpiiska")
        assertFinds("Chervonoarmiiska", "Palats «Ukraina»")
    }

    func testCommonLatinSpellingsAndRussian() {
        assertFinds("Khreschatyk", "Khreshchatyk")
        assertFinds("Kreshchatik", "Khreshchatyk")
        assertFinds("Крещатик", "Khreshchatyk")
        assertFinds("Lukyanivska", "Lukianivska")
        assertFinds("Darnitsa", "Darnytsia")
        assertFinds("Gidropark", "Hidropark")
        assertFinds("Гидропарк", "Hidropark")
        assertFinds("Teremki", "Teremky")
        assertFinds("Livoberezhnaya", "Livoberezhna")
        assertFinds("Olimpiyska", "Olimpiiska")
        assertFinds("Lva Tolstogo", "Ploshcha Ukrainskykh Heroiv")
    }

    func testUniquePrefixes() {
        assertFinds("Teat", "Teatralna")
        assertFinds("Akadem", "Akademmistechko")
        assertFinds("Вокз", "Vokzalna")
    }

    func testAmbiguityListsTheCandidates() {
        guard case .ambiguous(let palats) = search.match("Palats") else { return XCTFail() }
        XCTAssertEqual(Set(palats.map(\.nameEn)), ["Palats sportu", "Palats «Ukraina»"])
        guard case .ambiguous(let ploshcha) = search.match("Ploshcha") else { return XCTFail() }
        let names = Set(ploshcha.map(\.nameEn))
        XCTAssertTrue(
            names.isSuperset(of: ["Ploshcha Ukrainskykh Heroiv", "Kontraktova ploshcha", "Poshtova ploshcha"]),
            "\(names)")
    }

    func testTyposResolveWhenCloseAndUnknownInputSuggests() {
        assertFinds("Lisva", "Lisova")
        assertFinds("Teremky!", "Teremky")
        assertFinds("Vystavkovyi tsentrr", "Vystavkovyi tsentr")
        guard case .notFound(let suggestions) = search.match("Obolonn Heights") else { return XCTFail() }
        XCTAssertEqual(suggestions.first?.nameEn, "Obolon")
        guard case .notFound(let none) = search.match("qqqqqqqqqq") else { return XCTFail() }
        XCTAssertTrue(none.isEmpty)
    }

    /// How far a typo may go: one edit under eight letters, two from eight on (counted by hand:
    /// "Lsva" and "Trmky" are two letters short of Lisova and Teremky, "Chrnhvska" three of
    /// Chernihivska), never more. Each is suggested, not taken.
    func testTyposBeyondTheToleranceAreSuggestedNotTaken() {
        assertFinds("Chernhvska", "Chernihivska")
        for (query, meant) in [("Lsva", "Lisova"), ("Trmky", "Teremky"), ("Chrnhvska", "Chernihivska")] {
            guard case .notFound(let suggestions) = search.match(query) else {
                XCTFail("'\(query)' gave \(search.match(query))")
                continue
            }
            XCTAssertEqual(suggestions.first?.nameEn, meant, query)
        }
    }

    func testExactNameWinsOverPrefixOfAnother() {
        // "Dnipro" is a station and also the start of a word in "Heroiv Dnipra".
        assertFinds("Dnipro", "Dnipro")
        assertFinds("Obolon", "Obolon")
    }

    func testEveryStationFoldsToItsOwnKey() {
        // Folding merges spellings; it must never merge two stations.
        var seen: [String: String] = [:]
        for station in Network.kyiv.stations {
            for name in [station.nameUk, station.nameEn] + station.formerNames.flatMap({ [$0.uk, $0.en] })
                + (station.namesRu ?? []) + (station.formerNamesRu ?? [])
            {
                let key = StationSearch.fold(name)
                if let other = seen[key], other != station.code {
                    XCTFail("\(name) folds like \(other)")
                }
                seen[key] = station.code
                assertFinds(name, station.nameEn)
            }
        }
    }
}

/// No wild guesses: digits and letter runs are not silently accepted,
/// nonsense is unknown rather than ambiguous, and a former name says so.
final class StrictSearchTests: XCTestCase {
    let search = StationSearch(network: Kyiv.network)

    func testDigitsAndRunsAreUnknownWithASuggestion() {
        for query in ["Lisova123", "Lisovaaaa", "Lisovaaaaaaaaaaaaaaa", "1Lisova", "Лісова7"] {
            guard case .notFound(let suggestions) = search.match(query) else {
                return XCTFail("\(query) was accepted: \(search.match(query))")
            }
            XCTAssertEqual(suggestions.first?.nameEn, "Lisova", query)
        }
        for query in ["AAAA", "zzzzz", "ZZZZZZZZ"] {
            guard case .notFound = search.match(query) else {
                return XCTFail("\(query) is nonsense, not \(search.match(query))")
            }
        }
        XCTAssertEqual(CLI.run(["stations", "zzzzz"]).code, 64, "stations does not list five for nonsense")
    }

    func testEveryRealNameStillMatches() {
        for station in Kyiv.network.stations {
            for name in [station.nameUk, station.nameEn] + station.formerNames.flatMap({ [$0.uk, $0.en] }) {
                XCTAssertEqual(search.match(name), .found(station), name)
            }
        }
    }

    func testAFormerNameSaysSo() throws {
        let maidan = Kyiv.station("Maidan")
        XCTAssertEqual(search.formerNameMatched("Ploshcha Zhovtnevoi", maidan), "Ploshcha Zhovtnevoi Revoliutsii")
        XCTAssertNil(search.formerNameMatched("Maidan", maidan))
        let plan = CLI.run(["plan", "Ploshcha Zhovtnevoi Revoliutsii", "Teremky", "--at", "10:00"])
        XCTAssertEqual(plan.code, 0, plan.stderr)
        XCTAssertEqual(
            plan.stderr,
            "note: 'Ploshcha Zhovtnevoi Revoliutsii' is a former name (Ploshcha Zhovtnevoi Revoliutsii); the station is now Maidan Nezalezhnosti.\n"
        )
        let ambiguous = CLI.run(["plan", "Ploscha", "Teremky"])
        XCTAssertEqual(ambiguous.code, 64)
        XCTAssertTrue(
            ambiguous.stderr.contains("Maidan Nezalezhnosti (M2) — formerly Ploshcha Kalinina"), ambiguous.stderr)
    }
}

/// Every spelling: the Russian name of every station, its variants and its
/// former Russian names, in Cyrillic and in the Latin transliterations people use. The names are
/// read from `Data/kyiv-names-ru.csv` directly, not through the compiler.
final class RussianNamesTests: XCTestCase {
    let search = StationSearch(network: Kyiv.network)

    /// Russian Cyrillic to Latin: the BGN/PCGN style ("Lesnaya", "Krasnyy"), the passport (ICAO)
    /// style ("Lesnaia", "Krasnyi") and the "j" style ("Lesnaja", "Krasnyj").
    static func latin(_ text: String, style: Int) -> String {
        let shared: [Character: String] = [
            "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i",
            "к": "k",
            "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f",
            "х": "kh",
            "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", " ": " ", "-": "-",
        ]
        let styled: [[Character: String]] = [
            ["й": "y", "ю": "yu", "я": "ya"],
            ["й": "i", "ю": "iu", "я": "ia"],
            ["й": "j", "ю": "ju", "я": "ja"],
        ]
        var result = ""
        for character in text.lowercased() {
            if let mapped = styled[style][character] ?? shared[character] { result += mapped }
        }
        return result.prefix(1).uppercased() + result.dropFirst()
    }

    func testEveryStationInEveryAlphabet() throws {
        let rows = try RawCSV.rows("kyiv-names-ru.csv")
        XCTAssertEqual(
            Set(rows.map { $0["code"]! }), Set(Kyiv.network.stations.map(\.code)), "one row for each of the 52 stations"
        )
        var checked = 0
        for row in rows {
            let station = try XCTUnwrap(Kyiv.network.station(row["code"]!))
            for name in row["names_ru"]!.split(separator: "|").map(String.init) {
                for query in [name, name.lowercased(), name.uppercased()] + (0..<3).map({ Self.latin(name, style: $0) })
                {
                    XCTAssertEqual(search.match(query), .found(station), "'\(query)' is \(station.nameEn)")
                    XCTAssertNil(search.formerNameMatched(query, station), "'\(query)' is a current name")
                    checked += 1
                }
            }
            let former = row["former_names_ru"]!.split(separator: "|").map(String.init)
            for (index, name) in former.enumerated() {
                for query in [name] + (0..<3).map({ Self.latin(name, style: $0) }) {
                    XCTAssertEqual(search.match(query), .found(station), "'\(query)' was \(station.nameEn)")
                    XCTAssertEqual(
                        search.formerNameMatched(query, station), station.formerNames[index].en,
                        "'\(query)' says it is a former name")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 52 * 6)
    }

    /// Russian names as people type them, and the answer's note for a former Russian name.
    func testRussianNamesAsTypedAndAFormerNamesNote() {
        let cases = [
            ("Лесная", "Lisova"), ("Lesnaya", "Lisova"), ("Академгородок", "Akademmistechko"),
            ("Akademgorodok", "Akademmistechko"),
            ("Днепр", "Dnipro"), ("Майдан Независимости", "Maidan Nezalezhnosti"), ("Дворец спорта", "Palats sportu"),
            ("Красный хутор", "Chervonyi khutir"), ("Krasny khutor", "Chervonyi khutir"),
            ("Zolotye vorota", "Zoloti Vorota"),
        ]
        for (query, expected) in cases {
            guard case .found(let station) = search.match(query) else {
                return XCTFail("'\(query)': \(search.match(query))")
            }
            XCTAssertEqual(station.nameEn, expected, query)
        }
        let plan = CLI.run(["plan", "Площадь Льва Толстого", "Лесная", "--at", "10:00"], columns: nil)
        XCTAssertEqual(plan.code, 0, plan.stderr)
        XCTAssertEqual(
            plan.stderr,
            "note: 'Площадь Льва Толстого' is a former name (Ploshcha Lva Tolstoho); the station is now Ploshcha Ukrainskykh Heroiv.\n"
        )
        // "Dvorets" begins two Russian names: ambiguous, both offered.
        guard case .ambiguous(let both) = search.match("Dvorets") else { return XCTFail("\(search.match("Dvorets"))") }
        XCTAssertEqual(Set(both.map(\.nameEn)), ["Palats sportu", "Palats «Ukraina»"])
    }
}
