/// CRC-32/MPEG-2 (ISO/IEC 13818-1 Annex A), the CRC_32 of a splice_info_section (SCTE 35 §9.2):
/// polynomial 0x04C11DB7, initial value 0xFFFFFFFF, no reflection, no final XOR. A whole section
/// including a correct CRC_32 checks to zero.
public enum CRC32MPEG2 {
  private static let tables: [UInt32] = {
    var table = [UInt32](repeating: 0, count: 256 * 8)
    for i in 0..<256 {
      var crc = UInt32(i) << 24
      for _ in 0..<8 {
        crc = crc & 0x8000_0000 != 0 ? crc << 1 ^ 0x04C1_1DB7 : crc << 1
      }
      table[i] = crc
    }
    // Slicing by eight: table k holds the CRC of a byte followed by k zero bytes.
    for k in 1..<8 {
      for i in 0..<256 {
        let previous = table[(k - 1) * 256 + i]
        table[k * 256 + i] = previous << 8 ^ table[Int(previous >> 24)]
      }
    }
    return table
  }()

  /// The CRC of `bytes[range]`.
  public static func checksum(_ bytes: [UInt8], _ range: Range<Int>) -> UInt32 {
    bytes.withUnsafeBufferPointer { checksum(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// The CRC of a buffer (slicing by eight, then by four, then byte by byte).
  static func checksum(_ b: UnsafeBufferPointer<UInt8>) -> UInt32 {
    tables.withUnsafeBufferPointer { t in
      var crc: UInt32 = 0xFFFF_FFFF
      var i = 0
      let end = b.count
      while i + 8 <= end {
        let high =
          crc
          ^ (UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3]))
        let low =
          UInt32(b[i + 4]) << 24 | UInt32(b[i + 5]) << 16 | UInt32(b[i + 6]) << 8 | UInt32(b[i + 7])
        crc =
          t[1792 + Int(high >> 24)] ^ t[1536 + Int(high >> 16 & 0xFF)]
          ^ t[1280 + Int(high >> 8 & 0xFF)] ^ t[1024 + Int(high & 0xFF)]
          ^ t[768 + Int(low >> 24)] ^ t[512 + Int(low >> 16 & 0xFF)]
          ^ t[256 + Int(low >> 8 & 0xFF)] ^ t[Int(low & 0xFF)]
        i += 8
      }
      while i + 4 <= end {
        let word =
          crc
          ^ (UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3]))
        crc =
          t[768 + Int(word >> 24)] ^ t[512 + Int(word >> 16 & 0xFF)]
          ^ t[256 + Int(word >> 8 & 0xFF)] ^ t[Int(word & 0xFF)]
        i += 4
      }
      while i < end {
        crc = crc << 8 ^ t[Int((crc >> 24) ^ UInt32(b[i]))]
        i += 1
      }
      return crc
    }
  }

  /// The CRC of all of `bytes`.
  public static func checksum(_ bytes: [UInt8]) -> UInt32 {
    checksum(bytes, 0..<bytes.count)
  }
}
