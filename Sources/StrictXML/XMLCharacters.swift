/// Byte classes of XML 1.0 §2.2 and §2.3 as the reader needs them.
enum XMLCharacters {
  /// `S`: space, tab, line feed, carriage return.
  @inline(__always)
  static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }

  /// A byte that may start a name: an ASCII letter, `_`, `:`, or any byte of a non-ASCII
  /// character (the reader accepts every non-ASCII character in names, a superset of
  /// NameStartChar).
  @inline(__always)
  static func isNameStart(_ b: UInt8) -> Bool {
    (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b == 0x3A || b >= 0x80
  }

  /// A byte that may continue a name: `isNameStart`, digits, `-` and `.`.
  @inline(__always)
  static func isName(_ b: UInt8) -> Bool {
    isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x2E
  }

  /// True for a scalar XML 1.0 §2.2 `Char` allows.
  static func isChar(_ v: UInt32) -> Bool {
    v == 0x09 || v == 0x0A || v == 0x0D || (v >= 0x20 && v <= 0xD7FF)
      || (v >= 0xE000 && v <= 0xFFFD) || (v >= 0x10000 && v <= 0x10FFFF)
  }

}
