/// The ride card's page: the HTML around the data, the style and the script (each in its own
/// file beside this one, as Swift raw strings: a copied executable carries them, and there is no
/// resource bundle to lose).
extension PocketCard {
    /// The whole page. Its only script and style are inline and allowed by hash; everything
    /// else is refused (`default-src 'none'`), so the page cannot make a request of any kind.
    package func page() -> String {
        Self.page(data(), language: language, product: product)
    }

    /// The page around any card's data: one ride's (`data()`) or a book of routes'
    /// (`PocketCardBook`).
    static func page(_ data: [String: Any], language: Language, product: String) -> String {
        var data = data
        // The card's identity: where the page keeps its ride (a second card for another route
        // or day keeps its own).
        data["id"] = String(SHA256.hex(Array(JSONObject.serialize(data).utf8)).prefix(16))
        // `<` only ever appears inside JSON strings: escaped, no station name can end the
        // data block or open markup.
        let json = JSONObject.serialize(data).replacing("<", with: "\\u003c")
        let script = Self.shipped(Self.script)
        // CSS has no string with ", " or ": " in it here (the font names are quoted words).
        let style = Self.shipped(Self.style).replacing(": ", with: ":").replacing(", ", with: ",").replacing(
            " {", with: "{"
        ).replacing("; ", with: ";")
        let policy =
            "default-src 'none'; script-src 'sha256-\(SHA256.base64(Array(script.utf8)))'; "
            + "style-src 'sha256-\(SHA256.base64(Array(style.utf8)))'; base-uri 'none'; form-action 'none'"
        return """
            <!doctype html>
            <html lang="\(language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="generator" content="\(product.replacing("\"", with: ""))">
            <title>metro-timer</title>
            <style>\(style)</style>
            </head>
            <body>
            \(Self.body)
            <script type="application/json" id="ride-data">\(json)</script>
            <script>\(script)</script>
            </body>
            </html>

            """
    }

    /// The script or style as the page carries it: without the indentation and the lines that
    /// are only a comment (the source above keeps them). A card must stay within 100 KB, and
    /// these are a fifth of it; nothing else changes (no line is joined or reordered).
    static func shipped(_ source: String) -> String {
        source.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { !$0.isEmpty && !$0.hasPrefix("//") }
            .joined(separator: "\n")
    }

    /// The page's skeleton; the script fills in every text, in the language chosen.
    static let body = #"""
        <main id="card">
        <header>
        <h1 id="title"></h1>
        <p id="day"></p>
        <p id="outside" class="impossible" role="alert" hidden></p>
        <div class="languages" role="group" aria-label="Мова / Language">
        <button type="button" id="lang-uk" lang="uk">Українська</button>
        <button type="button" id="lang-en" lang="en">English</button>
        </div>
        </header>
        <div id="banner" role="alert" hidden></div>
        <section id="before" aria-labelledby="plan-heading">
        <h2 id="plan-heading"></h2>
        <div id="choice" class="at" hidden>
        <label for="route-choice" id="route-choice-label"></label>
        <select id="route-choice"></select>
        </div>
        <p id="planned"></p>
        <div id="warnings" class="warnings" hidden>
        <h3 id="warnings-heading"></h3>
        <ul id="warning-list"></ul>
        </div>
        <p id="refused" class="impossible" role="alert" hidden></p>
        <button type="button" id="start" class="start"></button>
        <p id="start-note" class="note"></p>
        </section>
        <section id="ride" hidden aria-labelledby="ride-heading">
        <h2 id="ride-heading" class="visually-hidden"></h2>
        <div id="impossible" class="impossible" role="alert" hidden>
        <p id="impossible-heading" class="impossible-heading"></p>
        <p id="impossible-text"></p>
        </div>
        <div id="count" class="count">
        <p id="countdown-label" class="count-label"></p>
        <p id="countdown" class="countdown"></p>
        </div>
        <p id="next" class="sentence" aria-live="polite" aria-atomic="true"></p>
        <button type="button" id="sound" class="sound" hidden></button>
        <div id="figures" class="figures">
        <p><span class="label" id="next-label"></span> <span class="value"><span id="next-station"></span> · <span id="next-time"></span></span></p>
        <p><span class="label" id="stops-label"></span> <span class="value" id="stops"></span></p>
        <p><span class="label" id="arrival-label"></span> <span class="value" id="arrival"></span></p>
        </div>
        <p id="other-day" class="note" hidden></p>
        <p id="awake" class="note" hidden></p>
        <p id="alerts" class="note"></p>
        <div class="controls">
        <button type="button" id="ahead"></button>
        <button type="button" id="behind"></button>
        <button type="button" id="departed"></button>
        <button type="button" id="undo"></button>
        <button type="button" id="arrived"></button>
        <button type="button" id="stop"></button>
        </div>
        <p id="departed-late" class="note" hidden></p>
        <div class="at">
        <label for="at-station" id="at-label"></label>
        <select id="at-station"></select>
        <button type="button" id="at"></button>
        </div>
        <p id="said" class="note" aria-live="polite"></p>
        <ul id="ride-warnings" class="note"></ul>
        </section>
        <section id="end" hidden aria-labelledby="end-heading">
        <h2 id="end-heading"></h2>
        <p id="journal"></p>
        <button type="button" id="resume"></button>
        <button type="button" id="again"></button>
        </section>
        <section aria-labelledby="route-heading">
        <h2 id="route-heading"></h2>
        <ol id="route"></ol>
        </section>
        <footer><p id="holds" class="note" hidden></p><p id="made" class="note" hidden></p><p id="footer" class="note"></p></footer>
        </main>
        """#
}
