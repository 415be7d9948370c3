/// The shape of a BCP 47 language tag (RFC 5646 §2.1, checked for form only): subtags of 1 to 8
/// ASCII letters or digits joined by `-`, the first of letters only (`en`, `pt-BR`,
/// `zh-Hant-TW`, `x-klingon`). A value that is not one is not written where a tag goes.
package enum LanguageTag {
  /// True when `text` has the form of a language tag.
  package static func isWellFormed(_ text: String) -> Bool {
    var subtagLength = 0
    var first = true
    for byte in text.utf8 {
      if byte == 0x2D {
        guard subtagLength > 0 else { return false }
        subtagLength = 0
        first = false
        continue
      }
      let letter = (byte | 0x20) &- 0x61 < 26
      let digit = byte &- 0x30 < 10
      guard letter || (digit && !first) else { return false }
      subtagLength += 1
      guard subtagLength <= 8 else { return false }
    }
    return subtagLength > 0
  }
}
