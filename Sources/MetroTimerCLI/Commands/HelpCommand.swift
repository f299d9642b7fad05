import CLIKit
import MetroCore

/// `metro-timer help [COMMAND]`: the same page as `COMMAND --help`. Declared like every other
/// command so that it is listed, completed and documented with them (and `help help` works).
/// The root dispatches it itself, since it needs the other commands' specs.
enum HelpCommand {
    static var spec: CommandSpec {
        CommandSpec(
            path: ["metro-timer", "help"],
            abstract: Text("Показати довідку до команди.", "Show help for a command."),
            arguments: [
                .positional(
                    "subcommand", optional: true, Text("Команда, про яку розповісти.", "The command to describe.")
                )
                .completing(.choices(MetroTimer.commands.map { $0.spec.path.last! } + ["help"]))
            ] + GlobalOptions.arguments)
    }
}
