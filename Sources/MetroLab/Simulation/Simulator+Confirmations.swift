import FoundationEssentials
import MetroCore
import MetroData

extension Simulator {
    /// The ride's trip with a rider who also confirms stations: `at` at each intermediate stop
    /// with probability `share`, 0–`tapDelay` s after the train really arrived there. A press
    /// the fold would refuse is left out, as the CLI would refuse it. A record made from it
    /// keeps the alerts as these confirmations moved them (`RideLog`).
    package func confirmingStations(
        _ result: RideResult, share: Double, tapDelay: Double, using generator: inout some RandomNumberGenerator
    ) -> Trip {
        /// Uniform in [a, b) from the top 53 bits of one draw.
        func draw(_ a: Double, _ b: Double) -> Double { a + Double(generator.next() >> 11) / Double(1 << 53) * (b - a) }
        var trip = result.trip
        let stops = engine.plannedStops(result.journey.route)
        var added: [Trip.Correction] = []
        for (index, stop) in stops.enumerated() where stop.role == .intermediate && draw(0, 1) < share {
            guard let arrival = result.journey.stops[index].arrival else { continue }
            added.append(
                Trip.Correction(.at(stop.station), at: arrival.addingTimeInterval(draw(0, tapDelay))))
        }
        trip.corrections = (trip.corrections + added).sorted { $0.time < $1.time }
        var kept = trip
        kept.corrections = []
        for correction in trip.corrections where result.model.refusal(for: correction, trip: kept) == nil {
            kept.corrections.append(correction)
        }
        return kept
    }
}
