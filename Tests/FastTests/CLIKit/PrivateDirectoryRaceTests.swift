import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit

/// Ten `changes add` at once into a settings directory none of them has made yet: whichever
/// creates it, the others must find it private. A directory made `mkdir` 0755 and chmodded 0700
/// afterwards is, for that moment, one that others can use, and a racing command refuses it.
final class PrivateDirectoryRaceTests: XCTestCase {
    func testADirectoryBeingMadeIsNeverSeenOpenToOthers() throws {
        let root = try TestPaths.temporaryDirectory(self)
        let previous = umask(0o022)
        defer { umask(previous) }
        for round in 0..<300 {
            let path = root + "/round\(round)/config/metro-timer"
            let failures = LockedStrings()
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                do { try PrivateDirectory.prepare(path) } catch { failures.append("\(error)") }
            }
            XCTAssertEqual(failures.all, [], "round \(round)")
            var info = stat()
            XCTAssertEqual(stat(path, &info), 0)
            XCTAssertEqual(info.st_mode & 0o777, 0o700, "round \(round)")
            guard failures.all.isEmpty else { return }
        }
    }

    func testItIsPrivateEvenUnderAnOpenUmaskAndItsMissingParentsAreToo() throws {
        let root = try TestPaths.temporaryDirectory(self)
        let previous = umask(0)
        defer { umask(previous) }
        try PrivateDirectory.prepare(root + "/a/b/metro-timer")
        for path in [root + "/a", root + "/a/b", root + "/a/b/metro-timer"] {
            var info = stat()
            XCTAssertEqual(stat(path, &info), 0)
            XCTAssertEqual(info.st_mode & 0o777, 0o700, path)
        }
    }
}
