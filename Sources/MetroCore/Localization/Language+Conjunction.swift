extension Language {
    /// "A and B": in Ukrainian «і», or «й» between vowels, the euphony rule of Ukrainian
    /// spelling (Лісова й Арсенальна, Дарниця й Арсенальна; Теремки і Лісова, Почайна і Ярославів:
    /// before й, є, ї, ю, я it stays «і»).
    package func and(_ first: String, _ second: String) -> String {
        guard self == .uk else { return first + " and " + second }
        let vowels: Set<Character> = ["а", "е", "є", "и", "і", "ї", "о", "у", "ю", "я"]
        let starts: Set<Character> = ["а", "е", "и", "і", "о", "у"]
        let last = first.last.map { Character($0.lowercased()) }
        let next = second.first.map { Character($0.lowercased()) }
        if let last, let next, vowels.contains(last), starts.contains(next) { return first + " й " + second }
        return first + " і " + second
    }
}
