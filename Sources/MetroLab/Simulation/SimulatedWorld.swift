import MetroCore
import MetroData

/// A world the simulator rides in: the hidden figures no published train shows, drawn once from
/// a seed. Plain data; `Simulator` runs trains through it.

package struct SimulatedWorld: Sendable {
    /// One line × direction × day type × hour: where a hidden running-time factor is drawn and
    /// where the figures are reported.
    package struct Cell: Hashable, Comparable, Sendable {
        package var line: String
        package var direction: Direction
        package var dayType: DayType
        package var hour: Int

        package init(line: String, direction: Direction, dayType: DayType, hour: Int) {
            self.line = line
            self.direction = direction
            self.dayType = dayType
            self.hour = hour
        }

        package static func < (a: Cell, b: Cell) -> Bool {
            (a.line, a.direction.rawValue, a.dayType.rawValue, a.hour) < (
                b.line, b.direction.rawValue, b.dayType.rawValue, b.hour
            )
        }
    }

    package let assumptions: SimulationAssumptions
    /// Each published cell's factor on the axis fast pattern (0) → slow pattern (1).
    package var factors: [Cell: Double]
    /// Each cell's speed-up beyond its factor (a share of the running time, 0 in most families).
    var speedUps: [Cell: Double] = [:]
    /// Each station's hidden mean dwell, seconds.
    var dwellMeans: [String: Double]
    /// Where the day-level draws come from (the day offset, the non-stationary shift): each line,
    /// direction and service day gets its own stream of it, so the order rides are drawn in
    /// never changes what a day was like.
    var daySeed: UInt64 = 0
    /// Every day at the fast end of the family's day-level draws (the offset at −its share, the
    /// factor's shift at −its share): the fast edge (`atTheFastEdge`).
    var fastestDays = false
    /// Each line's published hours: a train outside them takes the nearest hour's factor.
    let hours: [String: ClosedRange<Int>]

    /// Draws a world: every published cell's factor, in the document's order, then every
    /// station's dwell, in the document's order.
    package init(
        network: Network, assumptions: SimulationAssumptions, using generator: inout some RandomNumberGenerator
    ) {
        self.assumptions = assumptions
        var factors: [Cell: Double] = [:]
        for record in network.document.headways {
            let cell = Cell(line: record.line, direction: record.direction, dayType: record.dayType, hour: record.hour)
            factors[cell] = generator.uniform(
                -assumptions.spread, min(1 + assumptions.spread, assumptions.factorCeiling))
        }
        var dwells: [String: Double] = [:]
        for station in network.stations {
            dwells[station.code] = generator.uniform(
                assumptions.dwellMeanRange.lowerBound, assumptions.dwellMeanRange.upperBound)
        }
        self.factors = factors
        dwellMeans = dwells
        hours = Self.hours(network)
        // Drawn after everything today's world draws, so that world stays the same world.
        if assumptions.speedUpShare > 0 {
            for record in network.document.headways {
                let cell = Cell(
                    line: record.line, direction: record.direction, dayType: record.dayType, hour: record.hour)
                speedUps[cell] = generator.uniform(0, assumptions.speedUpShare)
            }
        }
        if assumptions.dayOffsetShare > 0 || assumptions.dailyFactorShift > 0 { daySeed = generator.next() }
    }

    /// A world with one factor everywhere and every dwell `dwell` (tests, and the fast-pattern check).
    package init(network: Network, assumptions: SimulationAssumptions, factor: Double, dwell: Double) {
        self.assumptions = assumptions
        var factors: [Cell: Double] = [:]
        for record in network.document.headways {
            factors[Cell(line: record.line, direction: record.direction, dayType: record.dayType, hour: record.hour)] =
                factor
        }
        self.factors = factors
        dwellMeans = Dictionary(uniqueKeysWithValues: network.stations.map { ($0.code, dwell) })
        hours = Self.hours(network)
    }

    static func hours(_ network: Network) -> [String: ClosedRange<Int>] {
        var hours: [String: ClosedRange<Int>] = [:]
        for record in network.document.headways {
            let range = hours[record.line] ?? record.hour...record.hour
            hours[record.line] = min(range.lowerBound, record.hour)...max(range.upperBound, record.hour)
        }
        return hours
    }

    /// This world at the fast edge of its family's range: every cell's factor at −spread, the
    /// speed-up at its most, every day's offset and shift at their fast ends. The dwells are the
    /// ones drawn, and each train's own draws (jitter, tails, holds, the wait) stay the ride's:
    /// only what the spread and the family say about running speed moves. What the earliness
    /// floor replays each ride in (`EarlinessFloor`).
    func atTheFastEdge() -> SimulatedWorld {
        var edge = self
        for cell in factors.keys { edge.factors[cell] = -assumptions.spread }
        if assumptions.speedUpShare > 0 {
            for cell in factors.keys { edge.speedUps[cell] = assumptions.speedUpShare }
        }
        edge.fastestDays = true
        return edge
    }

    /// The cell a train belongs to: its line, direction, day type and the hour it leaves its
    /// boarding station, clamped to the line's published hours (past midnight counts as the
    /// last hour, as the published intervals do).
    package func cell(line: String, direction: Direction, dayType: DayType, hour: Int) -> Cell {
        let range = hours[line] ?? hour...hour
        return Cell(
            line: line, direction: direction, dayType: dayType, hour: min(max(hour, range.lowerBound), range.upperBound)
        )
    }

    /// The hidden factor of a cell (0 where none was published).
    package func factor(_ cell: Cell) -> Double { factors[cell] ?? 0 }

    /// What one line × direction was like on one service day: the offset on every running time
    /// (a share) and the shift of every factor (in pattern gaps); both 0 where the family has none.
    package func day(_ day: ServiceClock.ServiceDay, line: String, direction: Direction) -> (
        offset: Double, shift: Double
    ) {
        let a = assumptions
        guard a.dayOffsetShare > 0 || a.dailyFactorShift > 0 else { return (0, 0) }
        if fastestDays { return (-a.dayOffsetShare, -a.dailyFactorShift) }
        // FNV-1a over the key: stable across runs and machines (Swift's Hasher is not).
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in "\(line) \(direction.rawValue) \(day)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        var source = SeededGenerator.stream(daySeed, hash)
        let offset = source.uniform(-a.dayOffsetShare, a.dayOffsetShare)
        let shift = source.uniform(-a.dailyFactorShift, a.dailyFactorShift)
        return (offset, shift)
    }
}
