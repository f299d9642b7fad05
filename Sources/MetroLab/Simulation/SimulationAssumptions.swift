import MetroCore
import MetroData

/// Everything the simulator assumes about a world no published train describes, and about the
/// rider: each field is one stated assumption, printed with every result.

package struct SimulationAssumptions: Equatable, Sendable {
    /// s: how far the hidden running-time factor may stray beyond the published patterns, as a
    /// share of the gap between them. The factor runs from the fast pattern (0) to the slow one
    /// (1) and is drawn uniform in [−s, 1 + s] once per line × direction × day type × hour.
    package var spread: Double = 0
    /// Each train's own jitter on each segment: ± this share of the running time, and ± these
    /// seconds on top (both uniform).
    package var jitterShare: Double = 0.02
    package var jitterSeconds: Double = 2
    /// Each station's hidden mean dwell, drawn uniform in this range once per world, and each
    /// train's dwell uniform within ± `dwellJitterSeconds` of it.
    package var dwellMeanRange: ClosedRange<Double> = 20...35
    package var dwellJitterSeconds: Double = 5
    /// The walk through a transfer node: the published walk × a factor uniform in 1 ± this.
    package var walkSpread: Double = 0.2
    /// How far beyond the hour's published pair of intervals the world's edge trains may be spaced.
    var edgeSpacingSlack: Double = 30
    /// The rider taps "start" this long after the train moves (uniform from 0).
    package var startTapDelayMax: Double = 3
    /// After each change, the rider presses "departed" with this probability, this long after
    /// the train leaves (uniform from 0); otherwise leaves the model alone.
    package var departedProbability: Double = 0.3
    package var departedDelayMax: Double = 5
    /// With calibration on, the rider ends each ride with "arrived", this long after the doors
    /// open (uniform from 0).
    package var arrivedDelayMax: Double = 3

    // The world families' further assumptions (`WorldFamily`); each is off (0) in today's world.
    /// A factor uniform in [−s, min(1 + s, this)]: 0 keeps every cell at or beyond the fast
    /// pattern (the fast family).
    var factorCeiling: Double = .infinity
    /// Each cell's running times × (1 − u), u uniform in [0, this], drawn once per cell: trains
    /// faster than any published one.
    var speedUpShare: Double = 0
    /// A day-level offset: every running time of one line × direction on one service day × (1 + u),
    /// u uniform in ± this (drawn once per line, direction and day).
    var dayOffsetShare: Double = 0
    /// AR(1) variation along the line: segment k's running time × (1 + e_k), e_k = ρ·e_{k−1} +
    /// √(1 − ρ²)·u_k, u_k uniform with standard deviation `correlatedShare` (e_0 drawn stationary).
    var correlation: Double = 0
    var correlatedShare: Double = 0
    /// A heavy tail: each segment, with this probability, runs `tailFactor` times longer (uniform).
    var tailProbability: Double = 0
    var tailFactor: ClosedRange<Double> = 2...3
    /// A held train: each dwell, with this probability, is longer by `holdSeconds` (uniform).
    var holdProbability: Double = 0
    var holdSeconds: ClosedRange<Double> = 30...120
    /// Non-stationary: the cell's factor moves each service day by u, uniform in ± this (in
    /// pattern gaps), drawn once per line × direction × day; the oracle knows the day's factor.
    var dailyFactorShift: Double = 0

    package init(spread: Double = 0, departedProbability: Double = 0.3) {
        self.spread = spread
        self.departedProbability = departedProbability
    }

    /// A world that is exactly the fast published pattern: factor 0, no jitter, every dwell the
    /// network's assumed one, taps on the instant (the backtest's last trains, reproduced).
    static func fastPattern(dwell: Double) -> SimulationAssumptions {
        var assumptions = SimulationAssumptions()
        assumptions.jitterShare = 0
        assumptions.jitterSeconds = 0
        assumptions.dwellMeanRange = dwell...dwell
        assumptions.dwellJitterSeconds = 0
        assumptions.walkSpread = 0
        assumptions.startTapDelayMax = 0
        assumptions.departedDelayMax = 0
        assumptions.arrivedDelayMax = 0
        return assumptions
    }

    /// The assumptions as lines a person reads (printed with every result).
    package func lines(_ language: Language) -> [String] {
        func n(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        let s = n(spread * 100)
        return [
            language.tr(
                "Світ (змодельований, не виміряний): прихований коефіцієнт часу ходу на лінію × напрямок × тип дня × годину, рівномірно в [−\(s) %, 100 + \(s) %] проміжку між швидким (0) і повільним (1) опублікованими поїздами.",
                "World (simulated, not measured): a hidden running-time factor per line × direction × day type × hour, uniform in [−\(s)%, 100 + \(s)%] of the gap from the fast published pattern (0) to the slow one (1)."
            ),
            language.tr(
                "Кожен поїзд: ±\(n(jitterShare * 100)) % і ±\(n(jitterSeconds)) с на кожному перегоні; стоянка: прихована середня на станцію \(n(dwellMeanRange.lowerBound))–\(n(dwellMeanRange.upperBound)) с, поїзд ±\(n(dwellJitterSeconds)) с.",
                "Each train: ±\(n(jitterShare * 100))% and ±\(n(jitterSeconds)) s on every segment; dwell: a hidden mean per station of \(n(dwellMeanRange.lowerBound))–\(n(dwellMeanRange.upperBound)) s, each train ±\(n(dwellJitterSeconds)) s."
            ),
            language.tr(
                "Пересадка: перехід ±\(n(walkSpread * 100)) % від опублікованого; очікування рівномірне на весь інтервал на тій платформі.",
                "Change: the walk ±\(n(walkSpread * 100))% of the published one; the wait uniform over the whole interval at that platform."
            ),
            language.tr(
                "Краї дня (за 2 год від першого чи останнього опублікованого відправлення станції): перший і останній поїзди — точно опубліковані; між ними поїзди світу відлічені від них інтервалами, рівномірними в опублікованій парі години ±\(n(edgeSpacingSlack)) с (фаза — світу, не моделі).",
                "Edges of the day (within 2 h of a station's published first or last departure): the first and last trains leave exactly at the published times; the world's trains between are spaced from them by intervals uniform within the hour's published pair ±\(n(edgeSpacingSlack)) s (the world's phase, not the model's)."
            ),
            language.tr(
                "Пасажир: «старт» на 0–\(n(startTapDelayMax)) с пізніше; «departed» після пересадки з імовірністю \(n(departedProbability)), на 0–\(n(departedDelayMax)) с пізніше; інакше модель не чіпає; з калібруванням — «arrived» на 0–\(n(arrivedDelayMax)) с пізніше.",
                "Rider: taps start 0–\(n(startTapDelayMax)) s late; presses departed after a change with probability \(n(departedProbability)), 0–\(n(departedDelayMax)) s late; otherwise leaves the model alone; with calibration, ends with arrived 0–\(n(arrivedDelayMax)) s late."
            ),
        ] + familyLines(language, n)
    }

    /// The lines of the assumptions today's world does not make (none in today's world).
    func familyLines(_ language: Language, _ n: (Double) -> String) -> [String] {
        var lines: [String] = []
        if factorCeiling < 1 {
            lines.append(
                language.tr(
                    "Коефіцієнт не більший за \(n(factorCeiling)) (не повільніше за швидкий опублікований поїзд).",
                    "The factor at most \(n(factorCeiling)) (never slower than the fast published pattern)."))
        }
        if speedUpShare > 0 {
            lines.append(
                language.tr(
                    "Кожна клітинка ще на 0–\(n(speedUpShare * 100)) % швидша.",
                    "Each cell 0–\(n(speedUpShare * 100))% faster still."))
        }
        if dayOffsetShare > 0 {
            lines.append(
                language.tr(
                    "Денний зсув: увесь хід лінії × напрямку за день ±\(n(dayOffsetShare * 100)) %.",
                    "A day-level offset: every run of a line × direction on a service day ±\(n(dayOffsetShare * 100))%."
                ))
        }
        if correlatedShare > 0 {
            lines.append(
                language.tr(
                    "Уздовж лінії AR(1): ρ = \(n(correlation)), σ = \(n(correlatedShare * 100)) % кожного перегону.",
                    "Along the line, AR(1): ρ = \(n(correlation)), σ = \(n(correlatedShare * 100))% of each run."))
        }
        if tailProbability > 0 {
            lines.append(
                language.tr(
                    "Важкий хвіст: \(n(tailProbability * 100)) % перегонів у \(n(tailFactor.lowerBound))–\(n(tailFactor.upperBound)) раза довші.",
                    "Heavy tail: \(n(tailProbability * 100))% of segments \(n(tailFactor.lowerBound))–\(n(tailFactor.upperBound))× longer."
                ))
        }
        if holdProbability > 0 {
            lines.append(
                language.tr(
                    "Затримки: \(n(holdProbability * 100)) % стоянок довші на \(n(holdSeconds.lowerBound))–\(n(holdSeconds.upperBound)) с.",
                    "Holds: \(n(holdProbability * 100))% of dwells \(n(holdSeconds.lowerBound))–\(n(holdSeconds.upperBound)) s longer."
                ))
        }
        if dailyFactorShift > 0 {
            lines.append(
                language.tr(
                    "Нестаціонарний: коефіцієнт щодня зсувається на ±\(n(dailyFactorShift * 100)) % проміжку (на лінію × напрямок × день); оракул знає день.",
                    "Non-stationary: the factor moves ±\(n(dailyFactorShift * 100))% of the gap each service day (per line × direction × day); the oracle knows the day."
                ))
        }
        return lines
    }
}
