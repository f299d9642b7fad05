import FoundationEssentials

/// One measured figure, ready to record.
package struct RideMeasurement: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        case running(from: String, to: String)
        case dwell(station: String, direction: Direction)
    }

    package var kind: Kind
    package var seconds: Double
    package var weight: Double
}

extension Calibration {
    /// Records a measurement, or says why it was rejected.
    package mutating func record(_ measurement: RideMeasurement, network: Network) throws(Rejection) {
        switch measurement.kind {
        case .running(let from, let to):
            try recordRunning(
                from: from, to: to, seconds: measurement.seconds, weight: measurement.weight, network: network)
        case .dwell(let station, let direction):
            try recordDwell(
                station: station, direction: direction, seconds: measurement.seconds, weight: measurement.weight)
        }
    }
}
