import CLIKit
import Foundation
import MetroCore

/// `metro-timer arrived`: you are there; ends the trip with its ground truth.
struct ArrivedCommand: Command {
    static let spec = CommandSpec(
        path: ["metro-timer", "arrived"],
        abstract: Text("Ви на місці: завершити поїздку і записати точність.", "You are there: end the trip and record its accuracy."),
        arguments: GlobalOptions.arguments)

    init(_ arguments: ParsedArguments, context: Context, options: GlobalOptions) throws(CLIError) {}

    func run(_ context: Context, options: GlobalOptions) throws(CLIError) {
        let record = try context.endTrip(.arrived, options: options)
        let error = (record.confirmedSeconds ?? 0) - record.finalSeconds
        let language = options.language
        let sign = error > 0 ? "+" : error < 0 ? "−" : "±"
        context.stdout.line(language.tr(
            "Прибуття підтверджено о \(context.clock.hhmmss(context.now())): \(sign)\(abs(error)) с від відліку (+ пізніше, − раніше).",
            "Arrival confirmed at \(context.clock.hhmmss(context.now())): \(sign)\(abs(error)) s against the countdown (+ later, − earlier)."))
    }
}
