import ManifestCore

/// HTML-style character references as WebVTT cue text uses them (W3C WebVTT §6.4 refers to
/// the HTML rules): `&amp;`, `&lt;`, `&gt;`, `&lrm;`, `&rlm;`, `&nbsp;`, `&quot;`, `&apos;`,
/// decimal `&#233;` and hexadecimal `&#xE9;`.
enum CharacterReference {
  private static let named: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "lrm": "\u{200E}", "rlm": "\u{200F}", "nbsp": "\u{00A0}",
    "quot": "\"", "apos": "'",
  ]

  /// The text a reference at `bytes[index]` (an `&`) stands for and the offset after it, or
  /// `nil` when the bytes there are not a reference (the `&` is then literal).
  static func decode(_ bytes: [UInt8], at index: Int) -> (String, Int)? {
    var i = index + 1
    let limit = min(bytes.count, index + 12)
    if i < limit && bytes[i] == 0x23 {
      i += 1
      var hex = false
      if i < limit && (bytes[i] == 0x78 || bytes[i] == 0x58) {
        hex = true
        i += 1
      }
      var value: UInt32 = 0
      let digitsStart = i
      while i < limit, let digit = hex ? ASCII.hexValue(bytes[i]) : decimalDigit(bytes[i]) {
        value = value &* (hex ? 16 : 10) &+ UInt32(digit)
        i += 1
      }
      guard i > digitsStart, i < bytes.count, bytes[i] == 0x3B,
        let scalar = Unicode.Scalar(value), value != 0
      else { return nil }
      return (String(Character(scalar)), i + 1)
    }
    let nameStart = i
    while i < limit, bytes[i] &- 0x61 < 26 || bytes[i] &- 0x41 < 26 { i += 1 }
    guard i > nameStart, i < bytes.count, bytes[i] == 0x3B else { return nil }
    let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
    guard let text = named[name] else { return nil }
    return (text, i + 1)
  }

  private static func decimalDigit(_ byte: UInt8) -> UInt8? {
    byte &- 0x30 < 10 ? byte &- 0x30 : nil
  }
}
