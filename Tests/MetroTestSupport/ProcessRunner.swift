import Foundation
import XCTest

/// Runs a built product as a real process, reading both pipes to the end before waiting, so a
/// large output cannot deadlock the child.
package enum ProcessRunner {
    package struct Result {
        package var stdout: String
        package var stderr: String
        package var code: Int32
    }

    package static func run(
        _ product: String, _ arguments: [String], environment: [String: String] = [:],
        currentDirectory: String? = nil, input: String? = nil
    ) throws -> Result {
        try run(
            executable: TestPaths.products.appendingPathComponent(product).path, arguments, environment: environment,
            currentDirectory: currentDirectory, input: input)
    }

    /// Runs any executable (a shell, a system tool) with the same isolation.
    package static func run(
        executable: String, _ arguments: [String], environment: [String: String] = [:],
        currentDirectory: String? = nil, input: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in [
            "METRO_TIMER_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR", "METRO_TIMER_HOME", "XDG_CONFIG_HOME",
            "METRO_TIMER_AIR_RAID",
        ] { env[key] = nil }
        env["METRO_TIMER_CONFIG"] = TestPaths.isolated() + "/config"
        // Never the developer's own installed timetable (a test installs one where it says).
        env["XDG_DATA_HOME"] = TestPaths.isolated() + "/data"
        env.merge(environment) { $1 }
        process.environment = env
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        // waitUntilExit() polls a run loop, which off the main thread wakes only about once a
        // second; a termination handler reports the exit at once.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let out = Pipe()
        let err = Pipe()
        let inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inPipe.fileHandleForWriting.close()
        // Drain stderr on a thread of its own while this one drains stdout. (A dedicated thread,
        // not the dispatch pool: blocked pool threads are replaced only slowly on Linux.)
        let errData = LockedData()
        let drained = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errData.set(err.fileHandleForReading.readDataToEndOfFile())
            drained.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        exited.wait()
        return Result(
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData.get(), as: UTF8.self),
            code: process.terminationStatus)
    }
}

/// Where a system tool is on `PATH`, or nil.
package func which(_ tool: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(tool)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

package final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    package init() {}
    package func set(_ value: Data) {
        lock.lock()
        data = value
        lock.unlock()
    }
    package func get() -> Data {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}

/// Starts an executable with `posix_spawn` and exactly the `argv` given: none at all (`[]`, an
/// `execve` with an empty argument vector, which `Process` cannot make) or a program name that
/// is not the path. Standard output and error go to files read after the exit, so nothing can
/// block; the environment is exactly `environment`.
package enum RawSpawn {
    package struct Result {
        package var stdout: String
        package var stderr: String
        /// The exit code, or nil when a signal ended the process.
        package var code: Int32?
        /// The signal that ended it, if one did.
        package var signal: Int32?
        package var pid: pid_t
    }

    package static func run(_ path: String, argv: [String], environment: [String: String]) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("raw-spawn-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(
            atPath: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, scratch + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, scratch + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let arguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in arguments { free(pointer) } }
        let variables = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in variables { free(pointer) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, path, &actions, nil, arguments, variables)
        guard started == 0 else { throw POSIXError(POSIXErrorCode(rawValue: started) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signalled = status & 0x7F != 0 && status & 0x7F != 0x7F
        func text(_ name: String) -> String {
            String(decoding: FileManager.default.contents(atPath: scratch + "/" + name) ?? Data(), as: UTF8.self)
        }
        return Result(
            stdout: text("out"), stderr: text("err"), code: signalled ? nil : (status >> 8) & 0xFF,
            signal: signalled ? status & 0x7F : nil, pid: pid)
    }
}
