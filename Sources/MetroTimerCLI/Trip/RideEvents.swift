import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `--events`: one JSON object per line, keys sorted, times ISO 8601 with offset.
enum RideEvents {
    /// The arrival and its range (both running patterns, every wait), on every event that
    /// speaks of the arrival.
    static func arrivalFields(_ schedule: Schedule, clock: ServiceClock) -> [String: Any] {
        [
            "arrival": clock.iso8601(schedule.arrival),
            "arrivalEarliest": clock.iso8601(schedule.arrivalEarliest),
            "arrivalLatest": clock.iso8601(schedule.arrivalLatest),
        ]
    }

    static func emit(
        _ event: String, at time: Date, fields: [String: Any], network: Network, clock: ServiceClock, to out: OutputSink
    ) {
        out.line(
            String(decoding: encode(event, at: time, fields: fields, network: network, clock: clock), as: UTF8.self))
    }

    static func encode(_ event: String, at time: Date, fields: [String: Any], network: Network, clock: ServiceClock)
        -> Data
    {
        var object = fields
        // Beside every station code, its names in both languages: `station` → `stationNameUk`,
        // `stationNameEn` (and so for `from` and `to`).
        for key in ["station", "from", "to"] {
            guard let code = fields[key] as? String, let station = network.station(code) else { continue }
            object[key + "NameUk"] = station.nameUk
            object[key + "NameEn"] = station.nameEn
        }
        object["event"] = event
        object["time"] = clock.iso8601(time)
        return Data(JSONObject.serialize(object).utf8)
    }

    /// An alert as one JSON object: the `--events` line, and what the user's alert command reads.
    static func alertEvent(
        _ alert: Trip.Alert, view: RideView, clock: ServiceClock, message: String? = nil, lateSeconds: Int? = nil
    ) -> Data {
        let sentence = message ?? AlertText.sentence(alert, view: view)
        var station = view.schedule.alertStop
        var fields: [String: Any] = ["message": sentence]
        // Delivered late (a notifier that started late): by how much.
        fields["lateSeconds"] = lateSeconds
        // Every change alert is the event `transfer-alert`; `change` says which (1, or 2 on
        // the long way round a closure).
        var event = alert.rawValue
        if let change = alert.change {
            station = view.schedule.change(for: alert)?.alert.stop
            fields["change"] = change
            event = Trip.Alert.transferAlert.rawValue
        }
        // Fired more than a stop early: how many stops ahead the alert's station was then, as
        // the message says it (AlertWording).
        fields["stopsAhead"] = AlertWording.early(alert, in: view.schedule)
        fields.merge(arrivalFields(view.schedule, clock: clock)) { $1 }
        if alert == .arrival, let last = view.schedule.stops.last { fields["station"] = last.station }
        if alert != .arrival, let index = station { fields["station"] = view.schedule.stops[index].station }
        return encode(event, at: view.now, fields: fields, network: view.network, clock: clock)
    }
}
