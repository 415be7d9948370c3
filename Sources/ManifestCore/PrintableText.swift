/// Text from a document or from libxml2 made safe for a one-line message: no control
/// character reaches a diagnostic, so none can end its line or forge another.
package enum PrintableText {
  /// A message on one line: each run of line breaks becomes `; `, other control characters
  /// `\u{XX}` (libxml2 writes `Bytes: 0xFF …` on a second line).
  package static func message(_ text: String) -> String {
    var out = ""
    var pendingBreak = false
    for scalar in text.unicodeScalars {
      if scalar == "\n" || scalar == "\r" {
        pendingBreak = true
        continue
      }
      if pendingBreak {
        if !out.isEmpty { out += "; " }
        pendingBreak = false
      }
      append(scalar, to: &out)
    }
    return out
  }

  /// A value quoted in a message: every control character (line breaks too) as `\u{XX}`.
  package static func value(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars { append(scalar, to: &out) }
    return out
  }

  private static func append(_ scalar: Unicode.Scalar, to out: inout String) {
    if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
      let hex = String(scalar.value, radix: 16, uppercase: true)
      out += "\\u{\(hex.count < 2 ? "0" + hex : hex)}"
    } else {
      out.unicodeScalars.append(scalar)
    }
  }
}
