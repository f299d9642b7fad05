import CLIKit
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

exit(Generator.main(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: Environment.current(),
    stdout: DescriptorSink.standardOutput, stderr: DescriptorSink.standardError,
    currentDirectory: FileManager.default.currentDirectoryPath))
