import CLIKit
import FoundationEssentials
import MetroCore
import TimetableGenCLI

#if canImport(Glibc)
import Glibc
#endif

// An argument that is not UTF-8 would name another file than the one meant (`--output`).
if let invalid = RawArguments.firstNotUTF8() {
    let language = Language.resolve(flag: nil, environment: Environment.current())
    DescriptorSink.standardError.line(
        CommandRunner.errorPrefix(language) + RawArguments.error(invalid, language: language))
    exit(64)
}
exit(
    Generator.main(
        arguments: RawArguments.arguments, environment: Environment.current(),
        stdout: DescriptorSink.standardOutput, stderr: DescriptorSink.standardError,
        currentDirectory: FileManager.default.currentDirectoryPath,
        // Help wraps to the terminal (COLUMNS, then the tty's width), or to 80 columns in a pipe or a file.
        helpWidth: TerminalSize.helpWidth(environment: Environment.current())))
