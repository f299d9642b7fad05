extension Network {
    /// The built-in timetable's publication date (`source.resourcesDated`, `2026-03-10`), found in
    /// the embedded JSON text without decoding it: `--version` names it and stays instant.
    package static let embeddedTimetableDate: String = {
        let key = Array(#""resourcesDated":""#.utf8)
        let bytes = Array(embeddedJSON.utf8)
        guard bytes.count >= key.count else { return "?" }
        for start in 0...(bytes.count - key.count)
        where bytes[start] == key[0] && Array(bytes[start..<start + key.count]) == key {
            let from = start + key.count
            guard let end = bytes[from...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            return String(decoding: bytes[from..<end], as: UTF8.self)
        }
        return "?"
    }()
}
