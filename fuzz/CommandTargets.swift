// libFuzzer entry points that run metro-timer's commands end to end on a decoded file: the
// input is written as the state or settings file, then `journal`, `calibration`, `changes list`
// or `routes list` runs in-process (text and --json) exactly as from the shell, its output
// collected. A trap anywhere on the way (decoding, the value checks, the command's arithmetic,
// its rendering) is a crash. Built by fuzz/run.sh against MetroCore, CLIKit and MetroTimerCLI as
// modules; the target is chosen by FUZZ_TARGET.
import CLIKit
import Foundation
import MetroCore

@testable import MetroTimerCLI

enum CommandTarget: String, CaseIterable {
    case journalCommand = "journal-command"
    case calibrationCommand = "calibration-command"
    case changesCommand = "changes-command"
    case routesCommand = "routes-command"

    /// Where the input goes and what runs on it.
    var file: (directory: String, name: String, runs: [[String]]) {
        switch self {
        case .journalCommand:
            return ("state", "journal.jsonl", [["journal"], ["journal", "--json"], ["routes", "list"]])
        case .calibrationCommand:
            return (
                "state", "calibration.json",
                [["calibration"], ["calibration", "--json"], ["plan", "Lisova", "Teremky"]]
            )
        case .changesCommand: return ("config", "changes.json", [["changes", "list"], ["plan", "Lisova", "Teremky"]])
        case .routesCommand:
            return ("config", "routes.json", [["routes", "list"], ["routes", "list", "--json"], ["plan", "home"]])
        }
    }
}

nonisolated(unsafe) var commandTarget = CommandTarget.journalCommand
nonisolated(unsafe) var base = ""
let fuzzClock = ServiceClock.kyiv()!

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>>>
) -> Int32 {
    guard let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"], let chosen = CommandTarget(rawValue: name)
    else {
        FileHandle.standardError.write(
            Data("FUZZ_TARGET must be one of: \(CommandTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8)
        )
        exit(2)
    }
    commandTarget = chosen
    base = NSTemporaryDirectory() + "metro-fuzz-\(getpid())"
    for directory in ["state", "config"] {
        try? FileManager.default.createDirectory(
            atPath: base + "/" + directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    atexit { try? FileManager.default.removeItem(atPath: base) }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let (directory, name, runs) = commandTarget.file
    let path = base + "/" + directory + "/" + name
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return 0 }
    _ = write(descriptor, bytes, count)
    close(descriptor)
    let now = Date(timeIntervalSince1970: 1_796_050_800)  // 2026-12-01 12:00 Kyiv
    for arguments in runs {
        let out = StringSink()
        let err = StringSink()
        let context = Context(
            arguments: arguments,
            environment: [
                "METRO_TIMER_HOME": base + "/state", "METRO_TIMER_CONFIG": base + "/config",
                "METRO_TIMER_ALERT_BACKEND": "off", "NO_COLOR": "1",
            ],
            stdout: out, stderr: err, now: { now }, tapped: now, stdoutIsTerminal: false, clock: fuzzClock,
            columns: 80)
        let code = MetroTimer.main(context)
        // The commands' own promise: exit 0, 1, 64 or 65, and no raw control character shown.
        guard [0, 1, 64, 65].contains(code) else { fatalError("\(arguments): exit \(code)") }
        for text in [out.text, err.text]
        where text.unicodeScalars.contains(where: { $0 != "\n" && Quote.isControl($0) }) {
            fatalError("\(arguments): a raw control character in the output")
        }
    }
    return 0
}
