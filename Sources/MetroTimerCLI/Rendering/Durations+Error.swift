import MetroCore

extension Durations {
    /// An arrival's error against the countdown, signed (+ the train was later, − earlier), in
    /// the one duration form (`Language.duration`): `−18 s`, `−2 min 30 s`, `+20 min`.
    static func signedError(_ seconds: Int, _ language: Language) -> String {
        let sign = seconds > 0 ? "+" : seconds < 0 ? "−" : "±"
        return sign + language.duration(seconds)
    }
}
