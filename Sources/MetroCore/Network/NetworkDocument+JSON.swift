import FoundationEssentials

/// The network document read from its JSON by a typed walk (see `JSONObject.Value`'s reads):
/// every start-up reads it.
extension NetworkDocument {
    init(json bytes: [UInt8]) throws {
        let root = try JSONObject.value(bytes)
        let source = try root.field("source")
        let assumptions = try root.field("assumptions")
        self.init(
            version: try root.int("version"),
            source: Source(
                dataset: try source.string("dataset"), publisher: try source.string("publisher"),
                licence: try source.string("licence"),
                resourcesDated: try source.string("resourcesDated"), retrieved: try source.string("retrieved")),
            assumptions: Assumptions(
                dwellSeconds: try assumptions.int("dwellSeconds"), dwellAssumed: try assumptions.bool("dwellAssumed"),
                plausibleGapMinSeconds: try assumptions.int("plausibleGapMinSeconds"),
                plausibleGapMaxSeconds: try assumptions.int("plausibleGapMaxSeconds")),
            lines: try root.array("lines").map { line in
                Line(
                    id: try line.string("id"), nameUk: try line.string("nameUk"), nameEn: try line.string("nameEn"),
                    color: try line.string("color"),
                    stations: try line.array("stations").map {
                        guard case .string(let code) = $0 else {
                            throw JSONObject.Value.ShapeError("код станції не рядок", "a station code is not a string")
                        }
                        return code
                    })
            },
            stations: try root.array("stations").map { station in
                Station(
                    code: try station.string("code"), line: try station.string("line"), order: try station.int("order"),
                    nameUk: try station.string("nameUk"), nameEn: try station.string("nameEn"),
                    formerNames: try station.array("formerNames").map {
                        FormerName(uk: try $0.string("uk"), en: try $0.string("en"))
                    },
                    aboveGround: try station.bool("aboveGround"),
                    transfer: station.optionalField("transfer") == nil ? nil : try station.string("transfer"),
                    latitudeE6: try station.int("latitudeE6"), longitudeE6: try station.int("longitudeE6"),
                    namesRu: try station.optionalStrings("namesRu"),
                    formerNamesRu: try station.optionalStrings("formerNamesRu"))
            },
            segments: try root.array("segments").map { segment in
                Segment(
                    line: try segment.string("line"), direction: try segment.enumeration("direction"),
                    from: try segment.string("from"), to: try segment.string("to"),
                    gapSeconds: try segment.int("gapSeconds"),
                    runSeconds: try segment.int("runSeconds"), dwellSeconds: try segment.int("dwellSeconds"),
                    sampleGaps: try segment.array("sampleGaps").map {
                        guard case .integer(let gap) = $0 else {
                            throw JSONObject.Value.ShapeError("вибірка не ціле число", "a sample is not an integer")
                        }
                        return gap
                    },
                    basis: try segment.enumeration("basis"), openAir: try segment.bool("openAir"),
                    earlyGapSeconds: try segment.int("earlyGapSeconds"),
                    lateGapSeconds: try segment.int("lateGapSeconds"))
            },
            transfers: try root.array("transfers").map { transfer in
                Transfer(
                    stationA: try transfer.string("stationA"), stationB: try transfer.string("stationB"),
                    walkSeconds: try transfer.int("walkSeconds"), basis: try transfer.string("basis"),
                    note: try transfer.string("note"))
            },
            headways: try root.array("headways").map { headway in
                Headway(
                    line: try headway.string("line"), direction: try headway.enumeration("direction"),
                    dayType: try headway.enumeration("dayType"), hour: try headway.int("hour"),
                    firstSeconds: try headway.int("firstSeconds"), secondSeconds: try headway.int("secondSeconds"),
                    singleValue: try headway.bool("singleValue"))
            },
            serviceWindows: try root.array("serviceWindows").map { window in
                ServiceWindow(
                    station: try window.string("station"), direction: try window.enumeration("direction"),
                    firstDeparture: try window.int("firstDeparture"), lastDeparture: try window.int("lastDeparture"))
            },
            airRaidSections: try root.array("airRaidSections").map { section in
                Section(
                    line: try section.string("line"), from: try section.string("from"), to: try section.string("to"))
            },
            entrances: try root.optionalField("entrances").map { _ in try root.array("entrances") }?.map { entrance in
                Entrance(
                    station: try entrance.string("station"), opens: try entrance.int("opens"),
                    closes: try entrance.int("closes"),
                    halls: try entrance.int("halls"), hallsOpen: try entrance.int("hallsOpen"))
            })
    }
}
