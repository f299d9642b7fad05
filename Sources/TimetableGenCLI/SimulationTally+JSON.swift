import MetroLab

extension SimulationTally {
    /// A cell's figures as the simulate reports' JSON writes them (both reports, one set of keys).
    var jsonFigures: [String: Any] {
        var object: [String: Any] = [
            "rides": rides, "missed": missed, "late": late, "missedShare": missedShare, "lateShare": lateShare,
            "changes": changes, "changeMissed": changeMissed, "changeLate": changeLate,
            "changeMissedShare": changeMissedShare, "changeLateShare": changeLateShare,
            "arrivals": errors.count, "coverage": coverage,
            "warnedUnder30Share": warnedShortShare, "changeWarnedUnder30Share": changeWarnedShortShare,
        ]
        object["earlinessMedianSeconds"] = earlinessMedian
        object["earlinessP90Seconds"] = earlinessP90
        object["changeEarlinessMedianSeconds"] = changeEarlinessMedian
        object["changeEarlinessP90Seconds"] = changeEarlinessP90
        return object
    }
}
