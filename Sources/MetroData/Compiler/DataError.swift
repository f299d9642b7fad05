import MetroCore

/// A problem in an input data file, located as precisely as the check allows.
///
/// `description` reads like a compiler diagnostic: `Data/kyiv-timetable.csv:12:3: problem`.

package struct DataError: Error, Equatable, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int?
    package var column: Int?
    package var problem: String

    package init(file: String, line: Int? = nil, column: Int? = nil, _ problem: String) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
    }

    package var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let line = line, line > 0, let column { location += ":\(column)" }
        return "\(location): \(problem)"
    }
}
