import FoundationEssentials

/// t₀ of a plan, found once from the moment asked: `--arrive-by`'s latest start, `--last`'s
/// last connection, the first train when asked before it, else the moment asked; with what the
/// plan says about how it was found.
struct PlanStart {
    /// When the train starts moving at the origin.
    var t0: Date
    /// Asked before the first train (or after the last): the train the plan is of.
    var firstNote: String?
    var arriveByNote: String?
    /// `--arrive-by`: the latest start with the booked wait, and the safe one.
    var arriveByStarts: (latest: Date, safe: Date?)?
    var lastNote: String?
    /// `--last`: the last connection has already left.
    var lastIsGone = false
    /// `--last --json`: the answer's own object.
    var lastAnswer: PlanJSON.LastJSON?
}
