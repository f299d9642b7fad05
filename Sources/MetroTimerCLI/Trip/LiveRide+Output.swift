import CLIKit
import FoundationEssentials
import MetroCore

#if canImport(Glibc)
import Glibc
#endif

/// What the live loop says in each output (the screen, the lines, the events): the frame, a
/// notice, an alert, a warning, a feed change, a correction, the end.
extension LiveRide {
    func show(_ message: String, at now: Date) {
        notice = (message, now.addingTimeInterval(5))
        switch output {
        case .lines: out.line(message)
        case .screen, .events: break
        }
    }

    func draw(_ view: RideView) {
        switch output {
        case .screen:
            let lines = ScreenRenderer().frame(view, width: width(), height: height())
            // One write per frame: home, each line cleared to its end, then the rest cleared.
            out.write("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J")
        case .lines(let plain):
            let renderer = LineRenderer(plain: plain)
            let line = renderer.line(view)
            // Print only when something changed: the clock prefix aside; for --plain, only news.
            let key = plain ? renderer.newsKey(view) : String(line.drop { $0 != " " })
            if key != lastLine {
                out.line(line)
                lastLine = key
            }
        case .events:
            break
        }
    }

    /// Shows an alert in this output; `deliver` (this process claimed it) also sends it
    /// through the channels beyond the screen.
    func fire(_ alert: Trip.Alert, view: RideView, deliver: Bool = true, lateSeconds: Int? = nil) {
        let sentence = AlertText.sentence(alert, view: view, lateSeconds: lateSeconds)
        let event = RideEvents.alertEvent(
            alert, view: view, clock: context.clock, message: sentence, lateSeconds: lateSeconds)
        switch output {
        case .screen:
            out.write("\u{7}")
        case .lines(let plain):
            out.line((plain ? "" : context.clock.hhmmss(view.now) + "  ▶ ") + sentence)
        case .events:
            out.line(String(decoding: event, as: UTF8.self))
        }
        if !rehearsal && deliver {
            delivery?.deliver(alert, sentence: sentence, event: event, ringTerminal: output != .screen)
        }
    }

    /// The warnings the screen shows (the ride cannot be completed, the last train soon), said
    /// once each in the line outputs and as a `warning` event (the screen's frame shows them).
    func warn(_ view: RideView) {
        for finding in view.findingsAhead {
            let sentence = FindingText.sentence(
                finding, network: context.network, clock: context.clock, language: language, at: view.now)
            // Once each (its tense may change as the ride goes on: the finding is the key).
            let key = FindingText.kind(finding) + " " + finding.station
            guard !spokenWarnings.contains(key) else { continue }
            spokenWarnings.insert(key)
            switch output {
            case .screen: break
            case .lines(let plain):
                out.line((plain ? "" : context.clock.hhmmss(view.now) + "  ") + "⚠ " + sentence)
            case .events:
                RideEvents.emit(
                    "warning", at: view.now,
                    fields: ["kind": FindingText.kind(finding), "station": finding.station, "message": sentence],
                    network: context.network, clock: context.clock, to: out)
            }
        }
        // The service changes the screen shows (a closure on the route), said once, at the start.
        if case .screen = output { return }
        guard !spokenChanges, let changes = view.changesAhead,
            let summary = ServiceOptions.summary(changes, network: context.network, language: language)
        else { return }
        spokenChanges = true
        switch output {
        case .screen: return
        case .lines(let plain):
            out.line((plain ? "" : context.clock.hhmmss(view.now) + "  ") + "ℹ " + summary)
        case .events:
            RideEvents.emit(
                "warning", at: view.now,
                fields: [
                    "kind": "service-changes", "closed": FindingText.closedAhead(view.schedule, state: view.state),
                    "message": summary,
                ],
                network: context.network, clock: context.clock, to: out)
        }
    }

    /// The feed changed: said at once, in every output, with the bell on the screen.
    func feedChanged(_ verdict: AlertFeed.Verdict, view: RideView) {
        let sentence = FeedWatch.sentence(verdict, view: view)
        switch output {
        case .screen:
            notice = (sentence, view.now.addingTimeInterval(FeedWatch.interval))
            out.write("\u{7}")
        case .lines(let plain):
            out.line((plain ? "" : context.clock.hhmmss(view.now) + "  ⚠ ") + sentence)
        case .events:
            RideEvents.emit(
                "air-raid", at: view.now, fields: ["verdict": verdict.line, "message": sentence],
                network: context.network, clock: context.clock, to: out)
        }
    }

    func emitCorrection(_ correction: Trip.Correction, view: RideView) {
        let schedule = view.schedule
        if output == .lines(plain: true) { out.line(LineRenderer.correction(correction, view: view)) }
        guard output == .events else { return }
        var fields = RideEvents.arrivalFields(schedule, clock: context.clock)
        switch correction.kind {
        case .shift(let n):
            fields["kind"] = "shift"
            fields["stops"] = n
        case .at(let station):
            fields["kind"] = "at"
            fields["station"] = station
        case .departed: fields["kind"] = "departed"
        }
        RideEvents.emit(
            "correction", at: correction.time, fields: fields, network: context.network, clock: context.clock, to: out)
    }

    func finish(_ trip: Trip, outcome: Trip.Outcome, at time: Date) {
        switch output {
        case .events:
            // A rehearsal ends by itself when the simulated train arrives: nobody confirmed an
            // arrival, so the event does not say "arrived".
            RideEvents.emit(
                "end", at: time, fields: ["outcome": rehearsal ? "rehearsal" : outcome.rawValue],
                network: context.network, clock: context.clock, to: out)
        case .screen:
            break  // the caller leaves the screen and prints the summary
        case .lines:
            out.line(
                rehearsal
                    ? language.tr("Репетицію завершено.", "Rehearsal over.")
                    : service.outcomeText(outcome).capitalizedFirst + ".")
        }
    }
}
