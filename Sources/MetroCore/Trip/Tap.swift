import FoundationEssentials

/// What a tap on Start means: the one rule `start` and the ride card both follow
/// (docs/decisions/0080-what-a-tap-needs.md). A tap is a human act at a published departure's
/// edge: the first train's rider may tap as the doors close, a few seconds before it leaves; the
/// last train's rider taps once seated, after it has left. Between the two, trains run and the
/// tap is t₀ itself.
package struct Tap: Equatable, Sendable {
    package enum Reading: Equatable, Sendable {
        /// Trains run (or the route boards none): the ride is timed from the tap.
        case trainsRunning
        /// Within `earlyAllowance` before the origin's published first departure: that train,
        /// timed from its departure.
        case firstTrainEarly(first: Date)
        /// Earlier still: no train moves yet, and the tap starts no ride.
        case beforeFirstTrain(first: Date)
        /// Within `lateAllowance` after the origin's published last departure: that train, timed
        /// from its departure.
        case lastTrainLate(last: Date)
    }

    /// A minute before the first train: a tap as the doors close, by a phone's clock a few tens
    /// of seconds fast. Earlier than that it is a rider on an empty platform.
    package static let earlyAllowance = 60
    /// Five minutes after the last train (`ScheduleEngine.lateTapAllowance`): a rider who boards
    /// at the last moment taps once seated; later no train is read from a tap.
    package static let lateAllowance = ScheduleEngine.lateTapAllowance

    /// The moment of the tap.
    package var moment: Date
    package var reading: Reading

    /// The ride's t₀: the published departure the tap is read as, the tap itself while trains
    /// run, and nil before the first train's allowance (no ride starts).
    package var t0: Date? {
        switch reading {
        case .trainsRunning: return moment
        case .firstTrainEarly(let first): return first
        case .beforeFirstTrain: return nil
        case .lastTrainLate(let last): return last
        }
    }

    /// How far the tap was from the departure it is read as, in whole seconds (0 while trains
    /// run): what the ride's opening sentence says.
    package var offsetSeconds: Int {
        guard let t0 else { return 0 }
        return Int(abs(moment.timeIntervalSince(t0)).rounded())
    }
}

extension ScheduleEngine {
    /// The one reading of a tap on `route` at `moment` (`Tap`).
    package func tap(route: Route, at moment: Date) -> Tap {
        if let first = firstTrain(of: route, before: moment) {
            let early = first.timeIntervalSince(moment)
            return Tap(
                moment: moment,
                reading: early <= TimeInterval(Tap.earlyAllowance)
                    ? .firstTrainEarly(first: first) : .beforeFirstTrain(first: first))
        }
        if let last = lastTrainTappedLate(route: route, t0: moment) {
            return Tap(moment: moment, reading: .lastTrainLate(last: last))
        }
        return Tap(moment: moment, reading: .trainsRunning)
    }
}
