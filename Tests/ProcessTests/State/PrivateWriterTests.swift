import Foundation
import MetroTestSupport
import XCTest

@testable import CLIKit
@testable import MetroCore
@testable import MetroTimerCLI

/// One writer for private files. `plan --ics` wrote 0644 (the umask's) while
/// every other file about the rider is 0600; a writer killed mid-write left its temporary file
/// beside the target that no later write removed (the state files' writer cleans its own); and
/// `card --output` echoed its path with ESC and BEL raw. Scratch directories only.
final class PrivateWriterTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try TestPaths.temporaryDirectory(self)
    }

    func mode(_ path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    let plan = ["plan", "Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30"]
    let card = ["card", "Lisova", "Teremky", "--at", "08:15", "--date", "2026-11-30"]

    func testEveryExportIsWrittenForTheRiderAlone() throws {
        let old = umask(0o022)
        defer { umask(old) }
        let ics = directory + "/ride.ics"
        XCTAssertEqual(CLI.run(plan + ["--ics", ics]).code, 0)
        XCTAssertEqual(try mode(ics), 0o600, "plan --ics")
        // Over a file that was there, readable by others: replaced by a private one.
        chmod(ics, 0o644)
        XCTAssertEqual(CLI.run(plan + ["--ics", ics]).code, 0)
        XCTAssertEqual(try mode(ics), 0o600, "plan --ics over a 0644 file")
        let page = directory + "/ride.html"
        XCTAssertEqual(CLI.run(card + ["--output", page]).code, 0)
        XCTAssertEqual(try mode(page), 0o600, "card --output")
        // The help says so.
        XCTAssertTrue(CLI.run(["plan", "--help"]).stdout.contains("0600"))
        XCTAssertTrue(CLI.run(["card", "--help"]).stdout.contains("0600"))
    }

    /// What a writer killed with SIGKILL leaves: its temporary file, `.NAME.metro-timer-XXXXXX`
    /// (a name of the program's own), regular, the rider's own, locked by nobody. A real process
    /// killed mid-write makes one, and the next write to the same target removes it; one that a
    /// live process holds (a writer at work) is left alone, and so is every file of another name.
    /// The clean-up took any `.NAME.` + six letters or digits: `card --output ride.html` removed
    /// the rider's `.ride.html.backup`, `plan --ics` `.ride.ics.BACKUP`, `journal --share`
    /// `.rides.jsonl.before`.
    func testAWriterRemovesOnlyItsOwnStaleTemporaryFiles() throws {
        // The rider's own files beside the three targets: backups, and one of mkstemp's shape.
        let decoys = [".ride.html.backup", ".ride.ics.BACKUP", ".rides.jsonl.before", ".ride.html.Ab12Cd"]
        for decoy in decoys {
            _ = FileManager.default.createFile(
                atPath: directory + "/" + decoy, contents: Data("mine".utf8), attributes: [.posixPermissions: 0o600])
        }
        // A killed writer's leftover, made by a real process: it creates the temporary file as
        // the writer names it, then is killed with SIGKILL.
        let leftover = directory + "/.ride.ics.metro-timer-Ab12Cd"
        let killed = Process()
        killed.executableURL = URL(fileURLWithPath: "/bin/sh")
        killed.arguments = ["-c", "umask 077; printf 'BEGIN:VCAL' > '\(leftover)'; kill -9 $$"]
        try killed.run()
        killed.waitUntilExit()
        XCTAssertEqual(killed.terminationReason, .uncaughtSignal)
        XCTAssertTrue(FileManager.default.fileExists(atPath: leftover))
        // A writer at work: its temporary file held under a lock by a live process.
        let live = directory + "/.ride.ics.metro-timer-Zz98Yy"
        _ = FileManager.default.createFile(atPath: live, contents: Data(), attributes: [.posixPermissions: 0o600])
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["--exclusive", "--no-fork", live, "sleep", "30"]
        try holder.run()
        defer {
            holder.terminate()
            holder.waitUntilExit()
        }
        // (flock has the lock once it runs sleep in its own place.)
        let until = Date().addingTimeInterval(10)
        while Date() < until,
            (try? String(contentsOfFile: "/proc/\(holder.processIdentifier)/comm", encoding: .utf8)) != "sleep\n"
        { usleep(10_000) }

        XCTAssertEqual(CLI.run(plan + ["--ics", directory + "/ride.ics"]).code, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: leftover), "the killed writer's file is left")
        XCTAssertTrue(FileManager.default.fileExists(atPath: live), "a live writer's file was removed")

        // The card's writer and the share's are the same one.
        let cardLeftover = directory + "/.ride.html.metro-timer-Qw34Er"
        let shareLeftover = directory + "/.rides.jsonl.metro-timer-0a1B2c"
        for path in [cardLeftover, shareLeftover] {
            _ = FileManager.default.createFile(
                atPath: path, contents: Data("<html".utf8), attributes: [.posixPermissions: 0o600])
        }
        XCTAssertEqual(CLI.run(card + ["--output", directory + "/ride.html"]).code, 0)
        let share = CLI.run(["journal", "--share", directory + "/rides.jsonl"])
        XCTAssertEqual(share.code, 0, share.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted(),
            (decoys + [".ride.ics.metro-timer-Zz98Yy", "ride.html", "ride.ics", "rides.jsonl"]).sorted())
        for decoy in decoys {
            XCTAssertEqual(try String(contentsOfFile: directory + "/" + decoy, encoding: .utf8), "mine", decoy)
        }
    }

    /// The six other exports quote the path they name; `card --output` echoed ESC and BEL raw.
    func testTheCardNamesItsPathQuoted() throws {
        let page = directory + "/ride\u{1B}]0;owned\u{07}.html"
        let result = CLI.run(card + ["--output", page])
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("\u{1B}") || result.stderr.contains("\u{07}"), result.stderr)
        XCTAssertTrue(result.stderr.contains("ride\\u{1B}]0;owned\\u{07}.html"), result.stderr)
    }
}
