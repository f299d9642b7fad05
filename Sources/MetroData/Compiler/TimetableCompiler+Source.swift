import FoundationEssentials
import MetroCore

/// The source file: the dataset, its publisher and licence, and its dates.
extension TimetableCompiler {
    static func readSource(_ table: CSVTable) throws(DataError) -> NetworkDocument.Source {
        var values: [String: String] = [:]
        for row in table.rows { values[row(0)] = row(1) }
        func value(_ key: String) throws(DataError) -> String {
            guard let value = values[key], !value.isEmpty else {
                throw DataError(file: table.file, "missing the key '\(key)'")
            }
            return value
        }
        return .init(
            dataset: try value("dataset"), publisher: try value("publisher"), licence: try value("licence"),
            resourcesDated: try value("resources_dated"), retrieved: try value("retrieved"))
    }
}
