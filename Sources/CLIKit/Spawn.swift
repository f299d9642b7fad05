import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts child processes with `posix_spawn` and explicit file actions: no shell, standard input
/// from /dev/null, and nothing else open. Foundation's `Process` opens loopback sockets to start
/// a child, which would break the promise that nothing touches the network unless asked to.
public enum Spawn {
    public struct Failure: Error, Equatable { public var reason: String }

    /// Runs `path` with `arguments` and waits for it. Standard output is returned when
    /// `captureOutput`, otherwise discarded like standard error.
    @discardableResult
    public static func run(_ path: String, _ arguments: [String], environment: [String: String], captureOutput: Bool = false) throws(Failure) -> (status: Int32, output: Data) {
        var pipe: [Int32] = [-1, -1]
        if captureOutput {
            guard Glibc.pipe(&pipe) == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipe[0])
            posix_spawn_file_actions_addclose(&actions, pipe[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, path, &actions, nil, argv, envp)
        if captureOutput { close(pipe[1]) }
        guard started == 0 else {
            if captureOutput { close(pipe[0]) }
            throw Failure(reason: String(cString: strerror(started)))
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
}
