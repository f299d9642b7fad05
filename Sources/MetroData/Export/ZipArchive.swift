import MetroCore

/// A ZIP archive of stored (uncompressed) files, byte-for-byte repeatable: entries in the order
/// given, every timestamp 1980-01-01 00:00, no extra fields. Enough for a GTFS feed, whose
/// readers all accept stored entries, and with no dependency beyond the standard library.

package enum ZipArchive {
    package static func archive(_ files: [(name: String, contents: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for file in files {
            let name = Array(file.name.utf8)
            let crc = crc32(file.contents)
            let offset = UInt32(out.count)
            // Local file header.
            out += le32(0x0403_4b50) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x0021)
            out += le32(crc) + le32(UInt32(file.contents.count)) + le32(UInt32(file.contents.count))
            out += le16(UInt16(name.count)) + le16(0) + name + file.contents
            // Its central directory entry (bit 11: names are UTF-8).
            central += le32(0x0201_4b50) + le16(20) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x0021)
            central += le32(crc) + le32(UInt32(file.contents.count)) + le32(UInt32(file.contents.count))
            central +=
                le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0o100644 << 16) + le32(offset)
                + name
        }
        let centralOffset = UInt32(out.count)
        out += central
        out += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(files.count)) + le16(UInt16(files.count))
        out += le32(UInt32(central.count)) + le32(centralOffset) + le16(0)
        return out
    }

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    static let table: [UInt32] = (0..<256).map { index in
        var c = UInt32(index)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// CRC-32 (IEEE 802.3), as ZIP uses it.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
