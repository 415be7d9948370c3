/// The Windows-1252 decoder of the WHATWG Encoding Standard (§9.1 single-byte decoder,
/// index-windows-1252): Latin-1 except 0x80–0x9F, where the five bytes Windows leaves
/// undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to the C1 control of the same number.
enum Windows1252 {
  /// `bytes` in UTF-8 (a leading UTF-8 byte-order mark is kept as one).
  static func decode(_ bytes: [UInt8]) -> [UInt8] {
    var out = [UInt8]()
    out.reserveCapacity(bytes.count + bytes.count / 8)
    var i = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      out += [0xEF, 0xBB, 0xBF]
      i = 3
    }
    while i < bytes.count {
      let byte = bytes[i]
      i += 1
      let scalar = byte >= 0x80 && byte < 0xA0 ? high[Int(byte - 0x80)] : UInt16(byte)
      switch scalar {
      case 0..<0x80: out.append(UInt8(scalar))
      case 0x80..<0x800:
        out.append(UInt8(0xC0 | scalar >> 6))
        out.append(UInt8(0x80 | scalar & 0x3F))
      default:
        out.append(UInt8(0xE0 | scalar >> 12))
        out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        out.append(UInt8(0x80 | scalar & 0x3F))
      }
    }
    return out
  }

  /// 0x80–0x9F.
  private static let high: [UInt16] = [
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
  ]
}
