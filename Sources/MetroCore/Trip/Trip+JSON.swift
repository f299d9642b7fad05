import FoundationEssentials

extension Trip {
    /// The trip file read by a typed walk (see `JSONObject.Value`'s reads): `status` reads it on
    /// every poll of a tmux bar. Dates are seconds since 1970; a test holds it to Foundation's decoder's
    /// result, and it throws where that would.
    package init(json bytes: [UInt8]) throws {
        // A key named twice is an error (the first would win), as in every file of ours.
        let root = try JSONObject.value(bytes, rejectDuplicateKeys: true)
        func date(_ value: JSONObject.Value, _ key: String) throws -> Date {
            Date(timeIntervalSince1970: try value.double(key))
        }
        version = try root.int("version")
        id = try root.string("id")
        origin = try root.string("origin")
        destination = try root.string("destination")
        t0 = try date(root, "t0")
        corrections = try root.array("corrections").map { item in
            let time = try date(item, "time")
            switch try item.string("kind") {
            case "shift": return Correction(.shift(try item.int("stops")), at: time)
            case "at": return Correction(.at(try item.string("station")), at: time)
            case "departed": return Correction(.departed, at: time)
            case let other:
                throw JSONObject.Value.ShapeError(
                    "невідомий вид поправки '\(other)'", "unknown correction kind '\(other)'")
            }
        }
        guard case .object(let fired) = try root.field("alertsFired") else {
            throw JSONObject.Value.ShapeError("'alertsFired' не об’єкт", "'alertsFired' is not an object")
        }
        var alerts: [String: Date] = [:]
        for member in fired {
            switch member.value {
            case .integer(let seconds): alerts[member.key] = Date(timeIntervalSince1970: Double(seconds))
            case .double(let seconds): alerts[member.key] = Date(timeIntervalSince1970: seconds)
            default:
                throw JSONObject.Value.ShapeError(
                    "'alertsFired.\(member.key)' не число", "'alertsFired.\(member.key)' is not a number")
            }
        }
        alertsFired = alerts
        if let ending = root.optionalField("ended") {
            guard let outcome = Outcome(rawValue: try ending.string("outcome")) else {
                throw JSONObject.Value.ShapeError(
                    "невідомий результат '\(try ending.string("outcome"))'",
                    "unknown outcome '\(try ending.string("outcome"))'")
            }
            ended = Ending(
                outcome: outcome, time: try date(ending, "time"),
                announced: ending.optionalField("announced") == nil ? nil : try ending.bool("announced"))
        } else {
            ended = nil
        }
        if let value = root.optionalField("changes") {
            guard case .object(let headwayMembers) = try value.field("headways") else {
                throw JSONObject.Value.ShapeError("'headways' не об’єкт", "'headways' is not an object")
            }
            var headways: [String: Int] = [:]
            for member in headwayMembers {
                guard case .integer(let seconds) = member.value else {
                    throw JSONObject.Value.ShapeError(
                        "'headways.\(member.key)' не ціле число", "'headways.\(member.key)' is not an integer")
                }
                headways[member.key] = seconds
            }
            changes = ServiceChanges(
                airRaid: try value.bool("airRaid"),
                closed: try value.array("closed").map { item in
                    guard case .string(let code) = item else {
                        throw JSONObject.Value.ShapeError(
                            "закрита станція не рядок", "a closed station is not a string")
                    }
                    return code
                },
                suspended: try value.array("suspended").map {
                    NetworkDocument.Section(
                        line: try $0.string("line"), from: try $0.string("from"), to: try $0.string("to"))
                },
                headways: headways,
                dayType: try value.optionalField("dayType").map { _ in
                    let text = try value.string("dayType")
                    guard let dayType = DayType(rawValue: text) else {
                        throw JSONObject.Value.ShapeError("невідомий тип дня '\(text)'", "unknown day type '\(text)'")
                    }
                    return dayType
                })
        } else {
            changes = nil
        }
        via = root.optionalField("via") == nil ? nil : try root.string("via")
    }
}
