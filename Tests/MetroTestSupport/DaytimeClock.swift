import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The clock of tests that start a real ride on the wall clock.
///
/// `start` rightly refuses while no train runs (from about 00:40 to 05:35 in Kyiv), so such a
/// test would pass by day and fail, or pass without testing anything, at night. While trains
/// surely run for the length of a suite (06:00 to 22:00 Kyiv time) the real clock serves and
/// `offset` is 0. Outside those hours `offset` moves the clock forward to the next 10:00 in Kyiv:
/// every process such a test starts runs under libfaketime shifted by `offset` (the product links
/// the C library dynamically, so the shift reaches its `Date()`), and what the test itself writes
/// or expects uses `now`, on the same clock. The monotonic clock is left alone (timers and
/// timeouts keep their real lengths).
package enum DaytimeClock {
    /// Seconds added to the real clock: 0 by day; at night, to the next 10:00 in Kyiv. Fixed once
    /// for the whole run, so every process and fixture of the run shares one clock.
    package static let offset: TimeInterval = offset(at: Date())

    package static func offset(at real: Date) -> TimeInterval {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Kyiv")!
        let hour = calendar.component(.hour, from: real)
        if (6..<22).contains(hour) { return 0 }
        let ten = calendar.nextDate(
            after: real, matching: DateComponents(hour: 10, minute: 0, second: 0), matchingPolicy: .nextTime)!
        return ten.timeIntervalSince(real).rounded(.down)
    }

    /// Now, on the clock the test's processes see.
    package static var now: Date { Date().addingTimeInterval(offset) }

    /// The variables that put a process on this clock: none by day; libfaketime at night. At
    /// night without libfaketime the test cannot run a ride and skips, saying why (in CI, which
    /// installs it, it fails instead).
    package static func environment() throws -> [String: String] {
        guard offset != 0 else { return [:] }
        return try variablesOrSkip(
            offset: offset, why: "no train runs at this hour in Kyiv, and the ride cannot be moved to 10:00")
    }

    /// `variables(offset:)`, or, where libfaketime is not installed, the test skipped, saying
    /// why (in CI, which installs it, failed as well). Call it outside an assertion's arguments:
    /// a skip thrown inside one is reported as a failure.
    package static func variablesOrSkip(offset: TimeInterval, why: String? = nil) throws -> [String: String] {
        do {
            return try variables(offset: offset)
        } catch let error as Unavailable {
            let message = why.map { "\($0): \(error.reason)" } ?? error.reason
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail(message) }
            throw XCTSkip(message)
        }
    }

    /// The same, as `NAME=value …` words for a shell command line (empty by day).
    package static func shellPrefix() throws -> String {
        try environment().sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)' " }.joined()
    }

    package struct Unavailable: Error { package var reason: String }

    /// libfaketime's variables for a shift of `offset` seconds.
    ///
    /// `FAKETIME_SHARED` must be given, naming a live semaphore and segment: without it the
    /// library's constructor creates its own and `setenv`s their names, which moves `environ` off
    /// the initial stack, and the Swift runtime, which finds `argv` by walking back from
    /// `environ`, then sees no arguments at all (every command ran as bare `metro-timer`). The
    /// `faketime` tool creates the pair and removes it when its command ends, so one `faketime`
    /// per offset holds them for the run: its command is `cat`, reading a pipe this process
    /// keeps open, so it ends (and cleans up) when this process does, however that happens.
    package static func variables(offset: TimeInterval) throws -> [String: String] {
        // libfaketime's relative form: "+N" forward, "-N" back.
        let shift = offset < 0 ? "\(Int(offset))" : "+\(Int(offset))"
        let shared = try Holder.shared(for: shift)
        return [
            "LD_PRELOAD": library, "FAKETIME": shift, "FAKETIME_SHARED": shared, "FAKETIME_DONT_FAKE_MONOTONIC": "1",
        ]
    }

    package static let library = "/usr/lib/\(architecture)-linux-gnu/faketime/libfaketime.so.1"
    private static var architecture: String {
        #if arch(arm64)
        "aarch64"
        #else
        "x86_64"
        #endif
    }

    /// The `faketime` processes that hold the shared segments, one per offset, and what they
    /// made in /dev/shm (`faketime_shm_PID`, `sem.faketime_sem_PID`). faketime removes the pair
    /// when its command ends, but not when it is killed (SIGTERM or SIGKILL from a timeout, a
    /// stopped `swift test`, the mutation runs), and a pair left behind makes a later faketime
    /// with the same process id fail with `sem_open: File exists`. So the holder:
    /// - runs faketime in a session of its own (`setsid`), out of reach of the signals that stop
    ///   the tests' process group, and feeds it through a pipe only this process can write
    ///   (close-on-exec: no other child inherits it), so that it ends when this process ends,
    ///   however that happens, and cleans up;
    /// - at the end of the test bundle closes the pipe, waits for the pair to go, and removes
    ///   whatever is still there itself;
    /// - before its first faketime, removes pairs of faketime processes that no longer exist
    ///   (left by runs before this fix), its own user's only.
    package final class Holder: @unchecked Sendable {
        package static let lock = NSLock()
        package nonisolated(unsafe) static var held: [String: (process: Process, input: FileHandle, shared: String)] =
            [:]
        package nonisolated(unsafe) static var swept = false

        package static func shared(for shift: String) throws -> String {
            lock.lock()
            defer { lock.unlock() }
            if let existing = held[shift] { return existing.shared }
            guard FileManager.default.fileExists(atPath: library), let faketime = which("faketime") else {
                throw Unavailable(reason: "libfaketime is not installed (apt-get install faketime)")
            }
            if !swept {
                swept = true
                removeStalePairs()
                XCTestObservationCenter.shared.addTestObserver(Release())
            }
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw Unavailable(reason: "no pipe for faketime (errno \(errno))") }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            let input = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
            let process = Process()
            let command = ["-f", shift, "/bin/sh", "-c", "printf '%s\\n' \"$FAKETIME_SHARED\"; exec cat >/dev/null"]
            if let setsid = which("setsid") {
                process.executableURL = URL(fileURLWithPath: setsid)
                process.arguments = [faketime] + command
            } else {
                process.executableURL = URL(fileURLWithPath: faketime)
                process.arguments = command
            }
            let output = Pipe()
            process.standardInput = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                if byte.isEmpty { break }
                line.append(byte)
            }
            let shared = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let names = shared.split(separator: " ")
            guard names.count == 2 else { throw Unavailable(reason: "faketime named no shared segment (\(shared))") }
            // Another user (a test that drops to nobody) must open them too.
            for file in files(shared) { _ = chmod("/dev/shm/" + file, 0o666) }
            held[shift] = (process, input, shared)
            return shared
        }

        /// The names in /dev/shm of a `FAKETIME_SHARED` value (`/faketime_sem_N /faketime_shm_N`).
        package static func files(_ shared: String) -> [String] {
            let names = shared.split(separator: " ").map { String($0.drop { $0 == "/" }) }
            guard names.count == 2 else { return [] }
            return ["sem." + names[0], names[1]]
        }

        /// Ends every holder: closes its pipe, waits (up to 5 s) for faketime to remove its pair,
        /// and removes what is left.
        package static func releaseAll() {
            lock.lock()
            defer { lock.unlock() }
            let clock = ContinuousClock()
            for (_, holder) in held {
                try? holder.input.close()
                let deadline = clock.now.advanced(by: .seconds(5))
                while files(holder.shared).contains(where: { FileManager.default.fileExists(atPath: "/dev/shm/" + $0) }
                ), clock.now < deadline {
                    usleep(10_000)
                }
                for file in files(holder.shared) { unlink("/dev/shm/" + file) }
            }
            held = [:]
        }

        /// Removes the pairs of faketime processes that are gone, this user's only.
        package static func removeStalePairs() {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm") else { return }
            for entry in entries {
                guard let pid = stalePID(entry) else { continue }
                var info = stat()
                guard stat("/dev/shm/" + entry, &info) == 0, info.st_uid == getuid() else { continue }
                if kill(pid, 0) != 0, errno == ESRCH { unlink("/dev/shm/" + entry) }
            }
        }

        /// The faketime process id an entry of /dev/shm names, if it is one of faketime's.
        package static func stalePID(_ entry: String) -> pid_t? {
            for prefix in ["faketime_shm_", "sem.faketime_sem_"] where entry.hasPrefix(prefix) {
                return pid_t(entry.dropFirst(prefix.count))
            }
            return nil
        }
    }

    /// Releases the holders when the test bundle ends.
    package final class Release: NSObject, XCTestObservation {
        package func testBundleDidFinish(_ testBundle: Bundle) { Holder.releaseAll() }
    }
}
