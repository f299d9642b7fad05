import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `metro-timer departed`: after the transfer, the train left the transfer station now.
struct DepartedCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "departed"],
        abstract: Text("Після пересадки: поїзд щойно рушив.", "After the transfer: the train has just departed."),
        arguments: GlobalOptions.arguments)

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {}

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        try context.applyCorrection(.departed, options: options)
    }
}
