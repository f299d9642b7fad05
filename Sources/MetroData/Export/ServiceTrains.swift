import MetroCore

/// The service model's trains, the ones the GTFS feed carries (`GTFSFeed.trips()`): made from
/// the published first and last departures and the hourly intervals
/// (`ServiceTrains+Generation.swift`, `+Timetable.swift`), once per line, direction and day
/// type (`ServiceTrains.Cache`). Only `timetable-gen gtfs` writes them. The rider's app never
/// makes them: only the published departures are certain, the trains between are computed
/// (decision 0076), so `plan`, `start`, the alerts, `--last` and `--arrive-by` ask the engine's
/// published departures (`ScheduleEngine.publishedBoarding`, `ScheduleEngine+ServiceEdges`).
package enum ServiceTrains {}
