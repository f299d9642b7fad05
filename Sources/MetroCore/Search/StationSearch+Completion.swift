extension StationSearch {
    /// A station name offered for shell completion.
    package struct Completion: Equatable, Sendable {
        /// The name in the form being typed: the current name, or the former or Russian name,
        /// or the misspelling completed, whichever the typed text begins. Shells keep only the
        /// candidates that begin with what was typed (fish always, zsh and bash for the common
        /// prefix they insert), so a former name completes as the former name, which the
        /// program accepts, rather than as a current name the shell would throw away.
        package var text: String
        /// The station's current name when `text` is another of its names, for the shells that
        /// show descriptions.
        package var current: String?

        package init(text: String, current: String? = nil) {
            self.text = text
            self.current = current
        }
    }

    /// Station names that complete `typed`, as plain strings (see `completionCandidates`).
    package func completions(_ typed: String, language: Language) -> [String] {
        completionCandidates(typed, language: language).map(\.text)
    }

    /// Station names that complete `typed`: in Cyrillic when the typed text has Cyrillic in it,
    /// in Latin when it has Latin letters, otherwise the current names in `language`.
    ///
    /// A name is offered when the typed text begins it, ignoring case and the apostrophe's form
    /// (`Лук'`, `лукʼ`): the current name, a Russian name, or a former name (`Petr` offers
    /// Petrivka, now Pochaina). Only when no name of any station begins so is the typed text
    /// folded (`khresch`, `Lukya`) and a folded prefix accepted: then the rest of the name is
    /// added to the letters typed (`khreschatyk`), and offered only if it resolves to that
    /// station. Folding collapses repeated letters, so it is trusted only from three folded
    /// letters on (`zzz` is `z`).
    package func completionCandidates(_ typed: String, language: Language) -> [Completion] {
        let cyrillic = typed.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }
        let latin = typed.unicodeScalars.contains { $0.properties.isAlphabetic && $0.isASCII }
        let plainTyped = StationSearch.plain(typed)
        var result: [Completion] = []
        var seen = Set<String>()
        func add(_ completion: Completion) {
            if seen.insert(completion.text).inserted { result.append(completion) }
        }
        for station in stations {
            let forms = StationSearch.completionForms(station, cyrillic: cyrillic, latin: latin, language: language)
            guard let form = forms.first(where: { StationSearch.plain($0.name).hasPrefix(plainTyped) }) else {
                continue
            }
            let text: String
            if form.name.lowercased().hasPrefix(typed.lowercased()) {
                text = form.name
            } else {
                // Only the apostrophe's form differs: keep the one typed.
                text = typed + String(form.name.dropFirst(typed.count))
            }
            add(Completion(text: text, current: form.current ? nil : form.official))
        }
        guard result.isEmpty else { return result }

        let folded = StationSearch.fold(typed)
        guard folded.count >= 3 else { return [] }
        for station in stations {
            let forms = StationSearch.completionForms(station, cyrillic: cyrillic, latin: latin, language: language)
            for form in forms where StationSearch.fold(form.name).hasPrefix(folded) {
                // The longest stretch of the name that folds to what was typed, or failing
                // that the shortest that begins with it; its rest completes the typed letters.
                let characters = Array(form.name)
                var cut: Int?
                var exact: Int?
                for length in 1...characters.count {
                    let key = StationSearch.fold(String(characters[0..<length]))
                    if key == folded { exact = length }
                    if cut == nil && key.hasPrefix(folded) { cut = length }
                    if key.count > folded.count + 2 { break }
                }
                guard let length = exact ?? cut else { continue }
                let text = typed + String(characters[length...])
                if case .found(let found) = match(text), found == station {
                    add(Completion(text: text, current: form.official))
                } else {
                    add(Completion(text: form.official))
                }
                break
            }
        }
        return result
    }

    /// The names a station is offered under for text in one alphabet, current first: the
    /// official name, the Russian names, then the former names.
    static func completionForms(
        _ station: NetworkDocument.Station, cyrillic: Bool, latin: Bool, language: Language
    ) -> [(name: String, current: Bool, official: String)] {
        if cyrillic {
            let official = station.nameUk
            return [(official, true, official)]
                + (station.namesRu ?? []).map { ($0, false, official) }
                + station.formerNames.map { ($0.uk, false, official) }
                + (station.formerNamesRu ?? []).map { ($0, false, official) }
        }
        if latin {
            let official = station.nameEn
            return [(official, true, official)]
                + station.formerNames.map { ($0.en, false, official) }
                + ((station.namesRu ?? []) + (station.formerNamesRu ?? [])).map {
                    (capitalized(StationSearch.latin($0)), false, official)
                }
        }
        let official = language == .uk ? station.nameUk : station.nameEn
        return [(official, true, official)]
    }

    /// Each word's first letter in upper case (`druzhby narodiv` → `Druzhby Narodiv`).
    static func capitalized(_ text: String) -> String {
        var result = ""
        var start = true
        for character in text {
            result += start ? character.uppercased() : String(character)
            start = character == " "
        }
        return result
    }

    /// Lower case, with every apostrophe written the same way.
    static func plain(_ text: String) -> String {
        String(text.lowercased().map { "'’ʼ`".contains($0) ? "'" : $0 })
    }
}
