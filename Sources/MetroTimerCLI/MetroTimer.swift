import CLIKit
import MetroCore

/// The root command: global options, then dispatch to a subcommand.
package enum MetroTimer {
    static let version = Release.version

    static var commands: [any Command.Type] { allCommands }
    private static let allCommands: [any Command.Type] = [
        PlanCommand.self, StartCommand.self, StatusCommand.self, AdjustCommand.self, AtCommand.self,
        DepartedCommand.self, ArrivedCommand.self, StopCommand.self, UndoCommand.self, StationsCommand.self,
        StationCommand.self, RoutesCommand.self, ChangesCommand.self,
        CardCommand.self, AlertsCommand.self, JournalCommand.self, CalibrateCommand.self, CalibrationCommand.self,
        CompletionsCommand.self, AboutCommand.self,
    ]

    package static var spec: CommandSpec {
        CommandSpec(
            path: ["metro-timer"],
            abstract: Text(
                "Зворотний відлік поїздки київським метро, обчислений з опублікованого розкладу.",
                "A ride countdown for the Kyiv metro, computed from the published timetable."),
            discussion: Text(
                "Під землею немає GPS і мережі, тож положення поїзда обчислюється: від розкладу міста і моменту, коли поїзд рушив.",
                "Underground there is no GPS and no network, so the train's position is computed: from the city's timetable and the moment the train started moving."
            ),
            arguments: [.flag("version", Text("Показати версію.", "Show the version."))] + GlobalOptions.arguments,
            subcommands: (commands.map { $0.spec } + [HelpCommand.spec]).map(documented),
            examples: Examples.of("metro-timer"))
    }

    /// A command's spec with its examples, as help and the manual show it.
    static func documented(_ spec: CommandSpec) -> CommandSpec {
        var spec = spec
        spec.examples = Examples.of(spec.commandName)
        return spec
    }

    /// Runs the command line in `context` and returns the exit code; a failed write to standard
    /// output (a full disk) turns success into exit 1 with a message.
    package static func main(_ context: Context) -> Int32 {
        let code = run(context)
        let language = context.chosenLanguage
        if let sink = context.stdout as? DescriptorSink, let failure = sink.failure(language) {
            context.stderr.line(
                CommandRunner.errorPrefix(language)
                    + language.tr(
                        "не вдається писати в стандартний вивід: \(failure)",
                        "cannot write to standard output: \(failure)"))
            return code == 0 ? 1 : code
        }
        return code
    }

    static func run(_ context: Context) -> Int32 {
        var arguments = context.arguments
        // The completion scripts' entry: not a command, never listed, never an error.
        if arguments.first == "__complete" {
            // A shell completing a word has nowhere to show an error: an unusable installed
            // timetable completes nothing (every command then says what is wrong).
            var context = context
            do {
                context.installedTimetable = try InstalledTimetable.load(
                    environment: context.environment, language: context.language(flag: nil))
            } catch {
                return 0
            }
            context.stdout.write(CompletionsCommand.complete(Array(arguments.dropFirst()), context: context))
            return 0
        }
        // Alert delivery outside the process: the notifier (and its launcher), and what a
        // systemd timer runs at its moment. Hidden like `__complete`.
        if arguments.first == "__notifier" || arguments.first == "__fire" {
            var context = context
            if let problem = HomeVariables.problem(
                environment: context.environment, language: context.language(flag: nil))
            {
                return CommandRunner.report(
                    problem, stdout: context.stdout, stderr: context.stderr, language: context.language(flag: nil))
            }
            do {
                context.installedTimetable = try InstalledTimetable.load(
                    environment: context.environment, language: context.language(flag: nil))
            } catch {
                return CommandRunner.report(
                    error, stdout: context.stdout, stderr: context.stderr, language: context.language(flag: nil))
            }
            if arguments.first == "__notifier" {
                return arguments.dropFirst().first == "--run"
                    ? AlertNotifier.run(context) : AlertNotifier.launch(context)
            }
            if arguments.count == 3 {
                return AlertNotifier.fire(context, trip: arguments[1])
            }
        }
        // `make man` writes the manual pages with this: `metro-timer __manual en|uk`.
        if arguments.first == "__manual", arguments.count == 2, let language = Language(rawValue: arguments[1]) {
            context.stdout.write(Manual.page(language))
            return 0
        }
        var language = context.language(flag: nil)
        do {
            let options = try extractGlobalOptions(&arguments, context: context, language: &language)
            // Help wraps to the terminal, or to 80 columns in a pipe or a file.
            try HelpFormatter.$width.withValue(context.stdoutIsTerminal ? context.currentColumns : 80) {
                Result { () throws(CLIError) in try dispatch(arguments, context: context, options: options) }
            }.get()
            return 0
        } catch {
            // A script that asked for JSON gets its errors as JSON too (on standard error).
            if JSONOutput.requested(context.arguments), let json = JSONOutput.error(error) {
                context.stderr.write(json)
                return error.exitCode
            }
            return CommandRunner.report(error, stdout: context.stdout, stderr: context.stderr, language: language)
        }
    }

    /// Pulls `--lang` and `--no-color` out wherever they stand, so they work before or after the
    /// subcommand.
    static func extractGlobalOptions(_ arguments: inout [String], context: Context, language: inout Language)
        throws(CLIError) -> GlobalOptions
    {
        var langFlag: String?
        var noColor = false
        var remaining: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" {
                remaining += arguments[(index - 1)...]
                break
            }
            if word == "--no-color" {
                noColor = true
            } else if word == "--lang" || word.hasPrefix("--lang=") {
                var value: String?
                if word == "--lang" {
                    // An option after it is not its value: `plan Lisova --lang --json`.
                    if index < arguments.count, !arguments[index].hasPrefix("-") {
                        value = arguments[index]
                        index += 1
                    }
                } else {
                    value = String(word.dropFirst("--lang=".count))
                }
                // The usage shown is the subcommand's, when one is on the line.
                let named =
                    arguments.lazy.compactMap { name in commands.first { $0.spec.path.last == name }?.spec }.first
                    ?? spec
                guard let value, !value.isEmpty else {
                    throw .usage(
                        language.tr("'--lang' потребує значення: uk або en", "'--lang' needs a value: uk or en"), named)
                }
                guard Language(rawValue: value) != nil else {
                    throw .usage(
                        language.tr(
                            "'--lang' приймає uk або en, отримано '\(value)'",
                            "'--lang' takes uk or en, not '\(value)'"), named)
                }
                langFlag = value
            } else {
                remaining.append(word)
            }
        }
        arguments = remaining
        language = context.language(flag: langFlag)
        return GlobalOptions(language: language, color: context.useColor(noColorFlag: noColor))
    }

    static func dispatch(_ arguments: [String], context: Context, options: GlobalOptions) throws(CLIError) {
        let language = options.language
        guard let first = arguments.first else {
            throw .cleanExit(HelpFormatter.help(for: spec, language: language))
        }
        switch first {
        case "--version":
            throw .cleanExit(Release.versionLine("metro-timer"))
        case "-h", "--help":
            throw .cleanExit(HelpFormatter.help(for: spec, language: language))
        case "help":
            let rest = arguments.dropFirst()
            guard let name = rest.first else { throw .cleanExit(HelpFormatter.help(for: spec, language: language)) }
            // `help help`, and `help --help` as every command takes it.
            if ["help", "--help", "-h"].contains(name) {
                throw .cleanExit(HelpFormatter.help(for: documented(HelpCommand.spec), language: language))
            }
            guard let command = commands.first(where: { $0.spec.path.last == name }) else {
                throw unknownSubcommand(name, language: language)
            }
            if let sub = command.spec.subcommands.first(where: { $0.path.last == rest.dropFirst().first }) {
                throw .cleanExit(HelpFormatter.help(for: documented(sub), language: language))
            }
            throw .cleanExit(HelpFormatter.help(for: documented(command.spec), language: language))
        default:
            guard let command = commands.first(where: { $0.spec.path.last == first }) else {
                if first.hasPrefix("-") {
                    throw .usage(language.tr("Невідомий параметр '\(first)'", "Unknown option '\(first)'"), spec)
                }
                throw unknownSubcommand(first, language: language)
            }
            if first == "journal", arguments.dropFirst().first == "report" {
                try run(JournalReportCommand.self, Array(arguments.dropFirst(2)), context: context, options: options)
                return
            }
            try run(command, Array(arguments.dropFirst()), context: context, options: options)
        }
    }

    static func run<C: Command>(_ command: C.Type, _ arguments: [String], context: Context, options: GlobalOptions)
        throws(CLIError)
    {
        let parsed = try ArgumentParser.parse(
            arguments, spec: documented(C.spec), language: options.language, allowRest: C.acceptsRest)
        var context = context
        // Before anything is read under them (the installed timetable is the first).
        if let problem = HomeVariables.problem(environment: context.environment, language: options.language) {
            throw problem
        }
        context.installedTimetable = try InstalledTimetable.load(
            environment: context.environment, language: options.language)
        let instance = try C(parsed, context: context, options: options)
        try instance.run(context, options: options)
    }

    static func unknownSubcommand(_ name: String, language: Language) -> CLIError {
        var message = language.tr("Невідома команда '\(name)'", "Unknown subcommand '\(name)'")
        let names = commands.map { $0.spec.path.last! }
        if let best = names.min(by: { EditDistance.between(name, $0) < EditDistance.between(name, $1) }),
            EditDistance.between(name, best) <= 2
        {
            message += ". " + language.tr("Можливо, ви мали на увазі '\(best)'?", "Did you mean '\(best)'?")
        }
        return .usage(message, spec)
    }
}
