import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif
#if canImport(Glibc)
import Glibc
#endif

/// One question to the feed, asked through the system's `curl` program.
///
/// URLSession on Linux is FoundationNetworking over libcurl, and a build with the Swift runtime
/// linked statically cannot carry it (`ld: cannot find -lcurl`), yet the released helper must
/// run on a machine without Swift. curl is on nearly every Linux system, speaks TLS with the
/// system's certificates and honours the usual proxy variables, as URLSession did.
enum CurlFeed {
    /// Where `curl` is: the first directory of `PATH` holding an executable one, looked up once.
    /// Only absolute entries count (a relative one would find whatever sits in the directory
    /// metro-timer was started from); without `PATH`, /usr/bin and /bin.
    static func locate(path: String?) -> String? {
        for directory in (path ?? "/usr/bin:/bin").split(separator: ":") where directory.hasPrefix("/") {
            let candidate = (directory.hasSuffix("/") ? String(directory) : directory + "/") + "curl"
            var status = stat()
            if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// curl's options. Every limit is here, in argv; the URL is not (it comes in the config on
    /// standard input: argv is readable by every user in /proc).
    static func arguments(for url: URL, seconds milliseconds: Int) -> [String] {
        let loopback = AlertFeed.isLoopback(url.host?.lowercased() ?? "")
        var arguments = [
            "-q",  // first, or it means nothing: ~/.curlrc could add --location or a proxy
            "--silent", "--globoff",  // no progress or messages; [] and {} are URL characters
            // Only the scheme that was checked (plain http only to loopback), and no redirect at
            // all: a 3xx is an answer ("unknown"), never a second request.
            "--proto", url.scheme?.lowercased() == "http" && loopback ? "=http" : "=https",
            "--proto-redir", "=https", "--max-redirs", "0",
            // curl's own limits too, though the helper keeps both itself: curl's --max-filesize
            // sees only a declared length, and a helper that is killed leaves curl to its own.
            "--max-time", seconds(milliseconds), "--max-filesize", String(AlertFeed.maximumBytes),
            "--write-out", "%{stderr}%{http_code}",
            "-K", "-",
        ]
        // A local relay is reached directly, not through a proxy.
        if loopback { arguments.insert(contentsOf: ["--noproxy", "*"], at: arguments.count - 2) }
        return arguments
    }

    /// `1500` → `1.500`, written out (String(format:) would bring in the locale machinery).
    static func seconds(_ milliseconds: Int) -> String {
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// The config curl reads with `-K -`: `url = "…"`, in which a backslash escapes the next
    /// character (curl(1), -K). Nil for a control character, which no URL holds.
    static func config(for url: String) -> String? {
        guard !url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        var quoted = ""
        for character in url {
            if character == "\\" || character == "\"" { quoted.append("\\") }
            quoted.append(character)
        }
        return "url = \"\(quoted)\"\n"
    }

    /// curl's exit statuses (curl(1), EXIT CODES) that a verdict tells apart.
    static let timedOut: Int32 = 28, tooLarge: Int32 = 63, unresolved: Int32 = 6
    static let tlsFailures: Set<Int32> = [35, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91]

    /// The verdict from how curl ended, the status code it wrote and the body. Fixed wording:
    /// nothing curl says (which can carry the URL) reaches the line.
    static func verdict(_ outcome: Spawn.Outcome) -> AlertFeed.Verdict {
        switch outcome.end {
        case .deadline: return .unknown(AlertFeed.Reason.tooSlow)
        case .outputLimit: return .unknown(AlertFeed.Reason.tooLarge)
        case .exited(timedOut): return .unknown(AlertFeed.Reason.tooSlow)
        case .exited(tooLarge): return .unknown(AlertFeed.Reason.tooLarge)
        case .exited(unresolved): return .unknown(AlertFeed.Reason.unresolved)
        case .exited(let status) where tlsFailures.contains(status): return .unknown(AlertFeed.Reason.tls)
        case .exited(0):
            let code = Int(AlertFeed.trimmed(String(decoding: outcome.errorOutput, as: UTF8.self))) ?? 0
            switch code {
            case 200..<300: return AlertFeed.parse(outcome.output)
            case 300..<400: return .unknown(AlertFeed.Reason.redirect(code))
            case 100...599: return .unknown(AlertFeed.Reason.http(code))
            default: return .unknown(AlertFeed.Reason.unreachable)
            }
        case .exited: return .unknown(AlertFeed.Reason.unreachable)
        }
    }

    /// Asks the feed at `text` (already a URL `AlertFeed.urlProblem` accepts or not) by
    /// `deadline`.
    static func check(_ text: String, environment: [String: String], deadline: ContinuousClock.Instant)
        -> AlertFeed.Verdict
    {
        if let problem = AlertFeed.urlProblem(text) { return .unknown(problem) }
        // The URL passed RFC 3986's grammar strictly (no character a URL may not hold), so
        // what Foundation reads and hands curl is the text that was checked.
        guard let url = URL(string: text), let config = config(for: url.absoluteString) else {
            return .unknown(AlertFeed.Reason.badURL)
        }
        guard let curl = locate(path: environment["PATH"]) else {
            return .unknown(AlertFeed.Reason.noCurl)
        }
        guard let left = Spawn.milliseconds(until: deadline) else { return .unknown(AlertFeed.Reason.tooSlow) }
        do throws(Spawn.Failure) {
            let outcome = try Spawn.run(
                curl, arguments(for: url, seconds: Int(left)), environment: environment, input: Data(config.utf8),
                outputLimit: AlertFeed.maximumBytes, deadline: deadline)
            return verdict(outcome)
        } catch {
            return .unknown(
                Bilingual("curl не запустився (\(error.reason(.uk)))", "curl did not start (\(error.reason))"))
        }
    }
}
