import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `metro-timer undo`: takes back the trip's last correction (a key pressed by mistake, a wrong
/// station), from any terminal.
struct UndoCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "undo"],
        abstract: Text("Скасувати останнє виправлення поїздки.", "Take back the trip's last correction."),
        arguments: GlobalOptions.arguments)

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {}

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let service = try context.tripService(options)
        _ = try service.requireActive(at: context.now())
        let (taken, schedule) = try service.undo(at: context.now())
        let language = options.language
        let what: String
        switch taken.kind {
        case .shift(let n): what = (n > 0 ? "+" : "") + "\(n)"
        case .at(let station):
            what = language.tr("на станції ", "at ") + Names.station(station, context.network, language)
        case .departed: what = language.tr("рушив", "departed")
        }
        context.stdout.line(
            language.tr(
                "Скасовано останнє виправлення (\(what) о \(context.clock.hhmmss(taken.time))). ",
                "Took back the last correction (\(what) at \(context.clock.hhmmss(taken.time))). ")
                + context.correctionSummary(schedule, options: options))
    }
}
