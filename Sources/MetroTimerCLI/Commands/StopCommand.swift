import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `metro-timer stop`: ends the trip without arriving.
struct StopCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "stop"],
        abstract: Text("Завершити поїздку без прибуття.", "End the trip without arriving."),
        arguments: GlobalOptions.arguments)

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {}

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        _ = try context.endTrip(.stopped, options: options)
        context.stdout.line(options.language.tr("Поїздку зупинено.", "Trip stopped."))
    }
}
