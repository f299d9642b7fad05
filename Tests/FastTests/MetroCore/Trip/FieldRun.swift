import MetroTestSupport

@testable import CLIKit
@testable import TimetableGenCLI

/// `timetable-gen field ARGUMENTS` in-process, in `directory`, as the shared-journal tests run it.
enum FieldRun {
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) -> CLIResult {
        let out = StringSink()
        let err = StringSink()
        let code = Generator.main(
            arguments: ["field"] + arguments, environment: environment, stdout: out, stderr: err,
            currentDirectory: directory)
        return CLIResult(stdout: out.text, stderr: err.text, code: code)
    }

    /// The header line of a shared journal, as docs/shared-journal.md gives it.
    static let header = #"{"format":"metro-timer-shared-journal","version":1}"#

    /// A ride line written by hand from the schema (docs/shared-journal.md), Lisova → Darnytsia
    /// by default, that every check passes; each argument replaces one value as written.
    static func ride(
        _ id: String, from: String? = nil, to: String? = nil, program: String = "0.1.0", confirmed: String = "270",
        steps: String = "[]"
    ) -> String {
        let from = from ?? Kyiv.station("Lisova").code
        let to = to ?? Kyiv.station("Darnytsia").code
        return
            #"{"calibrated":false,"confirmed":\#(confirmed),"from":"\#(from)","moments":{"arrival":280,"changeAlerts":[],"changes":[],"dayType":"weekday","earliest":250,"finalArrival":280,"hour":10,"latest":320,"steps":\#(steps),"timetable":"2026-11-30"},"outcome":"arrived","program":"\#(program)","ride":"\#(id)","to":"\#(to)"}"#
    }
}
