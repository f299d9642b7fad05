import Foundation
import MetroTestSupport
import XCTest

/// A zone file this user cannot read was "there is no time-zone file" and the built-in
/// rule stood in silently. A real process under another user (root reads a file of mode 000):
/// the error names the file and the system's reason, exit 65.
final class ZoneFileProcessTests: XCTestCase {
    func testAnUnreadableZoneFileIsAnErrorWithTheSystemsReason() throws {
        let base = try TestPaths.temporaryDirectory(self)
        let zones = base + "/zoneinfo"
        try FileManager.default.createDirectory(atPath: zones + "/Europe", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Europe/Kyiv", toPath: zones + "/Europe/Kyiv")
        chmod(zones + "/Europe/Kyiv", 0)
        for directory in [base, zones, zones + "/Europe"] { chmod(directory, 0o755) }
        let binary = TestPaths.products.appendingPathComponent("metro-timer").path
        var command = [
            "/usr/bin/env", "TZDIR=" + zones, "METRO_TIMER_HOME=" + base + "/state", "NO_COLOR=1", binary, "plan",
            "Lisova", "Teremky",
        ]
        if getuid() == 0 {
            try XCTSkipUnless(
                FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                "as root, the test needs setpriv to read as another user")
            command = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
        }
        let result = try ProcessRunner.run(executable: command[0], Array(command.dropFirst()))
        XCTAssertEqual(result.code, 65, result.stdout)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            "Error: the time-zone file \(zones)/Europe/Kyiv cannot be read (Permission denied); reinstall the system time-zone database (for example 'apt-get install --reinstall tzdata')\n"
        )
    }
}
