import CLIKit
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

exit(Generator.main(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: Environment.current(),
    stdout: DescriptorSink.standardOutput, stderr: DescriptorSink.standardError,
    currentDirectory: FileManager.default.currentDirectoryPath,
    // Help wraps to the terminal (COLUMNS), or to 80 columns in a pipe or a file.
    helpWidth: isatty(1) == 1 ? Int(Environment.current()["COLUMNS"] ?? "").flatMap { $0 > 0 ? $0 : nil } ?? 80 : 80))
