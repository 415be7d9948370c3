/// The one check of the whole input before parsing: well-formed UTF-8 (RFC 3629: no overlong
/// forms, no surrogates, nothing past U+10FFFF) holding only characters XML 1.0 §2.2 allows.
enum StrictXMLUTF8 {
  /// The first byte that breaks either rule, with the error's code and message, or `nil`.
  static func firstProblem(in b: UnsafeBufferPointer<UInt8>, from start: Int)
    -> (offset: Int, code: String, message: String)?
  {
    var i = start
    let n = b.count
    while i < n {
      let c = b[i]
      if c < 0x80 {
        if c < 0x20 && c != 0x09 && c != 0x0A && c != 0x0D {
          return (i, "not-well-formed", "Char 0x\(hex(UInt32(c))) out of allowed range")
        }
        i += 1
        continue
      }
      let length: Int
      var value: UInt32
      switch c {
      case 0xC2...0xDF:
        length = 2
        value = UInt32(c & 0x1F)
      case 0xE0...0xEF:
        length = 3
        value = UInt32(c & 0x0F)
      case 0xF0...0xF4:
        length = 4
        value = UInt32(c & 0x07)
      default:
        return (i, "encoding", notUTF8(b, i))
      }
      guard i + length <= n else { return (i, "encoding", notUTF8(b, i)) }
      for k in 1..<length {
        let d = b[i + k]
        guard d & 0xC0 == 0x80 else { return (i, "encoding", notUTF8(b, i)) }
        value = value << 6 | UInt32(d & 0x3F)
      }
      let smallest: UInt32 = length == 3 ? 0x800 : length == 4 ? 0x10000 : 0x80
      guard value >= smallest, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
        return (i, "encoding", notUTF8(b, i))
      }
      if !XMLCharacters.isChar(value) {
        return (
          i, "not-well-formed", "Char 0x\(hex(value)) out of allowed range"
        )
      }
      i += length
    }
    return nil
  }

  private static func hex(_ v: UInt32) -> String { String(v, radix: 16, uppercase: true) }

  /// "the document is not UTF-8 (bytes 0xC3 0x28)": the bytes from `i`, up to 4.
  private static func notUTF8(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> String {
    let shown = b[i..<min(i + 4, b.count)].map {
      "0x" + String(repeating: "0", count: $0 < 0x10 ? 1 : 0)
        + String($0, radix: 16, uppercase: true)
    }
    return "the document is not UTF-8 (bytes \(shown.joined(separator: " "))); only UTF-8 is "
      + "read for untrusted XML"
  }
}
