import FoundationEssentials
import MetroCore
import MetroData

extension Simulation {
    /// One commuter's `days` weekdays (a year: 250; out and back, with a change, calibration
    /// on) in the seed's world drawn from `assumptions`, as journal records: each ride confirms stations
    /// (`at`) at the share `confirm` of its intermediate stops, 0–3 s after the train arrives.
    /// Trip ids carry `family` and the seed, so no two riders (seeds) or families share one.
    /// Each record comes with the ride's result (the world's truth of it).
    package static func commuterJournal(
        engine: ScheduleEngine, assumptions: SimulationAssumptions, family: String, seed: UInt64, confirm: Double,
        days: Int = 250
    ) -> [(record: JournalRecord, result: Simulator.RideResult)] {
        var source = SeededGenerator.stream(seed, Stream.commute.rawValue)
        var worldSource = SeededGenerator.stream(seed, Stream.world.rawValue)
        var confirmations = SeededGenerator.stream(seed, Stream.confirmations.rawValue)
        let simulator = Simulator(
            engine: engine,
            world: SimulatedWorld(network: engine.network, assumptions: assumptions, using: &worldSource))
        let commuter = Commuter.random(engine.network, sameLine: false, using: &source)
        var calibration = Calibration()
        var records: [(record: JournalRecord, result: Simulator.RideResult)] = []
        commute(
            simulator, commuter: commuter, days: days, learn: true, calibration: &calibration,
            rider: "sim-\(family)-\(seed)", using: &source
        ) { result, _ in
            let trip =
                confirm > 0
                ? simulator.confirmingStations(result, share: confirm, tapDelay: 3, using: &confirmations) : result.trip
            records.append(
                (JournalRecord(trip: trip, model: result.model, outcome: .arrived, at: result.arrivedTap), result))
        }
        return records
    }
}
