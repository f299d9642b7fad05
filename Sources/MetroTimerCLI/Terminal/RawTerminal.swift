import CLIKit
import Dispatch
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The live screen's hold on the terminal: raw keys (no echo, no line buffering), a hidden cursor
/// and the alternate screen. `restore()` is idempotent and safe from a signal handler's queue, so
/// every way out (q, arrival, Ctrl-C, SIGTERM, an error) leaves the terminal as it was.
final class RawTerminal: @unchecked Sendable {
    private let lock = Mutex()
    private var original: termios?
    private var screenActive = false
    private let output: OutputSink

    init(output: OutputSink) { self.output = output }

    /// Switches standard input to raw keys when it is a terminal. Touches termios only then.
    func enableRawKeys() {
        guard isatty(0) == 1 else { return }
        lock.withLock {
            var settings = termios()
            guard tcgetattr(0, &settings) == 0 else { return }
            original = settings
            var raw = settings
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            // On Linux VMIN is index 6 of c_cc (16 on Darwin): index by the constant, never a literal.
            withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
                bytes[Int(VMIN)] = 1
                bytes[Int(VTIME)] = 0
            }
            tcsetattr(0, TCSANOW, &raw)
        }
    }

    /// The alternate screen with the cursor hidden: frames redraw in place without scrolling.
    func enterScreen() {
        lock.withLock {
            screenActive = true
            output.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H")
        }
    }

    func restore() {
        lock.withLock { restoreLocked() }
    }

    private func restoreLocked() {
        if screenActive {
            output.write("\u{1B}[?25h\u{1B}[?1049l")
            screenActive = false
        }
        if var settings = original {
            tcsetattr(0, TCSANOW, &settings)
            original = nil
        }
    }

    /// Ctrl-Z: the terminal as it was, then stopped like any job; returns once continued
    /// (`fg`, SIGCONT). The caller then takes the terminal again and redraws.
    func suspend() {
        lock.withLock {
            suspendedState = (original != nil, screenActive)
            restoreLocked()
        }
        kill(getpid(), SIGSTOP)
    }

    /// What was held when the ride was suspended, taken again on SIGCONT.
    private var suspendedState: (raw: Bool, screen: Bool)?

    func resume() {
        let state = lock.withLock { () -> (raw: Bool, screen: Bool)? in
            defer { suspendedState = nil }
            return suspendedState
        }
        guard let (raw, screen) = state else { return }
        // The shell may have changed the modes while we were stopped: read them afresh.
        if raw { enableRawKeys() }
        if screen { enterScreen() }
    }
}

/// The write end of the signal pipe, for the C handler (which can capture nothing).
nonisolated(unsafe) private var signalPipeWrite: Int32 = -1

/// Signals with no moment in which one is lost. SwiftPM's way (the default action ignored, then
/// a dispatch source) drops a signal that arrives between the two: a SIGTERM right after
/// `start` began would never be seen, and the ride would run on. Here a C handler, installed with
/// `sigaction` in one step, writes the signal's number to a pipe; a read source on a background
/// queue (one on `.main` never fires while the main thread sleeps in `poll`) runs the handler.
final class SignalWatcher: @unchecked Sendable {
    private let lock = Mutex()
    private var handlers: [Int32: @Sendable () -> Void] = [:]
    private var source: DispatchSourceRead?
    private var watched: [Int32] = []
    /// Written on SIGWINCH so that `poll` wakes and the next frame re-reads the size at once.
    let wakePipe: (read: Int32, write: Int32)

    init() {
        wakePipe = Self.pipePair()
    }

    static func pipePair() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        pipe(&fds)
        for fd in fds {
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return (fds[0], fds[1])
    }

    func on(_ signalNumber: Int32, _ handler: @escaping @Sendable () -> Void) {
        lock.withLock {
            handlers[signalNumber] = handler
            watched.append(signalNumber)
            if source == nil { startReading() }
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(signalPipeWrite, &byte, 1)  // async-signal-safe; a full pipe drops only repeats
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(signalNumber, &action, nil)
    }

    /// Call holding the lock.
    private func startReading() {
        let pipes = Self.pipeReadEnd
        let reader = DispatchSource.makeReadSource(fileDescriptor: pipes, queue: .global())
        reader.setEventHandler { [weak self] in
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(pipes, &buffer, buffer.count)
            guard count > 0, let self else { return }
            for number in buffer[0..<count] {
                if let handler = self.lock.withLock({ self.handlers[Int32(number)] }) { handler() }
            }
        }
        reader.resume()
        source = reader
    }

    /// The read end that belongs to `signalPipeWrite` (one pipe per process).
    private static let pipeReadEnd: Int32 = {
        let pair = pipePair()
        signalPipeWrite = pair.write
        return pair.read
    }()

    func wake() {
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
    }

    func cancel() {
        let (signals, reader) = lock.withLock { () -> ([Int32], DispatchSourceRead?) in
            defer {
                handlers.removeAll()
                watched.removeAll()
                source = nil
            }
            return (watched, source)
        }
        // As before: once the screen has gone, these signals are ignored until the process ends.
        for number in signals { signal(number, SIG_IGN) }
        reader?.cancel()
    }
}

/// Where keys come from, and how the loop sleeps until its next frame.
package protocol KeySource: AnyObject {
    /// Waits up to `milliseconds` (real time) for keys; returns what was typed, possibly nothing.
    func wait(milliseconds: Int) -> [UInt8]
    /// Whether the terminal the keys came from has gone (hung up), so no one is looking.
    var terminalLost: Bool { get }
}

extension KeySource {
    package var terminalLost: Bool { false }
}

/// Standard input and the wake pipe, watched with `poll`: the loop sleeps in the kernel, not in
/// a busy loop, and wakes for a key, a resize or the next second.
final class PollingKeySource: KeySource {
    private var inputOpen: Bool
    private let wakeDescriptor: Int32
    /// Standard input is a terminal: its end (a hang-up: a terminal in raw mode never gives end
    /// of input otherwise) means the terminal has gone, whether or not a SIGHUP came.
    private let inputIsTerminal: Bool
    private(set) var terminalLost = false

    init(readInput: Bool, wakeDescriptor: Int32, inputIsTerminal: Bool = false) {
        inputOpen = readInput
        self.wakeDescriptor = wakeDescriptor
        self.inputIsTerminal = inputIsTerminal
    }

    func wait(milliseconds: Int) -> [UInt8] {
        var descriptors = [pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        if inputOpen { descriptors.append(pollfd(fd: 0, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(max(0, min(milliseconds, 60_000))))
        guard ready > 0 else { return [] }
        if descriptors[0].revents != 0 {
            var sink = [UInt8](repeating: 0, count: 64)
            _ = read(wakeDescriptor, &sink, sink.count)
        }
        guard inputOpen, descriptors.count > 1, descriptors[1].revents != 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(0, &buffer, buffer.count)
        if count <= 0 {
            // End of input (a closed pipe, /dev/null): stop watching it, or poll would spin.
            // On a terminal it is the terminal gone.
            inputOpen = false
            if inputIsTerminal { terminalLost = true }
            return []
        }
        return Array(buffer[0..<count])
    }
}

/// A command's hold on the terminal while it reads keys: raw keys when standard input is a
/// terminal, the alternate screen when it draws, and the signals. Every way out restores the
/// terminal first (whatever the command keeps lives in its files): Ctrl-C exits 130, SIGHUP 129,
/// Ctrl-\ (SIGQUIT) 131 with no backtrace, SIGTERM 143. Ctrl-Z restores, then stops; on SIGCONT
/// the terminal is taken again and the frame redrawn. A resize wakes the key wait so the next
/// frame follows at once. `end()` is idempotent; call it in a `defer`.
final class TerminalSession {
    let terminal: RawTerminal
    private let signals = SignalWatcher()

    init(context: Context, screen: Bool) {
        let terminal = RawTerminal(output: context.stdout)
        self.terminal = terminal
        signals.on(SIGINT) {
            terminal.restore()
            context.stdout.write("\n")
            exit(130)
        }
        for (number, code) in [(SIGTERM, Int32(143)), (SIGHUP, 129), (SIGQUIT, 131)] {
            // The handler ignores SIGQUIT's default core dump and the runtime's backtrace: the
            // terminal is restored and the exit code says which signal it was.
            signals.on(number) {
                terminal.restore()
                exit(code)
            }
        }
        let signals = self.signals
        signals.on(SIGWINCH) { signals.wake() }
        signals.on(SIGTSTP) { terminal.suspend() }
        signals.on(SIGCONT) {
            terminal.resume()
            signals.wake()
        }
        if context.stdinIsTerminal { terminal.enableRawKeys() }
        if screen { terminal.enterScreen() }
    }

    /// Keys from standard input, waking early on a resize.
    func keys() -> KeySource {
        PollingKeySource(readInput: true, wakeDescriptor: signals.wakePipe.read, inputIsTerminal: isatty(0) == 1)
    }

    func end() {
        terminal.restore()
        signals.cancel()
    }
}
