/// A message in both languages, the language chosen where it is shown: what MetroCore finds wrong
/// inside a file reaches a Ukrainian or an English sentence around it. Its `description` is the
/// English (machine output, such as `journal --json`'s `skipped` reasons, stays English).
///
/// A message about one of the file's values names its key path (`entries[0].until`): the English
/// leads with it (`entries[0].until: …`), the Ukrainian quotes it (`'entries[0].until': …`), as
/// it quotes every other word of the file inside its own sentence.
package struct Bilingual: Sendable, Equatable, CustomStringConvertible {
    package private(set) var key: String?
    private var ukText: String
    private var enText: String

    package init(_ uk: String, _ en: String) {
        ukText = uk
        enText = en
    }

    package init(key: String, _ uk: String, _ en: String) {
        self.init(uk, en)
        self.key = key
    }

    package var uk: String { key.map { "'\($0)': " + ukText } ?? ukText }
    package var en: String { key.map { "\($0): " + enText } ?? enText }

    package func text(_ language: Language) -> String { language.tr(uk, en) }

    package var description: String { en }

    /// The same message about the value at `outer` (`imports.friend`), or inside it.
    package func at(_ outer: String) -> Bilingual {
        var copy = self
        copy.key = key.map { outer + "." + $0 } ?? outer
        return copy
    }
}

/// An error whose reason is said in both languages.
package protocol BilingualError: Error, CustomStringConvertible {
    var reason: Bilingual { get }
}

extension BilingualError {
    package var description: String { reason.en }
}
