import CLIKit
import Foundation

exit(Generator.main(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
    stdout: DescriptorSink.standardOutput, stderr: DescriptorSink.standardError,
    currentDirectory: FileManager.default.currentDirectoryPath))
