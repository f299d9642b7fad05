import CLIKit
import FoundationEssentials
import MetroCore
import MetroData
import MetroLab

#if canImport(Glibc)
import Glibc
#endif

/// `timetable-gen install [--data DIR] | --remove`: a newer timetable for metro-timer without a
/// rebuild. The data directory is compiled with every check the embedded build has, the result
/// is read back as metro-timer will read it, and only then written (see `InstalledNetwork` for
/// where, and how privately).
enum InstallCommand {
    static let spec = CommandSpec(
        path: ["timetable-gen", "install"],
        abstract: Text(
            "Встановити розклад із теки даних для metro-timer (без перезбирання).",
            "Install a data directory's timetable for metro-timer (no rebuild)."),
        discussion: Text(
            "Компілює теку (записану 'timetable-gen import' зі свіжого завантаження порталу або виправлену вручну) з усіма перевірками вбудованої збірки і записує мережу в $XDG_DATA_HOME/metro-timer/network.json (типово ~/.local/share/metro-timer/network.json; з METRO_TIMER_HOME — $METRO_TIMER_HOME/data/network.json), атомарно, лише для вас (0700, 0600). Відтоді metro-timer бере її замість вбудованої; 'metro-timer about' каже, який розклад діє. З --remove — повертає вбудований.",
            "Compiles the directory (written by 'timetable-gen import' from a fresh portal download, or edited by hand) with every check the embedded build has, and writes the network to $XDG_DATA_HOME/metro-timer/network.json (by default ~/.local/share/metro-timer/network.json; with METRO_TIMER_HOME, $METRO_TIMER_HOME/data/network.json), atomically and for you alone (0700, 0600). From then on metro-timer uses it instead of the built-in one; 'metro-timer about' says which is in use. With --remove, goes back to the built-in one."
        ),
        arguments: [
            .option(
                "data", value: "dir", Text("Тека з даними проєкту.", "The project's data directory."),
                default: DataDirectory.defaultText
            ).completing(.file),
            .flag(
                "remove",
                Text(
                    "Прибрати встановлений розклад: metro-timer знову бере вбудований.",
                    "Remove the installed timetable: metro-timer goes back to the built-in one.")),
        ])

    static func run(
        _ arguments: [String], environment: [String: String], language: Language, stdout: OutputSink, base: String
    ) throws(CLIError) {
        let parsed = try ArgumentParser.parse(arguments, spec: spec, language: language)
        // Where metro-timer looks for it: a home it would refuse is refused here too.
        if let problem = HomeVariables.problem(environment: environment, language: language) { throw problem }
        if parsed.flag("remove") {
            guard parsed.value("data") == nil else {
                throw .usage(
                    language.tr("'--remove' не поєднується з '--data'", "'--remove' does not go with '--data'"), spec)
            }
            let result: (path: String, removed: Bool)
            do { result = try InstalledNetwork.remove(environment: environment) } catch {
                throw .failure(
                    language.tr(
                        "не вдалося прибрати \(error.path): \(error.reason(language))",
                        "cannot remove \(error.path): \(error.reason)"))
            }
            stdout.line(
                result.removed
                    ? language.tr(
                        "Прибрано \(result.path); metro-timer знову бере вбудований розклад.",
                        "Removed \(result.path); metro-timer uses its built-in timetable again.")
                    : language.tr(
                        "Розклад не встановлено (\(result.path) немає); metro-timer бере вбудований.",
                        "No timetable is installed (no \(result.path)); metro-timer uses its built-in one."))
            return
        }
        let dataDir = try DataDirectory.resolve(parsed, spec: spec, base: base, language: language)
        let document: NetworkDocument
        let bytes: [UInt8]
        do throws(DataError) {
            document = try TimetableCompiler.compile(DataDirectory.read(dataDir, base: base))
            bytes = Array(NetworkEncoding.compactJSON(document).utf8)
        } catch {
            throw .data(error.description)
        }
        // Read back exactly as metro-timer will: what is installed is known to load.
        do { _ = try Network(json: Data(bytes)) } catch {
            let reason: Bilingual =
                switch error {
                case .malformed(let reason), .inconsistent(let reason): reason
                case .newerVersion(let version): Bilingual("версія формату \(version)", "format version \(version)")
                }
            throw .failure(
                language.tr(
                    "скомпільована мережа не читається назад (\(reason.uk)); нічого не встановлено",
                    "the compiled network does not read back (\(reason.en)); nothing was installed"))
        }
        let path: String
        do { path = try InstalledNetwork.install(bytes, environment: environment) } catch {
            throw .failure(
                language.tr(
                    "не вдалося встановити розклад у \(error.path): \(error.reason(language))",
                    "cannot install the timetable at \(error.path): \(error.reason)"))
        }
        let source = document.source
        stdout.line(
            language.tr(
                "Встановлено \(path): розклад станом на \(source.resourcesDated) (завантажено \(source.retrieved)), \(document.stations.count) станції.",
                "Installed \(path): the timetable dated \(source.resourcesDated) (retrieved \(source.retrieved)), \(document.stations.count) stations."
            ))
        stdout.line(
            language.tr(
                "metro-timer тепер бере його замість вбудованого; 'timetable-gen install --remove' повертає вбудований.",
                "metro-timer now uses it instead of its built-in one; 'timetable-gen install --remove' goes back to the built-in one."
            ))
    }
}
