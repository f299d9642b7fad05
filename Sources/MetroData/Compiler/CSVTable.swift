import MetroCore

/// A parsed CSV file: a header and rows that remember their line numbers for error messages.
///
/// RFC 4180 quoting (`"a, b"`, `""` for a quote); a quoted field may not span lines, which keeps
/// line numbers honest. A trailing empty line is allowed; blank lines elsewhere are skipped.

package struct CSVTable: Sendable {
    package struct Row: Sendable {
        package var line: Int
        package var fields: [String]

        /// The field under `column`, or an empty string when the header lacks it.
        package func callAsFunction(_ index: Int) -> String { fields[index] }
    }

    package var file: String
    package var header: [String]
    package var rows: [Row]

    /// Parses `text`, requiring exactly `columns` as the header and that many fields per row.
    package init(file: String, text: String, columns: [String]) throws(DataError) {
        self.file = file
        var parsed: [Row] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if line.allSatisfy({ $0 == " " }) { continue }
            parsed.append(Row(line: lineNumber, fields: try CSVTable.split(line, file: file, line: lineNumber)))
        }
        guard let first = parsed.first else {
            throw DataError(
                file: file, line: 1, column: 1,
                "the file is empty; expected the header '\(columns.joined(separator: ","))'")
        }
        guard first.fields == columns else {
            throw DataError(
                file: file, line: first.line, column: 1,
                "unexpected header '\(first.fields.joined(separator: ","))'; expected '\(columns.joined(separator: ","))'"
            )
        }
        for row in parsed.dropFirst() where row.fields.count != columns.count {
            // The column where the row ran out, or the first one too many.
            let short = row.fields.count < columns.count
            throw DataError(
                file: file, line: row.line, column: short ? row.fields.count + 1 : columns.count + 1,
                "expected \(columns.count) columns, found \(row.fields.count)"
                    + (short ? " (no '\(columns[row.fields.count])')" : " (one too many after '\(columns.last!)')"))
        }
        // The one gate for timetable text (`TimetableText`), at the door: every field of every
        // file, so no command that compiles data can carry a control character further.
        for row in parsed.dropFirst() {
            for (index, field) in row.fields.enumerated() {
                if let problem = TimetableText.problem(field) {
                    throw DataError(
                        file: file, line: row.line, column: index + 1,
                        TimetableText.describe(problem, field: columns[index]).en)
                }
            }
        }
        header = first.fields
        rows = Array(parsed.dropFirst())
    }

    static func split(_ line: Substring, file: String, line number: Int) throws(DataError) -> [String] {
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var atFieldStart = true
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            index = line.index(after: index)
            if inQuotes {
                if character == "\"" {
                    if index < line.endIndex, line[index] == "\"" {
                        field.append("\"")
                        index = line.index(after: index)
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" && atFieldStart {
                inQuotes = true
                atFieldStart = false
            } else if character == "," {
                fields.append(field)
                field = ""
                atFieldStart = true
            } else {
                field.append(character)
                atFieldStart = false
            }
        }
        if inQuotes {
            throw DataError(file: file, line: number, column: fields.count + 1, "unterminated quoted field")
        }
        fields.append(field)
        return fields
    }

    /// Quotes a field for writing when it needs it.
    package static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
