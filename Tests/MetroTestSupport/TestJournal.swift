import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// A journal for the tests of its readers: the fuzz corpus's record, copied under ids of its
/// own and written where metro-timer keeps it, as metro-timer would (a private file in a
/// private state directory).
package enum TestJournal {
    /// The trip id of the corpus record, for copies that need ids of their own.
    package static let corpusID = "84af98ef-59d2-4464-bef9-2a1bd051d5b4"

    /// The corpus record (`fuzz/corpus/journal/one.jsonl`) as one line.
    package static func corpusRecord() throws -> String {
        try String(
            contentsOfFile: TestPaths.packageRoot.appendingPathComponent("fuzz/corpus/journal/one.jsonl").path,
            encoding: .utf8
        )
        .trimmingCharacters(in: .newlines)
    }

    /// A private state directory for one test, removed after it.
    package static func stateDirectory(_ test: XCTestCase) throws -> String {
        let home = try TestPaths.temporaryDirectory(test) + "/state"
        try FileManager.default.createDirectory(
            atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return home
    }

    /// Writes the lines as the state directory's journal: one a line, a newline after the last,
    /// mode 0600.
    package static func write(_ lines: [String], in home: String) throws {
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: home + "/journal.jsonl", atomically: true, encoding: .utf8)
        chmod(home + "/journal.jsonl", 0o600)
    }
}
