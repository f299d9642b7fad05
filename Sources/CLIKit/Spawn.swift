import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// Starts child processes with `posix_spawn` and explicit file actions: no shell, standard input
/// from /dev/null, and nothing else open. Foundation's `Process` opens loopback sockets to start
/// a child, which would break the promise that nothing touches the network unless asked to.
package enum Spawn {
    /// Why a child could not be started: the system's reason (`errno`).
    package struct Failure: Error, Equatable {
        package var code: Int32
        package var reason: String { String(cString: strerror(code)) }
        package func reason(_ language: Language) -> String { SystemReason.text(code, language) }
    }

    /// Runs `path` with `arguments` and waits for it. Standard output is returned when
    /// `captureOutput`, otherwise discarded like standard error.
    @discardableResult
    package static func run(
        _ path: String, _ arguments: [String], environment: [String: String], captureOutput: Bool = false,
        input: Data? = nil
    ) throws(Failure) -> (status: Int32, output: Data) {
        var pipe: [Int32] = [-1, -1]
        if captureOutput {
            guard Glibc.pipe(&pipe) == 0 else { throw Failure(code: errno) }
        }
        var inputPipe: [Int32] = [-1, -1]
        if input != nil {
            guard Glibc.pipe(&inputPipe) == 0 else { throw Failure(code: errno) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input != nil {
            posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipe[0])
            posix_spawn_file_actions_addclose(&actions, pipe[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else open reaches the child: not a lock (it would outlive us), not a pipe a
        // caller reads to its end.
        closeInherited(&actions)

        var pid: pid_t = 0
        let started = withArgvAndEnvironment(path, arguments, environment) { argv, envp in
            posix_spawn(&pid, path, &actions, nil, argv, envp)
        }
        if captureOutput { close(pipe[1]) }
        if input != nil { close(inputPipe[0]) }
        guard started == 0 else {
            if captureOutput { close(pipe[0]) }
            if input != nil { close(inputPipe[1]) }
            throw Failure(code: started)
        }
        if let input {
            // A child that does not read its input must not block us: a broken pipe is ignored.
            let previous = signal(SIGPIPE, SIG_IGN)
            input.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(inputPipe[1], bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(inputPipe[1])
            signal(SIGPIPE, previous)
        }
        var output = Data()
        if captureOutput {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(pipe[0], &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                output.append(contentsOf: buffer[0..<count])
            }
            close(pipe[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { break }
        }
        // WIFEXITED/WEXITSTATUS are macros: exited normally when the low 7 bits are 0.
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (code, output)
    }

    /// C strings for `posix_spawn`: the program and its arguments, and the environment as
    /// `KEY=value` in a stable order; freed once `body` returns.
    static func withArgvAndEnvironment(
        _ path: String, _ arguments: [String], _ environment: [String: String],
        _ body: ([UnsafeMutablePointer<CChar>?], [UnsafeMutablePointer<CChar>?]) -> Int32
    ) -> Int32 {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        return body(argv, envp)
    }

    /// glibc's POSIX_SPAWN_SETSID (2.26 and later), which Swift's Glibc module does not export.
    static let setsidFlag: Int32 = 0x80

    /// Closes every descriptor above standard error in the child: glibc's `addclosefrom_np`
    /// (2.34 and later, looked up because the module does not export it), else each open one.
    /// The child starts with every signal's default action and nothing blocked, whatever the
    /// caller ignores or blocks (an ignored SIGPIPE, the ride's signals); `flags` adds more.
    static func defaultSignals(_ attributes: inout posix_spawnattr_t, flags: Int32 = 0) {
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(
            &attributes, Int16(flags | Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK)))
    }

    static func closeInherited(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
            if let fd = Int32(name), fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
        }
    }

    /// Starts `path` in a session of its own with no terminal and standard streams on
    /// /dev/null, and does not wait: the caller reaps it (`waitpid`) or lets it outlive itself.
    package static func detached(_ path: String, _ arguments: [String], environment: [String: String]) throws(Failure)
        -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        closeInherited(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A new session (no controlling terminal: a closed terminal's SIGHUP never reaches it).
        defaultSignals(&attributes, flags: setsidFlag)
        var pid: pid_t = 0
        let started = withArgvAndEnvironment(path, arguments, environment) { argv, envp in
            posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        }
        guard started == 0 else { throw Failure(code: started) }
        return pid
    }
}
