import CLIKit
import FoundationEssentials
import MetroCore
import MetroData
import MetroLab

#if canImport(Glibc)
import Glibc
#endif

/// `timetable-gen field FILE…`: riders' shared journals (`metro-timer journal --share`) pooled
/// into measured accuracy. Every file is someone else's: read bounded, checked line by line, a
/// bad line refused with its file and number and the rest still read.
enum FieldCommand {
    static let spec = CommandSpec(
        path: ["timetable-gen", "field"],
        abstract: Text(
            "Звести спільні журнали пасажирів у виміряну точність (по клітинках, з інтервалами).",
            "Pool riders' shared journals into measured accuracy (per cell, with intervals)."),
        discussion: Text(
            "Виміряно в полі, не змодельовано. Клітинка — лінія × напрямок × тип дня × година (поїзд останньої ділянки, година старту); клітинка з менш ніж 20 підтвердженими прибуттями показана як замала, не як вердикт. Інтервали 95 % (Вілсона для частот). Файли: docs/shared-journal.md.",
            "Measured in the field, not simulated. A cell is line × direction × day type × hour (the last leg's train, the hour of the start); a cell with under 20 confirmed arrivals is shown as too small, never as a verdict. Intervals at 95% (Wilson for rates). Files: docs/shared-journal.md."
        ),
        arguments: [
            .positional(
                "file",
                Text(
                    "Спільний журнал (metro-timer journal --share); можна кілька.",
                    "A shared journal (metro-timer journal --share); several may follow.")
            ).completing(.file),
            .flag("json", Text("Вивести JSON.", "Print JSON.")),
            .option(
                "spread", value: "PCT",
                Text(
                    "Розкид родин симулятора, з якими порівнювати, у % проміжку між опублікованими поїздами.",
                    "The spread of the simulator's families to compare with, in % of the gap between the published trains."
                ), default: Text("100", "100")),
        ])

    /// One file's fate: how many rides it gave, its refused lines, or why it was refused whole.
    struct FileResult {
        var name: String
        var rides = 0
        var problems: [(line: Int, reason: Bilingual)] = []
        var refused: Bilingual?
        var unreadable = false
    }

    static func run(_ arguments: [String], language: Language, stdout: OutputSink, stderr: OutputSink, base: String)
        throws(CLIError)
    {
        let parsed = try ArgumentParser.parse(arguments, spec: spec, language: language, allowRest: true)
        let names = [parsed.value("file")!] + parsed.rest
        var spread = 1.0
        if let text = parsed.value("spread") {
            guard let value = Double(text), value.isFinite, (0...1000).contains(value) else {
                throw .usage(
                    language.tr(
                        "'--spread' приймає відсоток від 0 до 1000, не '\(Quote.value(text))'",
                        "'--spread' takes a percentage from 0 to 1000, not '\(Quote.value(text))'"), spec)
            }
            spread = value / 100
        }
        guard let clock = ServiceClock.kyiv() else {
            throw .failure(
                language.tr(
                    "часовий пояс Europe/Kyiv недоступний; встановіть системну базу часових поясів (tzdata)",
                    "the time zone Europe/Kyiv is not available; install the system time-zone database (tzdata)"))
        }
        let engine = ScheduleEngine(network: .kyiv, clock: clock)
        var files: [FileResult] = []
        var rides: [SharedRide] = []
        var seen: Set<String> = []
        var duplicates = 0
        for name in names {
            var result = FileResult(name: name)
            switch read(Generator.absolute(name, base: base)) {
            case .failure(let reason):
                result.refused = reason
                result.unreadable = true
            case .success(let bytes):
                let read = SharedJournal.read(bytes, network: engine.network)
                result.refused = read.refused
                result.problems = read.problems
                for ride in read.rides {
                    // The same ride in two files (shared twice, or passed on twice) counts once.
                    if seen.insert(ride.ride).inserted { rides.append(ride) } else { duplicates += 1 }
                }
                result.rides = read.rides.count
            }
            for problem in result.problems {
                stderr.line(
                    language.tr(
                        "попередження: \(Quote.value(name)):\(problem.line): рядок пропущено (\(problem.reason.uk))",
                        "warning: \(Quote.value(name)):\(problem.line): skipped a line (\(problem.reason.en))"))
            }
            if let refused = result.refused {
                stderr.line(
                    CommandRunner.errorPrefix(language) + Quote.value(name) + ": " + language.tr(refused.uk, refused.en)
                        + language.tr(" (файл пропущено; решту зведено)", " (the file skipped; the rest pooled)"))
            }
            files.append(result)
        }
        let pool = FieldPool(rides, engine: engine)
        let report = FieldReport(
            pool: pool, files: files, duplicates: duplicates, spread: spread, network: engine.network)
        stdout.write(parsed.flag("json") ? report.json() : report.text(language))
        if files.contains(where: { $0.refused != nil && !$0.unreadable }) { throw .exit(65) }
        if files.contains(where: \.unreadable) { throw .exit(1) }
    }

    enum ReadResult {
        case success([UInt8])
        case failure(Bilingual)
    }

    /// A file's bytes, at most `SharedJournal.maxBytes` + 1 of them (a bigger file is refused by
    /// the reader, never read whole); a FIFO or a directory is refused, not waited on.
    static func read(_ path: String) -> ReadResult {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            return .failure(
                Bilingual(
                    "не вдається прочитати (\(SystemReason.text(code, .uk)))",
                    "cannot read it (\(SystemReason.text(code, .en)))"))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(Bilingual("не звичайний файл", "not a regular file"))
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= SharedJournal.maxBytes {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                return .failure(
                    Bilingual(
                        "не вдається прочитати (\(SystemReason.text(code, .uk)))",
                        "cannot read it (\(SystemReason.text(code, .en)))"))
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return .success(bytes)
    }
}
