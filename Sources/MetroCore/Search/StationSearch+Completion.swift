extension StationSearch {
    /// Station names that complete `typed`, for shell completion: in Cyrillic when the typed
    /// text has Cyrillic in it, in Latin when it has Latin letters, otherwise in `language`.
    ///
    /// A name is offered when the typed text begins it, ignoring case and the apostrophe's
    /// form (`Лук'`, `лукʼ`), or begins it once both are folded (`Luky` for Lukianivska), or
    /// begins one of the station's former names (`Petr` offers Pochaina). Folding collapses
    /// repeated letters, so it is trusted only from three folded letters on (`zzz` is `z`). The official current
    /// name is what is offered, so completing a former name corrects it.
    public func completions(_ typed: String, language: Language) -> [String] {
        let cyrillic = typed.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }
        let latin = typed.unicodeScalars.contains { $0.properties.isAlphabetic && $0.isASCII }
        let ukrainian = cyrillic || (!latin && language == .uk)
        let plain = StationSearch.plain(typed)
        let folded = StationSearch.fold(typed)
        var result: [String] = []
        for station in stations {
            let matches = StationSearch.names(station).contains { name in
                StationSearch.plain(name).hasPrefix(plain) || (folded.count >= 3 && StationSearch.fold(name).hasPrefix(folded))
            }
            if matches { result.append(ukrainian ? station.nameUk : station.nameEn) }
        }
        return result
    }

    /// Lower case, with every apostrophe written the same way.
    static func plain(_ text: String) -> String {
        String(text.lowercased().map { "'’ʼ`".contains($0) ? "'" : $0 })
    }
}
