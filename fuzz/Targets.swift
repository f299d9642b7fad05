// libFuzzer entry points over MetroCore's parsers and decoders: the state files (trip, journal,
// calibration, changes, settings), the timetable compiler's CSV files, the portal's JSON layers
// and station search. One binary, the target chosen by FUZZ_TARGET (fuzz/run.sh sets it).
// Built by fuzz/run.sh with `swiftc -sanitize=fuzzer,address` against MetroCore, MetroData and MetroLab.
import Foundation

@testable import MetroCore
@testable import MetroData
@testable import MetroLab

enum FuzzTarget: String, CaseIterable {
    case trip, journal, calibration, changes, settings, csv, portal, search, network, shared
}

nonisolated(unsafe) var target = FuzzTarget.trip
nonisolated(unsafe) var realData: [String: String] = [:]
/// The real stations and lines, parsed once: the portal target's input is the portal's layers.
nonisolated(unsafe) var realStationsAndLines: (stations: [NetworkDocument.Station], lines: [NetworkDocument.Line])?
let network = Network.kyiv
// Kyiv time from the system's zone file, as the executables read it (MetroCore does no I/O).
let clock = ServiceClock(
    zone: try! TZif(bytes: Array(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Kyiv")!)))

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>>>
) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    guard let name = environment["FUZZ_TARGET"], let chosen = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(
            Data("FUZZ_TARGET must be one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
        exit(2)
    }
    target = chosen
    let data = environment["FUZZ_DATA"] ?? "Data"
    for name in TimetableCompiler.FileName.all {
        realData[name] = try? String(contentsOfFile: data + "/" + name, encoding: .utf8)
    }
    if let stations = realData[TimetableCompiler.FileName.stations],
        let lines = realData[TimetableCompiler.FileName.lines]
    {
        realStationsAndLines = try? TimetableCompiler.stationsAndLines(
            TimetableCompiler.Input(
                directory: "fuzz",
                files: [TimetableCompiler.FileName.stations: stations, TimetableCompiler.FileName.lines: lines]))
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let data = Data(bytes: bytes, count: count)
    switch target {
    case .trip:
        // As metro-timer reads a trip: decode, check the values, and only then compute with it.
        // The one JSON reader, as metro-timer reads the trip file.
        guard let trip = try? Trip(json: Array(data)), trip.valueProblem() == nil,
            let model = try? TripModel(engine: ScheduleEngine(network: network, clock: clock), trip: trip)
        else { return 0 }
        let schedule = model.current(trip)
        _ = TripModel.halfStopPosition(in: schedule, at: trip.t0.addingTimeInterval(600))
        _ = model.isExpired(trip, at: trip.t0.addingTimeInterval(3600))
    case .journal:
        // As `journal` reads the file: each line decoded and checked, then what the command
        // computes from it (the correction total, the error, the summary).
        let records = data.split(separator: UInt8(ascii: "\n")).compactMap { line -> JournalRecord? in
            // The typed reader (what the journal is read with) against the decoder: the same record, or both refuse.
            let typed = try? JournalRecord(journalLine: Array(line))
            let decoded = try? JSONObject.decode(
                JournalRecord.self, from: Array(line), dates: .iso8601, rejectDuplicateKeys: true)
            guard typed == decoded else {
                fatalError("the typed reader and the decoder disagree on \(String(decoding: line, as: UTF8.self))")
            }
            return typed
        }
        .filter { $0.valueProblem() == nil }
        for record in records {
            let c = record.corrections
            _ = c.behind + c.ahead + c.at + c.departed
            _ = record.errorSeconds.map { abs($0) }
            _ = (record.missedStation, record.alertWasLate)
        }
        _ = JournalSummary(records)
    case .calibration:
        guard let calibration = try? JSONObject.decode(Calibration.self, from: data, dates: .secondsSince1970),
            calibration.valueProblem() == nil,
            let route = try? Router(network: network).route(from: "mr18_127", to: "mb18_227")
        else { return 0 }
        // What `calibration` shows of each figure: the key's two sides, whole seconds.
        let effective = calibration.effective
        for (key, statistic) in effective.running {
            guard Calibration.keyParts(key, separator: ">") != nil else {
                fatalError("a checked running key without two sides: \(key)")
            }
            _ = (Int(statistic.mean.rounded()), Int(statistic.spread.rounded()))
        }
        for (key, statistic) in effective.dwell {
            guard Calibration.keyParts(key, separator: " ") != nil else {
                fatalError("a checked dwell key without two sides: \(key)")
            }
            _ = (Int(statistic.mean.rounded()), Int(statistic.spread.rounded()))
        }
        var engine = ScheduleEngine(network: network, clock: clock)
        engine.calibration = calibration
        _ = engine.schedule(route: route, t0: Date(timeIntervalSince1970: 1_800_000_000))
    case .changes:
        guard let file = try? JSONObject.decode(ChangesFile.self, from: data), file.valueProblem() == nil,
            file.networkProblem(network) == nil
        else { return 0 }
        _ = file.changes(on: "2026-11-30").expandingAllLines(network)
    case .settings:
        guard let settings = try? JSONObject.decode(AlertSettings.self, from: data) else { return 0 }
        _ = settings.valueProblem()
        _ = settings.url.map(URLMask.mask)
    case .csv:
        // The input stands in for one of the data files (chosen by its first byte), the others
        // are the real ones: the compiler must refuse with a DataError, never trap.
        guard let first = data.first else { return 0 }
        let names = TimetableCompiler.FileName.all
        var files = realData
        let text = Data(data.dropFirst())
        if let problem = SourcePosition.utf8Error(Array(text), file: "fuzz") {
            _ = problem.description
            return 0
        }
        files[names[Int(first) % names.count]] = String(decoding: text, as: UTF8.self)
        let input = TimetableCompiler.Input(directory: "fuzz", files: files)
        if let document = try? TimetableCompiler.compile(input) {
            _ = NetworkEncoding.compactJSON(document)
        }
    case .portal:
        guard let (parsedStations, parsedLines) = realStationsAndLines else { return 0 }
        _ = try? PortalImporter.convert(
            stopTimes: data, stopTimesFile: "fuzz", timePeriods: data, timePeriodsFile: "fuzz",
            stations: parsedStations, lines: parsedLines)
        let points = Dictionary(
            uniqueKeysWithValues: parsedStations.map {
                ($0.code, (lat: Double($0.latitudeE6) / 1e6, lon: Double($0.longitudeE6) / 1e6))
            })
        _ = try? GeometryImporter.track(geoJSON: data, file: "fuzz", lines: parsedLines, stations: points)
    case .shared:
        // A shared journal as `timetable-gen field` reads it (someone else's file), then pooled:
        // every figure the report prints, the fit and the families' distances.
        let read = SharedJournal.read(Array(data), network: network)
        let pool = FieldPool(read.rides, engine: ScheduleEngine(network: network, clock: clock))
        _ = (
            pool.overall.missed.interval, pool.overall.arrivalError.interval, pool.fit.result, pool.families(spread: 1)
        )
    case .network:
        // An installed timetable (`timetable-gen install`, or a hand-edited file in its place):
        // refused with a LoadError, or sound enough to route and time every line end to end.
        guard let installed = try? Network(json: data) else { return 0 }
        let engine = ScheduleEngine(network: installed, clock: clock)
        let router = Router(network: installed)
        let ends = installed.lines.flatMap { [$0.stations.first!, $0.stations.last!] }
        for from in ends {
            for to in ends where to != from {
                guard let route = try? router.route(from: from, to: to) else { continue }
                _ = engine.schedule(route: route, t0: Date(timeIntervalSince1970: 1_800_000_000))
            }
        }
        _ = StationSearch(network: installed).match("Lis")
    case .search:
        let query = String(decoding: data, as: UTF8.self)
        _ = StationSearch.kyiv.match(query)
        _ = StationSearch.kyiv.completions(query, language: .uk)
    }
    return 0
}
