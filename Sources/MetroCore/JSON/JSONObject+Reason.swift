import FoundationEssentials

extension JSONObject {
    /// Why JSON did not decode, in both languages: the reader's syntax error with its byte, or the
    /// key path and what was wrong there ("'origin' is not a string", "missing 'origin'").
    package static func reason(_ error: any Error) -> Bilingual {
        if let error = error as? any BilingualError { return error.reason }
        guard let error = error as? DecodingError else { return Bilingual("це не чинний JSON", "not valid JSON") }
        // As the file is read: `moments.steps[0].seconds`, not `moments.steps.Index 0.seconds`.
        func path(_ keys: [any CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let index = key.intValue, Int(key.stringValue) == nil {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text
        }
        func path(_ context: DecodingError.Context) -> String { path(context.codingPath) }
        func expected(_ type: Any.Type) -> (uk: String, en: String) {
            switch type {
            case is String.Type: ("рядок", "a string")
            case is Bool.Type: ("логічне значення", "a boolean")
            case is Double.Type, is Float.Type: ("число", "a number")
            case is any FixedWidthInteger.Type: ("ціле число", "an integer")
            case is [Any].Type: ("масив", "an array")
            case is [String: Any].Type: ("об’єкт", "an object")
            default: ("значення потрібного виду", "a value of the right kind")
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            let name = path(context.codingPath + [key])
            return Bilingual("бракує '\(name)'", "missing '\(name)'")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let kind = expected(type)
            // The whole value (a line of JSON lines, a file) is not what was expected.
            guard !context.codingPath.isEmpty else {
                return type is [String: Any].Type
                    ? Bilingual("не об’єкт JSON", "not a JSON object") : Bilingual("не \(kind.uk)", "not \(kind.en)")
            }
            return Bilingual("'\(path(context))' не \(kind.uk)", "'\(path(context))' is not \(kind.en)")
        case .dataCorrupted(let context):
            return Bilingual("хибне значення в '\(path(context))'", "bad value at '\(path(context))'")
        @unknown default: return Bilingual("це не чинний JSON", "not valid JSON")
        }
    }
}
