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
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        if let version = try? decoder.decode(VersionOnly.self, from: data).version, version > newest {
            throw .data(newer(version))
        }
        do { return try decoder.decode(T.self, from: data) } catch {
            throw .data(unreadable(FileTripStore.reason(error)))
        }
    }
}
