import FoundationEssentials

/// The one place a `JSONEncoder` is made (decision 0008): every `Codable` file and output is
/// written by an encoder from here, so the few ways JSON is written are named in one file and a
/// test (SourceRulesTests) fails when a source outside MetroCore/JSON makes its own. `serialize`
/// (JSONObject.swift) writes the untyped values.
///
/// Keys are always sorted: the same value is the same bytes. What differs between files is kept
/// as each file has always been written, byte for byte.
extension JSONObject {
    /// How `/` is written in a string.
    package enum Slashes: Sendable {
        /// `a/b`: what people read (the `--json` outputs, the config files, the network).
        case asIs
        /// `a\/b`, `JSONEncoder`'s default: the files that have always been written so.
        case escaped
    }

    /// How a `Date` is written.
    package enum DateWriting: Sendable {
        /// The type's own encoding (a number of seconds since 2001), for values that hold no date.
        case deferred
        /// `2026-05-01T07:30:00Z` (the journal).
        case iso8601
        /// Seconds since 1970 (the trip file).
        case secondsSince1970
    }

    /// An encoder with sorted keys, indented (`pretty`) or on one line.
    package static func encoder(pretty: Bool, slashes: Slashes, dates: DateWriting = .deferred) -> JSONEncoder {
        let encoder = JSONEncoder()
        var formatting: JSONEncoder.OutputFormatting = [.sortedKeys]
        if pretty { formatting.insert(.prettyPrinted) }
        if slashes == .asIs { formatting.insert(.withoutEscapingSlashes) }
        encoder.outputFormatting = formatting
        switch dates {
        case .deferred: encoder.dateEncodingStrategy = .deferredToDate
        case .iso8601: encoder.dateEncodingStrategy = .iso8601
        case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        }
        return encoder
    }
}
