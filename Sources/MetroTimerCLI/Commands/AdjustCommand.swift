import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `metro-timer adjust +1|-1`: the train is behind (+) or ahead of (−) the model.
struct AdjustCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "adjust"],
        abstract: Text(
            "Виправити модель з будь-якого термінала: поїзд на N зупинок позаду (+N) чи попереду (-N).",
            "Correct the model from any terminal: the train is N stops behind (+N) or ahead (-N)."),
        discussion: Text(
            "+1 на станції відправлення означає «ще не рушили»: t₀ починається знову зараз.",
            "+1 at the origin means \"not moving yet\": t₀ restarts now."),
        arguments: [
            .positional("stops", Text("+1, -1 (до ±5).", "+1, -1 (up to ±5).")).completing(.choices(["+1", "-1"]))
        ] + GlobalOptions.arguments)

    var shift: Int

    /// The most stops one correction may move (a larger number is a typo, not a correction).
    static let largestShift = 5

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {
        let text = arguments.value("stops")!
        guard let value = DecimalNumber.signedWhole(text),
            value != 0, (-Self.largestShift...Self.largestShift).contains(value)  // never abs(): Int.min traps
        else {
            throw .usage(
                options.language.tr(
                    "'\(Quote.value(text))' — не виправлення; пишіть +1 (поїзд позаду) або -1 (попереду), до ±5",
                    "'\(Quote.value(text))' is not a correction; write +1 (the train is behind) or -1 (ahead), up to ±5"
                ), Self.spec)
        }
        shift = value
    }

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        try context.applyCorrection(.shift(shift), options: options)
    }
}
