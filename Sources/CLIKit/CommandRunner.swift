import MetroCore

/// Turns thrown `CLIError`s into output and exit codes, in one place.
package enum CommandRunner {
    /// Writes what an error has to say and returns the process exit code.
    package static func report(_ error: CLIError, stdout: OutputSink, stderr: OutputSink, language: Language) -> Int32 {
        switch error {
        case .cleanExit(let text):
            stdout.write(text)
        case .usage(let message, let usage, let helpCommand):
            stderr.line(errorPrefix(language) + Quote.sanitize(message))
            stderr.line(language.tr("Використання: ", "Usage: ") + usage)
            stderr.line(
                "  "
                    + language.tr(
                        "Докладніше: '\(helpCommand) --help'.",
                        "See '\(helpCommand) --help' for more information."))
        case .data(let message), .failure(let message):
            stderr.line(errorPrefix(language) + Quote.sanitize(message))
        case .exit:
            break
        }
        return error.exitCode
    }

    /// swift-argument-parser's `Error: `, in the language of the message.
    package static func errorPrefix(_ language: Language) -> String {
        language.tr("Помилка: ", "Error: ")
    }

    /// The prefix of a note on standard error (said once, not an error), as compilers mark them.
    package static func notePrefix(_ language: Language) -> String {
        language.tr("примітка: ", "note: ")
    }
}
