import MetroCore

extension StartCommand {
    /// Why a ride starting with this schedule is refused, if it is: the one acceptance rule of
    /// `start` and of the ride card (whose tap is a start). t₀ is when the train moves, so the
    /// rider is aboard: shut entrances do not refuse it, a ride past the last connection does.
    static func refusal(_ schedule: Schedule) -> ServiceFinding? {
        schedule.findings.first(where: \.isBlocking)
    }
}
