/// The release both executables report with `--version` (`metro-timer 0.1.0`,
/// `timetable-gen 0.1.0`), kept in one place so that they cannot disagree.
public enum Release {
    public static let version = "0.1.0"
}
