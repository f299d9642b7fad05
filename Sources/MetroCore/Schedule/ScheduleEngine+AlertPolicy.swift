import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

extension ScheduleEngine {
    /// The alert policy's cap, in one place: the booked wait, but no more than the last step
    /// (the fast pattern's time from the alert's moment to the arrival, whole seconds) plus 1%
    /// of the shortest interval. The engine's schedules and the backtest's policy table both
    /// use it, so the backtest measures the policy the app ships (see `alertWait`).
    public static func cappedAlertWait(booked: Int, lastStep: TimeInterval, shortest: Int) -> Int {
        min(booked, Int(lastStep.rounded(.down)) + shortest / 100)
    }
}
