import FoundationEssentials

/// The optional air-raid status check's settings (`alerts.json` in the config directory).
public struct AlertSettings: Codable, Equatable, Sendable {
    public static let currentVersion = 1
    public var version = AlertSettings.currentVersion
    public var enabled: Bool
    public var url: String?
    public var timeoutMilliseconds: Int
    /// A command run with each ride alert's JSON on standard input (`alerts command`); optional,
    /// so files written before it still read.
    public var command: String?

    /// The one range of the feed's timeout, in alerts.json and for `--timeout` alike: every
    /// file that read before still reads.
    public static let timeoutRange = 100...60_000

    public static let off = AlertSettings(enabled: false, url: nil, timeoutMilliseconds: 1500)

    public init(version: Int = AlertSettings.currentVersion, enabled: Bool, url: String?, timeoutMilliseconds: Int) {
        self.version = version
        self.enabled = enabled
        self.url = url
        self.timeoutMilliseconds = timeoutMilliseconds
    }
}
