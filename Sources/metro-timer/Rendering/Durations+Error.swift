import MetroCore

extension Durations {
    /// An arrival's error against the countdown, signed (+ the train was later, − earlier):
    /// `−18 s` under a minute, `−19 min 56 s` from a minute on (`−18 с`, `−19 хв 56 с`).
    static func signedError(_ seconds: Int, _ language: Language) -> String {
        let sign = seconds > 0 ? "+" : seconds < 0 ? "−" : "±"
        let s = abs(seconds)
        let unit = language.tr("с", "s")
        if s < 60 { return sign + "\(s) " + unit }
        return sign + "\(s / 60) " + language.tr("хв", "min") + " " + TimeOfDay.pad(s % 60) + " " + unit
    }
}
