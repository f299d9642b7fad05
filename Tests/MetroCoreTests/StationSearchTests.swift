import MetroCore
import XCTest

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
        XCTAssertTrue(names.isSuperset(of: ["Ploshcha Ukrainskykh Heroiv", "Kontraktova ploshcha", "Poshtova ploshcha"]), "\(names)")
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

    func testExactNameWinsOverPrefixOfAnother() {
        // "Dnipro" is a station and also the start of a word in "Heroiv Dnipra".
        assertFinds("Dnipro", "Dnipro")
        assertFinds("Obolon", "Obolon")
    }

    func testEveryStationFoldsToItsOwnKey() {
        // Folding merges spellings; it must never merge two stations.
        var seen: [String: String] = [:]
        for station in Network.kyiv.stations {
            for name in [station.nameUk, station.nameEn] + station.formerNames.flatMap({ [$0.uk, $0.en] }) {
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

/// No wild guesses (issue 12, item 6): digits and letter runs are not silently accepted,
/// nonsense is unknown rather than ambiguous, and a former name says so.
final class StrictSearchTests: XCTestCase {
    let search = StationSearch(network: Kyiv.network)

    func testDigitsAndRunsAreUnknownWithASuggestion() {
        for query in ["Lisova123", "Lisovaaaa", "Lisovaaaaaaaaaaaaaaa", "1Lisova", "Лісова7"] {
            guard case .notFound(let suggestions) = search.match(query) else { return XCTFail("\(query) was accepted: \(search.match(query))") }
            XCTAssertEqual(suggestions.first?.nameEn, "Lisova", query)
        }
        for query in ["AAAA", "zzzzz", "ZZZZZZZZ"] {
            guard case .notFound = search.match(query) else { return XCTFail("\(query) is nonsense, not \(search.match(query))") }
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
        XCTAssertEqual(plan.stderr, "note: 'Ploshcha Zhovtnevoi Revoliutsii' is a former name (Ploshcha Zhovtnevoi Revoliutsii); the station is now Maidan Nezalezhnosti.\n")
        let ambiguous = CLI.run(["plan", "Ploscha", "Teremky"])
        XCTAssertEqual(ambiguous.code, 64)
        XCTAssertTrue(ambiguous.stderr.contains("Maidan Nezalezhnosti (M2) — formerly Ploshcha Kalinina"), ambiguous.stderr)
    }
}
