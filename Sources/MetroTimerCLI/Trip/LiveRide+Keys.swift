import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// The keys of the live screen: a correction, an ending asked and confirmed, undo, help, leave.
extension LiveRide {
    /// A key press; returns an exit when it ends the screen.
    func handle(_ key: UInt8) throws(CLIError) -> Exit? {
        // A rehearsal takes a key at the ride second its screen shows, the second `--events`
        // reports (at ×N a real fraction of a second is N times longer); a real ride at the instant.
        let instant = clock.now()
        let now = rehearsal ? Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down)) : instant
        let kind: Trip.Correction.Kind
        let character = Character(UnicodeScalar(key)).lowercased().first ?? " "
        // One stray key must not end a long ride: `a` and `s` ask first, and any other key
        // takes the question back.
        if character == "a" || character == "s" {
            if let armed, armed.key == character, clock.real() <= armed.until {
                self.armed = nil
                do {
                    try service.end(character == "a" ? .arrived : .stopped, at: now)
                } catch {
                    // Refused (the trip was replaced a moment ago): the next frame says why.
                    guard case .failure(let message) = error else { throw error }
                    show(message, at: now)
                }
                return nil  // the next frame sees the ending, prints it and returns
            }
            armed = (character, clock.real().addingTimeInterval(10))
            show(
                character == "a"
                    ? language.tr(
                        "Натисніть a ще раз, щоб підтвердити прибуття (відлік триває).",
                        "Press a again to confirm the arrival (the countdown goes on).")
                    : language.tr(
                        "Натисніть s ще раз, щоб зупинити поїздку (відлік триває).",
                        "Press s again to stop the trip (the countdown goes on)."),
                at: now)
            // The question stays on the screen as long as it can be answered: 10 real seconds.
            notice?.until = now.addingTimeInterval(10 * clock.speed)
            return nil
        }
        if armed != nil {
            // The question is taken back: so is what it said on the screen.
            armed = nil
            notice = nil
        }
        switch character {
        case "+", "=": kind = .shift(1)
        case "-", "_": kind = .shift(-1)
        case "d": kind = .departed
        case "u":
            do {
                _ = try service.undo(at: now)
                tookBack = true
                show(language.tr("Останнє виправлення скасовано.", "Took back the last correction."), at: now)
            } catch {
                if case .failure(let message) = error {
                    show(message, at: now)
                    return nil
                }
                throw error
            }
            return nil
        case "q":
            return .left
        case "?", "h":
            show(LineRenderer.keys(language), at: now)
            return nil
        default:
            return nil
        }
        do {
            try service.correct(kind, at: now)
        } catch {
            if case .failure(let message) = error {
                show(message, at: now)
                return nil
            }
            throw error
        }
        return nil
    }
}
