import CLIKit
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MetroCore

/// Reads one of metro-timer's own versioned JSON files: a missing file is nil; a file written by a
/// newer version, or one that does not decode, is refused with a message naming it, and is never
/// touched. Each caller words its messages; the check itself lives here once. `language` is for
/// the reason the file could not be read at all (`unreadable`'s argument, "Permission denied").
enum VersionedFile {
    private struct VersionOnly: Decodable { var version: Int }

    static func read<T: Decodable>(
        _ type: T.Type, at path: String, newest: Int, decoder: JSONDecoder, language: Language,
        newer: (Int) -> String, unreadable: (String) -> String,
        fast: ((Data) throws -> (value: T, version: Int))? = nil
    ) throws(CLIError) -> T? {
        let data: Data
        do {
            guard let bytes = try PrivateFile.read(path) else { return nil }
            data = bytes
        } catch {
            throw .data(unreadable(error.reason(language)))
        }
        let value: T
        if let fast {
            // The quick reader for a file read on every poll; a version check on its result, and
            // on failure the same messages as the JSONDecoder path gives.
            do {
                let decoded = try fast(data)
                if decoded.version > newest { throw .data(newer(decoded.version)) as CLIError }
                value = decoded.value
            } catch let error as CLIError {
                throw error
            } catch {
                if let version = try? decoder.decode(VersionOnly.self, from: data).version, version > newest {
                    throw .data(newer(version))
                }
                throw .data(unreadable((error as? any BilingualError)?.reason.text(language) ?? String(describing: error)))
            }
        } else {
            if let version = try? decoder.decode(VersionOnly.self, from: data).version, version > newest {
                throw .data(newer(version))
            }
            do { value = try decoder.decode(T.self, from: data) } catch {
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

