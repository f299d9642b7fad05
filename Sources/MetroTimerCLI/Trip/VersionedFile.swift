import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// Reads one of metro-timer's own versioned JSON files: a missing file is nil; a file written by a
/// newer version, or one that does not decode, is refused with a message naming it, and is never
/// touched. Each caller words its messages; the check itself lives here once. `language` is for
/// the reason the file could not be read at all (`unreadable`'s argument, "Permission denied").
enum VersionedFile {
    private struct VersionOnly: Decodable { var version: Int }

    static func read<T: Decodable>(
        _ type: T.Type, at path: String, newest: Int, dates: JSONObject.DateReading = .deferredToDate,
        language: Language,
        newer: (Int) -> String, unreadable: (String) -> String,
        walk: (([UInt8]) throws -> (value: T, version: Int))? = nil
    ) throws(CLIError) -> T? {
        let data: Data
        do {
            guard let bytes = try PrivateFile.read(path) else { return nil }
            data = bytes
        } catch {
            throw .data(unreadable(error.reason(language)))
        }
        let bytes = Array(data)
        let value: T
        if let walk {
            // The typed walk, for a file read on every poll; a version check on its result, and
            // on failure the same messages as `decode` gives.
            do {
                let read = try walk(bytes)
                if read.version > newest { throw .data(newer(read.version)) as CLIError }
                value = read.value
            } catch let error as CLIError {
                throw error
            } catch {
                if let version = try? JSONObject.decode(VersionOnly.self, from: bytes).version, version > newest {
                    throw .data(newer(version))
                }
                throw .data(unreadable(FileTripStore.reason(error).text(language)))
            }
        } else {
            if let version = try? JSONObject.decode(VersionOnly.self, from: bytes).version, version > newest {
                throw .data(newer(version))
            }
            // Our own files never name a key twice: one that does says two things at once.
            do { value = try JSONObject.decode(T.self, from: bytes, dates: dates, rejectDuplicateKeys: true) } catch {
                throw .data(unreadable(FileTripStore.reason(error).text(language)))
            }
        }
        // Every value read is checked: a well-formed file can still hold a time of 1e300 or a
        // negative variance, which would trap deep inside a computation.
        if let checked = value as? any CheckedValues, let problem = checked.valueProblem() {
            throw .data(unreadable(problem.text(language)))
        }
        return value
    }
}
