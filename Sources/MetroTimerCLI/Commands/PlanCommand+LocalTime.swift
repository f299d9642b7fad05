import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// `--at` on the clock-change days: a time the clocks jump over is refused with the nearest
/// times that exist; a time they pass twice is read as the first (RFC 5545's rule, 3.3.5), says
/// so, and takes an explicit offset (`--at 03:30+02:00`) for the second.
extension PlanCommand {
    /// `03:30+02:00` → (`03:30`, 7200); a time without an offset → (text, nil).
    static func splitOffset(_ text: String) -> (clock: String, offset: Int?) {
        let characters = Array(text)
        guard characters.count > 6 else { return (text, nil) }
        let tail = characters.suffix(6)
        guard let sign = tail.first, sign == "+" || sign == "-", tail[tail.startIndex + 3] == ":",
            let hours = Int(String(tail.dropFirst().prefix(2))), let minutes = Int(String(tail.suffix(2))),
            tail.dropFirst().allSatisfy({ $0 == ":" || ($0.isASCII && $0.isNumber) })
        else { return (text, nil) }
        return (String(characters.dropLast(6)), (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
    }

    /// The moment the wall clock reads `seconds` into `day`, or the reason there is none.
    static func resolve(
        _ day: ServiceClock.ServiceDay, seconds: Int, offset wanted: Int?, context: Context, language: Language
    ) throws(CLIError) -> Date {
        let clock = context.clock
        let shown = TimeOfDay.pad(seconds / 3600 % 24) + ":" + TimeOfDay.pad(seconds / 60 % 60)
        let date = clock.shifted(day, by: seconds / 86_400).description
        switch clock.localTime(day, seconds: seconds) {
        case .unique(let moment):
            if let wanted, wanted != clock.offset(at: moment) {
                throw .usage(
                    language.tr(
                        "\(shown) \(date) у Києві — це \(shown)\(ServiceClock.offsetText(clock.offset(at: moment))), не \(ServiceClock.offsetText(wanted))",
                        "\(shown) on \(date) in Kyiv is \(shown)\(ServiceClock.offsetText(clock.offset(at: moment))), not \(ServiceClock.offsetText(wanted))"
                    ), spec)
            }
            return moment
        case .repeated(let first, let second):
            let firstOffset = ServiceClock.offsetText(clock.offset(at: first))
            let secondOffset = ServiceClock.offsetText(clock.offset(at: second))
            if let wanted {
                guard let moment = [first, second].first(where: { clock.offset(at: $0) == wanted }) else {
                    throw .usage(
                        language.tr(
                            "\(shown) \(date) у Києві буває двічі: \(shown)\(firstOffset) і \(shown)\(secondOffset), не \(ServiceClock.offsetText(wanted))",
                            "\(shown) on \(date) happens twice in Kyiv: \(shown)\(firstOffset) and \(shown)\(secondOffset), not \(ServiceClock.offsetText(wanted))"
                        ), spec)
                }
                return moment
            }
            context.stderr.line(
                CommandRunner.notePrefix(language)
                    + language.tr(
                        "\(shown) \(date) у Києві буває двічі (годинники переводять назад); узято перший раз, \(shown)\(firstOffset). Для другого: --at \(shown)\(secondOffset).",
                        "\(shown) on \(date) happens twice in Kyiv (the clocks go back); this is the first, \(shown)\(firstOffset). For the second: --at \(shown)\(secondOffset)."
                    ))
            return first
        case .skipped(let before, let after):
            // The wall clock the jump starts from: the reading a second past the last that
            // exists, on the offset before the jump.
            let wall = (Int(after.timeIntervalSince1970) + clock.offset(at: before)) % 86_400
            let from = TimeOfDay.pad(wall / 3600) + ":" + TimeOfDay.pad(wall / 60 % 60)
            // The last minute before the jump may belong to the service day before (before 03:00).
            let previous = clock.position(of: before).serviceDay
            let earlier = previous == day ? clock.hhmm(before) : "--date \(previous) --at \(clock.hhmm(before))"
            throw .usage(
                language.tr(
                    "\(shown) \(date) у Києві не буває: годинники переводять з \(from) на \(clock.hhmm(after)). Найближчі часи, що існують: \(clock.hhmm(after)) і \(earlier)",
                    "There is no \(shown) on \(date) in Kyiv: the clocks go forward from \(from) to \(clock.hhmm(after)). The nearest times that exist are \(clock.hhmm(after)) and \(earlier)"
                ), spec)
        }
    }
}
