import FoundationEssentials

/// The optional air-raid status check's settings (`alerts.json` in the config directory).
package struct AlertSettings: Codable, Equatable, Sendable {
    package static let currentVersion = 1
    package var version = AlertSettings.currentVersion
    package var enabled: Bool
    package var url: String?
    package var timeoutMilliseconds: Int
    /// A command run with each ride alert's JSON on standard input (`alerts command`); optional,
    /// so files written before it still read.
    package var command: String?

    /// The one range of the feed's timeout, in alerts.json and for `--timeout` alike: every
    /// file that read before still reads.
    package static let timeoutRange = 100...60_000

    package static let off = AlertSettings(enabled: false, url: nil, timeoutMilliseconds: 1500)

    package init(version: Int = AlertSettings.currentVersion, enabled: Bool, url: String?, timeoutMilliseconds: Int) {
        self.version = version
        self.enabled = enabled
        self.url = url
        self.timeoutMilliseconds = timeoutMilliseconds
    }
}
