import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads the city's two geometry layers, as published, into the project's data files:
/// `metro_stations.geojson` gives each station's point (merged into `kyiv-stations.csv` as its
/// `lat` and `lon` columns, every other column kept as it was), and `underground.geojson` gives
/// the track between adjacent stations (`kyiv-track.csv`, one row per point, each directed
/// segment from its `from` station to its `to` station).
///
/// Coordinates are written with 6 decimals (about 0.1 m), which is finer than the layers'
/// own accuracy and keeps the files stable and diffable.
package enum GeometryImporter {
    /// Columns of `kyiv-track.csv`.
    static let trackColumns = ["from", "to", "point", "lat", "lon"]

    /// `kyiv-stations.csv` with the coordinates of `stationsGeoJSON` merged in.
    package static func stations(_ stationsCSV: CSVTable, geoJSON: Data, file: String) throws(DataError) -> String {
        var points: [String: (lat: Double, lon: Double)] = [:]
        for (index, feature) in try features(geoJSON, file: file).enumerated() {
            let place = "features[\(index)]"
            guard let code = feature.properties["code1"] as? String, !code.isEmpty else {
                throw DataError(file: file, "\(place).properties: missing or empty 'code1'")
            }
            guard feature.type == "Point", let point = feature.coordinates.first, feature.coordinates.count == 1 else {
                throw DataError(file: file, "\(place).geometry: expected a Point")
            }
            guard points[code] == nil else {
                throw DataError(file: file, "\(place): a second point for station \(code)")
            }
            points[code] = point
        }
        var header = Array(stationsCSV.header.prefix(while: { $0 != "lat" }))
        header += ["lat", "lon"]
        var out = header.joined(separator: ",") + "\n"
        for row in stationsCSV.rows {
            let code = row(0)
            guard let point = points.removeValue(forKey: code) else {
                throw DataError(file: file, "no point for station \(code) (\(stationsCSV.file):\(row.line))")
            }
            let kept = Array(row.fields.prefix(header.count - 2)).map(CSVTable.escape)
            out += (kept + [decimal(point.lat), decimal(point.lon)]).joined(separator: ",") + "\n"
        }
        if let extra = points.keys.sorted().first {
            throw DataError(file: file, "a point for station \(extra), which \(stationsCSV.file) does not list")
        }
        return out
    }

    /// `kyiv-track.csv` from `underground.geojson`, in the network's line order: each line
    /// forward, then reverse. Each LineString is turned, if need be, to run from its `from`
    /// station toward its `to` station (judged by which end lies nearer the `from` station).
    package static func track(
        geoJSON: Data, file: String, lines: [NetworkDocument.Line], stations: [String: (lat: Double, lon: Double)]
    ) throws(DataError) -> String {
        var segments: [String: [(lat: Double, lon: Double)]] = [:]
        for (index, feature) in try features(geoJSON, file: file).enumerated() {
            let place = "features[\(index)]"
            guard let from = feature.properties["from_code1"] as? String,
                let to = feature.properties["to_code1"] as? String
            else {
                throw DataError(file: file, "\(place).properties: missing 'from_code1' or 'to_code1'")
            }
            guard feature.type == "LineString", feature.coordinates.count >= 2 else {
                throw DataError(file: file, "\(place).geometry: expected a LineString of two points or more")
            }
            guard let origin = stations[from], stations[to] != nil else {
                throw DataError(file: file, "\(place): unknown station code '\(stations[from] == nil ? from : to)'")
            }
            guard segments["\(from) \(to)"] == nil else {
                throw DataError(file: file, "\(place): a second geometry for \(from) → \(to)")
            }
            var points = feature.coordinates
            if distance(points.last!, origin) < distance(points.first!, origin) { points.reverse() }
            segments["\(from) \(to)"] = points
        }
        var out = trackColumns.joined(separator: ",") + "\n"
        for line in lines {
            for order in [line.stations, line.stations.reversed()] {
                for (from, to) in zip(order, order.dropFirst()) {
                    guard let points = segments.removeValue(forKey: "\(from) \(to)") else {
                        throw DataError(file: file, "no geometry for the segment \(from) → \(to) (line \(line.id))")
                    }
                    for (index, point) in points.enumerated() {
                        out += "\(from),\(to),\(index + 1),\(decimal(point.lat)),\(decimal(point.lon))\n"
                    }
                }
            }
        }
        if let extra = segments.keys.sorted().first {
            throw DataError(
                file: file, "a geometry for \(extra.replacing(" ", with: " → ")), which joins no adjacent stations")
        }
        return out
    }

    struct Feature {
        var type: String
        var coordinates: [(lat: Double, lon: Double)]
        var properties: [String: Any]
    }

    static func features(_ data: Data, file: String) throws(DataError) -> [Feature] {
        let object: Any
        do { object = try JSONObject.parse(Array(data)) } catch {
            throw SourcePosition.jsonError(error, bytes: Array(data), file: file)
        }
        guard let root = object as? [String: Any], let features = root["features"] as? [Any] else {
            throw DataError(file: file, "not a GeoJSON layer: expected an object with a 'features' array")
        }
        var result: [Feature] = []
        for (index, raw) in features.enumerated() {
            guard let feature = raw as? [String: Any], let properties = feature["properties"] as? [String: Any],
                let geometry = feature["geometry"] as? [String: Any], let type = geometry["type"] as? String
            else {
                throw DataError(file: file, "features[\(index)]: expected 'properties' and a 'geometry' with a 'type'")
            }
            // GeoJSON is [longitude, latitude]; a Point has one pair, a LineString a list.
            let raw = type == "Point" ? [geometry["coordinates"] as Any] : (geometry["coordinates"] as? [Any] ?? [])
            var points: [(lat: Double, lon: Double)] = []
            for (position, pair) in raw.enumerated() {
                guard let numbers = pair as? [Any], numbers.count >= 2,
                    let lon = JSONObject.double(numbers[0]), let lat = JSONObject.double(numbers[1]),
                    (-90...90).contains(lat), (-180...180).contains(lon)
                else {
                    throw DataError(
                        file: file,
                        "features[\(index)].geometry.coordinates[\(position)]: expected [longitude, latitude]")
                }
                points.append((lat, lon))
            }
            result.append(Feature(type: type, coordinates: points, properties: properties))
        }
        return result
    }

    static func decimal(_ value: Double) -> String { Format.c("%.6f", value) }

    /// Metres between two points (haversine; the Earth as a sphere is plenty for a city).
    package static func distance(_ a: (lat: Double, lon: Double), _ b: (lat: Double, lon: Double)) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.lat - a.lat) * radians
        let dLon = (b.lon - a.lon) * radians
        let h =
            sin(dLat / 2) * sin(dLat / 2) + cos(a.lat * radians) * cos(b.lat * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_000 * asin(min(1, sqrt(h)))
    }
}
