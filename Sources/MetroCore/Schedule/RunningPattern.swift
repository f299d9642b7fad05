/// Which of the published running patterns a computation uses.
package enum RunningPattern: Sendable {
    /// The best estimate, midway between the first and the last trains: what is displayed.
    case best
    /// The fast pattern (the last train's): alert moments, and the early end of ranges.
    case early
    /// The slow pattern (the first train's): the late end of ranges.
    case late
}
