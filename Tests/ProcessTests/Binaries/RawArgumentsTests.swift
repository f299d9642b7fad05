import Foundation
import MetroTestSupport
import XCTest

/// `--ics $'\xff.ics'` wrote a file of another name (`\u{FFFD}.ics`, the bytes Swift
/// put in place of the one it could not read). An argument that is not UTF-8 is refused before
/// anything is done with it: a real process, its argument made by the shell's printf.
final class RawArgumentsTests: XCTestCase {
    func testAnArgumentThatIsNotUTF8IsRefusedAndNoFileOfAnotherNameIsWritten() throws {
        let directory = try TestPaths.temporaryDirectory(self) + "/out"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let binary = TestPaths.products.appendingPathComponent("metro-timer").path
        let result = try ProcessRunner.run(
            executable: "/bin/sh",
            ["-c", #""$0" plan Lisova Teremky --at 10:00 --ics "$(printf '\377.ics')""#, binary],
            environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": directory + "/../state"], currentDirectory: directory)
        XCTAssertEqual(result.code, 64, result.stdout)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            "Error: argument 7 is not UTF-8 text ('\u{FFFD}.ics' is as much of it as can be read), so a file named by it would get another name; give it in UTF-8.\n"
        )
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [], "no file written")
        // The same in UTF-8 writes the file it names.
        let good = try ProcessRunner.run(
            executable: "/bin/sh",
            ["-c", #""$0" plan Lisova Teremky --at 10:00 --ics "$(printf '\303\277.ics')""#, binary],
            environment: ["NO_COLOR": "1", "METRO_TIMER_HOME": directory + "/../state"], currentDirectory: directory)
        XCTAssertEqual(good.code, 0, good.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["ÿ.ics"])
    }
}
