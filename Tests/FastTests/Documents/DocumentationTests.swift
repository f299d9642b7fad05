import Foundation
import MetroTestSupport
import XCTest

/// The README stays the first five minutes; everything else is a page of the guide, reachable
/// from the README and from `about`, and no link in the documentation leads nowhere.
final class DocumentationTests: XCTestCase {
    static let root = TestPaths.packageRoot

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    /// The pages under docs/guide/, by file name.
    static func guidePages() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs/guide").path)
            .filter { $0.hasSuffix(".md") }.sorted()
    }

    /// The Markdown files a reader of the repository finds: the README, the guide and every other
    /// page under docs/, and the top-level maintainer pages when they exist.
    static func documents() throws -> [String] {
        var found = ["README.md"]
        for top in ["CHANGELOG.md", "CONTRIBUTING.md"]
        where FileManager.default.fileExists(atPath: root.appendingPathComponent(top).path) {
            found.append(top)
        }
        let docs = root.appendingPathComponent("docs").path
        let walker = FileManager.default.enumerator(atPath: docs)
        while let next = walker?.nextObject() as? String {
            if next.hasSuffix(".md") { found.append("docs/" + next) }
        }
        return found.sorted()
    }

    func testTheReadmeIsShortAndLinksEveryGuidePage() throws {
        let readme = try Self.text("README.md")
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        XCTAssertLessThanOrEqual(lines, 250, "the README is the first five minutes; the rest goes to docs/guide/")
        let pages = try Self.guidePages()
        for page in [
            "planning.md", "riding.md", "files-and-privacy.md", "accuracy.md", "gtfs.md", "calendar-and-card.md",
            "data-refresh.md", "install.md",
        ] {
            XCTAssertTrue(pages.contains(page), "docs/guide/\(page) exists")
        }
        for page in pages {
            XCTAssertTrue(readme.contains("](docs/guide/\(page))"), "the README links docs/guide/\(page)")
            XCTAssertTrue(try Self.text("docs/guide/" + page).hasPrefix("# "), "\(page) opens with its title")
        }
    }

    /// The README's Accuracy section is short: the measured backtest apart from the simulated
    /// figures, and of those only the headline, the figures the Accuracy guide's verdict table
    /// gives (one run, so they cannot drift), with a link to the guide; the tables and each
    /// family's assumptions are the guide's.
    func testTheReadmesAccuracySectionSumsUpTheGuidesVerdicts() throws {
        let readme = try Self.text("README.md")
        let guide = try Self.text("docs/guide/accuracy.md")
        let start = try XCTUnwrap(readme.range(of: "\n## Accuracy\n"), "the README has an Accuracy section")
        let section = String(readme[start.upperBound...]).components(separatedBy: "\n## ")[0]
        XCTAssertFalse(section.contains("\n|"), "no table in the README: the guide has them")
        // The paragraph as one run of words (it wraps anywhere).
        let words = section.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // The guide's verdict table: a row per family, a column per goal, "yes (0.36%)".
        let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
        let header = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("| family | missed") })
        let columns = lines[header].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        let rows = lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map {
            $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let families = ["today", "correlated", "heavy-tail", "fast", "late-taps", "non-stationary"]
        XCTAssertEqual(rows.map { $0[0] }, families, "a row per family")
        for family in families {
            XCTAssertTrue(guide.contains("\n- `\(family)` ("), "the guide gives the assumptions of \(family)")
        }
        /// A column's figures, as the table prints them, with whether the goal holds.
        func column(_ prefix: String) throws -> [(figure: String, holds: Bool)] {
            let index = try XCTUnwrap(columns.firstIndex { $0.hasPrefix(prefix) }, prefix)
            return rows.map { row in
                let cell = row[index]
                let figure = cell.split(separator: "(").last.map { String($0.dropLast()) } ?? cell
                return (figure, !cell.contains("no"))
            }
        }
        func number(_ figure: String) -> Double { Double(figure.filter { $0.isNumber || $0 == "." }) ?? .nan }
        let missed = try column("missed")
        let worstMissed = try XCTUnwrap(missed.max { number($0.figure) < number($1.figure) })
        XCTAssertTrue(words.contains("at most \(worstMissed.figure) of a cell's rides"), worstMissed.figure)
        XCTAssertEqual(missed.allSatisfy(\.holds), words.contains("is met in every family"))
        let coverage = try column("coverage ≥ 90")
        let leastCovered = try XCTUnwrap(coverage.min { number($0.figure) < number($1.figure) })
        XCTAssertTrue(words.contains("held at least \(leastCovered.figure) of arrivals"), leastCovered.figure)
        let earliness = try column("median earliness").filter { !$0.holds }.map { Int(number($0.figure)) }
        if let low = earliness.min(), let high = earliness.max() {
            XCTAssertTrue(words.contains("\(low)–\(high) s"), "\(low)–\(high) s")
        }
        for text in [
            "Measured", "backtest", "Simulated, not measured", "Field data", "journal report",
            "](docs/guide/accuracy.md)",
            "](docs/decisions/0031-what-the-alert-policy-leaves-unmet.md)",
        ] {
            XCTAssertTrue(words.contains(text), text)
        }
    }

    func testAboutListsEveryGuidePageInBothLanguages() throws {
        let pages = try Self.guidePages()
        XCTAssertFalse(pages.isEmpty)
        for language in ["en", "uk"] {
            let result = CLI.run(
                ["about", "--lang", language], environment: ["METRO_TIMER_HOME": try TestPaths.temporaryDirectory(self)]
            )
            XCTAssertEqual(result.code, 0)
            for page in pages {
                XCTAssertTrue(
                    result.stdout.contains("  docs/guide/\(page) "),
                    "about --lang \(language) names docs/guide/\(page)\n" + result.stdout)
            }
        }
    }

    static func folders(_ path: String) throws -> [String] {
        let url = root.appendingPathComponent(path)
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { name in
            var directory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: url.appendingPathComponent(name).path, isDirectory: &directory) && directory.boolValue
        }.sorted()
    }

    /// The architecture's code map names every module under Sources/ (as its own section) and
    /// every folder inside one (as `Folder/` in that section), and lists nothing that is not there.
    func testTheCodeMapNamesEveryFolderUnderSources() throws {
        let architecture = try Self.text("docs/ARCHITECTURE.md")
        let modules = try Self.folders("Sources")
        XCTAssertGreaterThanOrEqual(modules.count, 5)
        for module in modules {
            let heading = "### `Sources/\(module)`\n"
            guard let start = architecture.range(of: heading)?.upperBound else {
                XCTFail("docs/ARCHITECTURE.md has no section \(heading)")
                continue
            }
            let end =
                architecture.range(of: "\n#", range: start..<architecture.endIndex)?.lowerBound ?? architecture.endIndex
            let section = architecture[start..<end]
            let folders = try Self.folders("Sources/" + module)
            for folder in folders {
                XCTAssertTrue(section.contains("`\(folder)/`"), "the code map's \(module) section names \(folder)/")
            }
            // And nothing the map lists is missing: each entry "- `Folder/` — …" is a folder.
            for line in section.split(separator: "\n") where line.hasPrefix("- `") {
                let entry = line.dropFirst(3).prefix { $0 != "`" }
                guard entry.hasSuffix("/") else { continue }
                XCTAssertTrue(
                    folders.contains(String(entry.dropLast())),
                    "the code map's \(module) section lists \(entry), which is not under Sources/\(module)")
            }
        }
        // Every module the map has a section for is under Sources/.
        for heading in architecture.split(separator: "\n") where heading.hasPrefix("### `Sources/") {
            let module = heading.dropFirst("### `Sources/".count).prefix { $0 != "`" }
            XCTAssertTrue(
                modules.contains(String(module)), "the code map has a section for Sources/\(module), which is not there"
            )
        }
    }

    /// The repository describes the software: no work diary is left under docs/.
    func testNoWorkLogIsLeft() throws {
        let docs = try Self.folders("docs")
        XCTAssertEqual(
            docs.filter { $0.hasPrefix("notes") }, [],
            "what a diary held belongs in CHANGELOG.md, docs/ARCHITECTURE.md or docs/decisions/")
        XCTAssertTrue(try Self.text("CHANGELOG.md").contains("\n## [Unreleased]\n"))
        for decision in try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("docs/decisions").path)
        where decision.range(of: #"^[0-9]{4}-.*\.md$"#, options: .regularExpression) != nil {
            let page = try Self.text("docs/decisions/" + decision)
            for part in ["**Context.**", "**Choice.**", "**Evidence", "**What would change it.**"] {
                XCTAssertTrue(page.contains(part), "\(decision) has its \(part)")
            }
        }
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                if character.isLetter || character.isNumber || character == "-" || character == "_" { return character }
                return nil
            })
    }

    static func anchors(_ markdown: String) -> Set<String> {
        var inCode = false
        var found = Set<String>()
        for line in markdown.split(separator: "\n") {
            if line.hasPrefix("```") {
                inCode.toggle()
                continue
            }
            guard !inCode, line.hasPrefix("#") else { continue }
            found.insert(anchor(String(line.drop { $0 == "#" }.dropFirst())))
        }
        return found
    }

    /// A relative path from the directory `base` (components under the root), `..` resolved.
    static func resolve(_ relative: String, from base: [String]) -> String {
        var components = base
        for part in relative.split(separator: "/") {
            if part == ".." { _ = components.popLast() } else if part != "." { components.append(String(part)) }
        }
        return components.joined(separator: "/")
    }

    /// Every relative link (`[text](path#anchor)`) in the documentation names a file that
    /// exists and, with an anchor, a heading in it: a section moved is still reachable.
    func testEveryRelativeLinkResolves() throws {
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        var checked = 0
        for document in try Self.documents() {
            let text = try Self.text(document)
            let base = document.split(separator: "/").dropLast().map(String.init)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let target = String(text[Range(match.range(at: 1), in: text)!])
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(
                    String.init)
                let file = parts[0].isEmpty ? document : Self.resolve(parts[0], from: base)
                let path = Self.root.appendingPathComponent(file).path
                XCTAssertTrue(FileManager.default.fileExists(atPath: path), "\(document): \(target) leads nowhere")
                if parts.count == 2, FileManager.default.fileExists(atPath: path) {
                    XCTAssertTrue(
                        Self.anchors(try Self.text(file)).contains(parts[1]),
                        "\(document): no heading #\(parts[1]) in \(file)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 10)
    }

    /// The project's homepage is said once, as the .deb's `Homepage:` (packaging/control), and the
    /// same address is where the README and the install guide send people for a release and for
    /// the source, and the copyright file's `Source:`. Nothing named it before.
    func testTheHomepageAndTheDownloadPlaceAreNamedAndAgree() throws {
        let control = try Self.text("packaging/control")
        let line = try XCTUnwrap(
            control.split(separator: "\n").first { $0.hasPrefix("Homepage: ") },
            "packaging/control has a Homepage field")
        let homepage = String(line.dropFirst("Homepage: ".count))
        XCTAssertTrue(homepage.hasPrefix("https://") && !homepage.hasSuffix("/") && !homepage.contains(" "), homepage)
        let releases = homepage + "/releases"
        for document in ["README.md", "docs/guide/install.md"] {
            let text = try Self.text(document)
            XCTAssertTrue(text.contains(releases), "\(document) says where releases are downloaded (\(releases))")
            XCTAssertTrue(text.contains("git clone \(homepage) "), "\(document) clones the source from \(homepage)")
        }
        XCTAssertTrue(
            try Self.text("packaging/copyright").contains("\nSource: \(homepage)\n"),
            "packaging/copyright's Source is the homepage")
    }
}
