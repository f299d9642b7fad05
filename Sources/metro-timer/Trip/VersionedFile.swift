import CLIKit
import Foundation

/// Reads one of metro-timer's own versioned JSON files: a missing file is nil; a file written by a
/// newer version, or one that does not decode, is refused with a message naming it, and is never
/// touched. Each caller words its messages; the check itself lives here once.
enum VersionedFile {
    private struct VersionOnly: Decodable { var version: Int }

    static func read<T: Decodable>(
        _ type: T.Type, at path: String, newest: Int, decoder: JSONDecoder,
        newer: (Int) -> String, unreadable: (String) -> String
    ) throws(CLIError) -> T? {
        let data: Data
        do {
            guard let bytes = try PrivateFile.read(path) else { return nil }
            data = bytes
        } catch {
            throw .data(unreadable(error.reason))
        }
        if let version = try? decoder.decode(VersionOnly.self, from: data).version, version > newest {
            throw .data(newer(version))
        }
        let value: T
        do { value = try decoder.decode(T.self, from: data) } catch {
            throw .data(unreadable(FileTripStore.reason(error)))
        }
        // Every value read is checked: a well-formed file can still hold a time of 1e300 or a
        // negative variance, which would trap deep inside a computation.
        if let checked = value as? any CheckedValues, let problem = checked.valueProblem() {
            throw .data(unreadable(problem))
        }
        return value
    }
}

/// A file's values, range-checked after decoding: nil when every value is usable, else the key
/// and what is wrong with it.
protocol CheckedValues {
    func valueProblem() -> String?
}

/// The bounds the files' values must keep (stated in the README).
enum ValueBounds {
    /// Times: 2000-01-01 to 2100-01-01.
    static let dates = 946_684_800.0...4_102_444_800.0

    static func date(_ date: Date, _ key: String) -> String? {
        let seconds = date.timeIntervalSince1970
        return seconds.isFinite && dates.contains(seconds) ? nil : "\(key): \(seconds) is not a time between 2000 and 2100"
    }
}
