/// Escaping for one-line human-readable output (diagnostics on standard error, text views): a
/// value from an input can hold a newline, a carriage return or a terminal escape, which would
/// forge a line of its own (`FILE:LINE:COL: error: …`) or recolour the terminal. Every control
/// character (C0, DEL, C1) and the Unicode line and paragraph separators (U+2028, U+2029) is
/// written as a Swift-style escape: `\n`, `\r`, `\t`, or `\u{1B}` (hex digits, upper case, no
/// leading zeros). Everything else, backslashes included, is written as it is, so text without
/// those characters is unchanged (docs/cli-contract.md, "Escaping").
package enum TextEscaping {
  /// `text` with its control characters and line separators escaped; `text` itself when it has
  /// none.
  package static func escapingControlCharacters(_ text: String) -> String {
    guard text.utf8.contains(where: mayStartControl) else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      guard isEscaped(scalar) else {
        out.append(scalar)
        continue
      }
      let escape: String =
        switch scalar.value {
        case 0x0A: "\\n"
        case 0x0D: "\\r"
        case 0x09: "\\t"
        default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
      out.append(contentsOf: escape.unicodeScalars)
    }
    return String(out)
  }

  /// True for the scalars `escapingControlCharacters(_:)` escapes.
  package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return v < 0x20 || (v >= 0x7F && v <= 0x9F) || v == 0x2028 || v == 0x2029
  }

  /// True for a UTF-8 byte that is, or may begin, an escaped scalar: C0 and DEL, the lead byte
  /// of U+0080–U+00BF (C1 lives there) and of U+2000–U+2FFF (the separators).
  private static func mayStartControl(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2
  }
}
