import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// How every `--json` output is written: pretty-printed, keys sorted, slashes as they are, a
/// newline at the end. One place, so `plan`, `journal`, `station`, `stations`, `about`,
/// `calibration`, `routes list`, `alerts pending` and the errors all read alike.
enum JSONOutput {
    static var encoder: JSONEncoder { JSONObject.encoder(pretty: true, slashes: .asIs) }

    /// A `JSONObject` value (dictionaries, arrays, strings, numbers) as the text to print; text
    /// from files or the user keeps no raw control character (`Quote.json`).
    static func text(_ object: Any) -> String {
        Quote.json(JSONObject.serialize(object, pretty: true)) + "\n"
    }

    /// An `Encodable` value as the text to print.
    static func text<T: Encodable>(_ value: T) -> String {
        let data = (try? encoder.encode(value)) ?? Data()
        return Quote.json(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// Whether the command line asks for JSON: `--json` before any `--`.
    static func requested(_ arguments: [String]) -> Bool {
        for word in arguments {
            if word == "--" { return false }
            if word == "--json" { return true }
        }
        return false
    }

    /// An error as the JSON object written to standard error instead of `Error: …` when the
    /// command line has `--json`: `{"error": {"exitCode", "kind", "message", "usage"?}, "version": 1}`,
    /// the message in the language chosen. Help and an exit with nothing to say are not errors.
    static func error(_ error: CLIError) -> String? {
        var object: [String: Any] = ["exitCode": Int(error.exitCode)]
        switch error {
        case .usage(let message, let usage, let helpCommand):
            object["kind"] = "usage"
            object["message"] = Quote.sanitize(message)
            object["usage"] = usage
            object["help"] = helpCommand + " --help"
        case .data(let message):
            object["kind"] = "data"
            object["message"] = Quote.sanitize(message)
        case .failure(let message):
            object["kind"] = "failure"
            object["message"] = Quote.sanitize(message)
        case .cleanExit, .exit:
            return nil
        }
        return text(["version": 1, "error": object] as [String: Any])
    }
}
