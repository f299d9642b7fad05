/// Every way a command ends other than success, thrown and turned into an exit code in one place
/// (`CommandRunner`), in the manner of swift-argument-parser's `ExitCode` and `ValidationError`.
package enum CLIError: Error, Equatable {
    /// Bad arguments: the message, then the command's usage line and a pointer to its help. 64.
    case usage(String, usage: String, helpCommand: String)
    /// A bad data file (the message names it). 65.
    case data(String)
    /// Anything else that went wrong. 1.
    case failure(String)
    /// Help or version was asked for: the text goes to standard output and the exit code is 0.
    case cleanExit(String)
    /// An exit with a code and nothing more to say (130 after Ctrl-C, say).
    case exit(Int32)

    package static func usage(_ message: String, _ spec: CommandSpec) -> CLIError {
        .usage(message, usage: spec.usage, helpCommand: spec.commandName)
    }

    /// The exit code each case maps to (sysexits: 64 EX_USAGE, 65 EX_DATAERR).
    package var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .data: return 65
        case .failure: return 1
        case .cleanExit: return 0
        case .exit(let code): return code
        }
    }
}
