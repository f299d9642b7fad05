import Foundation
import MetroTestSupport
import XCTest

/// The release carries the published timetable under `share/metro-timer/` and `timetable-gen`
/// finds it there by default, beside the `bin/` it runs from, with no source tree in sight.
final class ShippedDataTests: XCTestCase {
    /// A release layout in a scratch prefix: `bin/timetable-gen` (a copy of the built one) and,
    /// when `withData`, the data files in `share/metro-timer/`. Returns the prefix.
    func layout(withData: Bool) throws -> String {
        let prefix = try TestPaths.temporaryDirectory(self)
        let manager = FileManager.default
        try manager.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try manager.copyItem(
            atPath: TestPaths.products.appendingPathComponent("timetable-gen").path,
            toPath: prefix + "/bin/timetable-gen")
        if withData {
            try manager.createDirectory(atPath: prefix + "/share/metro-timer", withIntermediateDirectories: true)
            for name in try manager.contentsOfDirectory(atPath: TestPaths.data) where name.hasSuffix(".csv") {
                try manager.copyItem(atPath: TestPaths.data + "/" + name, toPath: prefix + "/share/metro-timer/" + name)
            }
        }
        return prefix
    }

    func testGTFSAndInstallFindTheShippedDataBesideBin() throws {
        let prefix = try layout(withData: true)
        let work = try TestPaths.temporaryDirectory(self)  // not a checkout
        let gtfs = try ProcessRunner.run(
            executable: prefix + "/bin/timetable-gen", ["gtfs", "--output", work + "/feed.zip"], currentDirectory: work)
        XCTAssertEqual(gtfs.code, 0, gtfs.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: work + "/feed.zip"))
        // The same feed as from the checkout's Data/.
        let fromCheckout = try ProcessRunner.run(
            "timetable-gen", ["gtfs", "--output", work + "/checkout.zip"], currentDirectory: TestPaths.packageRoot.path)
        XCTAssertEqual(fromCheckout.code, 0, fromCheckout.stderr)
        XCTAssertEqual(
            FileManager.default.contents(atPath: work + "/feed.zip"),
            FileManager.default.contents(atPath: work + "/checkout.zip"))
        let data = work + "/xdg"
        let install = try ProcessRunner.run(
            executable: prefix + "/bin/timetable-gen", ["install"], environment: ["XDG_DATA_HOME": data],
            currentDirectory: work)
        XCTAssertEqual(install.code, 0, install.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: data + "/metro-timer/network.json"), install.stdout)
        // A symbolic link on PATH (a ~/bin link to the unpacked tarball) still finds it.
        try FileManager.default.createSymbolicLink(
            atPath: work + "/link", withDestinationPath: prefix + "/bin/timetable-gen")
        let linked = try ProcessRunner.run(
            executable: work + "/link", ["gtfs", "--output", work + "/linked.zip"], currentDirectory: work)
        XCTAssertEqual(linked.code, 0, linked.stderr)
    }

    func testWithoutShippedDataTheUsageErrorNamesBothPlaces() throws {
        let prefix = try layout(withData: false)
        let work = try TestPaths.temporaryDirectory(self)
        let result = try ProcessRunner.run(
            executable: prefix + "/bin/timetable-gen", ["gtfs", "--output", work + "/feed.zip"], currentDirectory: work)
        XCTAssertEqual(result.code, 64)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "Error: No data directory given: pass '--data <dir>' (the directory holding kyiv-stations.csv and the other files; Data in a checkout of metro-timer, share/metro-timer in an installed release)\n"
            ), result.stderr)
    }
}
