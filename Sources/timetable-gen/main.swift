import CLIKit
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

exit(Generator.main(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: Environment.current(),
    stdout: DescriptorSink.standardOutput, stderr: DescriptorSink.standardError,
    currentDirectory: FileManager.default.currentDirectoryPath,
    // Help wraps to the terminal (COLUMNS, then the tty's width), or to 80 columns in a pipe or a file.
    helpWidth: TerminalSize.helpWidth(environment: Environment.current())))
