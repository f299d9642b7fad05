import FoundationEssentials
import MetroCore

/// The plan's sentence for a change: the walk, then the wait as far as it is known. Only what is
/// published is certain: the first train there (when the rider is on the platform by then) and
/// the last; every train between is computed, so its wait is booked and ranged, never a time.
extension PlanRenderer {
    static func changeText(
        _ transfer: Schedule.TransferTiming, basis: String, name: (String) -> String, clock: ServiceClock,
        language: Language
    ) -> String {
        let walk = language.tr(
            "Перехід на станцію \(name(transfer.entry)): \(Durations.clock(transfer.walkSeconds)) (\(basis)); ",
            "Walk to \(name(transfer.entry)): \(Durations.clock(transfer.walkSeconds)) (\(basis)); ")
        var wait: String
        if let first = transfer.realTrain {
            // On the platform by the published first train: that train, exactly.
            wait = language.tr(
                "очікування \(Durations.clock(transfer.bookedWaitSeconds)) на перший поїзд, о \(clock.hhmmss(first)) (опубліковано)",
                "a wait of \(Durations.clock(transfer.bookedWaitSeconds)) for the first train, the \(clock.hhmmss(first)) (published)"
            )
            if transfer.latestTrain == nil {
                wait += language.tr(
                    "; якщо не встигнете, наступний — протягом інтервалу (очікування до \(Durations.clock(transfer.longestWaitSeconds)))",
                    "; if you miss it, the next within the interval (a wait of up to \(Durations.clock(transfer.longestWaitSeconds)))"
                )
            }
        } else if let last = transfer.latestTrain, transfer.bookedWaitSeconds == transfer.longestWaitSeconds {
            // The last train ends the wait whatever the interval: any train, at the latest it.
            wait = language.tr(
                "очікування до \(Durations.clock(transfer.longestWaitSeconds)): щонайпізніше останній поїзд, о \(clock.hhmmss(last)) (опубліковано)",
                "a wait of up to \(Durations.clock(transfer.longestWaitSeconds)): at the latest the last train, the \(clock.hhmmss(last)) (published)"
            )
        } else {
            // The interval is the model's when the awaited train left its terminal (interpolated
            // through the hour): computed, and said so beside the published one in the leg's
            // title. The longest wait can exceed it: the gap a passenger falls into was set when
            // the missed train left its terminal, and intervals change through the hour. Said,
            // so that the range does not read as a slip.
            let longest = Durations.clock(transfer.longestWaitSeconds)
            let why =
                transfer.longestWaitSeconds > transfer.headwaySeconds
                ? language.tr(": інтервали тут сягають \(longest)", ": intervals here reach \(longest)") : ""
            wait = language.tr(
                "заплановане очікування \(Durations.clock(transfer.bookedWaitSeconds)) = ¼ обчисленого інтервалу \(Durations.clock(transfer.headwaySeconds)) (може бути 0:00–\(longest)\(why))",
                "booked wait \(Durations.clock(transfer.bookedWaitSeconds)) = ¼ of the computed \(Durations.clock(transfer.headwaySeconds)) interval (could be 0:00–\(longest)\(why))"
            )
            if let first = transfer.earliestTrain {
                wait += language.tr(
                    "; перший поїзд, о \(clock.hhmmss(first)), — якщо встигнете",
                    "; the first train, the \(clock.hhmmss(first)), if you make it")
            }
        }
        if let last = transfer.latestTrain, last != transfer.realTrain,
            transfer.bookedWaitSeconds != transfer.longestWaitSeconds
        {
            wait += language.tr(
                "; щонайпізніше останній поїзд, о \(clock.hhmmss(last)) (опубліковано)",
                "; at the latest the last train, the \(clock.hhmmss(last)) (published)")
        }
        if let last = transfer.latestTrain, last != transfer.realTrain {
            if let margin = transfer.slowMarginSeconds, margin < 0 {
                wait += language.tr(
                    ": повільним поїздом ви на платформі вже після нього, і тоді далі не доїхати",
                    ": on the slow pattern you reach the platform after it, and then the ride cannot be completed")
            } else if let margin = transfer.slowMarginSeconds, margin < 60 {
                // No train after it to fall back on: said, not promised.
                let spare = Durations.clock(max(0, margin))
                wait += language.tr(
                    ": повільним поїздом ви на платформі лише за \(spare) до нього, а якщо не встигнете, далі не доїхати",
                    ": on the slow pattern you are on the platform only \(spare) before it, and if you miss it the ride cannot be completed"
                )
            }
        }
        return walk + wait
    }
}
