import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `metro-timer at STATION`: the train stands at STATION now.
struct AtCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "at"],
        abstract: Text(
            "Поїзд зараз на цій станції: прив'язати відлік до неї.",
            "The train is at this station now: re-anchor the countdown to it."),
        arguments: [
            .positional("station", Text("Станція на маршруті.", "A station on the route.")).completing(.stations)
        ] + GlobalOptions.arguments)

    var station: NetworkDocument.Station

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        station = try context.station(arguments.value("station")!, spec: Self.spec, language: options.language)
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        try context.applyCorrection(.at(station.code), options: options)
    }
}
