import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif
#if canImport(Glibc)
import Glibc
#endif

extension Spawn {
    /// How a child run with a deadline ended.
    package enum End: Equatable, Sendable {
        /// It exited with this status (128 + N when signal N ended it).
        case exited(Int32)
        /// The deadline came first: it was killed.
        case deadline
        /// It wrote more than the output limit: it was killed.
        case outputLimit
    }

    /// What the child wrote and how it ended.
    package struct Outcome: Equatable, Sendable {
        package var end: End
        package var output: Data
        package var errorOutput: Data

        package init(end: End, output: Data, errorOutput: Data) {
            self.end = end
            self.output = output
            self.errorOutput = errorOutput
        }
    }

    /// Runs `path` with `input` on its standard input, collecting standard output (at most
    /// `outputLimit` bytes) and standard error (at most 64 KiB), and kills it (SIGKILL) at
    /// `deadline` or once its output passes the limit. Never waits past the deadline, whatever
    /// the child does with its pipes; nothing but the three pipes reaches it, and it starts
    /// with the default signal handling. `ownGroup`: it runs in a session of its own, and the
    /// kill at the deadline takes everything it started too (a hook's shell and its children).
    package static func run(
        _ path: String, _ arguments: [String], environment: [String: String], input: Data, outputLimit: Int,
        deadline: ContinuousClock.Instant, ownGroup: Bool = false
    ) throws(Failure) -> Outcome {
        let child = try start(path, arguments, environment: environment, ownGroup: ownGroup)
        // A child that stops reading its input must not stop us: the write end never blocks,
        // and a broken pipe is an error here, not a signal.
        _ = fcntl(child.input, F_SETFL, fcntl(child.input, F_GETFL) | O_NONBLOCK)
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        var streams = Streams(inputFD: child.input, outputFD: child.output, errorFD: child.error)
        let end = streams.exchange(input, outputLimit: outputLimit, deadline: deadline)
        return reap(
            child.pid, end: end, output: streams.output, errorOutput: streams.errorOutput, deadline: deadline,
            ownGroup: ownGroup)
    }

    /// Starts `path` on three new pipes: its process id and the parent's ends of them.
    static func start(_ path: String, _ arguments: [String], environment: [String: String], ownGroup: Bool)
        throws(Failure) -> (pid: pid_t, input: Int32, output: Int32, error: Int32)
    {
        var pipes: [[Int32]] = []
        for _ in 0..<3 {
            do throws(Failure) { pipes.append(try makePipe()) } catch {
                for descriptor in pipes.joined() { close(descriptor) }
                throw error
            }
        }
        let (inputPipe, outputPipe, errorPipe) = (pipes[0], pipes[1], pipes[2])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        closeInherited(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // An ignored SIGPIPE (or anything else the caller ignores or blocks) is not passed on.
        defaultSignals(&attributes, flags: ownGroup ? setsidFlag : 0)

        var pid: pid_t = 0
        let started = withArgvAndEnvironment(path, arguments, environment) { argv, envp in
            posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        }
        close(inputPipe[0])
        close(outputPipe[1])
        close(errorPipe[1])
        guard started == 0 else {
            close(inputPipe[1])
            close(outputPipe[0])
            close(errorPipe[0])
            throw Failure(code: started)
        }
        return (pid, inputPipe[1], outputPipe[0], errorPipe[0])
    }

    /// The parent's ends of a child's pipes, and what came out of them.
    struct Streams {
        var inputFD: Int32
        var outputFD: Int32
        var errorFD: Int32
        var written = 0
        var output = Data()
        var errorOutput = Data()

        /// Feeds `input` and collects both outputs until both close, the output passes
        /// `outputLimit` or the deadline passes (then says which); closes what is left open.
        mutating func exchange(_ input: Data, outputLimit: Int, deadline: ContinuousClock.Instant) -> End? {
            var end: End?
            if input.isEmpty {
                close(inputFD)
                inputFD = -1
            }
            var buffer = [UInt8](repeating: 0, count: 65536)
            while end == nil && (outputFD >= 0 || errorFD >= 0) {
                guard let wait = Spawn.milliseconds(until: deadline) else {
                    end = .deadline
                    break
                }
                var fds = [
                    pollfd(fd: inputFD, events: Int16(POLLOUT), revents: 0),
                    pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: errorFD, events: Int16(POLLIN), revents: 0),
                ]
                let ready = poll(&fds, nfds_t(fds.count), wait)
                if ready < 0 && errno == EINTR { continue }
                if ready <= 0 { continue }  // timed out: the deadline check above decides
                if inputFD >= 0 && fds[0].revents != 0 { feed(input) }
                if outputFD >= 0 && fds[1].revents != 0 {
                    let count = read(outputFD, &buffer, buffer.count)
                    if count > 0 {
                        output.append(contentsOf: buffer[0..<count])
                        if output.count > outputLimit { end = .outputLimit }
                    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                        close(outputFD)
                        outputFD = -1
                    }
                }
                if errorFD >= 0 && fds[2].revents != 0 {
                    let count = read(errorFD, &buffer, buffer.count)
                    if count > 0 {
                        if errorOutput.count < 65536 {
                            errorOutput.append(contentsOf: buffer[0..<min(count, 65536 - errorOutput.count)])
                        }
                    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                        close(errorFD)
                        errorFD = -1
                    }
                }
            }
            for descriptor in [inputFD, outputFD, errorFD] where descriptor >= 0 { close(descriptor) }
            return end
        }

        /// Writes what the child's input can take now; closes it once all is written or it
        /// fails.
        mutating func feed(_ input: Data) {
            let count = input.withUnsafeBytes { write(inputFD, $0.baseAddress! + written, $0.count - written) }
            if count > 0 { written += count }
            if written == input.count || (count < 0 && errno != EAGAIN && errno != EINTR) {
                close(inputFD)
                inputFD = -1
            }
        }
    }

    /// Waits for the child, still bounded by the deadline, and kills it (its group with
    /// `ownGroup`) when `end` or the deadline says so.
    static func reap(
        _ pid: pid_t, end: End?, output: Data, errorOutput: Data, deadline: ContinuousClock.Instant, ownGroup: Bool
    ) -> Outcome {
        var end = end
        // Both pipes closed: the child is about to exit. Still bounded by the deadline: one that
        // closes its output and keeps running is killed at it like any other.
        var status: Int32 = 0
        while end == nil {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR {
                return Outcome(end: .exited(-1), output: output, errorOutput: errorOutput)
            }
            guard let wait = milliseconds(until: deadline) else {
                end = .deadline
                break
            }
            var none = [pollfd]()
            _ = poll(&none, 0, min(wait, 10))
        }
        if let end {
            kill(ownGroup ? -pid : pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            return Outcome(end: end, output: output, errorOutput: errorOutput)
        }
        // WIFEXITED/WEXITSTATUS are macros: exited normally when the low 7 bits are 0.
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Outcome(end: .exited(code), output: output, errorOutput: errorOutput)
    }

    /// A pipe whose ends another thread's child does not inherit (the child's ends are dup2'ed
    /// onto its standard streams, which clears the flag there).
    static func makePipe() throws(Failure) -> [Int32] {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Failure(code: errno) }
        for descriptor in ends { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return ends
    }

    /// Whole milliseconds to `deadline`, rounded up so a wait never ends just short of it; nil
    /// once it has passed.
    package static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32? {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return nil }
        let (seconds, attoseconds) = left.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(1, milliseconds))
    }
}
